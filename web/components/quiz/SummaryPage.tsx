import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { modQuizGetAttemptSummary, modQuizProcessAttempt } from '../../../api/quiz';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading } from '../../app/Page';
import { AjaxError, call } from '../../platform/ajax';
import { confirmDialog, showException } from '../../platform/dialogs';
import { formatDateTime } from '../../platform/intl';
import { PendingButton } from '../../platform/PendingButton';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import type { ModuleInfo } from '../mod/ModuleView';
import { Countdown } from './Countdown';
import { QuizPage, useCmid, WithQuiz } from './QuizFrame';
import { QUIZ_STRINGS } from './strings';

/** `/mod/quiz/summary.php?attempt=<id>&cmid=<cmid>`: every question's state, then "Submit all and finish". */
export function SummaryPage() {
  const cmid = useCmid('cmid');
  const [params] = useSearchParams();
  const attemptid = Number(params.get('attempt'));
  return <WithQuiz cmid={cmid}>{(cm) => <Summary cm={cm} attemptid={attemptid} />}</WithQuiz>;
}

function Summary({ cm, attemptid }: { cm: ModuleInfo; attemptid: number }) {
  const s = useStrings('mod_quiz', QUIZ_STRINGS);
  const navigate = useNavigate();
  const summary = useWsQuery(modQuizGetAttemptSummary, { attemptid }, { meta: { quiet: true }, gcTime: 0 });
  const [pending, setPending] = useState(false);
  if (summary.error instanceof AjaxError && summary.error.errorcode === 'attemptalreadyclosed') return <Navigate to={relativeUrl('/mod/quiz/review.php', { attempt: attemptid, cmid: cm.id })} replace />;
  if (summary.error) return <ErrorPage message={summary.error.message} />;
  if (summary.isPending) return <Loading />;
  const reviewUrl = relativeUrl('/mod/quiz/review.php', { attempt: attemptid, cmid: cm.id });

  /** Finishing, or at zero time up: with a grace period that makes the attempt overdue, and the summary shows it. */
  const finish = async (timeup: boolean) => {
    if (!timeup) {
      const ok = await confirmDialog({ title: s('confirmsubmitheader'), message: s('confirmsubmit'), confirmLabel: s('submitallandfinish'), cancelLabel: s('cancel') });
      if (!ok) return;
    }
    setPending(true);
    try {
      const done = await call(modQuizProcessAttempt, { attemptid, finishattempt: !timeup, timeup });
      if (done.state === 'overdue' || done.state === 'inprogress') await summary.refetch();
      else void navigate(reviewUrl, { replace: true });
    } catch (error) {
      await showException(error);
    } finally {
      setPending(false);
    }
  };

  const overdue = summary.data.state === 'overdue';
  return (
    <QuizPage cm={cm} subpage={s('summaryofattempt')}>
      {overdue ? (
        <div className="alert alert-warning quiz-overdue" role="status">
          {s('overduemustbesubmittedby', formatDateTime(summary.data.duedate))}
        </div>
      ) : (
        summary.data.endtime > 0 && <Countdown endtime={summary.data.endtime} label={s('timeleft')} onExpire={() => void finish(true)} />
      )}
      <section className="card">
        <div className="table-scroll">
          <table className="table quiz-summary">
            <thead>
              <tr>
                <th scope="col">{s('question')}</th>
                <th scope="col">{s('state')}</th>
              </tr>
            </thead>
            <tbody>
              {summary.data.questions.map((q) => (
                <tr key={q.slot} className={`quiz-summary-${q.state}`}>
                  <th scope="row">
                    {overdue ? q.number : <a href={`${relativeUrl('/mod/quiz/attempt.php', { attempt: attemptid, cmid: cm.id, page: q.page })}#question-${q.slot}`}>{q.number}</a>}
                    {q.flagged && <span className="quiz-flag-mark"> ⚑</span>}
                  </th>
                  <td>{q.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <div className="form-actions quiz-summary-actions">
        {!overdue && (
          <a className="btn btn-secondary" href={relativeUrl('/mod/quiz/attempt.php', { attempt: attemptid, cmid: cm.id, page: 0 })}>
            {s('returnattempt')}
          </a>
        )}
        <PendingButton isPending={pending} className="btn btn-primary" onPress={() => void finish(false)}>
          {s('submitallandfinish')}
        </PendingButton>
      </div>
    </QuizPage>
  );
}
