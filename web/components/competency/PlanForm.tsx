import { useState, type FormEvent } from 'react';
import { coreCompetencyCreatePlan, coreCompetencyUpdatePlan, toolLpDataForPlanPage, toolLpDataForPlansPage, type Plan } from '../../../api/plans';
import { AjaxError } from '../../platform/ajax';
import { FormDialog, showException } from '../../platform/dialogs';
import { describedBy, ErrorSummary, FormField } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { useWsMutation } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import type { StringLookup } from '../../platform/useStrings';
import { dateInputValue, fromDateInput } from './dates';

type Errors = Partial<Record<'name' | 'duedate', string>>;

/** Create a draft plan for a user, or edit a plan's name, description and due date. */
export function PlanForm({ plan, userid, s, onClose, onCreated }: { plan?: Plan; userid: number; s: StringLookup; onClose: () => void; onCreated?: (plan: Plan) => void }) {
  const create = useWsMutation(coreCompetencyCreatePlan, [toolLpDataForPlansPage], { quiet: true });
  const update = useWsMutation(coreCompetencyUpdatePlan, [toolLpDataForPlansPage, toolLpDataForPlanPage], { quiet: true });
  const [name, setName] = useState(plan?.name ?? '');
  const [description, setDescription] = useState(plan ? htmlToText(plan.description) : '');
  const [duedate, setDuedate] = useState(dateInputValue(plan?.duedate ?? 0));
  const [errors, setErrors] = useState<Errors>({});

  function failed(error: Error) {
    if (error instanceof AjaxError && error.fielderrors?.length) setErrors(Object.fromEntries(error.fielderrors.map((f) => [f.field, f.message])));
    else void showException(error);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: s('required') });
      return;
    }
    setErrors({});
    const fields = { name, description, descriptionformat: 2, duedate: fromDateInput(duedate) };
    if (plan) {
      update.mutate(
        { plan: { id: plan.id, ...fields } },
        {
          onSuccess: () => {
            void addNotification({ message: s('plansaved'), type: 'success' });
            onClose();
          },
          onError: failed,
        },
      );
    } else {
      create.mutate(
        { plan: { ...fields, userid } },
        {
          onSuccess: (created) => {
            void addNotification({ message: s('plancreated', created.name), type: 'success' });
            onClose();
            onCreated?.(created);
          },
          onError: failed,
        },
      );
    }
  }

  return (
    <FormDialog title={plan ? s('editplan') : s('addplan')} formId="plan-form" submitLabel={plan ? s('save') : s('createplan')} cancelLabel={s('cancel')} pending={create.isPending || update.isPending} onSubmit={submit} onClose={onClose}>
      <ErrorSummary title={s('formerrors')} errors={Object.values(errors)} />
      <FormField id="plan-name" label={s('planname')} error={errors.name}>
        <input id="plan-name" type="text" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} required autoFocus {...describedBy('plan-name', errors.name)} />
      </FormField>
      <FormField id="plan-description" label={s('description')}>
        <textarea id="plan-description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </FormField>
      <FormField id="plan-duedate" label={s('duedate')} error={errors.duedate} help={s('planduedatehelp')}>
        <input id="plan-duedate" type="date" value={duedate} onChange={(e) => setDuedate(e.target.value)} {...describedBy('plan-duedate', errors.duedate, s('planduedatehelp'))} />
      </FormField>
    </FormDialog>
  );
}
