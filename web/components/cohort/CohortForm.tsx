import { useState, type FormEvent } from 'react';
import { Button, Checkbox } from 'react-aria-components';
import { coreCohortCreateCohorts, coreCohortListCohorts, coreCohortUpdateCohorts } from '../../../api/cohort';
import { AjaxError } from '../../platform/ajax';
import { ModalDialog, showException } from '../../platform/dialogs';
import { describedBy } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation } from '../../platform/query';
import { useStrings } from '../../platform/useStrings';

export interface EditableCohort {
  id: number;
  name: string;
  idnumber: string;
  description: string;
  visible: boolean;
  /** 0: the system context. */
  categoryid: number;
}

/** Create or edit a cohort; a clashing cohort id shows next to its field. */
export function CohortForm({ cohort, categoryid, onClose }: { cohort?: EditableCohort; categoryid: number; onClose: () => void }) {
  const s = useStrings('core_cohort', ['addcohort', 'editcohort', 'name', 'idnumber', 'idnumberhelp', 'description', 'visible', 'visiblehelp', 'save', 'create', 'cancel', 'cohortsaved']);
  const core = useStrings('moodle', ['required']);
  const create = useWsMutation(coreCohortCreateCohorts, [coreCohortListCohorts], { quiet: true });
  const update = useWsMutation(coreCohortUpdateCohorts, [coreCohortListCohorts], { quiet: true });
  const [name, setName] = useState(cohort?.name ?? '');
  const [idnumber, setIdnumber] = useState(cohort?.idnumber ?? '');
  const [description, setDescription] = useState(cohort?.description ?? '');
  const [visible, setVisible] = useState(cohort?.visible ?? true);
  const [errors, setErrors] = useState<{ name?: string; idnumber?: string }>({});
  const busy = create.isPending || update.isPending;
  const where = cohort?.categoryid ?? categoryid;
  const categorytype = where ? { type: 'id' as const, value: String(where) } : { type: 'system' as const, value: '' };

  function failed(error: Error) {
    if (error instanceof AjaxError && error.errorcode === 'cohortidnumberexists') setErrors({ idnumber: error.message });
    else if (error instanceof AjaxError && error.errorcode === 'invalidparameter') setErrors({ name: error.message });
    else void showException(error);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    if (!name.trim()) return setErrors({ name: core('required') });
    const done = () => {
      void addNotification({ message: s('cohortsaved'), type: 'success' });
      onClose();
    };
    if (cohort) update.mutate({ cohorts: [{ id: cohort.id, categorytype, name, idnumber, description, visible }] }, { onSuccess: done, onError: failed });
    else create.mutate({ cohorts: [{ categorytype, name, idnumber, description, visible }] }, { onSuccess: done, onError: failed });
  }

  return (
    <ModalDialog
      isOpen
      title={cohort ? s('editcohort') : s('addcohort')}
      onClose={onClose}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={onClose}>
            {s('cancel')}
          </Button>
          <PendingButton isPending={busy} className="btn btn-primary" type="submit" form="cohort-form">
            {cohort ? s('save') : s('create')}
          </PendingButton>
        </>
      }
    >
      <form id="cohort-form" className="form-stack" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="cohort-name">{s('name')}</label>
          <input id="cohort-name" type="text" value={name} onChange={(e) => setName(e.target.value)} required {...describedBy('cohort-name', errors.name)} autoFocus />
          {errors.name && (
            <p id="cohort-name-error" className="field-error">
              {errors.name}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="cohort-idnumber">{s('idnumber')}</label>
          <input id="cohort-idnumber" type="text" value={idnumber} onChange={(e) => setIdnumber(e.target.value)} {...describedBy('cohort-idnumber', errors.idnumber, s('idnumberhelp'))} />
          <p id="cohort-idnumber-help" className="field-help">
            {s('idnumberhelp')}
          </p>
          {errors.idnumber && (
            <p id="cohort-idnumber-error" className="field-error">
              {errors.idnumber}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="cohort-description">{s('description')}</label>
          <textarea id="cohort-description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>
        <div className="field">
          <Checkbox className="checkbox" isSelected={visible} onChange={setVisible} aria-describedby="cohort-visible-help">
            <span className="checkbox-box" aria-hidden="true" />
            {s('visible')}
          </Checkbox>
          <p id="cohort-visible-help" className="field-help">
            {s('visiblehelp')}
          </p>
        </div>
      </form>
    </ModalDialog>
  );
}
