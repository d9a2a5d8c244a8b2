import { useState, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import { coreGroupCreateGroups, coreGroupGetCourseGroups, coreGroupUpdateGroups } from '../../../api/group';
import { AjaxError } from '../../platform/ajax';
import { ModalDialog, showException } from '../../platform/dialogs';
import { describedBy } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';

export interface EditableGroup {
  id: number;
  name: string;
  idnumber: string;
  description: string;
}

interface GroupFormProps {
  courseid: number;
  /** Absent: a new group. */
  group?: EditableGroup;
  onClose: (savedId?: number) => void;
}

/** Create or edit a group in a dialogue; a duplicate name shows next to the field. */
export function GroupForm({ courseid, group, onClose }: GroupFormProps) {
  const s = useStrings('core_group', ['creategroup', 'editgroup', 'groupname', 'groupdescription', 'idnumbergroup', 'idnumbergrouphelp', 'save', 'cancel', 'create', 'groupsaved']);
  const create = useWsMutation(coreGroupCreateGroups, [coreGroupGetCourseGroups], { quiet: true });
  const update = useWsMutation(coreGroupUpdateGroups, [coreGroupGetCourseGroups], { quiet: true });
  const [name, setName] = useState(group?.name ?? '');
  const [idnumber, setIdnumber] = useState(group?.idnumber ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [errors, setErrors] = useState<{ name?: string; idnumber?: string }>({});
  const busy = create.isPending || update.isPending;

  function failed(error: Error) {
    if (error instanceof AjaxError && error.errorcode === 'groupnameexists') setErrors({ name: error.message });
    else if (error instanceof AjaxError && error.errorcode === 'groupidnumberexists') setErrors({ idnumber: error.message });
    else if (error instanceof AjaxError && error.errorcode === 'invalidparameter') setErrors({ name: error.message });
    else void showException(error);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    const done = (id?: number) => {
      void addNotification({ message: s('groupsaved'), type: 'success' });
      onClose(id);
    };
    if (group) {
      update.mutate({ groups: [{ id: group.id, name, idnumber, description }] }, { onSuccess: () => done(group.id), onError: failed });
    } else {
      create.mutate({ groups: [{ courseid, name, idnumber, description }] }, { onSuccess: (made) => done(made[0]?.id), onError: failed });
    }
  }

  return (
    <ModalDialog
      isOpen
      title={group ? s('editgroup') : s('creategroup')}
      onClose={() => onClose()}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={() => onClose()}>
            {s('cancel')}
          </Button>
          <PendingButton isPending={busy} className="btn btn-primary" type="submit" form="group-form">
            {group ? s('save') : s('create')}
          </PendingButton>
        </>
      }
    >
      <form id="group-form" className="form-stack" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="group-name">{s('groupname')}</label>
          <input id="group-name" type="text" value={name} onChange={(e) => setName(e.target.value)} required aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? 'group-name-error' : undefined} autoFocus />
          {errors.name && (
            <p id="group-name-error" className="field-error">
              {errors.name}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="group-idnumber">{s('idnumbergroup')}</label>
          <input id="group-idnumber" type="text" value={idnumber} onChange={(e) => setIdnumber(e.target.value)} {...describedBy('group-idnumber', errors.idnumber, s('idnumbergrouphelp'))} />
          <p id="group-idnumber-help" className="field-help">
            {s('idnumbergrouphelp')}
          </p>
          {errors.idnumber && (
            <p id="group-idnumber-error" className="field-error">
              {errors.idnumber}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="group-description">{s('groupdescription')}</label>
          <textarea id="group-description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>
      </form>
    </ModalDialog>
  );
}
