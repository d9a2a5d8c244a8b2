import { CAP_COMPETENCY_GRADE, PLAN_STATUS_COMPLETE } from '../../../api/competencyshapes';
import {
  coreCompetencyCompetencyViewed,
  coreCompetencyUserCompetencyPlanViewed,
  coreCompetencyUserCompetencyViewed,
  coreCompetencyUserCompetencyViewedInCourse,
  coreCompetencyUserCompetencyViewedInPlan,
  toolLpDataForUserCompetencySummary,
  toolLpDataForUserCompetencySummaryInCourse,
  toolLpDataForUserCompetencySummaryInPlan,
  toolLpSearchUsers,
} from '../../../api/usercompetency';
import { logContextEvent } from '../../platform/events';
import { invalidRecord } from '../../platform/errors';
import { defineMethod, type CallContext } from '../../ws/method';
import { COMPONENT, competencyById, competencyError, readableFramework } from './access';
import { courseActivities, requireCourseCompetency, requireUserInCourseRead, viewableCourse, type CourseAccess } from './coursecomps';
import { courseSummary } from './courses';
import { logUserCompetencyEvent } from './external-ratings';
import { requireUser } from './people';
import type { PlanRow } from './plan-tables';
import { exportPlan, planCompetencyIds, readablePlan } from './plans';
import { ensureUserCompetency, ensureUserCompetencyCourse } from './ratings';
import { requireUserCompetencyRead, userRights, type UserRights } from './rights';
import { userCompetencySummary } from './summary';
import { searchUsersWithCapability } from './usersearch';

const actor = (ctx: CallContext) => ctx.user?.id ?? 0;

const competencyViewed = defineMethod(coreCompetencyCompetencyViewed, async (ctx, { id }) => {
  const competency = await competencyById(ctx, id);
  const { context } = await readableFramework(ctx, competency.competencyframeworkid);
  await logContextEvent(ctx, context, { eventname: '\\core\\event\\competency_viewed', component: COMPONENT, action: 'viewed', target: 'competency', objecttable: 'competency', objectid: id, crud: 'r' });
  return true;
});

const userCompetencyViewed = defineMethod(coreCompetencyUserCompetencyViewed, async (ctx, { usercompetencyid }) => {
  const uc = await ctx.db.selectFrom('competency_usercomp').selectAll().where('id', '=', usercompetencyid).executeTakeFirst();
  if (!uc) throw invalidRecord('competency_usercomp', `user competency ${usercompetencyid}`);
  const rights = await userRights(ctx, uc.userid);
  requireUserCompetencyRead(rights);
  await logUserCompetencyEvent(ctx, rights.context, uc, 'viewed');
  return true;
});

/** A plan the caller may read holding the competency, for the user given. */
async function planWithCompetency(ctx: CallContext, planid: number, competencyid: number, userid?: number): Promise<{ plan: PlanRow; rights: UserRights }> {
  const { plan, rights } = await readablePlan(ctx, planid);
  if (userid !== undefined && plan.userid !== userid) throw competencyError('invalidplanuser');
  if (!(await planCompetencyIds(ctx.db, plan)).includes(competencyid)) throw competencyError('competencynotinplan');
  return { plan, rights };
}

const viewedInPlan = defineMethod(coreCompetencyUserCompetencyViewedInPlan, async (ctx, { competencyid, userid, planid }) => {
  const { plan, rights } = await planWithCompetency(ctx, planid, competencyid, userid);
  if (plan.status === PLAN_STATUS_COMPLETE) throw competencyError('plancompleted');
  const uc = await ensureUserCompetency(ctx.db, userid, competencyid, actor(ctx));
  await logUserCompetencyEvent(ctx, rights.context, uc, 'viewed_in_plan', { planid });
  return true;
});

const planViewed = defineMethod(coreCompetencyUserCompetencyPlanViewed, async (ctx, { competencyid, userid, planid }) => {
  const { plan, rights } = await planWithCompetency(ctx, planid, competencyid, userid);
  if (plan.status !== PLAN_STATUS_COMPLETE) throw competencyError('plannotcompleted');
  const frozen = await ctx.db.selectFrom('competency_usercompplan').selectAll().where('planid', '=', planid).where('competencyid', '=', competencyid).executeTakeFirstOrThrow();
  await logContextEvent(ctx, rights.context, {
    eventname: '\\core\\event\\competency_user_competency_plan_viewed',
    component: COMPONENT,
    action: 'viewed',
    target: 'competency_usercompplan',
    objecttable: 'competency_usercompplan',
    objectid: frozen.id,
    crud: 'r',
    relateduserid: userid,
    other: { planid, competencyid },
  });
  return true;
});

