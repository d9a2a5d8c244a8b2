import { useRef, useState } from 'react';
import '../quiz/quiz.css';
import { GRACE_PERIOD_MIN, modQuizAddInstance, modQuizGetQuizzesByCourses, modQuizUpdateInstance, OVERDUE_HANDLING, REVIEW_AFTER_CLOSE, REVIEW_DURING, REVIEW_FIELDS, REVIEW_IMMEDIATELY_AFTER, REVIEW_LATER_WHILE_OPEN } from '../../../api/quiz';
import { AjaxError } from '../../platform/ajax';
import { ErrorSummary } from '../../platform/FormField';
import { fromDateTimeInput, toDateTimeInput } from '../../platform/intl';
import { useWsMutation } from '../../platform/query';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import { Check, DateField, NumberField, SelectField } from '../quiz/fields';
import { QUIZ_STRINGS } from '../quiz/strings';
import type { TaggableArea } from '../tag/TagsField';
import { CommonModuleSettings, type ModuleFormData } from './CommonModuleSettings';
import type { ModuleFormProps } from './moduleForms';
import { MODULE_QUERIES, SettingsField, SettingsForm, useModuleSettings, WithModuleForm } from './SettingsFields';

type ReviewField = (typeof REVIEW_FIELDS)[number];
const REVIEW_TIMES = [
  [REVIEW_DURING, 'reviewduring'],
  [REVIEW_IMMEDIATELY_AFTER, 'reviewimmediately'],
  [REVIEW_LATER_WHILE_OPEN, 'reviewopen'],
  [REVIEW_AFTER_CLOSE, 'reviewclosed'],
] as const;
/** Options that mean something while the attempt runs; the others only after it. */
const DURING_FIELDS: readonly ReviewField[] = ['reviewattempt'];

interface QuizValues {
  timeopen: { enabled: boolean; value: string };
  timeclose: { enabled: boolean; value: string };
  timelimit: string;
  grade: string;
  attempts: string;
  grademethod: string;
  decimalpoints: string;
  questionsperpage: string;
  shufflequestions: boolean;
  shuffleanswers: boolean;
  password: string;
  browsersecurity: string;
  overduehandling: OverdueHandling;
  /** Minutes. */
  graceperiod: string;
  review: Record<ReviewField, number>;
}
type OverdueHandling = (typeof OVERDUE_HANDLING)[number];
type Field = 'name' | 'timeclose' | 'timelimit' | 'graceperiod' | 'grade' | 'form';
type Errors = Partial<Record<Field, string>>;

function initialValues(values: Record<string, string>): QuizValues {
  const n = (key: string, fallback: number) => (values[key] === undefined || values[key] === '' ? fallback : Number(values[key]));
  const date = (key: string) => ({ enabled: n(key, 0) > 0, value: toDateTimeInput(n(key, 0) || Math.floor(Date.now() / 1000)) });
  const review = Object.fromEntries(REVIEW_FIELDS.map((f) => [f, n(f, f === 'reviewattempt' ? 0x11110 : 0x01110)])) as Record<ReviewField, number>;
  return {
    timeopen: date('timeopen'),
    timeclose: date('timeclose'),
    timelimit: n('timelimit', 0) ? String(n('timelimit', 0) / 60) : '',
    grade: String(n('grade', 10)),
    attempts: String(n('attempts', 0)),
    grademethod: String(n('grademethod', 1)),
    decimalpoints: String(n('decimalpoints', 2)),
    questionsperpage: String(n('questionsperpage', 1)),
    shufflequestions: n('shufflequestions', 0) === 1,
    shuffleanswers: n('shuffleanswers', 1) === 1,
    password: values.password ?? '',
    browsersecurity: values.browsersecurity ?? '-',
    overduehandling: OVERDUE_HANDLING.find((o) => o === values.overduehandling) ?? 'autosubmit',
    graceperiod: String(n('graceperiod', 86400) / 60),
    review,
  };
}

const isNumber = (text: string) => /^\d+(\.\d+)?$/.test(text.trim());

function validate(v: QuizValues, name: string, s: StringLookup): Errors {
  const errors: Errors = {};
  if (!name.trim()) errors.name = s('required');
  if (v.timelimit.trim() !== '' && !isNumber(v.timelimit)) errors.timelimit = s('timelimit_help');
  if (!isNumber(v.grade)) errors.grade = s('required');
  if (v.overduehandling === 'graceperiod' && (!isNumber(v.graceperiod) || Number(v.graceperiod) * 60 <= GRACE_PERIOD_MIN)) errors.graceperiod = s('graceperiodtoosmall', GRACE_PERIOD_MIN);
  if (v.timeopen.enabled && v.timeclose.enabled && fromDateTimeInput(v.timeclose.value) < fromDateTimeInput(v.timeopen.value)) errors.timeclose = s('closebeforeopen');
  return errors;
}

