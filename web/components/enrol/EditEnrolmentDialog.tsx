import { useState } from 'react';
import { Button } from 'react-aria-components';
import { coreEnrolEditUserEnrolment, coreEnrolListParticipants } from '../../../api/enrol';
import { ModalDialog } from '../../platform/dialogs';
import { fromDateInput, toDateInput } from '../../platform/intl';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';
import { ENROL_STRINGS } from './strings';

export interface EditedEnrolment {
  fullname: string;
  enrolment: { id: number; status: number; timestart: number; timeend: number };
}

/** Status and dates of one user enrolment. */
export function EditEnrolmentDialog({ courseid, edited, onClose }: { courseid: number; edited: EditedEnrolment; onClose: () => void }) {
  const s = useStrings('core_enrol', ENROL_STRINGS);
  const [status, setStatus] = useState(edited.enrolment.status);
  const [start, setStart] = useState(toDateInput(edited.enrolment.timestart));
  const [end, setEnd] = useState(toDateInput(edited.enrolment.timeend));
  const [error, setError] = useState('');
  const save = useWsMutation(coreEnrolEditUserEnrolment, [coreEnrolListParticipants]);

  function submit() {
    const timestart = fromDateInput(start);
    const timeend = fromDateInput(end);
    if (timeend > 0 && timeend <= timestart) {
      setError(s('enroltimeendinvalid'));
      return;
    }
    save.mutate(
      { courseid, ueid: edited.enrolment.id, status, timestart, timeend },
      {
        onSuccess: () => {
          void addNotification({ message: s('enrolmentsaved', edited.fullname), type: 'success' });
          onClose();
        },
      },
    );
  }

  return (
    <ModalDialog
      title={s('editenrolmentfor', edited.fullname)}
      isOpen
      onClose={onClose}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={onClose}>
            {s('cancel')}
          </Button>
          <PendingButton className="btn btn-primary" onPress={submit} isPending={save.isPending}>
            {s('savechanges')}
          </PendingButton>
        </>
      }
    >
      <div className="enrol-form">
        <label className="field-label" htmlFor="ue-status">
          {s('status')}
        </label>
        <select id="ue-status" className="enrol-select" value={status} onChange={(e) => setStatus(Number(e.target.value))}>
          <option value={0}>{s('active')}</option>
          <option value={1}>{s('suspended')}</option>
        </select>
        <div className="enrol-dates">
          <div>
            <label className="field-label" htmlFor="ue-start">
              {s('timestart')}
            </label>
            <input id="ue-start" type="date" value={start} onChange={(e) => setStart(e.target.value)} />
          </div>
          <div>
            <label className="field-label" htmlFor="ue-end">
              {s('timeend')}
            </label>
            <input id="ue-end" type="date" value={end} onChange={(e) => setEnd(e.target.value)} aria-invalid={error !== ''} aria-describedby="ue-error" />
          </div>
        </div>
        {error && (
          <p id="ue-error" className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </ModalDialog>
  );
}
