import { useId, useRef, useState, type ReactNode } from 'react';
import '../assign/assign.css';
import { modAssignAddInstance, modAssignGetAssignments, modAssignGetSubmissionStatus, modAssignUpdateInstance } from '../../../api/assign';
import { coreGradesGetScales } from '../../../api/grades';
import { AjaxError } from '../../platform/ajax';
import { describedBy, ErrorSummary, FormField, CheckField } from '../../platform/FormField';
import { fromDateTimeInput, startOfToday, toDateTimeInput } from '../../platform/intl';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import { formatSize } from '../assign/format';
import { ASSIGN_STRINGS } from '../assign/strings';
import type { TaggableArea } from '../tag/TagsField';
import { CommonModuleSettings, type ModuleFormData } from './CommonModuleSettings';
import type { ModuleFormProps } from './moduleForms';
import { MODULE_QUERIES, SettingsField, SettingsForm, useModuleSettings, WithModuleForm } from './SettingsFields';

const DAY = 86_400;
const DATE_FIELDS = ['allowsubmissionsfromdate', 'duedate', 'cutoffdate', 'gradingduedate'] as const;
type DateField = (typeof DATE_FIELDS)[number];
const MAX_FILES = Array.from({ length: 20 }, (_, i) => i + 1);
/** The choices of "Maximum submission size"; 0 = the site's upload limit. */
const MAX_SIZES = [0, 10_240, 51_200, 102_400, 512_000, 1_048_576, 2_097_152, 5_242_880, 10_485_760, 20_971_520, 52_428_800, 104_857_600] as const;

type GradeType = 'none' | 'point' | 'scale';
type Field = 'name' | DateField | 'onlinetext_wordlimit' | 'file_maxfiles' | 'file_maxsizebytes' | 'grade' | 'scale' | 'gradingmethod' | 'form';
type Errors = Partial<Record<Field, string>>;

interface DateSetting {
  enabled: boolean;
  /** `datetime-local` value; kept while disabled, so re-enabling brings it back. */
  value: string;
}

/** The assignment's own settings as the form holds them. */
interface AssignValues {
  dates: Record<DateField, DateSetting>;
  onlinetext: boolean;
  wordlimit: string;
  file: boolean;
  maxfiles: number;
  maxsizebytes: number;
  submissiondrafts: boolean;
  requiresubmissionstatement: boolean;
  gradetype: GradeType;
  grademax: string;
  scaleid: number;
  gradingmethod: '' | 'guide';
  sendnotifications: boolean;
  sendstudentnotifications: boolean;
}

function num(values: Record<string, string>, key: string, fallback: number): number {
  const raw = values[key];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  return Number.isFinite(n) ? n : fallback;
}

/**
 * Start values: the stored ones, or for a new assignment Moodle's defaults — open from today's
 * midnight, due in a week, grading reminder in two weeks, online text on, 100 points.
 */
function initialValues(values: Record<string, string>, isNew: boolean): AssignValues {
  const today = startOfToday();
  const defaults: Record<DateField, number> = { allowsubmissionsfromdate: today, duedate: today + 7 * DAY, cutoffdate: 0, gradingduedate: today + 14 * DAY };
  const dates = Object.fromEntries(
    DATE_FIELDS.map((field) => {
      const stored = isNew ? defaults[field] : num(values, field, 0);
      return [field, { enabled: stored > 0, value: toDateTimeInput(stored || defaults[field] || today + 7 * DAY) }];
    }),
  ) as Record<DateField, DateSetting>;
  const grade = num(values, 'grade', 100);
  const wordlimit = num(values, 'onlinetext_wordlimit', 0);
  return {
    dates,
    onlinetext: isNew ? true : num(values, 'onlinetext_enabled', 0) === 1,
    wordlimit: wordlimit > 0 ? String(wordlimit) : '',
    file: num(values, 'file_enabled', 0) === 1,
    maxfiles: num(values, 'file_maxfiles', 1) || 1,
    maxsizebytes: num(values, 'file_maxsizebytes', 0),
    submissiondrafts: num(values, 'submissiondrafts', 0) === 1,
    requiresubmissionstatement: num(values, 'requiresubmissionstatement', 0) === 1,
    gradetype: grade > 0 ? 'point' : grade < 0 ? 'scale' : 'none',
    grademax: grade > 0 ? String(grade) : '100',
    scaleid: grade < 0 ? -grade : 0,
    gradingmethod: values.gradingmethod === 'guide' ? 'guide' : '',
    sendnotifications: num(values, 'sendnotifications', 0) === 1,
    sendstudentnotifications: num(values, 'sendstudentnotifications', 1) === 1,
  };
}

