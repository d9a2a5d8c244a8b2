import type { UserCompetency, UserCompetencyPlan } from '../../../api/competencyshapes';
import { PLAN_STATUS_COMPLETE } from '../../../api/competencyshapes';
import type { CallContext } from '../../ws/method';
import { competencyError } from './access';
import { linkedCompetencies, type LinkedCompetency } from './linked';
import type { PlanRow } from './plan-tables';
import { planCompetencyIds } from './plans';
import { exportUserCompetencies, exportUserCompetencyPlan, unsavedUserCompetency } from './rating-export';
import type { UserRights } from './rights';
import type { CompetencyScale } from './scales';

export interface PlanCompetencyEntry {
  linked: LinkedCompetency;
  /** The live rating (unsaved, id 0, when there is none) of a plan that is not complete. */
  usercompetency?: UserCompetency;
  /** The frozen rating of a complete plan. */
  usercompetencyplan?: UserCompetencyPlan;
}

/** A plan's competencies in order with exactly one of the owner's live or frozen ratings (reference §3.2). */
export async function planCompetencyEntries(ctx: CallContext, plan: PlanRow, rights: UserRights): Promise<PlanCompetencyEntry[]> {
  const { entries } = await planCompetencyEntriesWithScales(ctx, plan, rights);
  return entries;
}

export async function planCompetencyEntriesWithScales(ctx: CallContext, plan: PlanRow, rights: UserRights): Promise<{ entries: PlanCompetencyEntry[]; scales: Map<number, CompetencyScale> }> {
  const ids = await planCompetencyIds(ctx.db, plan);
  if (ids.length === 0) return { entries: [], scales: new Map() };
  const byId = new Map((await ctx.db.selectFrom('competency').selectAll().where('id', 'in', ids).execute()).map((r) => [r.id, r]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  const { list, scales } = await linkedCompetencies(ctx, rows);
  if (plan.status === PLAN_STATUS_COMPLETE) {
    const frozen = new Map((await ctx.db.selectFrom('competency_usercompplan').selectAll().where('planid', '=', plan.id).execute()).map((r) => [r.competencyid, r]));
    return {
      scales,
      entries: list.map((linked) => {
        const row = frozen.get(linked.competency.id);
        if (!row) throw competencyError('invalidplancompetency');
        return { linked, usercompetencyplan: exportUserCompetencyPlan(ctx, row, scales.get(linked.competency.id)) };
      }),
    };
  }
  const live = new Map(
    (await ctx.db.selectFrom('competency_usercomp').selectAll().where('userid', '=', plan.userid).where('competencyid', 'in', ids).execute()).map((r) => [r.competencyid, r]),
  );
  const ucs = await exportUserCompetencies(
    ctx,
    list.map((l) => live.get(l.competency.id) ?? unsavedUserCompetency(plan.userid, l.competency.id)),
    scales,
    () => rights,
  );
  return { scales, entries: list.map((linked, i) => ({ linked, usercompetency: ucs[i] })) };
}
