import { useId, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { coreQuestionGetCategories, coreQuestionGetQuestions, coreQuestionSaveQuestion, type QTYPES, type Question } from '../../../api/question';
import { AjaxError } from '../../platform/ajax';
import { describedBy, ErrorSummary, FormField } from '../../platform/FormField';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation } from '../../platform/query';
import type { StringLookup } from '../../platform/useStrings';
import { useUnsavedChanges } from '../../platform/useUnsavedChanges';
import { SettingsField } from '../mod/SettingsFields';
import { FRACTIONS, percent } from './strings';

type QType = (typeof QTYPES)[number];
interface AnswerRow {
  key: number;
  answer: string;
  fraction: number;
  feedback: string;
  tolerance: string;
}

let nextKey = 1;
const blank = (fraction = 0): AnswerRow => ({ key: nextKey++, answer: '', fraction, feedback: '', tolerance: '0' });

function initialAnswers(q: Question | undefined, qtype: QType): AnswerRow[] {
  if (q) return q.answers.map((a) => ({ key: nextKey++, answer: a.answer, fraction: a.fraction, feedback: a.feedback, tolerance: String(a.tolerance) }));
  if (qtype === 'multichoice') return [blank(1), blank(), blank(), blank()];
  return [blank(1), blank(), blank()];
}

interface EditorProps {
  s: StringLookup;
  courseid: number;
  categories: Array<{ id: number; name: string }>;
  /** The question to edit; absent for a new one of `qtype`. */
  question?: Question;
  qtype: QType;
  defaultCategory: number;
  onDone: () => void;
}

