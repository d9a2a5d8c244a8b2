import { useEffect } from 'react';
import { Link } from 'react-router';
import {
  coreCompetencyUserCompetencyPlanViewed,
  coreCompetencyUserCompetencyViewedInCourse,
  coreCompetencyUserCompetencyViewedInPlan,
  toolLpDataForUserCompetencySummary,
  toolLpDataForUserCompetencySummaryInCourse,
  toolLpDataForUserCompetencySummaryInPlan,
} from '../../../api/usercompetency';
import type { UserCompetencySummary } from '../../../api/competencyshapes';
import { Loading } from '../../app/Page';
import { call } from '../../platform/ajax';
import { ModalDialog } from '../../platform/dialogs';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import type { StringLookup } from '../../platform/useStrings';
import { UserCompetencySummaryView, type SummaryPlace } from './UserCompetencySummaryView';

export type SummaryTarget = { kind: 'plan'; planid: number; userid: number; competencyid: number } | { kind: 'course'; courseid: number; userid: number; competencyid: number } | { kind: 'user'; userid: number; competencyid: number };

/** The summary of a user competency where the target says, logging the view (once it has loaded). */
export function useTargetSummary(target: SummaryTarget): { summary: UserCompetencySummary | undefined; error: Error | null } {
  const inPlan = useWsQuery(toolLpDataForUserCompetencySummaryInPlan, { competencyid: target.competencyid, planid: target.kind === 'plan' ? target.planid : 0 }, { enabled: target.kind === 'plan', meta: { quiet: true } });
  const inCourse = useWsQuery(
    toolLpDataForUserCompetencySummaryInCourse,
    { competencyid: target.competencyid, userid: target.userid, courseid: target.kind === 'course' ? target.courseid : 0 },
    { enabled: target.kind === 'course', meta: { quiet: true } },
  );
  const direct = useWsQuery(toolLpDataForUserCompetencySummary, { userid: target.userid, competencyid: target.competencyid }, { enabled: target.kind === 'user', meta: { quiet: true } });
  const query = target.kind === 'plan' ? inPlan : target.kind === 'course' ? inCourse : direct;
  const summary = target.kind === 'plan' ? inPlan.data?.usercompetencysummary : target.kind === 'course' ? inCourse.data?.usercompetencysummary : direct.data;
  const loaded = summary !== undefined;
  const frozen = summary?.usercompetencyplan !== undefined;
  const key = JSON.stringify(target);
  useEffect(() => {
    if (!loaded) return;
    // The view is logged after the summary loads, as Moodle's pages do; a failed log is not the user's concern.
    const logged =
      target.kind === 'plan'
        ? call(frozen ? coreCompetencyUserCompetencyPlanViewed : coreCompetencyUserCompetencyViewedInPlan, { competencyid: target.competencyid, userid: target.userid, planid: target.planid })
        : target.kind === 'course'
          ? call(coreCompetencyUserCompetencyViewedInCourse, { competencyid: target.competencyid, userid: target.userid, courseid: target.courseid })
          : Promise.resolve(true);
    logged.catch(() => undefined);
    // Logged once per target.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, key]);
  return { summary, error: query.error };
}

export function placeOf(target: SummaryTarget): SummaryPlace {
  return target.kind === 'plan' ? { kind: 'plan', planid: target.planid } : target.kind === 'course' ? { kind: 'course', courseid: target.courseid } : { kind: 'user' };
}

/** The user competency summary in a dialogue (from a plan row, a report cell), with a link to its own page. */
export function UserCompetencySummaryDialog({ target, s, onClose }: { target: SummaryTarget; s: StringLookup; onClose: () => void }) {
  const { summary, error } = useTargetSummary(target);
  const page =
    target.kind === 'plan'
      ? relativeUrl('/admin/tool/lp/user_competency_in_plan.php', { userid: target.userid, competencyid: target.competencyid, planid: target.planid })
      : target.kind === 'course'
        ? relativeUrl('/admin/tool/lp/user_competency_in_course.php', { userid: target.userid, competencyid: target.competencyid, courseid: target.courseid })
        : undefined;
  return (
    <ModalDialog isOpen title={summary ? s('usercompetencysummaryof', summary.user.fullname) : s('usercompetencysummary')} onClose={onClose}>
      {error ? (
        <div className="alert alert-error" role="alert">
          <p className="alert-message">{error.message}</p>
        </div>
      ) : !summary ? (
        <Loading />
      ) : (
        <>
          <UserCompetencySummaryView summary={summary} place={placeOf(target)} s={s} />
          {page && (
            <p>
              <Link to={page}>{s('openpage')}</Link>
            </p>
          )}
        </>
      )}
    </ModalDialog>
  );
}
