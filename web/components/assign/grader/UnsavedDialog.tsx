import { Button } from 'react-aria-components';
import { ModalDialog } from '../../../platform/dialogs';
import type { StringLookup } from '../../../platform/useStrings';

export type UnsavedChoice = 'save' | 'discard' | 'cancel';

/** Asked before moving to another user with unsaved changes: save them and continue, drop them, or stay. */
export function UnsavedDialog({ s, onAnswer }: { s: StringLookup; onAnswer: (choice: UnsavedChoice) => void }) {
  return (
    <ModalDialog
      isOpen
      role="alertdialog"
      title={s('unsavedchanges')}
      dismissable={false}
      onClose={() => onAnswer('cancel')}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={() => onAnswer('cancel')}>
            {s('cancel')}
          </Button>
          <Button className="btn btn-danger" onPress={() => onAnswer('discard')}>
            {s('discardchanges')}
          </Button>
          <Button className="btn btn-primary" onPress={() => onAnswer('save')} autoFocus>
            {s('savechangesandcontinue')}
          </Button>
        </>
      }
    >
      <p>{s('unsavedchangesquestion')}</p>
    </ModalDialog>
  );
}
