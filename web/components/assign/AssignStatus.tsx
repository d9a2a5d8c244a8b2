import { useEffect, useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { Link } from 'react-router';
import type { ResultOf } from '../../../api/contract';
import { modAssignGetSubmissionStatus, modAssignSubmitForGrading, modAssignViewAssign, modAssignViewSubmissionStatus, type AssignFile } from '../../../api/assign';
import { coreCompletionGetActivitiesCompletionStatus } from '../../../api/completion';
import { coreCourseGetContents } from '../../../api/course';
import { gradereportUserGetGradeItems } from '../../../api/grades';
import { Loading } from '../../app/Page';
import { ActionsMenu, type ActionsMenuItem } from '../../platform/ActionsMenu';
import { call } from '../../platform/ajax';
import { ModalDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation, useWsQuery } from '../../platform/query';
import { formatDateTime } from '../../platform/intl';
import { relativeUrl } from '../../platform/url';
import { useStrings, type StringLookup } from '../../platform/useStrings';
import type { ModuleInfo } from '../mod/ModuleView';
import { useRoleMenuItems } from '../role/useRoleMenuItems';
import { ModuleCompletion } from '../completion/ModuleCompletion';
import { AssignPage } from './AssignView';
import { formatDuration } from './duration';
import { formatSize } from './format';
import { ASSIGN_STRINGS } from './strings';

export type SubmissionStatusInfo = ResultOf<typeof modAssignGetSubmissionStatus>;
type Attempt = NonNullable<SubmissionStatusInfo['lastattempt']>;
type Feedback = NonNullable<SubmissionStatusInfo['feedback']>;

/** The online text (sanitised HTML) and files of a submission, from its plugins. */
export function submissionContent(submission: Attempt['submission']): { onlinetext: string; files: AssignFile[] } {
  const plugins = submission?.plugins ?? [];
  const onlinetext = plugins.flatMap((p) => p.editorfields ?? []).find((f) => f.name === 'onlinetext')?.text ?? '';
  const files = plugins.flatMap((p) => p.fileareas ?? []).flatMap((a) => a.files);
  return { onlinetext, files };
}

/** `/mod/assign/view.php?id=<cmid>`: the description, the learner's submission and feedback, and for graders the grading summary. */
export function AssignStatus({ cm }: { cm: ModuleInfo }) {
  const s = useStrings('mod_assign', ASSIGN_STRINGS);
  const status = useWsQuery(modAssignGetSubmissionStatus, { assignid: cm.instance }, { meta: { quiet: true } });
  const roleItems = useRoleMenuItems('module', cm.id, true);
  useEffect(() => {
    // Logs the view (Moodle's event); the page does not depend on it.
    call(modAssignViewSubmissionStatus, { assignid: cm.instance }).catch(() => undefined);
  }, [cm.instance]);
  if (status.error) {
    return (
      <AssignPage cm={cm}>
        <div className="alert alert-error" role="alert">
          <div className="alert-message">{status.error.message}</div>
        </div>
      </AssignPage>
    );
  }
  if (status.isPending) return <Loading />;
  const { assign, lastattempt, feedback, gradingsummary } = status.data;
  const menu: ActionsMenuItem[] = [
    ...(assign.canmanage ? [{ id: 'settings', label: s('editsettings'), href: relativeUrl('/course/modedit.php', { update: cm.id }) }] : []),
    ...(assign.canmanage && assign.gradingmethod === 'guide' ? [{ id: 'guide', label: s('defineguide'), href: relativeUrl('/grade/grading/form/guide/edit.php', { cmid: cm.id }) }] : []),
    ...(assign.canviewgrades ? [{ id: 'gradebook', label: s('viewgradebook'), href: relativeUrl('/grade/report/grader/index.php', { id: cm.courseid }) }] : []),
    ...(lastattempt && !assign.canviewgrades ? [{ id: 'mygrades', label: s('mygrades'), href: relativeUrl('/grade/report/user/index.php', { id: cm.courseid }) }] : []),
    ...roleItems,
  ];
  return (
    <AssignPage cm={cm} actions={<ActionsMenu items={menu} />}>
      <ModuleCompletion courseid={cm.courseid} cmid={cm.id} name={cm.name} view={{ contract: modAssignViewAssign, args: { assignid: cm.instance } }} />
      <AssignIntro status={status.data} />
      {gradingsummary && (assign.canviewgrades || assign.cangrade) && <GradingSummary cm={cm} status={status.data} />}
      {lastattempt && <LearnerSubmission cm={cm} status={status.data} attempt={lastattempt} />}
      {feedback && <FeedbackCard feedback={feedback} />}
    </AssignPage>
  );
}

function AssignIntro({ status }: { status: SubmissionStatusInfo }) {
  const s = useStrings('mod_assign', ASSIGN_STRINGS);
  const { assign } = status;
  const dates = [
    assign.allowsubmissionsfromdate > 0 && { label: s('opensfrom'), value: formatDateTime(assign.allowsubmissionsfromdate) },
    assign.duedate > 0 && { label: s('duedate'), value: formatDateTime(assign.duedate) },
    assign.cutoffdate > 0 && { label: s('cutoffdate'), value: formatDateTime(assign.cutoffdate) },
  ].filter((d): d is { label: string; value: string } => Boolean(d));
  if (!assign.intro && dates.length === 0) return null;
  return (
    <section className="card assign-intro">
      {dates.length > 0 && (
        <ul className="assign-dates">
          {dates.map((d) => (
            <li key={d.label}>
              <strong>{d.label}:</strong> {d.value}
            </li>
          ))}
        </ul>
      )}
      {/* Cleaned by the server before it is sent. */}
      {assign.intro && <div className="rich-text" dangerouslySetInnerHTML={{ __html: assign.intro }} />}
    </section>
  );
}

/** A table of label/value rows (the status and summary tables). */
function StatusTable({ label, rows }: { label: string; rows: Array<{ key: string; label: string; value: ReactNode; tone?: 'success' | 'warning' | 'danger' }> }) {
  return (
    <table className="table assign-status-table">
      <caption className="visually-hidden">{label}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className={row.tone ? `assign-row-${row.tone}` : undefined}>
            <th scope="row">{row.label}</th>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The current time in seconds, read once per page view (time remaining is a coarse figure). */
function useNow(): number {
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  return now;
}

function GradingSummary({ cm, status }: { cm: ModuleInfo; status: SubmissionStatusInfo }) {
  const s = useStrings('mod_assign', ASSIGN_STRINGS);
  const now = useNow();
  const { assign } = status;
  const summary = status.gradingsummary;
  if (!summary) return null;
  const remaining = assign.duedate > 0 ? assign.duedate - now : null;
  const rows = [
    ...(cm.visible === 0 ? [{ key: 'hidden', label: s('hiddenfromstudents'), value: s('yes') }] : []),
    { key: 'participants', label: s('numberofparticipants'), value: summary.participantcount },
    ...(assign.submissiondrafts ? [{ key: 'drafts', label: s('numberofdraftsubmissions'), value: summary.submissiondraftscount }] : []),
    { key: 'submitted', label: s('numberofsubmittedassignments'), value: summary.submissionssubmittedcount },
    { key: 'needsgrading', label: s('numberofsubmissionsneedgrading'), value: summary.submissionsneedgradingcount },
    { key: 'duedate', label: s('duedate'), value: assign.duedate ? formatDateTime(assign.duedate) : s('nodue') },
    ...(remaining !== null ? [{ key: 'remaining', label: s('timeremaining'), value: remaining > 0 ? formatDuration(remaining, s) : s('assignmentisdue') }] : []),
  ];
  const view = (action: string) => relativeUrl('/mod/assign/view.php', { id: cm.id, action });
  return (
    <section className="card" aria-labelledby="assign-summary-heading">
      <h2 id="assign-summary-heading">{s('gradingsummary')}</h2>
      <StatusTable label={s('gradingsummary')} rows={rows} />
      <div className="assign-actions">
        <Link className="btn btn-secondary" to={view('grading')}>
          {s('viewgrading')}
        </Link>
        {assign.cangrade && (
          <Link className="btn btn-primary" to={view('grader')}>
            {s('gradeverb')}
          </Link>
        )}
        {assign.canmanage && assign.gradingmethod === 'guide' && (
          <Link className="btn btn-secondary" to={relativeUrl('/grade/grading/form/guide/edit.php', { cmid: cm.id })}>
            {s('defineguide')}
          </Link>
        )}
      </div>
    </section>
  );
}

const STATUS_TONE: Record<string, 'success' | 'warning' | undefined> = { submitted: 'success', draft: 'warning' };

/** "Time remaining": left until the due date, overdue by, or (once submitted) how early or late it came. */
function timeRemaining(status: SubmissionStatusInfo, attempt: Attempt, s: StringLookup): { value: string; tone?: 'warning' | 'danger' } | null {
  const { assign } = status;
  const submission = attempt.submission;
  const due = attempt.extensionduedate ?? assign.duedate;
  if (!due) return null;
  if (submission?.status === 'submitted') {
    const diff = submission.timemodified - due;
    return diff > 0 ? { value: s('submittedlate', formatDuration(diff, s)), tone: 'warning' } : { value: s('submittedearly', formatDuration(-diff, s)) };
  }
  if (attempt.timeremaining === null) return null;
  return attempt.timeremaining > 0 ? { value: formatDuration(attempt.timeremaining, s) } : { value: s('overdue', formatDuration(-attempt.timeremaining, s)), tone: 'danger' };
}

function FileList({ files }: { files: AssignFile[] }) {
  const s = useStrings('mod_assign', ASSIGN_STRINGS);
  if (files.length === 0) return <span className="muted">{s('nofiles')}</span>;
  return (
    <ul className="assign-files">
      {files.map((file) => (
        <li key={file.filepath + file.filename}>
          <a href={file.fileurl} download>
            {file.filename}
          </a>{' '}
          <span className="muted small">({formatSize(file.filesize, s)})</span>
        </li>
      ))}
    </ul>
  );
}

function LearnerSubmission({ cm, status, attempt }: { cm: ModuleInfo; status: SubmissionStatusInfo; attempt: Attempt }) {
  const s = useStrings('mod_assign', ASSIGN_STRINGS);
  const [confirming, setConfirming] = useState(false);
  const now = useNow();
  const { assign } = status;
  const submission = attempt.submission;
  const state = submission?.status ?? 'new';
  const content = submissionContent(submission);
  const remaining = timeRemaining(status, attempt, s);
  const hasContent = state !== 'new';
  const rows = [
    { key: 'status', label: s('submissionstatus'), value: <span className={`badge assign-badge-${state}`}>{s(`submissionstatus_${state}`) || state}</span>, tone: STATUS_TONE[state] },
    { key: 'grading', label: s('gradingstatus'), value: s(attempt.gradingstatus) || attempt.gradingstatus, tone: attempt.gradingstatus === 'graded' ? ('success' as const) : undefined },
    ...(assign.duedate ? [{ key: 'duedate', label: s('duedate'), value: formatDateTime(attempt.extensionduedate ?? assign.duedate) }] : []),
    ...(remaining ? [{ key: 'remaining', label: s('timeremaining'), value: remaining.value, tone: remaining.tone }] : []),
    { key: 'modified', label: s('lastmodified'), value: hasContent && submission ? formatDateTime(submission.timemodified) : '-' },
    ...(assign.onlinetext_enabled
      ? [
          {
            key: 'onlinetext',
            label: s('onlinetext'),
            // Cleaned by the server before it is sent.
            value: content.onlinetext ? <div className="rich-text assign-onlinetext" dangerouslySetInnerHTML={{ __html: content.onlinetext }} /> : <span className="muted">-</span>,
          },
        ]
      : []),
    ...(assign.file_enabled ? [{ key: 'files', label: s('submissionfiles'), value: <FileList files={content.files} /> }] : []),
  ];
  const editUrl = relativeUrl('/mod/assign/view.php', { id: cm.id, action: 'editsubmission' });
  const canSubmit = attempt.cansubmit && assign.submissiondrafts && hasContent && state !== 'submitted';
  return (
    <section className="card" aria-labelledby="assign-status-heading">
      <h2 id="assign-status-heading">{s('submissionstatusheading')}</h2>
      <StatusTable label={s('submissionstatusheading')} rows={rows} />
      {!attempt.submissionsopen && state !== 'submitted' && (
        <p className="alert alert-info assign-notice">
          {assign.allowsubmissionsfromdate > now ? s('notopenyet', formatDateTime(assign.allowsubmissionsfromdate)) : s('submissionsclosed')}
        </p>
      )}
      {(attempt.canedit || canSubmit) && (
        <div className="assign-actions">
          {attempt.canedit && attempt.submissionsopen && (
            <Link className={`btn ${hasContent ? 'btn-secondary' : 'btn-primary'}`} to={editUrl}>
              {hasContent ? s('editsubmission') : s('addsubmission')}
            </Link>
          )}
          {canSubmit && (
            <Button className="btn btn-primary" onPress={() => setConfirming(true)}>
              {s('submitassignment')}
            </Button>
          )}
        </div>
      )}
      {canSubmit && <p className="field-help">{s('submitassignment_help')}</p>}
      {confirming && <SubmitDialog status={status} onClose={() => setConfirming(false)} />}
    </section>
  );
}

/** The confirmation before submitting, with the submission statement to accept when the assignment requires it. */
function SubmitDialog({ status, onClose }: { status: SubmissionStatusInfo; onClose: () => void }) {
  const s = useStrings('mod_assign', ASSIGN_STRINGS);
  const { assign } = status;
  const needsStatement = assign.requiresubmissionstatement && assign.submissionstatement !== '';
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const submit = useWsMutation(modAssignSubmitForGrading, [modAssignGetSubmissionStatus, gradereportUserGetGradeItems, coreCourseGetContents, coreCompletionGetActivitiesCompletionStatus]);
  const send = () => {
    if (needsStatement && !accepted) {
      setErrors([s('submissionstatementrequired')]);
      return;
    }
    submit.mutate(
      { assignmentid: assign.id, acceptsubmissionstatement: accepted },
      {
        onSuccess: (warnings) => {
          if (warnings.length > 0) {
            setErrors(warnings.map((w) => w.message));
            return;
          }
          onClose();
          void addNotification({ message: s('submittedforgrading'), type: 'success' });
        },
      },
    );
  };
  return (
    <ModalDialog
      isOpen
      role="alertdialog"
      title={s('confirmsubmissionheading')}
      onClose={onClose}
      footer={
        <>
          <Button className="btn btn-secondary" onPress={onClose}>
            {s('cancel')}
          </Button>
          <PendingButton isPending={submit.isPending} className="btn btn-primary" onPress={send} isDisabled={needsStatement && !accepted}>
            {s('submitassignment')}
          </PendingButton>
        </>
      }
    >
      <p>{s('confirmsubmission', assign.name)}</p>
      {needsStatement && (
        <div className="assign-statement">
          <h3 className="assign-statement-heading">{s('submissionstatementheading')}</h3>
          {/* Cleaned by the server before it is sent. */}
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: assign.submissionstatement }} />
          <label className="checkbox">
            <input type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} /> {s('submissionstatementaccept')}
          </label>
        </div>
      )}
      {errors.length > 0 && (
        <div className="alert alert-error" role="alert">
          <ul className="alert-message">
            {errors.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </div>
      )}
    </ModalDialog>
  );
}

function FeedbackCard({ feedback }: { feedback: Feedback }) {
  const s = useStrings('mod_assign', ASSIGN_STRINGS);
  const rows = [
    { key: 'grade', label: s('grade'), value: <strong className="assign-grade">{feedback.gradefordisplay || '-'}</strong> },
    ...(feedback.gradeddate ? [{ key: 'gradedon', label: s('gradedon'), value: formatDateTime(feedback.gradeddate) }] : []),
    ...(feedback.gradername ? [{ key: 'gradedby', label: s('gradedby'), value: feedback.gradername }] : []),
    // Cleaned by the server before it is sent.
    ...(feedback.comment ? [{ key: 'comments', label: s('feedbackcomments'), value: <div className="rich-text" dangerouslySetInnerHTML={{ __html: feedback.comment }} /> }] : []),
  ];
  return (
    <section className="card" aria-labelledby="assign-feedback-heading">
      <h2 id="assign-feedback-heading">{s('feedback')}</h2>
      <StatusTable label={s('feedback')} rows={rows} />
      {feedback.guide && <GuideFeedback guide={feedback.guide} />}
    </section>
  );
}

function GuideFeedback({ guide }: { guide: NonNullable<Feedback['guide']> }) {
  const s = useStrings('mod_assign', ASSIGN_STRINGS);
  return (
    <div className="table-scroll">
      <table className="table assign-guide-table">
        <caption>{s('gradingmethodguide')}</caption>
        <thead>
          <tr>
            <th scope="col">{s('criterion')}</th>
            <th scope="col">{s('score')}</th>
            <th scope="col">{s('remark')}</th>
          </tr>
        </thead>
        <tbody>
          {guide.criteria.map((c) => (
            <tr key={c.id}>
              <th scope="row">
                <span className="assign-criterion-name">{c.shortname}</span>
                {/* Cleaned by the server before it is sent. */}
                {c.description && <div className="rich-text muted small" dangerouslySetInnerHTML={{ __html: c.description }} />}
              </th>
              <td className="grade-number">{s('scoreof', { score: c.score ?? '-', max: c.maxscore })}</td>
              <td className="assign-remark">{c.remark || <span className="muted">-</span>}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{s('guidetotal')}</th>
            <td className="grade-number">
              <strong>{s('scoreof', { score: guide.total, max: guide.maxtotal })}</strong>
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
