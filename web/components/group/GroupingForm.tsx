import { useState, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import { coreGroupCreateGroupings, coreGroupGetCourseGroupings, coreGroupGetGroupings, coreGroupUpdateGroupings } from '../../../api/grouping';
import { AjaxError } from '../../platform/ajax';
import { ModalDialog, showException } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';

export interface EditableGrouping {
  id: number;
  name: string;
  idnumber: string;
  description: string;
}

interface GroupingFormProps {
  courseid: number;
  /** Absent: a new grouping. */
  grouping?: EditableGrouping;
  onClose: () => void;
}

/** Create or edit a grouping in a dialogue; a duplicate name or id number shows next to its field. */
export function GroupingForm({ courseid, grouping, onClose }: GroupingFormProps) {
  const s = useStrings('core_group', ['creategrouping', 'editgrouping', 'groupingname', 'groupdescription', 'idnumbergrouping', 'idnumbergroupinghelp', 'save', 'cancel', 'groupingsaved', 'required']);
  const refreshed = [coreGroupGetCourseGroupings, coreGroupGetGroupings];
  const create = useWsMutation(coreGroupCreateGroupings, refreshed, { quiet: true });
  const update = useWsMutation(coreGroupUpdateGroupings, refreshed, { quiet: true });
  const [name, setName] = useState(grouping?.name ?? '');
  const [idnumber, setIdnumber] = useState(grouping?.idnumber ?? '');
  const [description, setDescription] = useState(grouping?.description ?? '');
  const [errors, setErrors] = useState<{ name?: string; idnumber?: string }>({});
  const busy = create.isPending || update.isPending;

  function failed(error: Error) {
    if (error instanceof AjaxError && (error.errorcode === 'groupingnameexists' || error.errorcode === 'invalidparameter')) setErrors({ name: error.message });
    else if (error instanceof AjaxError && error.errorcode === 'groupingidnumberexists') setErrors({ idnumber: error.message });
    else void showException(error);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: s('required') });
      return;
    }
    setErrors({});
    const done = () => {
      void addNotification({ message: s('groupingsaved'), type: 'success' });
      onClose();
    };
    if (grouping) update.mutate({ groupings: [{ id: grouping.id, name, idnumber, description }] }, { onSuccess: done, onError: failed });
    else create.mutate({ groupings: [{ courseid, name, idnumber, description }] }, { onSuccess: done, onError: failed });
  }

  return (
    <ModalDialog
      isOpen
      title={grouping ? s('editgrouping') : s('creategrouping')}
      onClose={onClose}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={onClose}>
            {s('cancel')}
          </Button>
          <PendingButton isPending={busy} className="btn btn-primary" type="submit" form="grouping-form">
            {grouping ? s('save') : s('creategrouping')}
          </PendingButton>
        </>
      }
    >
      <form id="grouping-form" className="form-stack" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="grouping-name">{s('groupingname')}</label>
          <input
            id="grouping-name"
            type="text"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? 'grouping-name-error' : undefined}
            autoFocus
          />
          {errors.name && (
            <p id="grouping-name-error" className="field-error">
              {errors.name}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="grouping-idnumber">{s('idnumbergrouping')}</label>
          <input
            id="grouping-idnumber"
            type="text"
            value={idnumber}
            onChange={(e) => setIdnumber(e.target.value)}
            aria-invalid={errors.idnumber ? true : undefined}
            aria-describedby={errors.idnumber ? 'grouping-idnumber-help grouping-idnumber-error' : 'grouping-idnumber-help'}
          />
          <p id="grouping-idnumber-help" className="field-help">
            {s('idnumbergroupinghelp')}
          </p>
          {errors.idnumber && (
            <p id="grouping-idnumber-error" className="field-error">
              {errors.idnumber}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="grouping-description">{s('groupdescription')}</label>
          <textarea id="grouping-description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>
      </form>
    </ModalDialog>
  );
}
