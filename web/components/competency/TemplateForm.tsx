import { useState, type FormEvent } from 'react';
import { Checkbox } from 'react-aria-components';
import { coreCompetencyCreateTemplate, coreCompetencyUpdateTemplate, toolLpDataForTemplatesManagePage, type Template } from '../../../api/plans';
import { AjaxError } from '../../platform/ajax';
import { FormDialog, showException } from '../../platform/dialogs';
import { describedBy, ErrorSummary, FormField } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { useWsMutation } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import type { StringLookup } from '../../platform/useStrings';
import { dateInputValue, fromDateInput } from './dates';

type Errors = Partial<Record<'shortname' | 'duedate', string>>;

/** Create or edit a learning-plan template: name, description, due date and visibility. */
export function TemplateForm({ template, contextid, s, onClose }: { template?: Template; contextid: number; s: StringLookup; onClose: () => void }) {
  const create = useWsMutation(coreCompetencyCreateTemplate, [toolLpDataForTemplatesManagePage], { quiet: true });
  const update = useWsMutation(coreCompetencyUpdateTemplate, [toolLpDataForTemplatesManagePage], { quiet: true });
  const [shortname, setShortname] = useState(template?.shortname ?? '');
  const [description, setDescription] = useState(template ? htmlToText(template.description) : '');
  const [duedate, setDuedate] = useState(dateInputValue(template?.duedate ?? 0));
  const [visible, setVisible] = useState(template?.visible ?? true);
  const [errors, setErrors] = useState<Errors>({});

  function failed(error: Error) {
    if (error instanceof AjaxError && error.fielderrors?.length) setErrors(Object.fromEntries(error.fielderrors.map((f) => [f.field, f.message])));
    else void showException(error);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!shortname.trim()) {
      setErrors({ shortname: s('required') });
      return;
    }
    setErrors({});
    const fields = { shortname, description, descriptionformat: 2, duedate: fromDateInput(duedate), visible };
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
      <FormField id="tpl-shortname" label={s('shortname')} error={errors.shortname}>
        <input id="tpl-shortname" type="text" value={shortname} maxLength={100} onChange={(e) => setShortname(e.target.value)} required autoFocus {...describedBy('tpl-shortname', errors.shortname)} />
      </FormField>
      <FormField id="tpl-description" label={s('description')}>
        <textarea id="tpl-description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </FormField>
      <FormField id="tpl-duedate" label={s('duedate')} error={errors.duedate} help={s('templateduedatehelp')}>
        <input id="tpl-duedate" type="date" value={duedate} onChange={(e) => setDuedate(e.target.value)} {...describedBy('tpl-duedate', errors.duedate, s('templateduedatehelp'))} />
      </FormField>
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
