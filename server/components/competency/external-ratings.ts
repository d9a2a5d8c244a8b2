import {
  CAP_COMPETENCY_GRADE,
  CAP_EVIDENCE_DELETE,
  CAP_UC_REQUEST_REVIEW,
  CAP_UC_REVIEW,
  EVIDENCE_ACTION_OVERRIDE,
  UC_STATUS_IDLE,
  UC_STATUS_IN_REVIEW,
  UC_STATUS_WAITING_FOR_REVIEW,
} from '../../../api/competencyshapes';
import {
  coreCompetencyDeleteEvidence,
  coreCompetencyGradeCompetency,
  coreCompetencyGradeCompetencyInCourse,
  coreCompetencyGradeCompetencyInPlan,
  coreCompetencyUserCompetencyCancelReviewRequest,
  coreCompetencyUserCompetencyRequestReview,
  coreCompetencyUserCompetencyStartReview,
  coreCompetencyUserCompetencyStopReview,
} from '../../../api/usercompetency';
import type { Context } from '../../platform/access/types';
import { logContextEvent } from '../../platform/events';
import { invalidRecord, noPermissions } from '../../platform/errors';
import { now } from '../../platform/platform';
import { formatString } from '../../platform/sanitize';
import { defineMethod, type CallContext } from '../../ws/method';
import { COMPONENT, competencyById, competencyError, readableFramework, type CompetencyRow } from './access';
import { requireCourseCompetency, requireGradable, requireUserInCourseRead, viewableCourse } from './coursecomps';
import { requireUser } from './people';
import type { EvidenceRow, UserCompetencyRow } from './plan-tables';
import { planCompetencyIds, readablePlan } from './plans';
import { exportEvidence } from './rating-export';
import { addEvidence, ensureUserCompetency } from './ratings';
import { requireUserCompetencyRead, userRights, type UserRights } from './rights';
import { competencyScales } from './scales';

const actor = (ctx: CallContext) => ctx.user?.id ?? 0;

export async function logUserCompetencyEvent(ctx: CallContext, context: Context, uc: Pick<UserCompetencyRow, 'id' | 'userid' | 'competencyid'>, action: string, other: Record<string, unknown> = {}) {
  await logContextEvent(ctx, context, {
    eventname: `\\core\\event\\competency_user_competency_${action}`,
    component: COMPONENT,
    action,
    target: 'competency_usercomp',
    objecttable: 'competency_usercomp',
    objectid: uc.id,
    crud: action.startsWith('viewed') ? 'r' : 'u',
    relateduserid: uc.userid,
    other: { competencyid: uc.competencyid, ...other },
  });
}

/** The user, the caller's rights over them, and the competency. */
async function subject(ctx: CallContext, userid: number, competencyid: number): Promise<{ rights: UserRights; competency: CompetencyRow }> {
  await requireUser(ctx, userid);
  const competency = await competencyById(ctx, competencyid);
  return { rights: await userRights(ctx, userid), competency };
}

async function existingUserCompetency(ctx: CallContext, userid: number, competencyid: number): Promise<UserCompetencyRow> {
  const uc = await ctx.db.selectFrom('competency_usercomp').selectAll().where('userid', '=', userid).where('competencyid', '=', competencyid).executeTakeFirst();
  if (!uc) throw invalidRecord('competency_usercomp', `user ${userid}, competency ${competencyid}`);
  return uc;
}

function requireReviewStatus(uc: UserCompetencyRow, from: number): void {
  if (uc.status !== from) throw competencyError('invalidusercompetencystatus');
}

async function setReviewStatus(ctx: CallContext, uc: UserCompetencyRow, status: number, reviewerid?: number): Promise<void> {
  await ctx.db
    .updateTable('competency_usercomp')
    .set({ status, ...(reviewerid === undefined ? {} : { reviewerid }), timemodified: now(), usermodified: actor(ctx) })
    .where('id', '=', uc.id)
    .execute();
}

const requestReview = defineMethod(coreCompetencyUserCompetencyRequestReview, async (ctx, { userid, competencyid }) => {
  const { rights } = await subject(ctx, userid, competencyid);
  requireUserCompetencyRead(rights);
  if (!rights.requestCompetencyReview) throw noPermissions(CAP_UC_REQUEST_REVIEW);
  const uc = await ensureUserCompetency(ctx.db, userid, competencyid, actor(ctx));
  requireReviewStatus(uc, UC_STATUS_IDLE);
  await setReviewStatus(ctx, uc, UC_STATUS_WAITING_FOR_REVIEW);
  await logUserCompetencyEvent(ctx, rights.context, uc, 'review_requested');
  return true;
});

const cancelReviewRequest = defineMethod(coreCompetencyUserCompetencyCancelReviewRequest, async (ctx, { userid, competencyid }) => {
  const { rights } = await subject(ctx, userid, competencyid);
  requireUserCompetencyRead(rights);
  if (!rights.requestCompetencyReview) throw noPermissions(CAP_UC_REQUEST_REVIEW);
  const uc = await existingUserCompetency(ctx, userid, competencyid);
  requireReviewStatus(uc, UC_STATUS_WAITING_FOR_REVIEW);
  await setReviewStatus(ctx, uc, UC_STATUS_IDLE);
  await logUserCompetencyEvent(ctx, rights.context, uc, 'review_request_cancelled');
  return true;
});

