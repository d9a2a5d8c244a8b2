import { useId, useRef, useState } from 'react';
import '../assign/assign.css';
import '../feedback/feedback.css';
import { modFeedbackAddInstance, modFeedbackGetFeedback, modFeedbackGetFeedbackAccessInformation, modFeedbackUpdateInstance } from '../../../api/feedback';
import { AjaxError } from '../../platform/ajax';
import { describedBy, ErrorSummary, FormField, CheckField } from '../../platform/FormField';
import { fromDateTimeInput, toDateTimeInput } from '../../platform/intl';
import { useWsMutation } from '../../platform/query';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import { FEEDBACK_STRINGS } from '../feedback/strings';
import type { TaggableArea } from '../tag/TagsField';
import { CommonModuleSettings, type ModuleFormData } from './CommonModuleSettings';
import type { ModuleFormProps } from './moduleForms';
import { MODULE_QUERIES, SettingsField, SettingsForm, useModuleSettings, WithModuleForm } from './SettingsFields';

interface DateSetting {
  enabled: boolean;
  value: string;
}

interface FeedbackValues {
  anonymous: 1 | 2;
  multiple_submit: boolean;
  autonumbering: boolean;
  publish_stats: boolean;
  page_after_submit: string;
  timeopen: DateSetting;
  timeclose: DateSetting;
}

type Errors = Partial<Record<'form' | 'name' | 'timeopen' | 'timeclose', string>>;

function dateOf(stored: string | undefined): DateSetting {
  const seconds = Number(stored ?? 0);
  return { enabled: seconds > 0, value: toDateTimeInput(seconds) };
}

function initialValues(values: Record<string, string>): FeedbackValues {
  const flag = (key: string, fallback: boolean) => (values[key] === undefined ? fallback : values[key] === '1');
  return {
    anonymous: values.anonymous === '2' ? 2 : 1,
    multiple_submit: flag('multiple_submit', true),
    autonumbering: flag('autonumbering', true),
    publish_stats: flag('publish_stats', false),
    page_after_submit: values.page_after_submit ?? '',
    timeopen: dateOf(values.timeopen),
    timeclose: dateOf(values.timeclose),
  };
}

const seconds = (d: DateSetting) => (d.enabled ? fromDateTimeInput(d.value) : 0);

function validate(v: FeedbackValues, name: string, s: StringLookup): Errors {
  const errors: Errors = {};
  if (!name.trim()) errors.name = s('required');
  for (const key of ['timeopen', 'timeclose'] as const) if (v[key].enabled && !fromDateTimeInput(v[key].value)) errors[key] = s('invaliddate');
  const [open, close] = [seconds(v.timeopen), seconds(v.timeclose)];
  if (!errors.timeclose && open && close && close <= open) errors.timeclose = s('closebeforeopen');
  return errors;
}

function serverFieldErrors(error: Error): Errors {
  if (!(error instanceof AjaxError) || !error.fielderrors?.length) return { form: error.message };
  const out: Errors = {};
  for (const { field, message } of error.fielderrors) out[field === 'timeopen' || field === 'timeclose' || field === 'name' ? field : 'form'] = message;
  return out;
}

/** Settings of a feedback, new or existing: mode, submissions, availability, completion message and the common module settings. */
export function FeedbackSettingsForm(props: ModuleFormProps) {
  return (
    <WithModuleForm courseid={props.courseid} cmid={props.cmid}>
      {(data, tagArea) => <FeedbackFields {...props} data={data} tagArea={tagArea} />}
    </WithModuleForm>
  );
}

