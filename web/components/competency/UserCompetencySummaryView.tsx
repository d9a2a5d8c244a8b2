import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { Evidence, UserCompetencySummary } from '../../../api/competencyshapes';
import { reportCompetencyDataForBreakdown, reportCompetencyDataForReport, toolLpDataForCourseCompetenciesPage } from '../../../api/coursecompetency';
import { toolLpDataForPlanPage } from '../../../api/plans';
import {
  coreCompetencyDeleteEvidence,
  coreCompetencyGradeCompetency,
  coreCompetencyGradeCompetencyInCourse,
  coreCompetencyGradeCompetencyInPlan,
  coreCompetencyUserCompetencyCancelReviewRequest,
  coreCompetencyUserCompetencyRequestReview,
  coreCompetencyUserCompetencyStartReview,
  coreCompetencyUserCompetencyStopReview,
  toolLpDataForUserCompetencySummary,
  toolLpDataForUserCompetencySummaryInCourse,
  toolLpDataForUserCompetencySummaryInPlan,
} from '../../../api/usercompetency';
import { confirmDialog } from '../../platform/dialogs';
import { addNotification } from '../../platform/notifications';
import { PendingButton } from '../../platform/PendingButton';
import { useWsMutation } from '../../platform/query';
import { formatDateTime } from '../../platform/intl';
import { htmlToText } from '../../platform/text';
import type { StringLookup } from '../../platform/useStrings';
import { GradeDialog } from './GradeDialog';
import { pathText } from './LinkedCompetencyList';

/** Where the summary is shown: rating there goes to the plan, the course, or the user directly. */
export type SummaryPlace = { kind: 'user' } | { kind: 'plan'; planid: number } | { kind: 'course'; courseid: number };

/** Every query a rating or review changes. */
const AFFECTED = [
  toolLpDataForUserCompetencySummary,
  toolLpDataForUserCompetencySummaryInPlan,
  toolLpDataForUserCompetencySummaryInCourse,
  toolLpDataForPlanPage,
  toolLpDataForCourseCompetenciesPage,
  reportCompetencyDataForReport,
  reportCompetencyDataForBreakdown,
];

type ReviewStep = 'request' | 'cancel' | 'start' | 'stop';

interface SummaryViewProps {
  summary: UserCompetencySummary;
  place: SummaryPlace;
  s: StringLookup;
}

/**
 * A user's rating of one competency: the rating, the review and its actions, rating, and the evidence.
 * A review step that succeeds says so in a notification and refreshes every view of the rating (the
 * page's "status changed" event); one that fails shows its error beside the buttons (the "error" event).
 */
