import { Link } from 'react-router';
import { formatDateTime } from '../../platform/intl';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { FeedbackPage, WithFeedback, type FeedbackScreen } from './FeedbackPage';
import { FEEDBACK_STRINGS } from './strings';

/** `/mod/feedback/view.php?id=<cmid>`: the feedback's description, its state, and the way to each of its screens. */
export function FeedbackView() {
  return <WithFeedback>{(screen) => <Overview {...screen} />}</WithFeedback>;
}

function Overview({ cm, feedback, access }: FeedbackScreen) {
  const s = useStrings('mod_feedback', FEEDBACK_STRINGS);
  const link = (file: string) => relativeUrl(`/mod/feedback/${file}`, { id: cm.id });
  const actions = (
    <div className="feedback-actions">
      {access.canedititems && (
        <Link className="btn btn-secondary" to={link('edit.php')}>
          {s('editquestions')}
        </Link>
      )}
      {access.canviewanalysis && (
        <Link className="btn btn-secondary" to={link('analysis.php')}>
          {s('analysis')}
        </Link>
      )}
    </div>
  );
  let notice: string | null = null;
  if (access.cancomplete) {
    if (!access.isopen) notice = s('feedback_is_not_open');
    else if (access.isempty) notice = s('no_items_available_yet');
    else if (!access.cansubmit) notice = s('this_feedback_is_already_submitted');
  }
  return (
    <FeedbackPage cm={cm} actions={actions}>
      <section className="card feedback-intro">
        {feedback.intro && <div className="rich-text" dangerouslySetInnerHTML={{ __html: feedback.intro }} />}
        <dl className="feedback-facts">
          <div>
            <dt>{s('mode')}</dt>
            <dd>{feedback.anonymous === 1 ? s('anonymous_user') : s('named_user')}</dd>
          </div>
          <div>
            <dt>{s('opens')}</dt>
            <dd>{formatDateTime(feedback.timeopen, s('notset'))}</dd>
          </div>
          <div>
            <dt>{s('closes')}</dt>
            <dd>{formatDateTime(feedback.timeclose, s('notset'))}</dd>
          </div>
        </dl>
      </section>
      {access.cancomplete && (
        <section className="card feedback-answer">
          {notice ? (
            <p className="alert alert-info" role="status">
              {notice}
            </p>
          ) : (
            <>
              {access.isalreadysubmitted && <p className="muted">{s('canmultiple')}</p>}
              <Link className="btn btn-primary" to={link('complete.php')}>
                {s('answerquestions')}
              </Link>
            </>
          )}
        </section>
      )}
    </FeedbackPage>
  );
}
