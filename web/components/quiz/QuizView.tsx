import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  modQuizGetAttemptAccessInformation,
  modQuizGetAttemptSummary,
  modQuizGetQuizAccessInformation,
  modQuizGetUserAttempts,
  modQuizGetUserBestGrade,
  modQuizStartAttempt,
  REVIEW_AFTER_CLOSE,
  REVIEW_IMMEDIATELY_AFTER,
  REVIEW_LATER_WHILE_OPEN,
  type Attempt,
  type Quiz,
} from '../../../api/quiz';
import { Loading } from '../../app/Page';
import { AjaxError, call } from '../../platform/ajax';
import { alertDialog, showException } from '../../platform/dialogs';
import { formatDateTime, formatNumber } from '../../platform/intl';
import { PendingButton } from '../../platform/PendingButton';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import type { ModuleInfo } from '../mod/ModuleView';
import { PreflightDialog } from './PreflightDialog';
import { QuizPage, rescaled, useCmid, WithQuiz } from './QuizFrame';
import { openQuizPopup } from './popup';
import { GRADE_METHOD_STRINGS, QUIZ_STRINGS } from './strings';
import { useQueryClient } from '@tanstack/react-query';

const AFTER = REVIEW_IMMEDIATELY_AFTER | REVIEW_LATER_WHILE_OPEN | REVIEW_AFTER_CLOSE;

/** `/mod/quiz/view.php?id=<cmid>`: the quiz's rules, the learner's attempts and grade, and Start or Continue. */
export function QuizView() {
  const cmid = useCmid('id');
  return <WithQuiz cmid={cmid}>{(cm, quiz) => <QuizHome cm={cm} quiz={quiz} />}</WithQuiz>;
}

export function attemptUrl(cmid: number, attemptid: number, page = 0): string {
  return relativeUrl('/mod/quiz/attempt.php', { attempt: attemptid, cmid, page });
}

function minutesText(s: StringLookup, seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.round((seconds % 3600) / 60);
  return [hours ? s('numhours', hours) : '', minutes ? s('numminutes', minutes) : ''].filter(Boolean).join(' ') || s('numminutes', 0);
}

