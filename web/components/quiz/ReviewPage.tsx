import { useSearchParams } from 'react-router';
import { modQuizGetAttemptReview } from '../../../api/quiz';
import { Loading } from '../../app/Page';
import { formatDateTime } from '../../platform/intl';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import type { ModuleInfo } from '../mod/ModuleView';
import { QuestionCard } from './QuestionCard';
import { QuizPage, useCmid, WithQuiz } from './QuizFrame';
import { QUIZ_STRINGS } from './strings';

/** `/mod/quiz/review.php?attempt=<id>&cmid=<cmid>`: a finished attempt as the review options allow. */
export function ReviewPage() {
  const cmid = useCmid('cmid');
  const [params] = useSearchParams();
  const attemptid = Number(params.get('attempt'));
  return <WithQuiz cmid={cmid}>{(cm) => <Review cm={cm} attemptid={attemptid} />}</WithQuiz>;
}

function Review({ cm, attemptid }: { cm: ModuleInfo; attemptid: number }) {
  const s = useStrings('mod_quiz', QUIZ_STRINGS);
  const review = useWsQuery(modQuizGetAttemptReview, { attemptid }, { meta: { quiet: true } });
  const back = relativeUrl('/mod/quiz/view.php', { id: cm.id });
  if (review.isPending && !review.error) return <Loading />;
  if (review.error) {
    return (
      <QuizPage cm={cm} subpage={s('review')}>
        <div className="alert alert-info" role="status">
          {review.error.message}
        </div>
        <a className="btn btn-secondary" href={back}>
          {s('back')}
        </a>
      </QuizPage>
    );
  }
  const r = review.data;
  return (
    <QuizPage cm={cm} subpage={s('reviewofattempt', r.attempt.attempt)}>
      <section className="card">
        <table className="table quiz-review-summary">
          <tbody>
            <tr>
              <th scope="row">{s('startedon')}</th>
              <td>{formatDateTime(r.attempt.timestart)}</td>
            </tr>
            <tr>
              <th scope="row">{s('completedon')}</th>
              <td>{formatDateTime(r.attempt.timefinish)}</td>
            </tr>
            {r.additionaldata.map((item) => (
              <tr key={item.id}>
                <th scope="row">{item.title}</th>
                <td>{item.content}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {r.questions.map((q) => (
        <QuestionCard key={q.slot} question={q} s={s} />
      ))}
      <div className="form-actions">
        <a className="btn btn-primary" href={back}>
          {s('finishreview')}
        </a>
      </div>
    </QuizPage>
  );
}
