import type { UserCompetencySummary } from '../../../api/competencyshapes';
import type { Context } from '../../platform/access/types';
import type { CallContext } from '../../ws/method';
import type { CompetencyRow } from './access';
import { linkedCompetencies } from './linked';
import { userSummary } from './people';
import type { UserCompetencyCourseRow, UserCompetencyPlanRow } from './plan-tables';
import { exportEvidence, exportUserCompetencies, exportUserCompetencyCourse, exportUserCompetencyPlan, unsavedUserCompetency } from './rating-export';
import type { UserRights } from './rights';

/** The most evidence a summary lists, newest first. */
export const EVIDENCE_SHOWN = 200;

export interface SummaryOptions {
  /** A complete plan's frozen rating, with evidence up to the plan's completion. */
  frozen?: { row: UserCompetencyPlanRow; until: number };
  /** A course rating, shown beside the live one. */
  course?: UserCompetencyCourseRow;
  cangrade: boolean;
  /** Where identity fields are decided (the course for in-course summaries). */
  context?: Context;
}

/** A user's rating of a competency with its evidence (tool_lp's user competency summary). */
export async function userCompetencySummary(ctx: CallContext, rights: UserRights, competency: CompetencyRow, options: SummaryOptions): Promise<UserCompetencySummary> {
  const userid = rights.userid;
  const { list, scales } = await linkedCompetencies(ctx, [competency]);
  const linked = list[0];
  if (!linked) throw new Error('competency summary: the competency did not export');
  const scale = scales.get(competency.id);
  const live = await ctx.db.selectFrom('competency_usercomp').selectAll().where('userid', '=', userid).where('competencyid', '=', competency.id).executeTakeFirst();
  let evidenceQuery = ctx.db
    .selectFrom('competency_evidence')
    .selectAll()
    .where('usercompetencyid', '=', live?.id ?? 0)
    .orderBy('timecreated', 'desc')
    .orderBy('id', 'desc')
    .limit(EVIDENCE_SHOWN);
  if (options.frozen) evidenceQuery = evidenceQuery.where('timecreated', '<=', options.frozen.until);
  const evidenceRows = live ? await evidenceQuery.execute() : [];
  const [usercompetency] = options.frozen ? [] : await exportUserCompetencies(ctx, [live ?? unsavedUserCompetency(userid, competency.id)], scales, () => rights);
  return {
    showrelatedcompetencies: false,
    cangrade: options.cangrade,
    competency: linked,
    user: await userSummary(ctx, userid, options.context ?? rights.context),
    ...(usercompetency ? { usercompetency } : {}),
    ...(options.frozen ? { usercompetencyplan: exportUserCompetencyPlan(ctx, options.frozen.row, scale) } : {}),
    ...(options.course ? { usercompetencycourse: exportUserCompetencyCourse(ctx, options.course, scale) } : {}),
    evidence: await exportEvidence(ctx, evidenceRows, scale, rights),
  };
}
