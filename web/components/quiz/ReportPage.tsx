import { useState } from 'react';
import { Button } from 'react-aria-components';
import { modQuizGetAttemptsReport, modQuizRegradeAttempts, type Quiz } from '../../../api/quiz';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading } from '../../app/Page';
import { formatDateTime, formatNumber } from '../../platform/intl';
import { addNotification } from '../../platform/notifications';
import { Pager } from '../../platform/Pager';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import type { ModuleInfo } from '../mod/ModuleView';
import { QuizPage, useCmid, WithQuiz } from './QuizFrame';
import { QUIZ_STRINGS } from './strings';

const PER_PAGE = 30;

/** `/mod/quiz/report.php?id=<cmid>`: every attempt with its grade and the mark of each question; regrade all. */
export function ReportPage() {
  const cmid = useCmid('id');
  return <WithQuiz cmid={cmid}>{(cm, quiz) => <Report cm={cm} quiz={quiz} />}</WithQuiz>;
}

function Report({ cm, quiz }: { cm: ModuleInfo; quiz: Quiz }) {
  const s = useStrings('mod_quiz', QUIZ_STRINGS);
  const [page, setPage] = useState(0);
  const report = useWsQuery(modQuizGetAttemptsReport, { quizid: quiz.id, page, perpage: PER_PAGE });
  const regrade = useWsMutation(modQuizRegradeAttempts, [modQuizGetAttemptsReport]);
  if (report.error) return <ErrorPage message={report.error.message} />;
  if (report.isPending) return <Loading />;
  const r = report.data;
  const run = (dryrun: boolean) =>
    regrade.mutate({ quizid: quiz.id, dryrun }, { onSuccess: (done) => void addNotification({ message: s(dryrun ? 'regradedryrundone' : 'regradedone', done), type: dryrun ? 'info' : 'success' }) });
  const actions = (
    <div className="quiz-actions">
      <Button className="btn btn-secondary" isDisabled={regrade.isPending || r.total === 0} onPress={() => run(true)}>
        {regrade.isPending && regrade.variables?.dryrun && <span className="spinner" aria-hidden="true" />}
        {s('regradedryrun')}
      </Button>
      <Button className="btn btn-secondary" isDisabled={regrade.isPending || r.total === 0} onPress={() => run(false)}>
        {regrade.isPending && !regrade.variables?.dryrun && <span className="spinner" aria-hidden="true" />}
        {s('regradeall')}
      </Button>
    </div>
  );
  return (
    <QuizPage cm={cm} subpage={s('attemptsreport')} actions={actions}>
      {r.rows.length === 0 ? (
        <p className="card quiz-empty">{s('noattempts')}</p>
      ) : (
        <section className="card">
          {/* Wide tables scroll sideways: the scrolling box takes focus so keyboards can scroll it. */}
          <div className="table-scroll" tabIndex={0} role="group" aria-label={s('attemptsreport')}>
            <table className="table quiz-report">
              <thead>
                <tr>
                  <th scope="col">{s('name')}</th>
                  <th scope="col">{s('attempt')}</th>
                  <th scope="col">{s('state')}</th>
                  <th scope="col">{s('startedon')}</th>
                  <th scope="col">{s('completedon')}</th>
                  <th scope="col">{s('gradeoutof', formatNumber(r.grade, r.decimalpoints))}</th>
                  {r.slots.map((slot) => (
                    <th scope="col" key={slot.slot} title={slot.name}>
                      {`Q${slot.slot}`}
                      <span className="quiz-muted">/{formatNumber(slot.maxmark, 2)}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {r.rows.map((row) => {
                  const marks = new Map(row.marks.map((m) => [m.slot, m.mark]));
                  return (
                    <tr key={row.attemptid}>
                      <th scope="row">{row.fullname}</th>
                      <td>{row.state === 'finished' ? <a href={relativeUrl('/mod/quiz/review.php', { attempt: row.attemptid, cmid: cm.id })}>{row.attempt}</a> : row.attempt}</td>
                      <td>{s(`state${row.state}`)}</td>
                      <td>{formatDateTime(row.timestart)}</td>
                      <td>{formatDateTime(row.timefinish)}</td>
                      <td className="quiz-num">{row.grade === null ? '-' : formatNumber(row.grade, r.decimalpoints)}</td>
                      {r.slots.map((slot) => {
                        const mark = marks.get(slot.slot);
                        return (
                          <td key={slot.slot} className="quiz-num">
                            {mark === undefined || mark === null ? '-' : formatNumber(mark, 2)}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={Math.ceil(r.total / PER_PAGE)} onChange={setPage} />
        </section>
      )}
    </QuizPage>
  );
}
