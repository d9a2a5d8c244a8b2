import {
  coreCompetencyAddCompetencyToPlan,
  coreCompetencyApprovePlan,
  coreCompetencyCompletePlan,
  coreCompetencyCreatePlan,
  coreCompetencyDeletePlan,
  coreCompetencyListPlanCompetencies,
  coreCompetencyListUserPlans,
  coreCompetencyPlanCancelReviewRequest,
  coreCompetencyPlanRequestReview,
  coreCompetencyPlanStartReview,
  coreCompetencyPlanStopReview,
  coreCompetencyPlanViewed,
  coreCompetencyReadPlan,
  coreCompetencyRemoveCompetencyFromPlan,
  coreCompetencyReopenPlan,
  coreCompetencyReorderPlanCompetency,
  coreCompetencyUnapprovePlan,
  coreCompetencyUnlinkPlanFromTemplate,
  coreCompetencyUpdatePlan,
} from '../../../api/plans';
import {
  CAP_PLAN_REQUEST_REVIEW,
  CAP_PLAN_REVIEW,
  CAP_PLAN_VIEW,
  PLAN_STATUS_ACTIVE,
  PLAN_STATUS_COMPLETE,
  PLAN_STATUS_DRAFT,
  PLAN_STATUS_IN_REVIEW,
  PLAN_STATUS_WAITING_FOR_REVIEW,
} from '../../../api/competencyshapes';
import { logContextEvent } from '../../platform/events';
import { noPermissions } from '../../platform/errors';
import { now } from '../../platform/platform';
import { defineMethod, type CallContext } from '../../ws/method';
import { COMPONENT, competencyById, competencyError, readableFramework } from './access';
import { addLink, removeLink, reorderLink, requireVisibleFramework } from './links';
import { requireUser } from './people';
import type { PlanRow } from './plan-tables';
import { completePlan, deletePlan, exportPlan, exportPlans, planById, planStatusName, readablePlan, reopenPlan, requireValidPlanDuedate, setStatus, unlinkPlan } from './plans';
import { canReadPlan, requirePlanManage, requirePlanRead, userRights, type UserRights } from './rights';
import { planCompetencyEntries } from './plan-competencies';
import { syncUserCohortPlans } from './templates';

const actor = (ctx: CallContext) => ctx.user?.id ?? 0;

/** Refuses an action the plan's status does not allow, naming the status. */
function requireStatus(ctx: CallContext, plan: PlanRow, allowed: readonly number[]): void {
  if (!allowed.includes(plan.status)) throw competencyError('invalidplanstatus', planStatusName(ctx, plan.status).toLowerCase());
}

function requireNotTemplated(plan: PlanRow): void {
  if (plan.templateid !== null) throw competencyError('planbasedontemplate');
}

async function logPlanEvent(ctx: CallContext, plan: PlanRow, rights: UserRights, action: string, crud: 'c' | 'r' | 'u' | 'd') {
  await logContextEvent(ctx, rights.context, {
    eventname: `\\core\\event\\competency_plan_${action}`,
    component: COMPONENT,
    action,
    target: 'competency_plan',
    objecttable: 'competency_plan',
    objectid: plan.id,
    crud,
    relateduserid: plan.userid,
  });
}

/** A plan the caller may manage in its current status. */
async function managedPlan(ctx: CallContext, id: number): Promise<{ plan: PlanRow; rights: UserRights }> {
  const plan = await planById(ctx, id);
  const rights = await userRights(ctx, plan.userid);
  requirePlanManage(rights, plan.status);
  return { plan, rights };
}

const createPlan = defineMethod(coreCompetencyCreatePlan, async (ctx, { plan: args }) => {
  await requireUser(ctx, args.userid);
  const rights = await userRights(ctx, args.userid);
  requirePlanManage(rights, args.status);
  requireValidPlanDuedate(ctx, { ...args, templateid: null });
  const t = now();
  const row = await ctx.db
    .insertInto('competency_plan')
    .values({ ...args, templateid: null, origtemplateid: null, reviewerid: null, timecreated: t, timemodified: t, usermodified: actor(ctx) })
    .returningAll()
    .executeTakeFirstOrThrow();
  await logPlanEvent(ctx, row, rights, 'created', 'c');
  return exportPlan(ctx, row, rights);
});