/** The checks the server makes too (activities.md §1.1); here they put the message next to the field at once. */
function validate(v: AssignValues, name: string, s: StringLookup): Errors {
  const errors: Errors = {};
  const at = (field: DateField) => (v.dates[field].enabled ? fromDateTimeInput(v.dates[field].value) : 0);
  if (!name.trim()) errors.name = s('required');
  for (const field of DATE_FIELDS) if (v.dates[field].enabled && !at(field)) errors[field] = s('invaliddate');
  const from = at('allowsubmissionsfromdate');
  const due = at('duedate');
  const cutoff = at('cutoffdate');
  const gradingdue = at('gradingduedate');
  if (from && due && due < from) errors.duedate = s('duedatevalidation');
  if (due && cutoff && cutoff < due) errors.cutoffdate = s('cutoffdatevalidation');
  else if (from && cutoff && cutoff < from) errors.cutoffdate = s('cutoffdatefromdatevalidation');
  if (due && gradingdue && gradingdue < due) errors.gradingduedate = s('gradingduedatevalidation');
  else if (from && gradingdue && gradingdue < from) errors.gradingduedate = s('gradingduefromdatevalidation');
  if (v.onlinetext && v.wordlimit.trim() !== '' && !/^\d+$/.test(v.wordlimit.trim())) errors.onlinetext_wordlimit = s('wordlimitinvalid');
  if (v.gradetype === 'point' && (!/^\d+$/.test(v.grademax.trim()) || Number(v.grademax) <= 0)) errors.grade = s('maxgradeinvalid');
  if (v.gradetype === 'scale' && !v.scaleid) errors.scale = s('scalerequired');
  return errors;
}

function gradeValue(v: AssignValues): number {
  if (v.gradetype === 'point') return Number(v.grademax);
  if (v.gradetype === 'scale') return -v.scaleid;
  return 0;
}

/** What the add and update methods take besides the common settings. */
function assignArgs(v: AssignValues) {
  const at = (field: DateField) => (v.dates[field].enabled ? fromDateTimeInput(v.dates[field].value) : 0);
  return {
    allowsubmissionsfromdate: at('allowsubmissionsfromdate'),
    duedate: at('duedate'),
    cutoffdate: at('cutoffdate'),
    gradingduedate: at('gradingduedate'),
    grade: gradeValue(v),
    submissiondrafts: v.submissiondrafts,
    requiresubmissionstatement: v.requiresubmissionstatement,
    onlinetext_enabled: v.onlinetext,
    onlinetext_wordlimit: v.onlinetext && v.wordlimit.trim() ? Number(v.wordlimit) : 0,
    file_enabled: v.file,
    file_maxfiles: v.maxfiles,
    file_maxsizebytes: v.maxsizebytes,
    sendnotifications: v.sendnotifications,
    sendstudentnotifications: v.sendstudentnotifications,
    gradingmethod: v.gradingmethod,
  };
}

const FIELDS: readonly Field[] = ['name', ...DATE_FIELDS, 'onlinetext_wordlimit', 'file_maxfiles', 'file_maxsizebytes', 'grade', 'scale', 'gradingmethod'];

/**
 * The errors of a server refusal by field (the exception's `fielderrors`); anything else (or a field
 * this form does not have) goes to the summary at the top.
 */
function serverFieldErrors(error: Error): Errors {
  if (!(error instanceof AjaxError) || !error.fielderrors?.length) return { form: error.message };
  const out: Errors = {};
  for (const { field: key, message } of error.fielderrors) {
    const field = FIELDS.find((f) => f === key) ?? 'form';
    out[field] = out[field] ? `${out[field]} ${message}` : message;
  }
  return Object.keys(out).length > 0 ? out : { form: error.message };
}

/** A summary line naming the field: "Due date: …". */
function labelled(label: string, error: string | undefined): string | undefined {
  return error ? `${label}: ${error}` : undefined;
}

/** Settings of an assignment, new or existing: availability, submission types, grade, notifications and the common module settings. */
export function AssignSettingsForm(props: ModuleFormProps) {
  return (
    <WithModuleForm courseid={props.courseid} cmid={props.cmid}>
      {(data, tagArea) => <AssignFields {...props} data={data} tagArea={tagArea} />}
    </WithModuleForm>
  );
}