function FeedbackFields({ courseid, section, cmid, onDone, data, tagArea }: ModuleFormProps & { data: ModuleFormData; tagArea: TaggableArea }) {
  const c = useStrings('core_courseformat', ['name', 'description']);
  const s = useStrings('mod_feedback', [...FEEDBACK_STRINGS, 'closebeforeopen']);
  const add = useWsMutation(modFeedbackAddInstance, MODULE_QUERIES, { quiet: true });
  const update = useWsMutation(modFeedbackUpdateInstance, [...MODULE_QUERIES, modFeedbackGetFeedback, modFeedbackGetFeedbackAccessInformation], { quiet: true });
  const common = useModuleSettings(data, tagArea);
  const { name, setName, intro, setIntro, groups, setGroups, tags } = common;
  const [loaded] = useState(() => initialValues(common.values));
  const [v, setV] = useState(loaded);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const summaryRef = useRef<HTMLDivElement>(null);
  const anonymousId = useId();
  const set = (changes: Partial<FeedbackValues>) => {
    setV((prev) => ({ ...prev, ...changes }));
    setServerErrors({});
  };
  const errors: Errors = { ...(common.tried ? validate(v, name, s) : {}), ...serverErrors };
  const focusSummary = () => requestAnimationFrame(() => summaryRef.current?.querySelector<HTMLElement>('[role="alert"]')?.focus());
  const onError = (error: Error) => {
    setServerErrors(serverFieldErrors(error));
    focusSummary();
  };
  const labelled = (label: string, error?: string) => (error ? `${label}: ${error}` : undefined);
  return (
    <SettingsForm
      pending={add.isPending || update.isPending || tags.saving}
      dirty={common.dirty || JSON.stringify(v) !== JSON.stringify(loaded)}
      onCancel={onDone}
      onSubmit={() => {
        common.setTried(true);
        setServerErrors({});
        if (Object.keys(validate(v, name, s)).length > 0) return focusSummary();
        const fields = {
          ...common.fields,
          anonymous: v.anonymous,
          multiple_submit: v.multiple_submit,
          autonumbering: v.autonumbering,
          publish_stats: v.publish_stats,
          page_after_submit: v.page_after_submit,
          timeopen: seconds(v.timeopen),
          timeclose: seconds(v.timeclose),
        };
        if (cmid) update.mutate({ cmid, ...fields }, { onSuccess: () => tags.afterSave(cmid, onDone), onError });
        else add.mutate({ courseid, section, ...fields }, { onSuccess: (added) => tags.afterSave(added.cmid, onDone), onError });
      }}
    >
      <div ref={summaryRef}>
        <ErrorSummary title={s('formerrors')} errors={[errors.form, labelled(c('name'), errors.name), labelled(s('timeopen'), errors.timeopen), labelled(s('timeclose'), errors.timeclose)]} />
      </div>
      <SettingsField label={c('name')} value={name} onChange={setName} error={errors.name} required />
      <SettingsField label={c('description')} value={intro} onChange={setIntro} multiline />

      <fieldset className="module-settings-section">
        <legend>{s('availability')}</legend>
        {(['timeopen', 'timeclose'] as const).map((key) => (
          <DateSettingField key={key} label={s(key)} enableLabel={s('enable')} setting={v[key]} error={errors[key]} onChange={(changes) => set({ [key]: { ...v[key], ...changes } })} />
        ))}
      </fieldset>

      <fieldset className="module-settings-section">
        <legend>{s('questionandsubmission')}</legend>
        <FormField id={anonymousId} label={s('anonymousedit')}>
          <select id={anonymousId} value={v.anonymous} onChange={(e) => set({ anonymous: e.target.value === '2' ? 2 : 1 })}>
            <option value={1}>{s('anonymous_user')}</option>
            <option value={2}>{s('named_user')}</option>
          </select>
        </FormField>
        <Check label={s('multiplesubmit')} help={s('multiplesubmit_help')} checked={v.multiple_submit} onChange={(multiple_submit) => set({ multiple_submit })} />
        <Check label={s('autonumbering')} checked={v.autonumbering} onChange={(autonumbering) => set({ autonumbering })} />
      </fieldset>

      <fieldset className="module-settings-section">
        <legend>{s('aftersubmission')}</legend>
        <Check label={s('publishstats')} help={s('publishstats_help')} checked={v.publish_stats} onChange={(publish_stats) => set({ publish_stats })} />
        <SettingsField label={s('pageaftersubmit')} value={v.page_after_submit} onChange={(page_after_submit) => set({ page_after_submit })} multiline />
      </fieldset>

      {tags.field}
      <CommonModuleSettings data={data} value={groups} onChange={setGroups} />
    </SettingsForm>
  );
}

function DateSettingField({ label, enableLabel, setting, error, onChange }: { label: string; enableLabel: string; setting: DateSetting; error?: string; onChange: (changes: Partial<DateSetting>) => void }) {
  const id = useId();
  return (
    <fieldset className="assign-date-field">
      <legend className="field-label" id={`${id}-legend`}>
        {label}
      </legend>
      <div className="assign-date-row">
        <input
          id={id}
          type="datetime-local"
          aria-labelledby={`${id}-legend`}
          value={setting.value}
          disabled={!setting.enabled}
          onChange={(e) => onChange({ value: e.target.value })}
          {...describedBy(id, error)}
        />
        <label className="checkbox">
          <input type="checkbox" checked={setting.enabled} onChange={(e) => onChange({ enabled: e.target.checked })} /> {enableLabel}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A checkbox with its label and optional help. */
function Check(props: { label: string; help?: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return <CheckField {...props} className="assign-check" />;
}