const updatePlan = defineMethod(coreCompetencyUpdatePlan, async (ctx, { plan: { id, ...fields } }) => {
  const { plan, rights } = await managedPlan(ctx, id);
  requireStatus(ctx, plan, [PLAN_STATUS_DRAFT, PLAN_STATUS_ACTIVE, PLAN_STATUS_WAITING_FOR_REVIEW, PLAN_STATUS_IN_REVIEW]);
  requireNotTemplated(plan);
  if (fields.duedate !== undefined) requireValidPlanDuedate(ctx, { status: plan.status, templateid: null, duedate: fields.duedate }, { status: plan.status, duedate: Number(plan.duedate) });
  await ctx.db
    .updateTable('competency_plan')
    .set({ ...fields, timemodified: now(), usermodified: actor(ctx) })
    .where('id', '=', id)
    .execute();
  await logPlanEvent(ctx, plan, rights, 'updated', 'u');
  return exportPlan(ctx, await planById(ctx, id), rights);
});

const readPlan = defineMethod(coreCompetencyReadPlan, async (ctx, { id }) => {
  const { plan, rights } = await readablePlan(ctx, id);
  return exportPlan(ctx, plan, rights);
});

const deletePlanMethod = defineMethod(coreCompetencyDeletePlan, async (ctx, { id }) => {
  const { plan, rights } = await managedPlan(ctx, id);
  await deletePlan(ctx.db, plan);
  await logPlanEvent(ctx, plan, rights, 'deleted', 'd');
  return true;
});

/** A user's plans the caller may read (every plan needs the right for its status), by name. */
export async function readablePlansOf(ctx: CallContext, userid: number): Promise<{ rows: PlanRow[]; rights: UserRights }> {
  await requireUser(ctx, userid);
  const rights = await userRights(ctx, userid);
  if (!rights.readPlans && !rights.readDraftPlans) throw noPermissions(CAP_PLAN_VIEW);
  await syncUserCohortPlans(ctx.db, userid);
  const rows = await ctx.db.selectFrom('competency_plan').selectAll().where('userid', '=', userid).orderBy('name').orderBy('id').execute();
  return { rows: rows.filter((p) => canReadPlan(rights, p.status)), rights };
}

const listUserPlans = defineMethod(coreCompetencyListUserPlans, async (ctx, { userid }) => {
  const { rows, rights } = await readablePlansOf(ctx, userid);
  return exportPlans(ctx, rows, () => rights);
});

const completePlanMethod = defineMethod(coreCompetencyCompletePlan, async (ctx, { planid }) => {
  const { plan, rights } = await managedPlan(ctx, planid);
  requireStatus(ctx, plan, [PLAN_STATUS_ACTIVE]);
  requirePlanManage(rights, PLAN_STATUS_COMPLETE);
  await completePlan(ctx.db, plan, actor(ctx));
  await logPlanEvent(ctx, plan, rights, 'completed', 'u');
  return true;
});

const reopenPlanMethod = defineMethod(coreCompetencyReopenPlan, async (ctx, { planid }) => {
  const { plan, rights } = await managedPlan(ctx, planid);
  requireStatus(ctx, plan, [PLAN_STATUS_COMPLETE]);
  requirePlanManage(rights, PLAN_STATUS_ACTIVE);
  await reopenPlan(ctx.db, plan, actor(ctx));
  await logPlanEvent(ctx, plan, rights, 'reopened', 'u');
  return true;
});

const unlinkPlanMethod = defineMethod(coreCompetencyUnlinkPlanFromTemplate, async (ctx, { planid }) => {
  const { plan, rights } = await managedPlan(ctx, planid);
  if (plan.status === PLAN_STATUS_COMPLETE) throw competencyError('plancompleted');
  if (plan.templateid === null) return true;
  await unlinkPlan(ctx.db, plan, actor(ctx));
  await logPlanEvent(ctx, plan, rights, 'unlinked', 'u');
  return true;
});

interface Transition {
  from: readonly number[];
  to: number;
  /** request: the owner's side (read + request review); review: the reviewer's (read + review). */
  by: 'request' | 'review';
  reviewer?: 'caller' | 'clear';
  event: string;
}

/** One review transition of reference §2.1's table, refused from any other status and for template-based plans. */
function planTransition(contract: typeof coreCompetencyPlanRequestReview, spec: Transition) {
  return defineMethod(contract, async (ctx, { id }) => {
    const { plan, rights } = await readablePlan(ctx, id);
    if (spec.by === 'request' && !rights.requestPlanReview) throw noPermissions(CAP_PLAN_REQUEST_REVIEW);
    if (spec.by === 'review' && !rights.reviewPlans) throw noPermissions(CAP_PLAN_REVIEW);
    requireNotTemplated(plan);
    requireStatus(ctx, plan, spec.from);
    if (spec.to === PLAN_STATUS_ACTIVE) requireValidPlanDuedate(ctx, { status: PLAN_STATUS_ACTIVE, templateid: null, duedate: Number(plan.duedate) });
    const reviewerid = spec.reviewer === 'caller' ? actor(ctx) : spec.reviewer === 'clear' ? null : undefined;
    await setStatus(ctx.db, plan, { status: spec.to, ...(reviewerid === undefined ? {} : { reviewerid }) }, actor(ctx));
    await logPlanEvent(ctx, plan, rights, spec.event, 'u');
    return true;
  });
}