function AssignFields({ courseid, section, cmid, onDone, data, tagArea }: ModuleFormProps & { data: ModuleFormData; tagArea: TaggableArea }) {
  const c = useStrings('core_courseformat', ['name', 'description']);
  const s = useStrings('mod_assign', ASSIGN_STRINGS);
  const add = useWsMutation(modAssignAddInstance, MODULE_QUERIES, { quiet: true });
  const update = useWsMutation(modAssignUpdateInstance, [...MODULE_QUERIES, modAssignGetAssignments, modAssignGetSubmissionStatus], { quiet: true });
  const scales = useWsQuery(coreGradesGetScales, { courseid }, { meta: { quiet: true } });
  const common = useModuleSettings(data, tagArea);
  const { name, setName, intro, setIntro, groups, setGroups, tags } = common;
  const [loaded] = useState(() => initialValues(common.values, !cmid));
  const [v, setV] = useState(loaded);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const summaryRef = useRef<HTMLDivElement>(null);
  const set = (changes: Partial<AssignValues>) => {
    setV((prev) => ({ ...prev, ...changes }));
    setServerErrors({});
  };
  const setDate = (field: DateField, changes: Partial<DateSetting>) => set({ dates: { ...v.dates, [field]: { ...v.dates[field], ...changes } } });
  const dirty = common.dirty || JSON.stringify(v) !== JSON.stringify(loaded);
  const errors: Errors = { ...(common.tried ? validate(v, name, s) : {}), ...serverErrors };
  const focusSummary = () => requestAnimationFrame(() => summaryRef.current?.querySelector<HTMLElement>('[role="alert"]')?.focus());

  const onError = (error: Error) => {
    setServerErrors(serverFieldErrors(error));
    focusSummary();
  };

  return (
    <SettingsForm
      pending={add.isPending || update.isPending || tags.saving}
      dirty={dirty}
      onCancel={onDone}
      onSubmit={() => {
        common.setTried(true);
        setServerErrors({});
        if (Object.keys(validate(v, name, s)).length > 0) {
          focusSummary();
          return;
        }
        const fields = { ...common.fields, ...assignArgs(v) };
        if (cmid) update.mutate({ cmid, ...fields }, { onSuccess: () => tags.afterSave(cmid, onDone), onError });
        else add.mutate({ courseid, section, ...fields }, { onSuccess: (added) => tags.afterSave(added.cmid, onDone), onError });
      }}
    >
      <div ref={summaryRef}>
        <ErrorSummary
          title={s('formerrors')}
          errors={[
            errors.form,
            labelled(c('name'), errors.name),
            ...DATE_FIELDS.map((f) => labelled(s(f), errors[f])),
            labelled(s('wordlimit'), errors.onlinetext_wordlimit),
            labelled(s('maxfilessubmission'), errors.file_maxfiles),
            labelled(s('maxsubmissionsizebytes'), errors.file_maxsizebytes),
            labelled(s('maximumgrade'), errors.grade),
            labelled(s('scale'), errors.scale),
            labelled(s('gradingmethod'), errors.gradingmethod),
          ]}
        />
      </div>
      <SettingsField label={c('name')} value={name} onChange={setName} error={errors.name} required />
      <SettingsField label={c('description')} value={intro} onChange={setIntro} multiline />

      <fieldset className="module-settings-section">
        <legend>{s('availability')}</legend>
        {DATE_FIELDS.map((field) => (
          <DateSettingField key={field} label={s(field)} help={s(`${field}_help`)} enableLabel={s('enable')} setting={v.dates[field]} error={errors[field]} onChange={(changes) => setDate(field, changes)} />
        ))}
      </fieldset>

      <fieldset className="module-settings-section">
        <legend>{s('submissiontypes')}</legend>
        <Check label={s('onlinetext')} checked={v.onlinetext} onChange={(onlinetext) => set({ onlinetext })} />
        {v.onlinetext && (
          <NumberField label={s('wordlimit')} help={s('wordlimit_help')} value={v.wordlimit} error={errors.onlinetext_wordlimit} onChange={(wordlimit) => set({ wordlimit })} />
        )}
        <Check label={s('filesubmissions')} checked={v.file} onChange={(file) => set({ file })} />
        {v.file && (
          <div className="inline-fields">
            <SelectField label={s('maxfilessubmission')} help={s('maxfilessubmission_help')} value={v.maxfiles} error={errors.file_maxfiles} onChange={(maxfiles) => set({ maxfiles })}>
              {MAX_FILES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </SelectField>
            <SelectField label={s('maxsubmissionsizebytes')} value={v.maxsizebytes} error={errors.file_maxsizebytes} onChange={(maxsizebytes) => set({ maxsizebytes })}>
              {MAX_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n === 0 ? s('siteuploadlimitdefault') : formatSize(n, s)}
                </option>
              ))}
            </SelectField>
          </div>
        )}
      </fieldset>

      <fieldset className="module-settings-section">
        <legend>{s('submissionsettings')}</legend>
        <Check label={s('submissiondrafts')} help={s('submissiondrafts_help')} checked={v.submissiondrafts} onChange={(submissiondrafts) => set({ submissiondrafts })} />
        <Check
          label={s('requiresubmissionstatement')}
          help={s('requiresubmissionstatement_help')}
          checked={v.requiresubmissionstatement}
          onChange={(requiresubmissionstatement) => set({ requiresubmissionstatement })}
        />
      </fieldset>

      <fieldset className="module-settings-section">
        <legend>{s('gradeheading')}</legend>
        <div className="inline-fields">
          <SelectField<GradeType> label={s('gradetype')} value={v.gradetype} parse={(x) => (x === 'point' || x === 'scale' ? x : 'none')} onChange={(gradetype) => set({ gradetype })}>
            <option value="none">{s('gradetypenone')}</option>
            <option value="point">{s('gradetypepoint')}</option>
            <option value="scale">{s('gradetypescale')}</option>
          </SelectField>
          {v.gradetype === 'point' && <NumberField label={s('maximumgrade')} value={v.grademax} error={errors.grade} onChange={(grademax) => set({ grademax })} />}
          {v.gradetype === 'scale' && (
            <SelectField label={s('scale')} value={v.scaleid} error={errors.scale ?? errors.grade ?? scales.error?.message} onChange={(scaleid) => set({ scaleid })}>
              <option value={0}>{s('choosescale')}</option>
              {(scales.data ?? []).map((scale) => (
                <option key={scale.id} value={scale.id}>
                  {scale.name}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        <SelectField<'' | 'guide'>
          label={s('gradingmethod')}
          help={s('gradingmethod_help')}
          value={v.gradingmethod}
          error={errors.gradingmethod}
          parse={(x) => (x === 'guide' ? 'guide' : '')}
          onChange={(gradingmethod) => set({ gradingmethod })}
        >
          <option value="">{s('gradingmethodsimple')}</option>
          <option value="guide">{s('gradingmethodguide')}</option>
        </SelectField>
      </fieldset>

      <fieldset className="module-settings-section">
        <legend>{s('notifications')}</legend>
        <Check label={s('sendnotifications')} help={s('sendnotifications_help')} checked={v.sendnotifications} onChange={(sendnotifications) => set({ sendnotifications })} />
        <SelectField<boolean>
          label={s('sendstudentnotificationsdefault')}
          help={s('sendstudentnotificationsdefault_help')}
          value={v.sendstudentnotifications}
          parse={(x) => x === 'true'}
          onChange={(sendstudentnotifications) => set({ sendstudentnotifications })}
        >
          <option value="true">{s('yes')}</option>
          <option value="false">{s('no')}</option>
        </SelectField>
      </fieldset>

      {tags.field}
      <CommonModuleSettings data={data} value={groups} onChange={setGroups} />
    </SettingsForm>
  );
}

/** A date with its own "Enable" box: off means "not set" (0), and the date input is then disabled. */
function DateSettingField({ label, help, enableLabel, setting, error, onChange }: { label: string; help: string; enableLabel: string; setting: DateSetting; error?: string; onChange: (changes: Partial<DateSetting>) => void }) {
  const id = useId();
  return (
    <fieldset className="assign-date-field" aria-describedby={`${id}-help`}>
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
          {...describedBy(id, error, help)}
        />
        <label className="checkbox">
          <input type="checkbox" checked={setting.enabled} onChange={(e) => onChange({ enabled: e.target.checked })} /> {enableLabel}
        </label>
      </div>
      <p id={`${id}-help`} className="field-help">
        {help}
      </p>
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

function NumberField({ label, help, value, error, onChange }: { label: string; help?: string; value: string; error?: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <FormField id={id} label={label} help={help} error={error}>
      <input id={id} type="text" inputMode="numeric" className="assign-number" value={value} onChange={(e) => onChange(e.target.value)} {...describedBy(id, error, help)} />
    </FormField>
  );
}

interface SelectFieldProps<T> {
  label: string;
  help?: string;
  value: T;
  error?: string;
  /** From the option's value text to the field's value (numbers by default). */
  parse?: (raw: string) => T;
  onChange: (value: T) => void;
  children: ReactNode;
}

function SelectField<T = number>({ label, help, value, error, parse, onChange, children }: SelectFieldProps<T>) {
  const id = useId();
  const read = parse ?? ((raw: string) => Number(raw) as T);
  return (
    <FormField id={id} label={label} help={help} error={error}>
      <select id={id} value={String(value)} onChange={(e) => onChange(read(e.target.value))} {...describedBy(id, error, help)}>
        {children}
      </select>
    </FormField>
  );
}
