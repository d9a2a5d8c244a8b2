import { useState, type FormEvent } from 'react';
import { coreCompetencyCreatePlan, coreCompetencyUpdatePlan, toolLpDataForPlanPage, toolLpDataForPlansPage, type Plan } from '../../../api/plans';
import { FormDialog } from '../../platform/dialogs';
import { ErrorSummary } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { useWsMutation } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import { useFieldErrors } from '../../platform/useFieldErrors';
import type { StringLookup } from '../../platform/useStrings';
import { dateInputValue, fromDateInput } from './dates';
import { PlanFields, type PlanFieldValues } from './PlanFields';

/** Create a draft plan for a user, or edit a plan's name, description and due date. */
export function PlanForm({ plan, userid, s, onClose, onCreated }: { plan?: Plan; userid: number; s: StringLookup; onClose: () => void; onCreated?: (plan: Plan) => void }) {
  const create = useWsMutation(coreCompetencyCreatePlan, [toolLpDataForPlansPage], { quiet: true });
  const update = useWsMutation(coreCompetencyUpdatePlan, [toolLpDataForPlansPage, toolLpDataForPlanPage], { quiet: true });
  const [values, setValues] = useState<PlanFieldValues>({ name: plan?.name ?? '', description: plan ? htmlToText(plan.description) : '', duedate: dateInputValue(plan?.duedate ?? 0) });
  const { errors, setErrors, failed } = useFieldErrors<'name' | 'duedate'>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!values.name.trim()) {
      setErrors({ name: s('required') });
      return;
    }
    setErrors({});
    const fields = { name: values.name, description: values.description, descriptionformat: 2, duedate: fromDateInput(values.duedate) };
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
      <PlanFields idPrefix="plan" nameLabel={s('planname')} dueHelp={s('planduedatehelp')} values={values} errors={errors} s={s} onChange={(change) => setValues((v) => ({ ...v, ...change }))} />
    </FormDialog>
  );
}
