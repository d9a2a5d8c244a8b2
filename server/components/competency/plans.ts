import type { Kysely } from 'kysely';
import type { Plan } from '../../../api/plans';
import {
  PLAN_STATUS_ACTIVE,
  PLAN_STATUS_COMPLETE,
  PLAN_STATUS_DRAFT,
  PLAN_STATUS_IN_REVIEW,
  PLAN_STATUS_WAITING_FOR_REVIEW,
} from '../../../api/competencyshapes';
import type { DB } from '../../db/schema';
import { getContextById } from '../../platform/access/contexts';
import { CAP_TEMPLATE_MANAGE } from '../../../api/competencyshapes';
import { invalidRecord } from '../../platform/errors';
import { now } from '../../platform/platform';
import { formatString, formatText } from '../../platform/sanitize';
import type { CallContext } from '../../ws/method';
import { COMPONENT, competencyError } from './access';
import { linkedIds } from './links';
import { userSummaries } from './people';
import type { PlanRow } from './plan-tables';
import { canManagePlan, requirePlanRead, userRights, type UserRights } from './rights';
import { exportTemplates } from './templates';

/** A plan's due date must lie more than ten minutes ahead once it is active. */
export const PLAN_DUEDATE_THRESHOLD = 600;

const STATUS_NAMES: Record<number, string> = {
  [PLAN_STATUS_DRAFT]: 'planstatusdraft',
  [PLAN_STATUS_ACTIVE]: 'planstatusactive',
  [PLAN_STATUS_COMPLETE]: 'planstatuscomplete',
  [PLAN_STATUS_WAITING_FOR_REVIEW]: 'planstatuswaitingforreview',
  [PLAN_STATUS_IN_REVIEW]: 'planstatusinreview',
};

export function planStatusName(ctx: CallContext, status: number): string {
  return ctx.platform.strings.get(STATUS_NAMES[status] ?? 'planstatusdraft', COMPONENT, undefined, ctx.lang);
}

export async function planById(ctx: CallContext, id: number): Promise<PlanRow> {
  const row = await ctx.db.selectFrom('competency_plan').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw invalidRecord('competency_plan', `plan ${id}`);
  return row;
}

/** A plan the caller may read, with their rights over its owner. */
export async function readablePlan(ctx: CallContext, id: number): Promise<{ plan: PlanRow; rights: UserRights }> {
  const plan = await planById(ctx, id);
  const rights = await userRights(ctx, plan.userid);
  requirePlanRead(rights, plan.status);
  return { plan, rights };
}

/** The competency ids of a plan in order: frozen rows when complete, else the template's, else its own. */
export async function planCompetencyIds(db: Kysely<DB>, plan: PlanRow): Promise<number[]> {
  if (plan.status === PLAN_STATUS_COMPLETE) {
    const rows = await db.selectFrom('competency_usercompplan').select('competencyid').where('planid', '=', plan.id).orderBy('sortorder').execute();
    return rows.map((r) => r.competencyid);
  }
  if (plan.templateid !== null) return linkedIds(db, 'competency_templatecomp', plan.templateid);
  return linkedIds(db, 'competency_plancomp', plan.id);
}

/** The actions the plan's status allows the caller (reference §2.1's flags). */
export function planFlags(plan: PlanRow, rights: UserRights) {
  const templated = plan.templateid !== null;
  const canmanage = canManagePlan(rights, plan.status);
  const complete = plan.status === PLAN_STATUS_COMPLETE;
  const active = plan.status === PLAN_STATUS_ACTIVE;
  const draft = plan.status === PLAN_STATUS_DRAFT;
  const waiting = plan.status === PLAN_STATUS_WAITING_FOR_REVIEW;
  const inreview = plan.status === PLAN_STATUS_IN_REVIEW;
  const request = rights.requestPlanReview && !templated;
  const review = rights.reviewPlans && !templated;
  return {
    canmanage,
    canrequestreview: rights.requestPlanReview,
    canreview: rights.reviewPlans,
    canbeedited: canmanage && !complete && !templated,
    isactive: active,
    isdraft: draft,
    iscompleted: complete,
    isinreview: inreview,
    iswaitingforreview: waiting,
    isreopenallowed: canmanage && complete,
    iscompleteallowed: canmanage && active,
    isunlinkallowed: canmanage && !complete && templated,
    isrequestreviewallowed: request && draft,
    iscancelreviewrequestallowed: request && waiting,
    isstartreviewallowed: review && waiting,
    isstopreviewallowed: review && inreview,
    isapproveallowed: review && !complete && !active,
    isunapproveallowed: review && active,
  };
}

