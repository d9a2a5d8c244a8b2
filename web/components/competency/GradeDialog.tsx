import { useState } from 'react';
import { Button } from 'react-aria-components';
import { ModalDialog } from '../../platform/dialogs';
import { PendingButton } from '../../platform/PendingButton';
import type { StringLookup } from '../../platform/useStrings';

interface GradeDialogProps {
  /** The competency's name, for the title. */
  competency: string;
  scalevalues: ReadonlyArray<{ id: number; name: string }>;
  /** The current rating, chosen at first (none: nothing chosen). */
  current: number | null;
  pending: boolean;
  s: StringLookup;
  onRate: (grade: number, note: string) => void;
  onClose: () => void;
}

/** Rate a competency: a rating of its scale and an optional note; Rate is enabled only once a rating is chosen. */
export function GradeDialog({ competency, scalevalues, current, pending, s, onRate, onClose }: GradeDialogProps) {
  const [grade, setGrade] = useState(current ?? 0);
  const [note, setNote] = useState('');
  return (
    <ModalDialog
      isOpen
      title={s('ratecompetency', competency)}
      onClose={onClose}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={onClose}>
            {s('cancel')}
          </Button>
          <PendingButton isPending={pending} className="btn btn-primary" isDisabled={grade <= 0} onPress={() => onRate(grade, note)}>
            {s('rate')}
          </PendingButton>
        </>
      }
    >
      <div className="form-stack">
        <div className="field">
          <label htmlFor="grade-rating">{s('rating')}</label>
          <select id="grade-rating" value={grade} onChange={(e) => setGrade(Number(e.target.value))} autoFocus>
            <option value={0}>{s('chooserating')}</option>
            {scalevalues.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="grade-note">{s('ratingnote')}</label>
          <textarea id="grade-note" rows={3} value={note} maxLength={10_000} onChange={(e) => setNote(e.target.value)} aria-describedby="grade-note-help" />
          <p id="grade-note-help" className="field-help">
            {s('ratingnotehelp')}
          </p>
        </div>
      </div>
    </ModalDialog>
  );
}