export function UserCompetencySummaryView({ summary, place, s }: SummaryViewProps) {
  const { competency, user } = summary;
  const uc = summary.usercompetency;
  const frozen = summary.usercompetencyplan;
  const rating = summary.usercompetencycourse ?? frozen ?? uc;
  const [grading, setGrading] = useState(false);
  const [reviewError, setReviewError] = useState('');
  const steps = {
    request: useWsMutation(coreCompetencyUserCompetencyRequestReview, AFFECTED, { quiet: true }),
    cancel: useWsMutation(coreCompetencyUserCompetencyCancelReviewRequest, AFFECTED, { quiet: true }),
    start: useWsMutation(coreCompetencyUserCompetencyStartReview, AFFECTED, { quiet: true }),
    stop: useWsMutation(coreCompetencyUserCompetencyStopReview, AFFECTED, { quiet: true }),
  };
  const gradeUser = useWsMutation(coreCompetencyGradeCompetency, AFFECTED);
  const gradePlan = useWsMutation(coreCompetencyGradeCompetencyInPlan, AFFECTED);
  const gradeCourse = useWsMutation(coreCompetencyGradeCompetencyInCourse, AFFECTED);
  const removeEvidence = useWsMutation(coreCompetencyDeleteEvidence, AFFECTED);
  const rated = {
    onSuccess: () => {
      setGrading(false);
      void addNotification({ message: s('ratingsaved'), type: 'success' });
    },
  };

  const review = (step: ReviewStep) => {
    setReviewError('');
    steps[step].mutate(
      { userid: user.id, competencyid: competency.competency.id },
      {
        onSuccess: () => void addNotification({ message: s(`review_${step}_done`), type: 'success' }),
        onError: (error) => setReviewError(error.message),
      },
    );
  };

  const rate = (grade: number, note: string) => {
    const base = { competencyid: competency.competency.id, grade, note };
    if (place.kind === 'plan') gradePlan.mutate({ ...base, planid: place.planid }, rated);
    else if (place.kind === 'course') gradeCourse.mutate({ ...base, courseid: place.courseid, userid: user.id }, rated);
    else gradeUser.mutate({ ...base, userid: user.id }, rated);
  };

  const askDelete = async (evidence: Evidence) => {
    const yes = await confirmDialog({ title: s('deleteevidence'), message: s('deleteevidenceconfirm', evidence.description), confirmLabel: s('deleteevidence'), cancelLabel: s('cancel'), destructive: true });
    if (yes) removeEvidence.mutate({ id: evidence.id });
  };

  const reviewButtons: Array<[ReviewStep, boolean, string]> = uc
    ? [
        ['request', uc.isrequestreviewallowed, 'requestreview'],
        ['cancel', uc.iscancelreviewrequestallowed, 'cancelreviewrequest'],
        ['start', uc.isstartreviewallowed, 'startreview'],
        ['stop', uc.isstopreviewallowed, 'stopreview'],
      ]
    : [];
  const canRate = summary.cangrade && !frozen;
  const busy = Object.values(steps).some((m) => m.isPending);

  return (
    <div className="uc-summary">
      <div className="uc-summary-head">
        <div>
          <h2 className="uc-summary-title">
            {competency.competency.shortname} <span className="muted small">{competency.competency.idnumber}</span>
          </h2>
          <p className="muted small">{pathText(competency.comppath)}</p>
        </div>
        <div className="uc-summary-actions">
          {canRate && (
            <Button className="btn btn-primary" onPress={() => setGrading(true)}>
              {s('rate')}
            </Button>
          )}
          {reviewButtons
            .filter(([, allowed]) => allowed)
            .map(([step, , label]) => (
              <PendingButton isPending={steps[step].isPending} key={step} className="btn btn-secondary" isDisabled={busy} onPress={() => review(step)}>
                {s(label)}
              </PendingButton>
            ))}
        </div>
      </div>
      {reviewError && (
        <div className="alert alert-error" role="alert">
          <p className="alert-message">{reviewError}</p>
        </div>
      )}
      {competency.competency.description && <p>{htmlToText(competency.competency.description)}</p>}
      <dl className="uc-facts">
        <div>
          <dt>{s('rating')}</dt>
          <dd>{rating?.gradename ?? '-'}</dd>
        </div>
        <div>
          <dt>{s('proficient')}</dt>
          <dd>{rating?.proficiency === null || rating === undefined ? '-' : rating.proficiencyname}</dd>
        </div>
        {uc && (
          <div>
            <dt>{s('reviewstatus')}</dt>
            <dd>
              {uc.isstatusidle ? s('usercompetencystatus_idle') : uc.statusname}
              {uc.reviewer && <span className="muted"> · {s('reviewer', uc.reviewer.fullname)}</span>}
            </dd>
          </div>
        )}
        {summary.usercompetencycourse && uc && (
          <div>
            <dt>{s('ratinginplans')}</dt>
            <dd>{uc.gradename}</dd>
          </div>
        )}
      </dl>
      {frozen && <p className="muted small">{s('frozenrating')}</p>}
      <h3 className="uc-evidence-title">{s('evidence')}</h3>
      {summary.evidence.length === 0 ? (
        <p className="muted">{s('noevidence')}</p>
      ) : (
        <ul className="evidence-list">
          {summary.evidence.map((e) => (
            <li key={e.id} className="evidence-item">
              <div className="evidence-main">
                <p className="evidence-description">{e.description}</p>
                {e.note && <p className="evidence-note">{e.note}</p>}
                <p className="muted small">
                  {e.grade !== null && <span className="badge">{e.gradename}</span>} {formatDateTime(e.timecreated)}
                  {e.actionuser && <> · {e.actionuser.fullname}</>}
                  {e.url && (
                    <>
                      {' '}
                      · <a href={e.url}>{s('evidencelink')}</a>
                    </>
                  )}
                </p>
              </div>
              {e.candelete && (
                <Button className="btn btn-link danger" onPress={() => void askDelete(e)} aria-label={s('deleteevidencenamed', e.description)}>
                  {s('delete')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {grading && (
        <GradeDialog
          competency={competency.competency.shortname}
          scalevalues={competency.scalevalues}
          current={rating?.grade ?? null}
          pending={gradeUser.isPending || gradePlan.isPending || gradeCourse.isPending}
          s={s}
          onRate={rate}
          onClose={() => setGrading(false)}
        />
      )}
    </div>
  );
}
