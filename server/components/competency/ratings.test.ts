import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULE_ALL } from '../../../api/competency';
import type { Evidence, UserCompetencySummary, UserSummary } from '../../../api/competencyshapes';
import type { Plan } from '../../../api/plans';
import { getSystemContext } from '../../platform/access/contexts';
import { assignRole, setRolePermission } from '../../platform/access/install';
import { CAP_ALLOW } from '../../platform/access/types';
import { testDialects } from '../../test/databases';
import { createTestSite } from '../../test/site';
import { pointsConfig } from './fixtures';
import { buildPlanWorld, call, ok, type PlanWorld } from './plan-fixtures';

type Summary = UserCompetencySummary;

describe.each(testDialects)('ratings, review and evidence on %s', (dialect) => {
  let w: PlanWorld;
  beforeAll(async () => {
    w = await buildPlanWorld(await createTestSite(dialect));
  });
  afterAll(() => w.site.close());

  const db = () => w.site.platform.db;
  const uc = (userid: number, competencyid: number) => db().selectFrom('competency_usercomp').selectAll().where('userid', '=', userid).where('competencyid', '=', competencyid).executeTakeFirst();
  const rate = (userid: number, competencyid: number, grade: number | null, note?: string) => ok<Evidence>(w.site, w.manager, 'core_competency_grade_competency', { userid, competencyid, grade, note });
  const summary = (userid: number, competencyid: number) => ok<Summary>(w.site, w.manager, 'tool_lp_data_for_user_competency_summary', { userid, competencyid });

  async function freshLearner(name: string): Promise<number> {
    const id = await w.site.createUser(name, { firstname: name, lastname: 'Rated' });
    await w.site.enrol(id, w.courseid, 'student');
    return id;
  }

  it('rating directly sets the rating and its proficiency from the scale configuration, and logs evidence; null clears it', async () => {
    const learner = await freshLearner('rdirect');
    const c = w.children[0]!.id;
    const evidence = await rate(learner, c, 2, 'Shown in the workshop');
    expect(evidence).toMatchObject({ action: 3, grade: 2, gradename: 'Competent', note: 'Shown in the workshop', description: 'The rating was set manually.', actionuserid: w.managerId });
    expect(evidence.actionuser?.fullname).toBe('Mona Manager');
    expect(await uc(learner, c)).toMatchObject({ grade: 2, proficiency: 1, status: 0 });
    await rate(learner, c, 1);
    expect(await uc(learner, c)).toMatchObject({ grade: 1, proficiency: 0 });
    await rate(learner, c, null);
    expect(await uc(learner, c)).toMatchObject({ grade: null, proficiency: null });
    expect((await call(w.site, w.manager, 'core_competency_grade_competency', { userid: learner, competencyid: c, grade: 3 })).exception?.errorcode).toBe('invalidgrade');
    expect((await call(w.site, w.teacher, 'core_competency_grade_competency', { userid: learner, competencyid: c, grade: 2 })).exception?.errorcode).toBe('nopermissions');
    expect((await call(w.site, w.learner, 'core_competency_grade_competency', { userid: w.learnerId, competencyid: c, grade: 2 })).exception?.errorcode).toBe('nopermissions');
    const listed = await summary(learner, c);
    expect(listed.evidence.map((e) => e.grade)).toEqual([null, 1, 2]);
    expect(listed).toMatchObject({ cangrade: true, user: { fullname: 'rdirect Rated' }, usercompetency: { grade: null, gradename: '-', statusname: '-' } });
  });

  it('the parent rule "all children" completes the parent when the last child becomes proficient', async () => {
    const learner = await freshLearner('rall');
    await ok(w.site, w.manager, 'core_competency_update_competency', { competency: { id: w.parent.id, ruleoutcome: 2, ruletype: RULE_ALL } });
    for (const [i, child] of w.children.entries()) {
      await rate(learner, child.id, 2);
      const parent = await uc(learner, w.parent.id);
      if (i < w.children.length - 1) expect(parent?.grade ?? null, `after child ${i}`).toBe(null);
    }
    // Completion gives the parent its default rating ("Not yet competent"), which is not proficient.
    expect(await uc(learner, w.parent.id)).toMatchObject({ grade: 1, proficiency: 0 });
    const parentEvidence = await summary(learner, w.parent.id);
    expect(parentEvidence.evidence[0]).toMatchObject({ action: 2, descidentifier: 'evidence_competencyrule', actionuserid: null, description: 'The rule of the competency was met.' });
    // Rating the children again changes nothing: rules apply only when a child becomes proficient.
    await rate(learner, w.children[0]!.id, 2);
    expect((await summary(learner, w.parent.id)).evidence).toHaveLength(1);
    await ok(w.site, w.manager, 'core_competency_update_competency', { competency: { id: w.parent.id, ruleoutcome: 0 } });
  });

  it('a points rule with the outcome "recommend" sends the parent for review once the points are met', async () => {
    const learner = await freshLearner('rpoints');
    const [a, b, c] = w.children.map((x) => x.id) as [number, number, number];
    await ok(w.site, w.manager, 'core_competency_update_competency', { competency: { id: w.parent.id, ruleoutcome: 3, ...pointsConfig(3, [[a, 2, 1], [b, 1, 0], [c, 1, 0]]) } });
    await rate(learner, b, 2);
    await rate(learner, c, 2);
    // 2 points, and the required child is not proficient: nothing yet.
    expect((await uc(learner, w.parent.id))?.status ?? 0).toBe(0);
    await rate(learner, a, 2);
    expect(await uc(learner, w.parent.id)).toMatchObject({ status: 1, grade: null });
    expect((await summary(learner, w.parent.id)).evidence[0]).toMatchObject({ action: 0, descidentifier: 'evidence_competencyrule' });
    await ok(w.site, w.manager, 'core_competency_update_competency', { competency: { id: w.parent.id, ruleoutcome: 0 } });
  });

  it('rating in a plan needs the competency in the plan; the evidence names the plan', async () => {
    const plan = await ok<Plan>(w.site, w.manager, 'core_competency_create_plan', { plan: { name: 'Rated plan', userid: w.learnerId, status: 1 } });
    await ok(w.site, w.manager, 'core_competency_add_competency_to_plan', { planid: plan.id, competencyid: w.children[1]!.id });
    const evidence = await ok<Evidence>(w.site, w.manager, 'core_competency_grade_competency_in_plan', { planid: plan.id, competencyid: w.children[1]!.id, grade: 2, note: '' });
    expect(evidence).toMatchObject({ description: "The rating was set manually in the plan 'Rated plan'.", note: null });
    expect((await call(w.site, w.manager, 'core_competency_grade_competency_in_plan', { planid: plan.id, competencyid: w.children[2]!.id, grade: 2 })).exception?.errorcode).toBe('competencynotinplan');
    const inPlan = await ok<{ usercompetencysummary: Summary; plan: Plan }>(w.site, w.manager, 'tool_lp_data_for_user_competency_summary_in_plan', { competencyid: w.children[1]!.id, planid: plan.id });
    expect(inPlan.plan.id).toBe(plan.id);
    expect(inPlan.usercompetencysummary.usercompetency).toMatchObject({ grade: 2, proficiency: true });
    // In a completed plan the summary shows the frozen rating and evidence up to the completion only.
    await ok(w.site, w.manager, 'core_competency_complete_plan', { planid: plan.id });
    await db().updateTable('competency_plan').set({ timemodified: 1 }).where('id', '=', plan.id).execute();
    const frozen = await ok<{ usercompetencysummary: Summary }>(w.site, w.manager, 'tool_lp_data_for_user_competency_summary_in_plan', { competencyid: w.children[1]!.id, planid: plan.id });
    expect(frozen.usercompetencysummary.usercompetency).toBeUndefined();
    expect(frozen.usercompetencysummary.usercompetencyplan).toMatchObject({ grade: 2, gradename: 'Competent' });
    expect(frozen.usercompetencysummary.evidence).toEqual([]);
    expect((await call(w.site, w.manager, 'core_competency_user_competency_viewed_in_plan', { competencyid: w.children[1]!.id, userid: w.learnerId, planid: plan.id })).exception?.errorcode).toBe('plancompleted');
    expect(await ok(w.site, w.manager, 'core_competency_user_competency_plan_viewed', { competencyid: w.children[1]!.id, userid: w.learnerId, planid: plan.id })).toBe(true);
    await ok(w.site, w.manager, 'core_competency_reopen_plan', { planid: plan.id });
    expect((await call(w.site, w.manager, 'core_competency_user_competency_plan_viewed', { competencyid: w.children[1]!.id, userid: w.learnerId, planid: plan.id })).exception?.errorcode).toBe('plannotcompleted');
    expect(await ok(w.site, w.learner, 'core_competency_user_competency_viewed_in_plan', { competencyid: w.children[1]!.id, userid: w.learnerId, planid: plan.id })).toBe(true);
  });

  it('rating in a course rates the course, and the user only while the course pushes ratings to plans', async () => {
    const learner = await freshLearner('rcourse');
    const c = w.children[2]!.id;
    expect((await call(w.site, w.teacher, 'core_competency_grade_competency_in_course', { courseid: w.courseid, userid: learner, competencyid: c, grade: 2 })).exception?.errorcode).toBe('competencynotincourse');
    await ok(w.site, w.teacher, 'core_competency_add_competency_to_course', { courseid: w.courseid, competencyid: c });
    const evidence = await ok<Evidence>(w.site, w.teacher, 'core_competency_grade_competency_in_course', { courseid: w.courseid, userid: learner, competencyid: c, grade: 2 });
    expect(evidence.description).toBe("The rating was set manually in the course 'Plans 101'.");
    const course = () => db().selectFrom('competency_usercompcourse').selectAll().where('userid', '=', learner).where('competencyid', '=', c).executeTakeFirst();
    expect(await course()).toMatchObject({ grade: 2, proficiency: 1 });
    expect(await uc(learner, c)).toMatchObject({ grade: 2, proficiency: 1 });
    await ok(w.site, w.manager, 'core_competency_update_course_competency_settings', { courseid: w.courseid, settings: { pushratingstouserplans: 0 } });
    await ok(w.site, w.teacher, 'core_competency_grade_competency_in_course', { courseid: w.courseid, userid: learner, competencyid: c, grade: 1 });
    expect(await course()).toMatchObject({ grade: 1, proficiency: 0 });
    expect(await uc(learner, c)).toMatchObject({ grade: 2, proficiency: 1 });
    await ok(w.site, w.manager, 'core_competency_update_course_competency_settings', { courseid: w.courseid, settings: { pushratingstouserplans: 1 } });
    // Only gradable, enrolled learners can be rated; learners cannot rate.
    const stranger = await w.site.createUser('rstranger');
    expect((await call(w.site, w.teacher, 'core_competency_grade_competency_in_course', { courseid: w.courseid, userid: stranger, competencyid: c, grade: 2 })).exception?.errorcode).toBe('invaliduser');
    expect((await call(w.site, w.teacher, 'core_competency_grade_competency_in_course', { courseid: w.courseid, userid: w.teacherId, competencyid: c, grade: 2 })).exception?.errorcode).toBe('invaliduser');
    expect((await call(w.site, w.learner, 'core_competency_grade_competency_in_course', { courseid: w.courseid, userid: learner, competencyid: c, grade: 2 })).exception?.errorcode).toBe('nopermissions');
    const inCourse = await ok<{ usercompetencysummary: Summary; course: { shortname: string } }>(w.site, w.teacher, 'tool_lp_data_for_user_competency_summary_in_course', { userid: learner, competencyid: c, courseid: w.courseid });
    expect(inCourse.course.shortname).toBe('PL101');
    expect(inCourse.usercompetencysummary).toMatchObject({ cangrade: true, usercompetencycourse: { grade: 1, gradename: 'Not yet competent' } });
    expect(inCourse.usercompetencysummary.evidence).toHaveLength(2);
    // A learner sees their own rating in the course, not another's.
    const own = await ok<{ usercompetencysummary: Summary }>(w.site, w.learner, 'tool_lp_data_for_user_competency_summary_in_course', { userid: w.learnerId, competencyid: c, courseid: w.courseid });
    expect(own.usercompetencysummary.cangrade).toBe(false);
    expect((await call(w.site, w.learner, 'tool_lp_data_for_user_competency_summary_in_course', { userid: learner, competencyid: c, courseid: w.courseid })).exception?.errorcode).toBe('nopermissions');
    expect(await ok(w.site, w.teacher, 'core_competency_user_competency_viewed_in_course', { userid: learner, competencyid: c, courseid: w.courseid })).toBe(true);
    const logged = await db().selectFrom('logstore_standard_log').select(['courseid', 'relateduserid']).where('eventname', '=', '\\core\\event\\competency_user_competency_viewed_in_course').executeTakeFirstOrThrow();
    expect(logged).toEqual({ courseid: w.courseid, relateduserid: learner });
  });

  it('allows each review step only from its status: request, cancel, start, stop', async () => {
    const learner = await freshLearner('rreview');
    const c = w.children[0]!.id;
    const session = await w.site.sessionFor(learner);
    const step = (s: typeof session, method: string) => call(w.site, s, `core_competency_user_competency_${method}`, { userid: learner, competencyid: c });
    // Nothing to cancel, start or stop yet.
    expect((await step(session, 'cancel_review_request')).exception?.errorcode).toBe('invalidrecord');
    expect((await step(w.manager, 'start_review')).exception?.errorcode).toBe('invalidrecord');
    expect((await step(session, 'request_review')).error).toBe(false);
    expect(await uc(learner, c)).toMatchObject({ status: 1 });
    expect((await step(session, 'request_review')).exception?.errorcode).toBe('invalidusercompetencystatus');
    expect((await step(w.manager, 'stop_review')).exception?.errorcode).toBe('invalidusercompetencystatus');
    expect((await step(session, 'start_review')).exception?.errorcode).toBe('nopermissions');
    expect((await step(session, 'cancel_review_request')).error).toBe(false);
    expect((await step(session, 'cancel_review_request')).exception?.errorcode).toBe('invalidusercompetencystatus');
    expect((await step(w.manager, 'start_review')).exception?.errorcode).toBe('invalidusercompetencystatus');
    await step(session, 'request_review');
    expect((await step(w.manager, 'start_review')).error).toBe(false);
    expect(await uc(learner, c)).toMatchObject({ status: 2, reviewerid: w.managerId });
    const reviewing = await summary(learner, c);
    expect(reviewing.usercompetency).toMatchObject({ isstatusinreview: true, isstopreviewallowed: true, statusname: 'In review', reviewer: { id: w.managerId } });
    expect((await step(w.manager, 'start_review')).exception?.errorcode).toBe('invalidusercompetencystatus');
    expect((await step(session, 'cancel_review_request')).exception?.errorcode).toBe('invalidusercompetencystatus');
    expect((await step(session, 'stop_review')).exception?.errorcode).toBe('nopermissions');
    expect((await step(w.manager, 'stop_review')).error).toBe(false);
    // Stopping keeps the last reviewer.
    expect(await uc(learner, c)).toMatchObject({ status: 0, reviewerid: w.managerId });
    // Another learner may not ask for someone else's review.
    expect((await step(w.other, 'request_review')).exception?.errorcode).toBe('nopermissions');
  });

  it('logs views, and deletes evidence only with evidencedelete', async () => {
    const learner = await freshLearner('rviews');
    const c = w.children[1]!.id;
    const evidence = await rate(learner, c, 2);
    const row = await uc(learner, c);
    expect(await ok(w.site, w.manager, 'core_competency_user_competency_viewed', { usercompetencyid: row!.id })).toBe(true);
    expect(await ok(w.site, w.learner, 'core_competency_competency_viewed', { id: c })).toBe(true);
    expect((await call(w.site, w.other, 'core_competency_user_competency_viewed', { usercompetencyid: row!.id })).exception?.errorcode).toBe('nopermissions');
    expect((await summary(learner, c)).evidence[0]!.candelete).toBe(false);
    expect((await call(w.site, w.manager, 'core_competency_delete_evidence', { id: evidence.id })).exception?.errorcode).toBe('nopermissions');
    const role = await db().selectFrom('role').select('id').where('shortname', '=', 'manager').executeTakeFirstOrThrow();
    await setRolePermission(db(), role.id, (await getSystemContext(db())).id, 'moodle/competency:evidencedelete', CAP_ALLOW);
    expect((await summary(learner, c)).evidence[0]!.candelete).toBe(true);
    expect(await ok(w.site, w.manager, 'core_competency_delete_evidence', { id: evidence.id })).toBe(true);
    expect((await summary(learner, c)).evidence).toEqual([]);
    // The rating it set stays.
    expect(await uc(learner, c)).toMatchObject({ grade: 2 });
  });

  it('user search answers only users the caller may act on, with identity fields only for those who may see them', async () => {
    const capability = 'moodle/competency:planview';
    const found = await ok<{ users: UserSummary[]; count: number }>(w.site, w.manager, 'tool_lp_search_users', { query: 'learner', capability });
    expect(found.users.map((u) => u.fullname)).toEqual(['Lee Learner']);
    expect(found.count).toBe(1);
    const none = await ok<{ users: UserSummary[]; count: number }>(w.site, w.learner, 'tool_lp_search_users', { query: 'learner', capability });
    expect(none).toEqual({ users: [], count: 0 });
    // A mentor role in one learner's context lets the teacher find that learner only.
    const mentor = await db().selectFrom('role').select('id').where('shortname', '=', 'manager').executeTakeFirstOrThrow();
    const learnerContext = await db().selectFrom('context').select('id').where('contextlevel', '=', 30).where('instanceid', '=', w.otherId).executeTakeFirstOrThrow();
    await assignRole(db(), mentor.id, w.teacherId, learnerContext.id);
    const mentored = await ok<{ users: UserSummary[]; count: number }>(w.site, w.teacher, 'tool_lp_search_users', { query: '', capability });
    expect(mentored.users.map((u) => u.id)).toEqual([w.otherId]);
    expect(mentored.users[0]!.email).toBeUndefined();
    const paged = await ok<{ users: UserSummary[]; count: number }>(w.site, w.manager, 'tool_lp_search_users', { query: '', capability, limitfrom: 1, limitnum: 2 });
    expect(paged.users).toHaveLength(2);
    expect(paged.count).toBeGreaterThan(3);
  });
});