const DRAFT_LIKE = [PLAN_STATUS_DRAFT, PLAN_STATUS_WAITING_FOR_REVIEW, PLAN_STATUS_IN_REVIEW] as const;
const requestReview = planTransition(coreCompetencyPlanRequestReview, { from: [PLAN_STATUS_DRAFT], to: PLAN_STATUS_WAITING_FOR_REVIEW, by: 'request', event: 'review_requested' });
const cancelReviewRequest = planTransition(coreCompetencyPlanCancelReviewRequest, { from: [PLAN_STATUS_WAITING_FOR_REVIEW], to: PLAN_STATUS_DRAFT, by: 'request', event: 'review_request_cancelled' });
const startReview = planTransition(coreCompetencyPlanStartReview, { from: [PLAN_STATUS_WAITING_FOR_REVIEW], to: PLAN_STATUS_IN_REVIEW, by: 'review', reviewer: 'caller', event: 'review_started' });
const stopReview = planTransition(coreCompetencyPlanStopReview, { from: [PLAN_STATUS_IN_REVIEW], to: PLAN_STATUS_DRAFT, by: 'review', reviewer: 'clear', event: 'review_stopped' });
const approve = planTransition(coreCompetencyApprovePlan, { from: DRAFT_LIKE, to: PLAN_STATUS_ACTIVE, by: 'review', reviewer: 'clear', event: 'approved' });
const unapprove = planTransition(coreCompetencyUnapprovePlan, { from: [PLAN_STATUS_ACTIVE], to: PLAN_STATUS_DRAFT, by: 'review', event: 'unapproved' });

/** A plan whose own competencies the caller may change: managed, not complete, not from a template. */
async function editablePlan(ctx: CallContext, planid: number): Promise<PlanRow> {
  const { plan } = await managedPlan(ctx, planid);
  if (plan.status === PLAN_STATUS_COMPLETE) throw competencyError('plancompleted');
  requireNotTemplated(plan);
  return plan;
}

const addToPlan = defineMethod(coreCompetencyAddCompetencyToPlan, async (ctx, { planid, competencyid }) => {
  await editablePlan(ctx, planid);
  const competency = await competencyById(ctx, competencyid);
  await readableFramework(ctx, competency.competencyframeworkid);
  await requireVisibleFramework(ctx.db, competencyid);
  await addLink(ctx.db, 'competency_plancomp', planid, competencyid, actor(ctx));
  return true;
});

const removeFromPlan = defineMethod(coreCompetencyRemoveCompetencyFromPlan, async (ctx, { planid, competencyid }) => {
  await editablePlan(ctx, planid);
  return removeLink(ctx.db, 'competency_plancomp', planid, competencyid);
});

const reorderInPlan = defineMethod(coreCompetencyReorderPlanCompetency, async (ctx, { planid, competencyidfrom, competencyidto }) => {
  await editablePlan(ctx, planid);
  return reorderLink(ctx.db, 'competency_plancomp', planid, competencyidfrom, competencyidto);
});

const listPlanCompetencies = defineMethod(coreCompetencyListPlanCompetencies, async (ctx, { id }) => {
  const { plan, rights } = await readablePlan(ctx, id);
  const entries = await planCompetencyEntries(ctx, plan, rights);
  return entries.map(({ linked, usercompetency, usercompetencyplan }) => ({
    competency: linked.competency,
    ...(usercompetency ? { usercompetency } : {}),
    ...(usercompetencyplan ? { usercompetencyplan } : {}),
  }));
});

const planViewed = defineMethod(coreCompetencyPlanViewed, async (ctx, { id }) => {
  const plan = await planById(ctx, id);
  const rights = await userRights(ctx, plan.userid);
  requirePlanRead(rights, plan.status);
  await logPlanEvent(ctx, plan, rights, 'viewed', 'r');
  return true;
});

export const planMethods = [
  createPlan,
  updatePlan,
  readPlan,
  deletePlanMethod,
  listUserPlans,
  completePlanMethod,
  reopenPlanMethod,
  unlinkPlanMethod,
  requestReview,
  cancelReviewRequest,
  startReview,
  stopReview,
  approve,
  unapprove,
  addToPlan,
  removeFromPlan,
  reorderInPlan,
  listPlanCompetencies,
  planViewed,
];
