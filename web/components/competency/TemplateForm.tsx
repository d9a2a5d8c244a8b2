import { useState, type FormEvent } from 'react';
import { Checkbox } from 'react-aria-components';
import { coreCompetencyCreateTemplate, coreCompetencyUpdateTemplate, toolLpDataForTemplatesManagePage, type Template } from '../../../api/plans';
import { FormDialog } from '../../platform/dialogs';
import { ErrorSummary } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { useWsMutation } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import { useFieldErrors } from '../../platform/useFieldErrors';
import type { StringLookup } from '../../platform/useStrings';
import { dateInputValue, fromDateInput } from './dates';
import { PlanFields, type PlanFieldValues } from './PlanFields';

/** Create or edit a learning-plan template: name, description, due date and visibility. */
export function TemplateForm({ template, contextid, s, onClose }: { template?: Template; contextid: number; s: StringLookup; onClose: () => void }) {
  const create = useWsMutation(coreCompetencyCreateTemplate, [toolLpDataForTemplatesManagePage], { quiet: true });
  const update = useWsMutation(coreCompetencyUpdateTemplate, [toolLpDataForTemplatesManagePage], { quiet: true });
  const [values, setValues] = useState<PlanFieldValues>({ name: template?.shortname ?? '', description: template ? htmlToText(template.description) : '', duedate: dateInputValue(template?.duedate ?? 0) });
  const [visible, setVisible] = useState(template?.visible ?? true);
  const { errors, setErrors, failed } = useFieldErrors<'shortname' | 'duedate'>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!values.name.trim()) {
      setErrors({ shortname: s('required') });
      return;
    }
    setErrors({});
    const fields = { shortname: values.name, description: values.description, descriptionformat: 2, duedate: fromDateInput(values.duedate), visible };
    const done = () => {
      void addNotification({ message: s('templatesaved'), type: 'success' });
      onClose();
    };
    if (template) update.mutate({ template: { id: template.id, ...fields } }, { onSuccess: done, onError: failed });
    else create.mutate({ template: { ...fields, contextid } }, { onSuccess: done, onError: failed });
  }

  return (
    <FormDialog
      title={template ? s('edittemplate') : s('addtemplate')}
      formId="template-form"
      submitLabel={template ? s('save') : s('createtemplate')}
      cancelLabel={s('cancel')}
      pending={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <ErrorSummary title={s('formerrors')} errors={Object.values(errors)} />
      <PlanFields
        idPrefix="tpl"
        nameLabel={s('shortname')}
        dueHelp={s('templateduedatehelp')}
        values={values}
        errors={{ name: errors.shortname, duedate: errors.duedate }}
        s={s}
        onChange={(change) => setValues((v) => ({ ...v, ...change }))}
      />
      <div className="field">
        <Checkbox className="checkbox" isSelected={visible} onChange={setVisible} aria-describedby="tpl-visible-help">
          <span className="checkbox-box" aria-hidden="true" />
          {s('visible')}
        </Checkbox>
        <p id="tpl-visible-help" className="field-help">
          {s('templatevisiblehelp')}
        </p>
      </div>
    </FormDialog>
  );
}