function quizArgs(v: QuizValues) {
  return {
    timeopen: v.timeopen.enabled ? fromDateTimeInput(v.timeopen.value) : 0,
    timeclose: v.timeclose.enabled ? fromDateTimeInput(v.timeclose.value) : 0,
    timelimit: v.timelimit.trim() ? Math.round(Number(v.timelimit) * 60) : 0,
    grade: Number(v.grade),
    attempts: Number(v.attempts),
    grademethod: Number(v.grademethod),
    decimalpoints: Number(v.decimalpoints),
    questionsperpage: Number(v.questionsperpage),
    shufflequestions: v.shufflequestions,
    shuffleanswers: v.shuffleanswers,
    password: v.password,
    browsersecurity: v.browsersecurity === 'securewindow' ? ('securewindow' as const) : ('-' as const),
    overduehandling: v.overduehandling,
    // The grace period is kept while another handling is chosen, as long as it is a number.
    graceperiod: isNumber(v.graceperiod) ? Math.round(Number(v.graceperiod) * 60) : 86400,
    ...v.review,
  };
}

/** The server's per-field refusals, next to their fields. */
function serverErrors(error: Error): Errors {
  if (!(error instanceof AjaxError)) return { form: error.message };
  const fields = error.fielderrors ?? [];
  if (fields.length === 0) return { form: error.message };
  return Object.fromEntries(fields.map((f) => [f.field === 'timeclose' || f.field === 'graceperiod' ? f.field : 'form', f.message]));
}

/** Settings of a quiz, new or existing: timing, grade, layout, extra restrictions and review options. */
export function QuizSettingsForm(props: ModuleFormProps) {
  return <WithModuleForm courseid={props.courseid} cmid={props.cmid}>{(data, tagArea) => <QuizFields {...props} data={data} tagArea={tagArea} />}</WithModuleForm>;
}