/** Plans as the web services answer them; `rightsOf` gives the caller's rights over each owner. */
export async function exportPlans(ctx: CallContext, rows: readonly PlanRow[], rightsOf: (userid: number) => UserRights): Promise<Plan[]> {
  const reviewers = await userSummaries(
    ctx,
    rows.filter((p) => p.status === PLAN_STATUS_IN_REVIEW).map((p) => p.reviewerid ?? 0),
  );
  const templateIds = [...new Set(rows.flatMap((p) => (p.templateid === null ? [] : [p.templateid])))];
  const templateRows = templateIds.length ? await ctx.db.selectFrom('competency_template').selectAll().where('id', 'in', templateIds).execute() : [];
  // A plan's reader sees which template it comes from, even without the right to view templates.
  const manage = new Map<number, boolean>();
  for (const contextid of new Set(templateRows.map((t) => t.contextid))) {
    const context = await getContextById(ctx.db, contextid);
    manage.set(contextid, context ? await ctx.access.hasCapability(CAP_TEMPLATE_MANAGE, context) : false);
  }
  const templates = new Map((await exportTemplates(ctx, templateRows, (contextid) => manage.get(contextid) ?? false)).map((t) => [t.id, t]));
  const wwwroot = ctx.platform.config.wwwroot;
  return rows.map((p) => {
    const reviewer = p.status === PLAN_STATUS_IN_REVIEW && p.reviewerid !== null ? reviewers.get(p.reviewerid) : undefined;
    const template = p.templateid !== null ? templates.get(p.templateid) : undefined;
    return {
      id: p.id,
      name: formatString(p.name),
      description: formatText(p.description, p.descriptionformat),
      descriptionformat: 1,
      userid: p.userid,
      templateid: p.templateid,
      origtemplateid: p.origtemplateid,
      status: p.status,
      duedate: Number(p.duedate),
      reviewerid: p.reviewerid,
      timecreated: Number(p.timecreated),
      timemodified: Number(p.timemodified),
      usermodified: p.usermodified,
      statusname: planStatusName(ctx, p.status),
      isbasedontemplate: p.templateid !== null,
      ...planFlags(p, rightsOf(p.userid)),
      ...(reviewer ? { reviewer } : {}),
      ...(template ? { template } : {}),
      url: `${wwwroot}/admin/tool/lp/plan.php?id=${p.id}`,
    };
  });
}

export async function exportPlan(ctx: CallContext, plan: PlanRow, rights: UserRights): Promise<Plan> {
  const [out] = await exportPlans(ctx, [plan], () => rights);
  if (!out) throw invalidRecord('competency_plan');
  return out;
}

/**
 * A plan's due date (reference §2.1): for a plan that is neither based on a template, draft-like nor
 * complete, a date set must lie more than ten minutes ahead — unless it is unchanged on a plan that
 * was already active.
 */
export function requireValidPlanDuedate(ctx: CallContext, plan: { status: number; templateid: number | null; duedate: number }, previous?: { status: number; duedate: number }): void {
  if (plan.templateid !== null || plan.duedate === 0 || plan.status !== PLAN_STATUS_ACTIVE) return;
  if (previous && previous.duedate === plan.duedate && previous.status === PLAN_STATUS_ACTIVE) return;
  if (plan.duedate > now() + PLAN_DUEDATE_THRESHOLD) return;
  throw competencyError('planduedateinvalid', undefined, { duedate: ctx.platform.strings.get('planduedateinvalid', COMPONENT, undefined, ctx.lang) });
}

