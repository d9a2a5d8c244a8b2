import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { modQuizGetAttemptData, modQuizProcessAttempt, modQuizSaveAttempt, type AttemptQuestion } from '../../../api/quiz';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading } from '../../app/Page';
import { AjaxError, call } from '../../platform/ajax';
import { showException } from '../../platform/dialogs';
import { PendingButton } from '../../platform/PendingButton';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import type { ModuleInfo } from '../mod/ModuleView';
import { QuestionCard } from './QuestionCard';
import { QuizPage, useCmid, WithQuiz } from './QuizFrame';
import { QUIZ_STRINGS } from './strings';
import { Countdown } from './Countdown';

/** Unsaved answers are saved this long after the last change. */
const AUTOSAVE_MS = 2000;

/** `/mod/quiz/attempt.php?attempt=<id>&cmid=<cmid>&page=<n>`: one page of the learner's attempt. */
export function AttemptPage() {
  const cmid = useCmid('cmid');
  const [params] = useSearchParams();
  const attemptid = Number(params.get('attempt'));
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  return <WithQuiz cmid={cmid}>{(cm) => <AttemptScreen key={`${attemptid}-${page}`} cm={cm} attemptid={attemptid} page={page} />}</WithQuiz>;
}

type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/** The state of a question on this page from its saved response and the answers changed here. */
function stateHere(question: AttemptQuestion, values: Record<string, string>): string {
  const merged: Record<string, string> = { ...question.response };
  for (const [name, value] of Object.entries(values)) if (name.startsWith(question.prefix) && !name.startsWith(`${question.prefix}:`)) merged[name.slice(question.prefix.length)] = value;
  return Object.entries(merged).some(([field, v]) => (field.startsWith('choice') ? v === '1' : v.trim() !== '')) ? 'answered' : 'notyetanswered';
}