const startReview = defineMethod(coreCompetencyUserCompetencyStartReview, async (ctx, { userid, competencyid }) => {
  const { rights } = await subject(ctx, userid, competencyid);
  if (!rights.reviewCompetencies) throw noPermissions(CAP_UC_REVIEW);
  const uc = await existingUserCompetency(ctx, userid, competencyid);
  requireReviewStatus(uc, UC_STATUS_WAITING_FOR_REVIEW);
  await setReviewStatus(ctx, uc, UC_STATUS_IN_REVIEW, actor(ctx));
  await logUserCompetencyEvent(ctx, rights.context, uc, 'review_started');
  return true;
});

const stopReview = defineMethod(coreCompetencyUserCompetencyStopReview, async (ctx, { userid, competencyid }) => {
  const { rights } = await subject(ctx, userid, competencyid);
  if (!rights.reviewCompetencies) throw noPermissions(CAP_UC_REVIEW);
  const uc = await existingUserCompetency(ctx, userid, competencyid);
  requireReviewStatus(uc, UC_STATUS_IN_REVIEW);
  // The reviewer stays: the competency remembers who last reviewed it.
  await setReviewStatus(ctx, uc, UC_STATUS_IDLE);
  await logUserCompetencyEvent(ctx, rights.context, uc, 'review_stopped');
  return true;
});

/** A manual rating as evidence, answered as the evidence list shows it. */
async function rate(ctx: CallContext, rights: UserRights, competency: CompetencyRow, context: Context, grade: number | null, note: string | null, descidentifier: string, desca?: string) {
  const evidence: EvidenceRow = await addEvidence(ctx.db, {
    userid: rights.userid,
    competency,
    context,
    action: EVIDENCE_ACTION_OVERRIDE,
    descidentifier,
    desca,
    grade,
    note: note === null || note.trim() === '' ? null : note,
    actionuserid: actor(ctx),
  });
  const uc = await existingUserCompetency(ctx, rights.userid, competency.id);
  await logUserCompetencyEvent(ctx, context, uc, 'rated', { grade });
  const scale = (await competencyScales(ctx.db, [competency])).get(competency.id);
  const [out] = await exportEvidence(ctx, [evidence], scale, rights);
  if (!out) throw invalidRecord('competency_evidence');
  return out;
}

const gradeCompetency = defineMethod(coreCompetencyGradeCompetency, async (ctx, { userid, competencyid, grade, note }) => {
  const { rights, competency } = await subject(ctx, userid, competencyid);
  await ctx.access.requireCapability(CAP_COMPETENCY_GRADE, rights.context);
  await readableFramework(ctx, competency.competencyframeworkid);
  return rate(ctx, rights, competency, rights.context, grade, note, 'evidence_manualoverride');
});

const gradeInPlan = defineMethod(coreCompetencyGradeCompetencyInPlan, async (ctx, { planid, competencyid, grade, note }) => {
  const { plan, rights } = await readablePlan(ctx, planid);
  await ctx.access.requireCapability(CAP_COMPETENCY_GRADE, rights.context);
  if (!(await planCompetencyIds(ctx.db, plan)).includes(competencyid)) throw competencyError('competencynotinplan');
  const competency = await competencyById(ctx, competencyid);
  return rate(ctx, rights, competency, rights.context, grade, note, 'evidence_manualoverrideinplan', formatString(plan.name));
});

const gradeInCourse = defineMethod(coreCompetencyGradeCompetencyInCourse, async (ctx, { courseid, userid, competencyid, grade, note }) => {
  const course = await viewableCourse(ctx, courseid);
  const { rights, competency } = await subject(ctx, userid, competencyid);
  await requireUserInCourseRead(ctx, course, rights);
  if (!(await ctx.access.hasCapability(CAP_COMPETENCY_GRADE, course.context)) && !(await ctx.access.hasCapability(CAP_COMPETENCY_GRADE, rights.context))) {
    throw noPermissions(CAP_COMPETENCY_GRADE);
  }
  await requireCourseCompetency(ctx, courseid, competencyid);
  await requireGradable(ctx, course, userid);
  return rate(ctx, rights, competency, course.context, grade, note, 'evidence_manualoverrideincourse', formatString(course.course.fullname));
});

const deleteEvidence = defineMethod(coreCompetencyDeleteEvidence, async (ctx, { id }) => {
  const evidence = await ctx.db
    .selectFrom('competency_evidence as e')
    .innerJoin('competency_usercomp as uc', 'uc.id', 'e.usercompetencyid')
    .select(['e.id', 'uc.userid'])
    .where('e.id', '=', id)
    .executeTakeFirst();
  if (!evidence) throw invalidRecord('competency_evidence', `evidence ${id}`);
  const rights = await userRights(ctx, evidence.userid);
  await ctx.access.requireCapability(CAP_EVIDENCE_DELETE, rights.context);
  await ctx.db.deleteFrom('competency_evidence').where('id', '=', id).execute();
  return true;
});

export const ratingMethods = [requestReview, cancelReviewRequest, startReview, stopReview, gradeCompetency, gradeInPlan, gradeInCourse, deleteEvidence];