/** The editing form of one question of any of the four types. */
export function QuestionEditor({ s, courseid, categories, question, qtype, defaultCategory, onDone }: EditorProps) {
  const ids = { name: useId(), text: useId(), mark: useId(), category: useId() };
  const save = useWsMutation(coreQuestionSaveQuestion, [coreQuestionGetQuestions, coreQuestionGetCategories], { quiet: true });
  const [name, setName] = useState(question?.name ?? '');
  const [text, setText] = useState(question?.questiontext ?? '');
  const [general, setGeneral] = useState(question?.generalfeedback ?? '');
  const [mark, setMark] = useState(String(question?.defaultmark ?? 1));
  const [category, setCategory] = useState(question?.category ?? defaultCategory);
  const [single, setSingle] = useState(question?.single ?? true);
  const [shuffle, setShuffle] = useState(question?.shuffleanswers ?? true);
  const [usecase, setUsecase] = useState(question?.usecase ?? false);
  const [answers, setAnswers] = useState(() => initialAnswers(question, qtype));
  const tf = question?.answers.find((a) => a.answer.toLowerCase() === 'true');
  const tfFalse = question?.answers.find((a) => a.answer.toLowerCase() === 'false');
  const [correct, setCorrect] = useState(tf ? tf.fraction >= 1 : true);
  const [fbTrue, setFbTrue] = useState(tf?.feedback ?? '');
  const [fbFalse, setFbFalse] = useState(tfFalse?.feedback ?? '');
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  useUnsavedChanges(touched && !save.isSuccess);

  const touch = <T,>(setter: (v: T) => void) => (v: T) => {
    setter(v);
    setTouched(true);
    setServerErrors({});
  };
  const setAnswer = (key: number, changes: Partial<AnswerRow>) => touch(setAnswers)(answers.map((a) => (a.key === key ? { ...a, ...changes } : a)));
  const errors = {
    name: tried && !name.trim() ? s('required') : undefined,
    questiontext: serverErrors.questiontext ?? (tried && !text.replace(/<[^>]*>/g, '').trim() ? s('questiontextrequired') : undefined),
    answers: serverErrors.answers,
    form: serverErrors.form,
  };

  const answersOut = () => {
    if (qtype === 'truefalse') return [{ answer: 'true', fraction: correct ? 1 : 0, feedback: fbTrue }, { answer: 'false', fraction: correct ? 0 : 1, feedback: fbFalse }];
    return answers.filter((a) => a.answer.trim() !== '').map((a) => ({ answer: a.answer, fraction: a.fraction, feedback: a.feedback, tolerance: Number(a.tolerance) || 0 }));
  };

  const submit = () => {
    setTried(true);
    if (!name.trim() || !text.replace(/<[^>]*>/g, '').trim()) {
      requestAnimationFrame(() => summaryRef.current?.querySelector<HTMLElement>('[role="alert"]')?.focus());
      return;
    }
    save.mutate(
      { courseid, id: question?.id ?? 0, category, qtype, name, questiontext: text, generalfeedback: general, defaultmark: Number(mark) || 0, single, shuffleanswers: shuffle, usecase, answers: answersOut() },
      {
        onSuccess: () => {
          void addNotification({ message: s('questionsaved'), type: 'success' });
          onDone();
        },
        onError: (error) => {
          const fields = error instanceof AjaxError ? (error.fielderrors ?? []) : [];
          setServerErrors(fields.length ? Object.fromEntries(fields.map((f) => [f.field, f.message])) : { form: error.message });
          requestAnimationFrame(() => summaryRef.current?.querySelector<HTMLElement>('[role="alert"]')?.focus());
        },
      },
    );
  };

  const fractionChoices = qtype === 'multichoice' && !single ? [...FRACTIONS, ...FRACTIONS.filter((f) => f > 0).map((f) => -f)] : qtype === 'multichoice' ? [...FRACTIONS, -0.3333333, -0.5, -1] : FRACTIONS;

  return (
    <form
      className="form form-stack card question-editor"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2>
        {question ? s('editquestion') : s('newquestion')}: {s(`qtype_${qtype}`)}
      </h2>
      <div ref={summaryRef}>
        <ErrorSummary title={s('formerrors')} errors={[errors.form, errors.name && `${s('questionname')}: ${errors.name}`, errors.questiontext, errors.answers]} />
      </div>
      <FormField id={ids.category} label={s('category')}>
        <select id={ids.category} value={category} onChange={(e) => touch(setCategory)(Number(e.target.value))}>
          {categories.length === 0 && <option value={0}>{s('allcategories')}</option>}
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={ids.name} label={s('questionname')} error={errors.name}>
        <input type="text" id={ids.name} value={name} onChange={(e) => touch(setName)(e.target.value)} aria-required {...describedBy(ids.name, errors.name)} />
      </FormField>
      <SettingsField label={s('questiontext')} value={text} onChange={touch(setText)} error={errors.questiontext} multiline required />
      <FormField id={ids.mark} label={s('defaultmark')}>
        <input type="text" id={ids.mark} className="quiz-number" inputMode="decimal" value={mark} onChange={(e) => touch(setMark)(e.target.value)} />
      </FormField>
      <SettingsField label={s('generalfeedback')} help={s('generalfeedback_help')} value={general} onChange={touch(setGeneral)} multiline />

      {qtype === 'multichoice' && (
        <div className="inline-fields">
          <div className="field">
            <label htmlFor={`${ids.mark}-single`}>{s('answerhowmany')}</label>
            <select id={`${ids.mark}-single`} value={single ? '1' : '0'} onChange={(e) => touch(setSingle)(e.target.value === '1')}>
              <option value="1">{s('answersingleyes')}</option>
              <option value="0">{s('answersingleno')}</option>
            </select>
          </div>
          <label className="checkbox">
            <input type="checkbox" checked={shuffle} onChange={(e) => touch(setShuffle)(e.target.checked)} /> {s('shuffleanswers')}
          </label>
        </div>
      )}
      {qtype === 'shortanswer' && (
        <div className="field">
          <label htmlFor={`${ids.mark}-case`}>{s('casesensitive')}</label>
          <select id={`${ids.mark}-case`} value={usecase ? '1' : '0'} onChange={(e) => touch(setUsecase)(e.target.value === '1')}>
            <option value="0">{s('caseno')}</option>
            <option value="1">{s('caseyes')}</option>
          </select>
          <p className="field-help">{s('wildcardhelp')}</p>
        </div>
      )}

      <fieldset className="module-settings-section" aria-describedby={errors.answers ? `${ids.name}-answers-error` : undefined}>
        <legend>{s('answers')}</legend>
        {errors.answers && (
          <p className="field-error" id={`${ids.name}-answers-error`}>
            {errors.answers}
          </p>
        )}
        {qtype === 'truefalse' ? (
          <>
            <div className="field">
              <label htmlFor={`${ids.mark}-tf`}>{s('correctanswer')}</label>
              <select id={`${ids.mark}-tf`} value={correct ? '1' : '0'} onChange={(e) => touch(setCorrect)(e.target.value === '1')}>
                <option value="1">{s('true')}</option>
                <option value="0">{s('false')}</option>
              </select>
            </div>
            <SettingsField label={s('feedbacktrue')} value={fbTrue} onChange={touch(setFbTrue)} />
            <SettingsField label={s('feedbackfalse')} value={fbFalse} onChange={touch(setFbFalse)} />
          </>
        ) : (
          <>
            {answers.map((a, i) => (
              <AnswerFields key={a.key} s={s} index={i} row={a} qtype={qtype} choices={fractionChoices} onChange={(changes) => setAnswer(a.key, changes)} onRemove={answers.length > 1 ? () => touch(setAnswers)(answers.filter((x) => x.key !== a.key)) : undefined} />
            ))}
            <div>
              <Button className="btn btn-secondary" onPress={() => touch(setAnswers)([...answers, blank()])}>
                {s('addanswer')}
              </Button>
            </div>
          </>
        )}
      </fieldset>
      <div className="form-actions">
        <Button className="btn btn-secondary" onPress={onDone}>
          {s('cancel')}
        </Button>
        <PendingButton isPending={save.isPending} type="submit" className="btn btn-primary">
          {s('savechanges')}
        </PendingButton>
      </div>
    </form>
  );
}