function QuizFields({ courseid, section, cmid, onDone, data, tagArea }: ModuleFormProps & { data: ModuleFormData; tagArea: TaggableArea }) {
  const s = useStrings('mod_quiz', QUIZ_STRINGS);
  const c = useStrings('core_courseformat', ['name', 'description']);
  const add = useWsMutation(modQuizAddInstance, MODULE_QUERIES, { quiet: true });
  const update = useWsMutation(modQuizUpdateInstance, [...MODULE_QUERIES, modQuizGetQuizzesByCourses], { quiet: true });
  const common = useModuleSettings(data, tagArea);
  const { name, setName, intro, setIntro, groups, setGroups, tags } = common;
  const [loaded] = useState(() => initialValues(common.values));
  const [v, setV] = useState(loaded);
  const [fromServer, setFromServer] = useState<Errors>({});
  const summaryRef = useRef<HTMLDivElement>(null);
  const set = (changes: Partial<QuizValues>) => {
    setV((prev) => ({ ...prev, ...changes }));
    setFromServer({});
  };
  const errors: Errors = { ...(common.tried ? validate(v, name, s) : {}), ...fromServer };
  const focusSummary = () => requestAnimationFrame(() => summaryRef.current?.querySelector<HTMLElement>('[role="alert"]')?.focus());
  const onError = (error: Error) => {
    setFromServer(serverErrors(error));
    focusSummary();
  };
  const toggleReview = (field: ReviewField, bit: number, on: boolean) => set({ review: { ...v.review, [field]: on ? v.review[field] | bit : v.review[field] & ~bit } });

  return (
    <SettingsForm
      pending={add.isPending || update.isPending || tags.saving}
      dirty={common.dirty || JSON.stringify(v) !== JSON.stringify(loaded)}
      onCancel={onDone}
      onSubmit={() => {
        common.setTried(true);
        setFromServer({});
        if (Object.keys(validate(v, name, s)).length > 0) {
          focusSummary();
          return;
        }
        const fields = { ...common.fields, ...quizArgs(v) };
        if (cmid) update.mutate({ cmid, ...fields }, { onSuccess: () => tags.afterSave(cmid, onDone), onError });
        else add.mutate({ courseid, section, ...fields }, { onSuccess: (added) => tags.afterSave(added.cmid, onDone), onError });
      }}
    >
      <div ref={summaryRef}>
        <ErrorSummary title={s('formerrors')} errors={[errors.form, errors.name && `${c('name')}: ${errors.name}`, errors.timeclose, errors.timelimit && `${s('timelimit')}: ${errors.timelimit}`, errors.graceperiod && `${s('graceperiod')}: ${errors.graceperiod}`, errors.grade && `${s('maximumgrade')}: ${errors.grade}`]} />
      </div>
      <SettingsField label={c('name')} value={name} onChange={setName} error={errors.name} required />
      <SettingsField label={c('description')} value={intro} onChange={setIntro} multiline />

      <fieldset className="module-settings-section">
        <legend>{s('timing')}</legend>
        <DateField label={s('timeopen')} enableLabel={s('enable')} enabled={v.timeopen.enabled} value={v.timeopen.value} onChange={(ch) => set({ timeopen: { ...v.timeopen, ...ch } })} />
        <DateField label={s('timeclose')} enableLabel={s('enable')} enabled={v.timeclose.enabled} value={v.timeclose.value} error={errors.timeclose} onChange={(ch) => set({ timeclose: { ...v.timeclose, ...ch } })} />
        <NumberField label={s('timelimit')} help={s('timelimit_help')} value={v.timelimit} error={errors.timelimit} onChange={(timelimit) => set({ timelimit })} decimal />
        <SelectField label={s('overduehandling')} help={s('overduehandling_help')} value={v.overduehandling} onChange={(value) => set({ overduehandling: OVERDUE_HANDLING.find((o) => o === value) ?? 'autosubmit' })}>
          {OVERDUE_HANDLING.map((o) => (
            <option key={o} value={o}>
              {s(`overduehandling${o}`)}
            </option>
          ))}
        </SelectField>
        {v.overduehandling === 'graceperiod' && <NumberField label={s('graceperiod')} value={v.graceperiod} error={errors.graceperiod} onChange={(graceperiod) => set({ graceperiod })} decimal />}
      </fieldset>

      <fieldset className="module-settings-section">
        <legend>{s('grading')}</legend>
        <div className="inline-fields">
          <NumberField label={s('maximumgrade')} value={v.grade} error={errors.grade} onChange={(grade) => set({ grade })} decimal />
          <SelectField label={s('attemptsallowed')} value={v.attempts} onChange={(attempts) => set({ attempts })}>
            <option value="0">{s('unlimited')}</option>
            {Array.from({ length: 10 }, (_, i) => (
              <option key={i + 1} value={String(i + 1)}>
                {i + 1}
              </option>
            ))}
          </SelectField>
          <SelectField label={s('grademethod')} help={s('grademethod_help')} value={v.grademethod} onChange={(grademethod) => set({ grademethod })}>
            <option value="1">{s('gradehighest')}</option>
            <option value="2">{s('gradeaverage')}</option>
            <option value="3">{s('attemptfirst')}</option>
            <option value="4">{s('attemptlast')}</option>
          </SelectField>
          <SelectField label={s('decimalpoints')} value={v.decimalpoints} onChange={(decimalpoints) => set({ decimalpoints })}>
            {[0, 1, 2, 3, 4, 5].map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </SelectField>
        </div>
      </fieldset>

      <fieldset className="module-settings-section">
        <legend>{s('layout')}</legend>
        <SelectField label={s('questionsperpage')} value={v.questionsperpage} onChange={(questionsperpage) => set({ questionsperpage })}>
          <option value="1">{s('everyquestion')}</option>
          {[2, 3, 4, 5, 10].map((n) => (
            <option key={n} value={String(n)}>
              {s('everynquestions', n)}
            </option>
          ))}
          <option value="0">{s('never')}</option>
        </SelectField>
        <Check label={s('shufflequestions')} checked={v.shufflequestions} onChange={(shufflequestions) => set({ shufflequestions })} />
        <Check label={s('shuffleanswers')} checked={v.shuffleanswers} onChange={(shuffleanswers) => set({ shuffleanswers })} />
      </fieldset>

      <fieldset className="module-settings-section">
        <legend>{s('extraattemptrestrictions')}</legend>
        <SettingsField label={s('requirepassword')} help={s('requirepassword_help')} value={v.password} onChange={(password) => set({ password })} />
        <SelectField label={s('browsersecurity')} value={v.browsersecurity} onChange={(browsersecurity) => set({ browsersecurity })}>
          <option value="-">{s('browsersecurity_none')}</option>
          <option value="securewindow">{s('browsersecurity_popup')}</option>
        </SelectField>
      </fieldset>

      <fieldset className="module-settings-section">
        <legend>{s('reviewoptionsheading')}</legend>
        <div className="quiz-review-grid">
          {REVIEW_TIMES.map(([bit, label]) => (
            <fieldset key={bit} className="quiz-review-column">
              <legend className="field-label">{s(label)}</legend>
              {REVIEW_FIELDS.filter((f) => bit !== REVIEW_DURING || DURING_FIELDS.includes(f)).map((field) => (
                <label key={field} className="checkbox">
                  <input type="checkbox" checked={(v.review[field] & bit) !== 0} onChange={(e) => toggleReview(field, bit, e.target.checked)} /> {s(field)}
                </label>
              ))}
            </fieldset>
          ))}
        </div>
      </fieldset>
      {tags.field}
      <CommonModuleSettings data={data} value={groups} onChange={setGroups} />
    </SettingsForm>
  );
}