function QuizHome({ cm, quiz }: { cm: ModuleInfo; quiz: Quiz }) {
  const s = useStrings('mod_quiz', [...QUIZ_STRINGS, 'numhours', 'numminutes']);
  const navigate = useNavigate();
  const client = useQueryClient();
  const access = useWsQuery(modQuizGetQuizAccessInformation, { quizid: quiz.id });
  const attemptAccess = useWsQuery(modQuizGetAttemptAccessInformation, { quizid: quiz.id });
  const attempts = useWsQuery(modQuizGetUserAttempts, { quizid: quiz.id, status: 'all', includepreviews: true });
  const best = useWsQuery(modQuizGetUserBestGrade, { quizid: quiz.id });
  const [preflight, setPreflight] = useState(false);
  const [pending, setPending] = useState(false);
  const [passwordError, setPasswordError] = useState<string>();
  if (access.error || attemptAccess.error || attempts.error) {
    return (
      <QuizPage cm={cm}>
        <div className="alert alert-error" role="alert">
          {(access.error ?? attemptAccess.error ?? attempts.error)?.message}
        </div>
      </QuizPage>
    );
  }
  if (access.isPending || attemptAccess.isPending || attempts.isPending) return <Loading />;
  const info = access.data;
  const aa = attemptAccess.data;
  const list = attempts.data.attempts;
  const unfinished = list.find((a) => a.state === 'inprogress' || a.state === 'overdue');
  const canStart = (info.canattempt || info.canpreview) && quiz.hasquestions === 1 && (unfinished !== undefined || aa.preventnewattemptreasons.length === 0) && info.preventaccessreasons.length === 0;
  const label = unfinished ? s('continueattemptquiz') : !info.canattempt ? s('previewquiznow') : list.length ? s('reattemptquiz') : s('attemptquiznow');
  const popup = aa.preflightparts.includes('securewindow');

  const refresh = () => Promise.all([modQuizGetAttemptAccessInformation, modQuizGetUserAttempts].map((c) => client.invalidateQueries({ queryKey: [c.name] })));

  /** Starts (or re-opens) the attempt; the popup is opened first, inside the click, so browsers allow it. */
  const go = async (preflightdata: Array<{ name: string; value: string }>) => {
    const win = popup ? openQuizPopup() : null;
    setPending(true);
    setPasswordError(undefined);
    try {
      let attemptid: number;
      if (unfinished) {
        await call(modQuizGetAttemptSummary, { attemptid: unfinished.id, preflightdata });
        attemptid = unfinished.id;
      } else {
        const started = await call(modQuizStartAttempt, { quizid: quiz.id, preflightdata });
        if (!started.attempt) {
          win?.close();
          setPreflight(false);
          await alertDialog(s('startattemptheader'), started.warnings.map((w) => w.message).join(' '));
          return;
        }
        attemptid = started.attempt.id;
      }
      setPreflight(false);
      const url = unfinished?.state === 'overdue' ? relativeUrl('/mod/quiz/summary.php', { attempt: attemptid, cmid: cm.id }) : attemptUrl(cm.id, attemptid);
      if (win) {
        win.location.href = url;
        await refresh();
        return;
      }
      if (popup) await alertDialog(s('startattemptheader'), s('popupblocked'));
      void navigate(url);
    } catch (error) {
      win?.close();
      if (error instanceof AjaxError && error.errorcode === 'passworderror') setPasswordError(error.fielderrors?.[0]?.message ?? error.message);
      else {
        setPreflight(false);
        await showException(error);
      }
    } finally {
      setPending(false);
    }
  };

  const start = () => {
    if (aa.ispreflightcheckrequired) setPreflight(true);
    else void go([]);
  };

  const actions = (
    <div className="quiz-actions">
      {info.canmanage && (
        <a className="btn btn-secondary" href={relativeUrl('/mod/quiz/edit.php', { cmid: cm.id })}>
          {s('editquiz')}
        </a>
      )}
      {info.canviewreports && (
        <a className="btn btn-secondary" href={relativeUrl('/mod/quiz/report.php', { id: cm.id })}>
          {s('results')}
        </a>
      )}
    </div>
  );

  return (
    <QuizPage cm={cm} actions={actions}>
      <section className="card quiz-info">
        {quiz.intro && <div className="rich-text module-intro" dangerouslySetInnerHTML={{ __html: quiz.intro }} />}
        <ul className="quiz-rules">
          {info.accessrules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
          <li>
            {s('grademethod')}: {s(GRADE_METHOD_STRINGS[quiz.grademethod] ?? 'gradehighest')}
          </li>
        </ul>
      </section>

      {info.canattempt && <AttemptsTable s={s} quiz={quiz} cmid={cm.id} attempts={list} />}
      {best.data?.hasgrade && best.data.grade !== undefined && (
        <p className="quiz-final-grade">{s('yourfinalgradeis', `${formatNumber(best.data.grade, quiz.decimalpoints)} / ${formatNumber(quiz.grade, quiz.decimalpoints)}`)}</p>
      )}

      {[...info.preventaccessreasons, ...(unfinished ? [] : aa.preventnewattemptreasons)].map((reason) => (
        <div key={reason} className="alert alert-warning" role="status">
          {reason}
        </div>
      ))}
      {quiz.hasquestions === 0 && <div className="alert alert-info">{s('noquestionsfound')}</div>}
      {canStart && (
        <div className="quiz-start">
          <PendingButton isPending={pending} pendingKind="working" className="btn btn-primary" onPress={start}>
            {label}
          </PendingButton>
        </div>
      )}
      {preflight && (
        <PreflightDialog
          s={s}
          parts={unfinished ? aa.preflightparts.filter((p) => p === 'quizpassword') : aa.preflightparts}
          timelimitText={minutesText(s, quiz.timelimit)}
          pending={pending}
          passwordError={passwordError}
          onSubmit={(data) => void go(data)}
          onClose={() => {
            setPreflight(false);
            setPasswordError(undefined);
          }}
        />
      )}
    </QuizPage>
  );
}

function AttemptsTable({ s, quiz, cmid, attempts }: { s: StringLookup; quiz: Quiz; cmid: number; attempts: Attempt[] }) {
  if (attempts.length === 0) return <p className="quiz-empty">{s('noattemptsyet')}</p>;
  const showMarks = (quiz.reviewmarks & AFTER) !== 0;
  const reviewable = (quiz.reviewattempt & AFTER) !== 0;
  return (
    <section className="card">
      <h2>{s('summaryofattempts')}</h2>
      <div className="table-scroll">
        <table className="table quiz-attempts">
          <thead>
            <tr>
              <th scope="col">{s('attempt')}</th>
              <th scope="col">{s('state')}</th>
              {showMarks && <th scope="col">{s('gradeoutof', formatNumber(quiz.grade, quiz.decimalpoints))}</th>}
              <th scope="col">{s('review')}</th>
            </tr>
          </thead>
          <tbody>
            {attempts.map((a) => (
              <tr key={a.id}>
                <th scope="row">{a.attempt}</th>
                <td>
                  {s(`state${a.state}`)}
                  {a.timefinish > 0 && <div className="quiz-muted">{`${s('completedon')} ${formatDateTime(a.timefinish)}`}</div>}
                </td>
                {showMarks && <td>{a.state === 'finished' ? rescaled(quiz, a.sumgrades) : ''}</td>}
                <td>
                  {a.state === 'finished' && reviewable ? (
                    <a href={relativeUrl('/mod/quiz/review.php', { attempt: a.id, cmid })}>{s('review')}</a>
                  ) : a.state === 'inprogress' || a.state === 'overdue' ? (
                    s('notfinished')
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