function AnswerFields({ s, index, row, qtype, choices, onChange, onRemove }: { s: StringLookup; index: number; row: AnswerRow; qtype: QType; choices: number[]; onChange: (changes: Partial<AnswerRow>) => void; onRemove?: () => void }) {
  const id = useId();
  const label = qtype === 'multichoice' ? s('choiceno', index + 1) : s('answerno', index + 1);
  const inList = choices.some((c) => Math.abs(c - row.fraction) < 1e-6);
  return (
    <fieldset className="question-answer">
      <legend className="field-label">{label}</legend>
      <div className="inline-fields">
        <div className="field question-answer-text">
          <label htmlFor={`${id}-a`}>{label}</label>
          <input type="text" id={`${id}-a`} value={row.answer} inputMode={qtype === 'numerical' ? 'decimal' : undefined} onChange={(e) => onChange({ answer: e.target.value })} />
        </div>
        {qtype === 'numerical' && (
          <div className="field">
            <label htmlFor={`${id}-t`}>{s('tolerance')}</label>
            <input type="text" id={`${id}-t`} className="quiz-number" inputMode="decimal" value={row.tolerance} onChange={(e) => onChange({ tolerance: e.target.value })} />
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-g`}>{s('grade')}</label>
          <select id={`${id}-g`} value={String(row.fraction)} onChange={(e) => onChange({ fraction: Number(e.target.value) })}>
            {!inList && <option value={String(row.fraction)}>{percent(row.fraction)}</option>}
            {choices.map((f) => (
              <option key={f} value={String(f)}>
                {f === 0 ? s('none') : percent(f)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-f`}>{s('feedback')}</label>
        <input type="text" id={`${id}-f`} value={row.feedback} onChange={(e) => onChange({ feedback: e.target.value })} />
      </div>
      {onRemove && (
        <Button className="btn btn-link btn-link-danger" onPress={onRemove}>
          {s('removeanswer', index + 1)}
        </Button>
      )}
    </fieldset>
  );
}
