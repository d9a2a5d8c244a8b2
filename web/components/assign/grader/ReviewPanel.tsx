import type { GradingPanel } from '../../../../api/assign';
import { formatDateTime } from '../../../platform/intl';
import type { StringLookup } from '../../../platform/useStrings';
import { formatSize } from '../format';

interface ReviewPanelProps {
  panel: GradingPanel;
  s: StringLookup;
}

/** The learner's submission: status, when it was last changed (late or not), the online text and the files. */
export function ReviewPanel({ panel, s }: ReviewPanelProps) {
  const { submission } = panel;
  if (!submission || submission.status === 'new') {
    return (
      <div className="grader-review-empty empty-state">
        <p>{s('nosubmission')}</p>
      </div>
    );
  }
  return (
    <div className="grader-review-body">
      <dl className="grader-facts">
        <div>
          <dt>{s('submissionstatus')}</dt>
          <dd>
            <span className={`badge grader-status-${submission.status}`}>{s(`submissionstatus_${submission.status}`)}</span>
            {submission.late && <span className="badge grader-badge-late">{s('latebadge')}</span>}
          </dd>
        </div>
        <div>
          <dt>{s('lastmodified')}</dt>
          <dd>{formatDateTime(submission.timemodified, '-')}</dd>
        </div>
      </dl>
      {submission.onlinetext && (
        <section className="grader-onlinetext" aria-labelledby="grader-onlinetext-heading">
          <h3 id="grader-onlinetext-heading">{s('onlinetext')}</h3>
          {/* Sanitised on the server (mod_assign_get_grading_panel). */}
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: submission.onlinetext }} />
        </section>
      )}
      <section className="grader-files" aria-labelledby="grader-files-heading">
        <h3 id="grader-files-heading">{s('submissionfiles')}</h3>
        {submission.files.length === 0 ? (
          <p className="muted">{s('nofiles')}</p>
        ) : (
          <ul>
            {submission.files.map((file) => (
              <li key={file.filepath + file.filename}>
                <a href={file.fileurl} target="_blank" rel="noopener">
                  {file.filename}
                </a>{' '}
                <span className="muted small">{formatSize(file.filesize, s)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