/** The learner, the caller's rights, the course and its link to the competency, all checked. */
async function inCourse(ctx: CallContext, courseid: number, userid: number, competencyid: number): Promise<{ course: CourseAccess; rights: UserRights }> {
  const course = await viewableCourse(ctx, courseid);
  await requireUser(ctx, userid);
  const rights = await userRights(ctx, userid);
  await requireUserInCourseRead(ctx, course, rights);
  await requireCourseCompetency(ctx, courseid, competencyid);
  return { course, rights };
}

const viewedInCourse = defineMethod(coreCompetencyUserCompetencyViewedInCourse, async (ctx, { competencyid, userid, courseid }) => {
  const { course } = await inCourse(ctx, courseid, userid, competencyid);
  const ucc = await ensureUserCompetencyCourse(ctx.db, userid, courseid, competencyid, actor(ctx));
  await logContextEvent(ctx, course.context, {
    eventname: '\\core\\event\\competency_user_competency_viewed_in_course',
    component: COMPONENT,
    action: 'viewed',
    target: 'competency_usercompcourse',
    objecttable: 'competency_usercompcourse',
    objectid: ucc.id,
    crud: 'r',
    courseid,
    relateduserid: userid,
    other: { competencyid },
  });
  return true;
});

const summary = defineMethod(toolLpDataForUserCompetencySummary, async (ctx, { userid, competencyid }) => {
  await requireUser(ctx, userid);
  const rights = await userRights(ctx, userid);
  requireUserCompetencyRead(rights);
  const competency = await competencyById(ctx, competencyid);
  return userCompetencySummary(ctx, rights, competency, { cangrade: await ctx.access.hasCapability(CAP_COMPETENCY_GRADE, rights.context) });
});

const summaryInPlan = defineMethod(toolLpDataForUserCompetencySummaryInPlan, async (ctx, { competencyid, planid }) => {
  const { plan, rights } = await planWithCompetency(ctx, planid, competencyid);
  const competency = await competencyById(ctx, competencyid);
  const cangrade = await ctx.access.hasCapability(CAP_COMPETENCY_GRADE, rights.context);
  let frozen;
  if (plan.status === PLAN_STATUS_COMPLETE) {
    const row = await ctx.db.selectFrom('competency_usercompplan').selectAll().where('planid', '=', planid).where('competencyid', '=', competencyid).executeTakeFirst();
    if (!row) throw competencyError('invalidplancompetency');
    frozen = { row, until: Number(plan.timemodified) };
  }
  return { usercompetencysummary: await userCompetencySummary(ctx, rights, competency, { cangrade, frozen }), plan: await exportPlan(ctx, plan, rights) };
});

const summaryInCourse = defineMethod(toolLpDataForUserCompetencySummaryInCourse, async (ctx, { userid, competencyid, courseid }) => {
  const { course, rights } = await inCourse(ctx, courseid, userid, competencyid);
  const competency = await competencyById(ctx, competencyid);
  const ucc = await ensureUserCompetencyCourse(ctx.db, userid, courseid, competencyid, actor(ctx));
  const cangrade = (await ctx.access.hasCapability(CAP_COMPETENCY_GRADE, course.context)) || (await ctx.access.hasCapability(CAP_COMPETENCY_GRADE, rights.context));
  const linkedModules = new Set(
    (
      await ctx.db
        .selectFrom('competency_modulecomp as mc')
        .innerJoin('course_modules as cm', 'cm.id', 'mc.cmid')
        .select('mc.cmid')
        .where('cm.course', '=', courseid)
        .where('mc.competencyid', '=', competencyid)
        .execute()
    ).map((r) => r.cmid),
  );
  const coursemodules = (await courseActivities(ctx, courseid)).filter((a) => linkedModules.has(a.id));
  return {
    usercompetencysummary: await userCompetencySummary(ctx, rights, competency, { cangrade, course: ucc, context: course.context }),
    course: courseSummary(ctx, course.course),
    coursemodules,
  };
});

const searchUsers = defineMethod(toolLpSearchUsers, async (ctx, { query, capability, limitfrom, limitnum }) => searchUsersWithCapability(ctx, query, capability, limitfrom, limitnum));

export const summaryMethods = [competencyViewed, userCompetencyViewed, viewedInPlan, planViewed, viewedInCourse, summary, summaryInPlan, summaryInCourse, searchUsers];