/** Freezes the owner's ratings of the plan's competencies into the plan, in its order (reference §2.3). */
async function archiveRatings(db: Kysely<DB>, plan: PlanRow, actorid: number): Promise<void> {
  const ids = await planCompetencyIds(db, plan);
  if (ids.length === 0) return;
  const live = new Map(
    (await db.selectFrom('competency_usercomp').select(['competencyid', 'grade', 'proficiency']).where('userid', '=', plan.userid).where('competencyid', 'in', ids).execute()).map((r) => [r.competencyid, r]),
  );
  const t = now();
  await db
    .insertInto('competency_usercompplan')
    .values(
      ids.map((competencyid, sortorder) => ({
        userid: plan.userid,
        competencyid,
        planid: plan.id,
        sortorder,
        grade: live.get(competencyid)?.grade ?? null,
        proficiency: live.get(competencyid)?.proficiency ?? null,
        timecreated: t,
        timemodified: t,
        usermodified: actorid,
      })),
    )
    .execute();
}

export async function setStatus(db: Kysely<DB>, plan: PlanRow, fields: { status: number; reviewerid?: number | null; duedate?: number }, actorid: number): Promise<void> {
  await db
    .updateTable('competency_plan')
    .set({ ...fields, timemodified: now(), usermodified: actorid })
    .where('id', '=', plan.id)
    .execute();
}

/** Completes a plan: its ratings are frozen, its status complete. */
export async function completePlan(db: Kysely<DB>, plan: PlanRow, actorid: number): Promise<void> {
  await archiveRatings(db, plan, actorid);
  await setStatus(db, plan, { status: PLAN_STATUS_COMPLETE }, actorid);
}

/** Reopens a complete plan: active again, the frozen ratings gone, a due date about to pass cleared. */
export async function reopenPlan(db: Kysely<DB>, plan: PlanRow, actorid: number): Promise<void> {
  await db.deleteFrom('competency_usercompplan').where('planid', '=', plan.id).execute();
  const duedate = Number(plan.duedate) > 0 && Number(plan.duedate) <= now() + PLAN_DUEDATE_THRESHOLD ? 0 : Number(plan.duedate);
  await setStatus(db, plan, { status: PLAN_STATUS_ACTIVE, duedate }, actorid);
}

/** Detaches a plan from its template, copying the template's competencies into the plan. */
export async function unlinkPlan(db: Kysely<DB>, plan: PlanRow, actorid: number): Promise<void> {
  if (plan.templateid === null) return;
  const ids = await linkedIds(db, 'competency_templatecomp', plan.templateid);
  const t = now();
  await db.deleteFrom('competency_plancomp').where('planid', '=', plan.id).execute();
  if (ids.length) {
    await db
      .insertInto('competency_plancomp')
      .values(ids.map((competencyid, sortorder) => ({ planid: plan.id, competencyid, sortorder, timecreated: t, timemodified: t, usermodified: actorid })))
      .execute();
  }
  await db
    .updateTable('competency_plan')
    .set({ origtemplateid: plan.templateid, templateid: null, timemodified: t, usermodified: actorid })
    .where('id', '=', plan.id)
    .execute();
}

/** Deletes a plan with its competencies and frozen ratings. */
export async function deletePlan(db: Kysely<DB>, plan: PlanRow): Promise<void> {
  await db.deleteFrom('competency_plancomp').where('planid', '=', plan.id).execute();
  await db.deleteFrom('competency_usercompplan').where('planid', '=', plan.id).execute();
  await db.deleteFrom('competency_plan').where('id', '=', plan.id).execute();
}
