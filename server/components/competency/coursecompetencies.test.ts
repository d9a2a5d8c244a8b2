import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Competency } from '../../../api/competency';
import type { UserSummary } from '../../../api/competencyshapes';
import { testDialects } from '../../test/databases';
import { createTestSite } from '../../test/site';
import { buildPlanWorld, call, listedActivity, ok, type PlanWorld } from './plan-fixtures';

type Listed = Array<{ competency: Competency; coursecompetency: { id: number; ruleoutcome: number; sortorder: number } }>;
type CoursePage = {
  competencies: Array<{
    competency: Competency;
    coursecompetency: { id: number; ruleoutcome: number };
    ruleoutcomeoptions: Array<{ value: number; text: string; selected: boolean }>;
    coursemodules: Array<{ id: number; name: string; ruleoutcome: number }>;
    usercompetencycourse?: { grade: number | null };
  }>;
  settings: { pushratingstouserplans: boolean; id: number };
  gradableuserid: number;
  canmanagecoursecompetencies: boolean;
  canconfigurecoursecompetencies: boolean;
  cangradecompetencies: boolean;
  statistics: { competencycount: number; proficientcompetencycount: number; canbegradedincourse: boolean };
  activities: Array<{ id: number; name: string }>;
};

describe.each(testDialects)('course competencies on %s', (dialect) => {
  let w: PlanWorld;
  let courseid: number;
  beforeAll(async () => {
    w = await buildPlanWorld(await createTestSite(dialect));
    courseid = w.courseid;
  });
  afterAll(() => w.site.close());

  const listed = async () => (await ok<Listed>(w.site, w.teacher, 'core_competency_list_course_competencies', { id: courseid })).map((l) => l.competency.id);
  const page = (session = w.teacher) => ok<CoursePage>(w.site, session, 'tool_lp_data_for_course_competencies_page', { courseid });

  it('links competencies to a course in order, refuses a second link, reorders and unlinks them', async () => {
    const [a, b, c] = w.children.map((x) => x.id) as [number, number, number];
    for (const id of [a, b, c]) expect(await ok(w.site, w.teacher, 'core_competency_add_competency_to_course', { courseid, competencyid: id })).toBe(true);
    expect(await ok(w.site, w.teacher, 'core_competency_add_competency_to_course', { courseid, competencyid: a })).toBe(false);
    expect(await listed()).toEqual([a, b, c]);
    expect(await ok(w.site, w.learner, 'core_competency_count_competencies_in_course', { id: courseid })).toBe(3);
    await ok(w.site, w.teacher, 'core_competency_reorder_course_competency', { courseid, competencyidfrom: a, competencyidto: c });
    expect(await listed()).toEqual([b, c, a]);
    expect(await ok(w.site, w.teacher, 'core_competency_remove_competency_from_course', { courseid, competencyid: c })).toBe(true);
    expect(await ok(w.site, w.teacher, 'core_competency_remove_competency_from_course', { courseid, competencyid: c })).toBe(false);
    expect(await listed()).toEqual([b, a]);
    const orders = (await ok<Listed>(w.site, w.teacher, 'core_competency_list_course_competencies', { id: courseid })).map((l) => l.coursecompetency.sortorder);
    expect(orders).toEqual([0, 1]);
    // New links attach evidence on completion by default.
    expect((await ok<Listed>(w.site, w.teacher, 'core_competency_list_course_competencies', { id: courseid }))[0]!.coursecompetency.ruleoutcome).toBe(1);
    expect((await call(w.site, w.learner, 'core_competency_add_competency_to_course', { courseid, competencyid: c })).exception?.errorcode).toBe('nopermissions');
    const outsider = await w.site.sessionFor(await w.site.createUser('ccoutsider'));
    expect((await call(w.site, outsider, 'core_competency_list_course_competencies', { id: courseid })).exception?.errorcode).toBe('requireloginerror');
  });

  it('lists and counts the courses using a competency, without hidden courses for those who cannot see them', async () => {
    const competencyid = w.parent.id;
    await ok(w.site, w.teacher, 'core_competency_add_competency_to_course', { courseid, competencyid });
    const names = async (session = w.learner) => (await ok<Array<{ id: number }>>(w.site, session, 'tool_lp_list_courses_using_competency', { id: competencyid })).map((c) => c.id);
    expect(await names()).toEqual([courseid]);
    expect(await ok(w.site, w.learner, 'core_competency_count_courses_using_competency', { id: competencyid })).toBe(1);
    await w.site.platform.db.updateTable('course').set({ visible: 0 }).where('id', '=', courseid).execute();
    try {
      expect(await names()).toEqual([]);
      expect(await ok(w.site, w.learner, 'core_competency_count_courses_using_competency', { id: competencyid })).toBe(0);
      expect(await names(w.teacher)).toEqual([courseid]);
    } finally {
      await w.site.platform.db.updateTable('course').set({ visible: 1 }).where('id', '=', courseid).execute();
    }
    expect((await call(w.site, w.learner, 'core_competency_count_courses_using_competency', { id: 999_999 })).exception?.errorcode).toBe('invalidrecord');
    expect(await ok(w.site, w.teacher, 'core_competency_remove_competency_from_course', { courseid, competencyid })).toBe(true);
    expect(await names()).toEqual([]);
  });

  it('sets the outcome of each course competency and the course settings, each for those allowed', async () => {
    const [first] = await ok<Listed>(w.site, w.teacher, 'core_competency_list_course_competencies', { id: courseid });
    expect(await ok(w.site, w.teacher, 'core_competency_set_course_competency_ruleoutcome', { coursecompetencyid: first!.coursecompetency.id, ruleoutcome: 3 })).toBe(true);
    const data = await page();
    expect(data.competencies[0]!.coursecompetency.ruleoutcome).toBe(3);
    expect(data.competencies[0]!.ruleoutcomeoptions).toEqual([
      { value: 0, text: 'Do nothing', selected: false },
      { value: 1, text: 'Attach evidence', selected: false },
      { value: 2, text: 'Send for review', selected: false },
      { value: 3, text: 'Complete the competency', selected: true },
    ]);
    expect((await call(w.site, w.teacher, 'core_competency_set_course_competency_ruleoutcome', { coursecompetencyid: first!.coursecompetency.id, ruleoutcome: 4 })).exception?.errorcode).toBe('invalidparameter');
    expect((await call(w.site, w.learner, 'core_competency_set_course_competency_ruleoutcome', { coursecompetencyid: first!.coursecompetency.id, ruleoutcome: 0 })).exception?.errorcode).toBe('nopermissions');
    // Settings are for managers (coursecompetencyconfigure), not editing teachers.
    expect(data).toMatchObject({ canmanagecoursecompetencies: true, canconfigurecoursecompetencies: false, cangradecompetencies: true, settings: { id: 0, pushratingstouserplans: true } });
    expect((await call(w.site, w.teacher, 'core_competency_update_course_competency_settings', { courseid, settings: { pushratingstouserplans: 0 } })).exception?.errorcode).toBe('nopermissions');
    expect(await ok(w.site, w.manager, 'core_competency_update_course_competency_settings', { courseid, settings: { pushratingstouserplans: 0 } })).toBe(true);
    expect((await page()).settings.pushratingstouserplans).toBe(false);
    await ok(w.site, w.manager, 'core_competency_update_course_competency_settings', { courseid, settings: { pushratingstouserplans: 1 } });
    expect((await page()).settings.pushratingstouserplans).toBe(true);
  });

  it('links an activity to a course competency with its outcome; unlinking from the course unlinks the activity', async () => {
    const cmid = await listedActivity(w.site, courseid, 'Workshop notes');
    const [b, a] = await listed();
    expect((await page()).activities.map((x) => x.name)).toContain('Workshop notes');
    expect((await call(w.site, w.teacher, 'tool_lp_set_course_module_competency', { cmid, competencyid: w.children[2]!.id, linked: 1 })).exception?.errorcode).toBe('competencynotincourse');
    expect(await ok(w.site, w.teacher, 'tool_lp_set_course_module_competency', { cmid, competencyid: b, linked: 1, ruleoutcome: 2 })).toBe(true);
    expect(await ok(w.site, w.teacher, 'tool_lp_set_course_module_competency', { cmid, competencyid: a, linked: 1 })).toBe(true);
    const moduleList = await ok<Array<{ competency: Competency; coursemodulecompetency: { ruleoutcome: number; sortorder: number } }>>(w.site, w.learner, 'core_competency_list_course_module_competencies', { cmid });
    expect(moduleList.map((m) => [m.competency.id, m.coursemodulecompetency.ruleoutcome, m.coursemodulecompetency.sortorder])).toEqual([
      [b, 2, 0],
      [a, 1, 1],
    ]);
    expect((await page()).competencies.find((c) => c.competency.id === b)?.coursemodules).toEqual([expect.objectContaining({ id: cmid, name: 'Workshop notes', ruleoutcome: 2 })]);
    expect((await call(w.site, w.learner, 'tool_lp_set_course_module_competency', { cmid, competencyid: a, linked: 0 })).exception?.errorcode).toBe('nopermissions');
    // The activity filter of the page.
    const filtered = await ok<CoursePage>(w.site, w.teacher, 'tool_lp_data_for_course_competencies_page', { courseid, moduleid: cmid });
    expect(filtered.competencies).toHaveLength(2);
    await ok(w.site, w.teacher, 'core_competency_remove_competency_from_course', { courseid, competencyid: b });
    expect((await ok<unknown[]>(w.site, w.teacher, 'core_competency_list_course_module_competencies', { cmid })).length).toBe(1);
    expect(await ok(w.site, w.teacher, 'tool_lp_set_course_module_competency', { cmid, competencyid: a, linked: 0 })).toBe(true);
    await ok(w.site, w.teacher, 'core_competency_add_competency_to_course', { courseid, competencyid: b });
  });

  it('a learner sees their own course ratings on the page; the report and the breakdown follow ratings in the course', async () => {
    const ids = await listed();
    await ok(w.site, w.teacher, 'core_competency_grade_competency_in_course', { courseid, userid: w.learnerId, competencyid: ids[0], grade: 2 });
    const learnerPage = await page(w.learner);
    expect(learnerPage).toMatchObject({ gradableuserid: w.learnerId, canmanagecoursecompetencies: false, statistics: { competencycount: ids.length, proficientcompetencycount: 1, canbegradedincourse: true } });
    expect(learnerPage.competencies[0]!.usercompetencycourse?.grade).toBe(2);
    expect((await page()).gradableuserid).toBe(0);

    const users = await ok<UserSummary[]>(w.site, w.teacher, 'core_competency_list_gradable_users_in_course', { courseid });
    expect(users.map((u) => u.fullname)).toEqual(['Lee Learner', 'Olga Other']);
    expect((await ok<UserSummary[]>(w.site, w.learner, 'core_competency_list_gradable_users_in_course', { courseid })).map((u) => u.id)).toEqual([w.learnerId]);

    type Report = { usercompetencies: Array<{ usercompetencycourse: { grade: number | null; gradename: string; proficiency: boolean | null }; competency: { competency: Competency } }>; user: UserSummary; cangrade: boolean };
    const report = await ok<Report>(w.site, w.teacher, 'report_competency_data_for_report', { courseid, userid: w.learnerId });
    expect(report.user.fullname).toBe('Lee Learner');
    expect(report.usercompetencies.map((u) => [u.competency.competency.id, u.usercompetencycourse.gradename, u.usercompetencycourse.proficiency])).toEqual([
      [ids[0], 'Competent', true],
      [ids[1], '-', null],
    ]);
    await ok(w.site, w.teacher, 'core_competency_grade_competency_in_course', { courseid, userid: w.learnerId, competencyid: ids[1], grade: 1 });
    expect((await ok<Report>(w.site, w.teacher, 'report_competency_data_for_report', { courseid, userid: w.learnerId })).usercompetencies[1]!.usercompetencycourse.gradename).toBe('Not yet competent');
    expect((await ok<Report>(w.site, w.learner, 'report_competency_data_for_report', { courseid, userid: w.learnerId })).cangrade).toBe(false);
    expect((await call(w.site, w.learner, 'report_competency_data_for_report', { courseid, userid: w.otherId })).exception?.errorcode).toBe('nopermissions');
    expect((await call(w.site, w.teacher, 'report_competency_data_for_report', { courseid, userid: w.teacherId })).exception?.errorcode).toBe('invaliduser');

    type Breakdown = { competencies: Array<{ id: number }>; users: Array<{ user: UserSummary; ratings: Array<{ gradename: string }>; proficientcount: number }>; total: number };
    const breakdown = await ok<Breakdown>(w.site, w.teacher, 'report_competency_data_for_breakdown', { courseid, perpage: 1 });
    expect(breakdown.total).toBe(2);
    expect(breakdown.users.map((u) => [u.user.fullname, u.ratings.map((r) => r.gradename), u.proficientcount])).toEqual([['Lee Learner', ['Competent', 'Not yet competent'], 1]]);
    expect((await ok<Breakdown>(w.site, w.teacher, 'report_competency_data_for_breakdown', { courseid, perpage: 1, page: 1 })).users.map((u) => u.user.fullname)).toEqual(['Olga Other']);
    expect((await call(w.site, w.learner, 'report_competency_data_for_breakdown', { courseid })).exception?.errorcode).toBe('nopermissions');
  });
});