function AttemptScreen({ cm, attemptid, page }: { cm: ModuleInfo; attemptid: number; page: number }) {
  const s = useStrings('mod_quiz', QUIZ_STRINGS);
  const navigate = useNavigate();
  const data = useWsQuery(modQuizGetAttemptData, { attemptid, page }, { meta: { quiet: true }, refetchOnWindowFocus: false, gcTime: 0 });
  const [values, setValues] = useState<Record<string, string>>({});
  const unsaved = useRef<Record<string, string>>({});
  const timer = useRef<number | undefined>(undefined);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [saveError, setSaveError] = useState('');
  const [leaving, setLeaving] = useState(false);

  const pending = () => Object.entries(unsaved.current).map(([name, value]) => ({ name, value }));
  const save = useCallback(async () => {
    window.clearTimeout(timer.current);
    const batch = pending();
    if (batch.length === 0) return;
    unsaved.current = {};
    setSaveState('saving');
    try {
      await call(modQuizSaveAttempt, { attemptid, data: batch });
      setSaveState('saved');
    } catch (error) {
      unsaved.current = { ...Object.fromEntries(batch.map((d) => [d.name, d.value])), ...unsaved.current };
      setSaveState('error');
      setSaveError(error instanceof Error ? error.message : String(error));
    }
  }, [attemptid]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // Time is up with a grace period: only the summary, where the attempt is submitted, remains.
  if (data.error instanceof AjaxError && data.error.errorcode === 'stateoverdue') return <Navigate to={relativeUrl('/mod/quiz/summary.php', { attempt: attemptid, cmid: cm.id })} replace />;
  // Closed meanwhile (submitted elsewhere, or its time ran out): the review shows what became of it.
  if (data.error instanceof AjaxError && data.error.errorcode === 'attemptalreadyclosed') return <Navigate to={relativeUrl('/mod/quiz/review.php', { attempt: attemptid, cmid: cm.id })} replace />;
  if (data.error) return <ErrorPage message={data.error.message} />;
  if (data.isPending) return <Loading />;
  const d = data.data;

  const change = (name: string, value: string) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    unsaved.current[name] = value;
    setSaveState('idle');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void save(), AUTOSAVE_MS);
  };

  /** Saves this page's answers with the attempt's own processing, then goes on. */
  const leaveTo = async (url: string) => {
    window.clearTimeout(timer.current);
    setLeaving(true);
    try {
      await call(modQuizProcessAttempt, { attemptid, data: pending() });
      unsaved.current = {};
      void navigate(url);
    } catch (error) {
      await showException(error);
    } finally {
      setLeaving(false);
    }
  };

  /** At zero: the answers go with "time up"; an attempt made overdue goes to its summary, a closed one to its review. */
  const timeUp = async () => {
    window.clearTimeout(timer.current);
    let state = 'finished';
    try {
      state = (await call(modQuizProcessAttempt, { attemptid, data: pending(), timeup: true })).state;
    } finally {
      const next = state === 'overdue' || state === 'inprogress' ? '/mod/quiz/summary.php' : '/mod/quiz/review.php';
      void navigate(relativeUrl(next, { attempt: attemptid, cmid: cm.id }), { replace: true });
    }
  };

  const pageUrl = (p: number) => relativeUrl('/mod/quiz/attempt.php', { attempt: attemptid, cmid: cm.id, page: p });
  const summaryUrl = relativeUrl('/mod/quiz/summary.php', { attempt: attemptid, cmid: cm.id });
  const statusText = saveState === 'saving' ? s('saving') : saveState === 'saved' ? s('saved') : saveState === 'error' ? s('savefailed', saveError) : '';

  return (
    <QuizPage cm={cm} subpage={s('page', page + 1)}>
      <div className="quiz-attempt-layout">
        <nav className="card quiz-nav" aria-label={s('quiznavigation')}>
          <h2>{s('quiznavigation')}</h2>
          {d.endtime > 0 && <Countdown endtime={d.endtime} label={s('timeleft')} onExpire={() => void timeUp()} />}
          <ol className="quiz-nav-buttons">
            {d.navigation.map((n) => {
              const here = d.questions.find((q) => q.slot === n.slot);
              const state = here ? stateHere(here, values) : n.state;
              const flagged = values[`q${attemptid}:${n.slot}_:flagged`] === undefined ? n.flagged : values[`q${attemptid}:${n.slot}_:flagged`] === '1';
              return (
              <li key={n.slot}>
                <Button
                  className={`quiz-nav-button quiz-nav-${state}${flagged ? ' quiz-nav-flagged' : ''}${n.page === page ? ' quiz-nav-current' : ''}`}
                  aria-label={`${s('questionn', n.number)}: ${s(state)}`}
                  aria-current={n.page === page ? 'page' : undefined}
                  isDisabled={leaving}
                  onPress={() => void leaveTo(`${pageUrl(n.page)}#question-${n.slot}`)}
                >
                  {n.number}
                </Button>
              </li>
              );
            })}
          </ol>
          <Button className="btn btn-link" isDisabled={leaving} onPress={() => void leaveTo(summaryUrl)}>
            {s('finishattempt')}
          </Button>
        </nav>
        <form
          className="quiz-attempt-form"
          onSubmit={(e) => {
            e.preventDefault();
            void leaveTo(d.nextpage === -1 ? summaryUrl : pageUrl(d.nextpage));
          }}
        >
          {d.questions.map((q) => {
            const state = stateHere(q, values);
            return <QuestionCard key={q.slot} question={{ ...q, state, status: s(state) }} s={s} values={values} onChange={change} />;
          })}
          <p className={`quiz-save-status${saveState === 'error' ? ' field-error' : ''}`} role="status" aria-live="polite">
            {statusText}
          </p>
          <div className="form-actions quiz-page-actions">
            {page > 0 && (
              <Button className="btn btn-secondary" isDisabled={leaving} onPress={() => void leaveTo(pageUrl(page - 1))}>
                {s('previouspage')}
              </Button>
            )}
            <PendingButton isPending={leaving} type="submit" className="btn btn-primary">
              {d.nextpage === -1 ? s('finishattempt') : s('nextpage')}
            </PendingButton>
          </div>
        </form>
      </div>
    </QuizPage>
  );
}
