import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { CourseState } from '../../../api/courseformat';
import { ModalDialog } from '../../platform/dialogs';
import { useStrings } from '../../platform/useStrings';
import { moduleForms } from '../mod/moduleForms';

interface ActivityChooserProps {
  courseid: number;
  /** Section number the new module goes to (at its end). */
  section: number;
  sectionName: string;
  modtypes: CourseState['modtypes'];
  onClose: () => void;
}

/** "Add an activity or resource": the module types there are, then the chosen type's settings form. */
export function ActivityChooser({ courseid, section, sectionName, modtypes, onClose }: ActivityChooserProps) {
  const s = useStrings('core_courseformat', ['addresourceoractivityto', 'addinganew', 'nomodtypes', 'cancel']);
  const [chosen, setChosen] = useState<CourseState['modtypes'][number] | null>(null);
  const Form = chosen ? moduleForms[chosen.modname] : undefined;

  if (chosen && Form) {
    return (
      <ModalDialog isOpen title={s('addinganew', chosen.name)} onClose={onClose} footer={<></>}>
        <Form courseid={courseid} section={section} onDone={onClose} />
      </ModalDialog>
    );
  }
  const offered = modtypes.filter((m) => moduleForms[m.modname]);
  return (
    <ModalDialog
      isOpen
      title={s('addresourceoractivityto', sectionName)}
      onClose={onClose}
      footer={
        <Button className="btn btn-secondary" onPress={onClose}>
          {s('cancel')}
        </Button>
      }
    >
      {offered.length === 0 ? (
        <p className="empty-state">{s('nomodtypes')}</p>
      ) : (
        <ul className="modchooser">
          {offered.map((m) => (
            <li key={m.modname}>
              <Button className="modchooser-option" onPress={() => setChosen(m)} autoFocus={m === offered[0]}>
                <span className="modchooser-icon" aria-hidden="true">
                  {m.name.slice(0, 1)}
                </span>
                {m.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </ModalDialog>
  );
}
