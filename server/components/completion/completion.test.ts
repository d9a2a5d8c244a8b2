import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityCompletionStatus } from '../../../api/completion';
import { EVIDENCE_ACTION_COMPLETE, EVIDENCE_ACTION_LOG } from '../../../api/competencyshapes';
import { testDialects } from '../../test/databases';
import { createTestSite } from '../../test/site';
import { buildPlanWorld, call, ok, type PlanWorld, type Session } from '../competency/plan-fixtures';

type Statuses = { statuses: ActivityCompletionStatus[] };
type CourseStatus = { completionstatus: { completed: boolean; completions: Array<{ complete: boolean; details: { criteria: string } }> } };
type Added = { cmid: number; instance: number };

describe.each(testDialects)('activity and course completion on %s', (dialect) => {
  let w: PlanWorld;
  let courseid: number;
  beforeAll(async () => {
    w = await buildPlanWorld(await createTestSite(dialect));
    courseid = w.courseid;
    await ok(w.site, w.teacher, 'core_course_update_courses', { courses: [{ id: courseid, enablecompletion: 1 }] });
  });
  afterAll(() => w.site.close());

  const db = () => w.site.platform.db;
  const addPage = (name: string, course = courseid) => ok<Added>(w.site, w.teacher, 'mod_page_add_instance', { courseid: course, section: 1, name, content: `<p>${name}</p>` });
  const settings = (cmids: number[], completion: number, extra: Record<string, unknown> = {}, course = courseid) =>
    ok<{ updated: number }>(w.site, w.teacher, 'core_completion_update_module_settings', { courseid: course, cmids, completion, ...extra });
  const statusOf = async (cmid: number, userid = w.learnerId, session: Session = w.learner, course = courseid) =>
    (await ok<Statuses>(w.site, session, 'core_completion_get_activities_completion_status', { courseid: course, userid })).statuses.find((s) => s.cmid === cmid);
  const tick = (cmid: number, completed: boolean, session: Session = w.learner) => call(w.site, session, 'core_completion_update_activity_completion_status_manually', { cmid, completed });
  const evidence = async (descidentifier: string) =>
    db()
      .selectFrom('competency_evidence as e')
      .innerJoin('competency_usercomp as uc', 'uc.id', 'e.usercompetencyid')
      .select(['uc.competencyid', 'e.action', 'e.desca', 'e.url'])
      .where('uc.userid', '=', w.learnerId)
      .where('e.descidentifier', '=', descidentifier)
      .execute();
  const rows = async (cmid: number) => db().selectFrom('course_modules_completion').selectAll().where('coursemoduleid', '=', cmid).orderBy('userid').execute();

  it('lets a learner tick a manual activity and untick it, and refuses others and other activities', async () => {
    const page = await addPage('Manual reading');
    expect((await settings([page.cmid], 1)).updated).toBe(1);
    expect(await statusOf(page.cmid)).toMatchObject({ state: 0, tracking: 1, hascompletion: true, isautomatic: false, istrackeduser: true, details: [] });
    expect((await tick(page.cmid, true)).error).toBe(false);
    const done = await statusOf(page.cmid);
    expect(done?.state).toBe(1);
    expect(done?.timecompleted).toBeGreaterThan(0);
    expect((await tick(page.cmid, false)).error).toBe(false);
    expect((await statusOf(page.cmid))?.state).toBe(0);
    // A teacher is not tracked; an activity without manual tracking cannot be ticked.
    const before = await rows(page.cmid);
    expect((await tick(page.cmid, true, w.teacher)).exception?.errorcode).toBe('nottracked');
    const untracked = await addPage('Not tracked');
    expect((await tick(untracked.cmid, true)).exception?.errorcode).toBe('cannotmanualctrack');
    expect(await rows(page.cmid)).toEqual(before);
    expect(await rows(untracked.cmid)).toEqual([]);
    // The learner's own status only: another learner's needs the progress report capability.
    expect((await call(w.site, w.learner, 'core_completion_get_activities_completion_status', { courseid, userid: w.otherId })).exception?.errorcode).toBe('nopermissions');
    expect((await statusOf(page.cmid, w.learnerId, w.teacher))?.state).toBe(0);
  });

  it('completes an activity that requires viewing when the learner opens it, once', async () => {
    const page = await addPage('Read me');
    await settings([page.cmid], 2, { completionview: true });
    expect((await statusOf(page.cmid))?.details).toEqual([{ rulename: 'completionview', rulevalue: { status: 0, description: 'View' } }]);
    // A teacher's view is not tracked.
    await ok(w.site, w.teacher, 'mod_page_view_page', { pageid: page.instance });
    expect(await rows(page.cmid)).toEqual([]);
    await ok(w.site, w.learner, 'mod_page_view_page', { pageid: page.instance });
    const status = await statusOf(page.cmid);
    expect(status).toMatchObject({ state: 1, isautomatic: true, details: [{ rulename: 'completionview', rulevalue: { status: 1 } }] });
    await ok(w.site, w.learner, 'mod_page_view_page', { pageid: page.instance });
    expect(await rows(page.cmid)).toHaveLength(1);
    const updates = await db().selectFrom('logstore_standard_log').select('id').where('eventname', '=', '\\core\\event\\course_module_completion_updated').where('contextinstanceid', '=', page.cmid).execute();
    expect(updates).toHaveLength(1);
    // Automatic completion needs a rule: a page without "require view" is refused and nothing changes.
    const bare = await addPage('No rules');
    const refused = await call(w.site, w.teacher, 'core_completion_update_module_settings', { courseid, cmids: [bare.cmid, page.cmid], completion: 2 });
    expect(refused.exception?.errorcode).toBe('completionnorules');
    const cms = await db().selectFrom('course_modules').select(['id', 'completion', 'completionview']).where('id', 'in', [bare.cmid, page.cmid]).orderBy('id').execute();
    expect(cms).toEqual([
      { id: page.cmid, completion: 2, completionview: 1 },
      { id: bare.cmid, completion: 0, completionview: 0 },
    ]);
  });

  it('completes an assignment that requires a submission when the learner submits it', async () => {
    const assign = await ok<Added>(w.site, w.teacher, 'mod_assign_add_instance', { courseid, section: 1, name: 'Essay', grade: 10, onlinetext_enabled: 1 });
    await settings([assign.cmid], 2, { completionsubmit: true });
    await ok(w.site, w.learner, 'mod_assign_view_assign', { assignid: assign.instance });
    expect((await statusOf(assign.cmid))?.details).toEqual([{ rulename: 'completionsubmit', rulevalue: { status: 0, description: 'Make a submission' } }]);
    expect((await statusOf(assign.cmid))?.state ?? 0).toBe(0);
    await ok(w.site, w.learner, 'mod_assign_save_submission', { assignmentid: assign.instance, plugindata: { onlinetext_editor: { text: '<p>My essay</p>', format: 1, itemid: 0 } } });
    expect(await statusOf(assign.cmid)).toMatchObject({ state: 1, details: [{ rulename: 'completionsubmit', rulevalue: { status: 1 } }] });
    // Only the submitter is complete.
    expect((await statusOf(assign.cmid, w.otherId, w.teacher))?.state).toBe(0);
  });

  it('lets teachers override a learner’s state, which the rules then leave alone', async () => {
    const page = await addPage('Overridden');
    await settings([page.cmid], 2, { completionview: true });
    const refused = await call(w.site, w.learner, 'core_completion_override_activity_completion_status', { userid: w.learnerId, cmid: page.cmid, newstate: 1 });
    expect(refused.exception?.errorcode).toBe('nopermissions');
    expect(await rows(page.cmid)).toEqual([]);
    expect((await call(w.site, w.teacher, 'core_completion_override_activity_completion_status', { userid: w.teacherId, cmid: page.cmid, newstate: 1 })).exception?.errorcode).toBe('nottracked');
    const set = await ok<{ state: number; overrideby: number }>(w.site, w.teacher, 'core_completion_override_activity_completion_status', { userid: w.otherId, cmid: page.cmid, newstate: 1 });
    expect(set).toMatchObject({ state: 1, overrideby: w.teacherId });
    expect(await statusOf(page.cmid, w.otherId, w.teacher)).toMatchObject({ state: 1, overrideby: w.teacherId });
    await ok(w.site, w.teacher, 'core_completion_override_activity_completion_status', { userid: w.learnerId, cmid: page.cmid, newstate: 0 });
    await ok(w.site, w.learner, 'mod_page_view_page', { pageid: page.instance });
    expect(await statusOf(page.cmid)).toMatchObject({ state: 0, overrideby: w.teacherId });
    const bad = await call(w.site, w.teacher, 'core_completion_override_activity_completion_status', { userid: w.learnerId, cmid: page.cmid, newstate: 7 });
    expect(bad.exception?.errorcode).toBe('invalidparameter');
  });

  it('completes the course when every tracked activity is complete, and applies competency outcomes exactly once', async () => {
    const other = await w.site.createCourse('Completion 201', 'CP201');
    await w.site.enrol(w.teacherId, other, 'editingteacher');
    await w.site.enrol(w.learnerId, other, 'student');
    await ok(w.site, w.teacher, 'core_course_update_courses', { courses: [{ id: other, enablecompletion: 1 }] });
    const [c1, c2, c3] = w.children.map((c) => ({ id: c.id })) as [{ id: number }, { id: number }, { id: number }];
    for (const c of [c1, c2, c3]) await ok(w.site, w.teacher, 'core_competency_add_competency_to_course', { courseid: other, competencyid: c.id });
    const first = await addPage('Part one', other);
    const second = await addPage('Part two', other);
    await settings([first.cmid, second.cmid], 1, {}, other);
    // Part one gives evidence of C1 and recommends C2; the course completes C3 (outcomes: 1 evidence, 2 recommend, 3 complete).
    await ok(w.site, w.teacher, 'tool_lp_set_course_module_competency', { cmid: first.cmid, competencyid: c1.id, linked: true, ruleoutcome: 1 });
    await ok(w.site, w.teacher, 'tool_lp_set_course_module_competency', { cmid: first.cmid, competencyid: c2.id, linked: true, ruleoutcome: 2 });
    const listed = await ok<Array<{ competency: { id: number }; coursecompetency: { id: number } }>>(w.site, w.teacher, 'core_competency_list_course_competencies', { id: other });
    for (const l of listed) {
      const ruleoutcome = l.competency.id === c3.id ? 3 : 0;
      await ok(w.site, w.teacher, 'core_competency_set_course_competency_ruleoutcome', { coursecompetencyid: l.coursecompetency.id, ruleoutcome });
    }
    const courseStatus = () => ok<CourseStatus>(w.site, w.learner, 'core_completion_get_course_completion_status', { courseid: other, userid: w.learnerId });

    expect((await tick(first.cmid, true)).error).toBe(false);
    expect((await tick(first.cmid, false)).error).toBe(false);
    expect((await tick(first.cmid, true)).error).toBe(false);
    const moduleEvidence = await evidence('evidence_coursemodulecompleted');
    expect(moduleEvidence.map((e) => [e.competencyid, e.action, e.desca, e.url]).sort()).toEqual(
      [
        [c1.id, EVIDENCE_ACTION_LOG, '"Part one"', `/mod/page/view.php?id=${first.cmid}`],
        [c2.id, EVIDENCE_ACTION_LOG, '"Part one"', `/mod/page/view.php?id=${first.cmid}`],
      ].sort(),
    );
    const recommended = await db().selectFrom('competency_usercomp').select('status').where('userid', '=', w.learnerId).where('competencyid', '=', c2.id).executeTakeFirstOrThrow();
    expect(recommended.status).toBe(1);
    expect((await courseStatus()).completionstatus).toMatchObject({ completed: false, completions: [{ complete: true, details: { criteria: 'Part one' } }, { complete: false }] });

    expect((await tick(second.cmid, true)).error).toBe(false);
    expect((await courseStatus()).completionstatus.completed).toBe(true);
    const courseEvidence = await evidence('evidence_coursecompleted');
    expect(courseEvidence.map((e) => [e.competencyid, e.action, e.desca])).toEqual([[c3.id, EVIDENCE_ACTION_COMPLETE, '"CP201"']]);
    const rated = await db().selectFrom('competency_usercompcourse').select('grade').where('userid', '=', w.learnerId).where('courseid', '=', other).where('competencyid', '=', c3.id).executeTakeFirstOrThrow();
    expect(rated.grade).not.toBeNull();

    // Unticking and ticking again (and the teacher resetting the settings) add no second evidence and no second completion.
    await tick(second.cmid, false);
    await tick(second.cmid, true);
    await settings([first.cmid], 2, { completionview: true }, other);
    await ok(w.site, w.learner, 'mod_page_view_page', { pageid: first.instance });
    expect(await evidence('evidence_coursemodulecompleted')).toHaveLength(2);
    expect(await evidence('evidence_coursecompleted')).toHaveLength(1);
    const completions = await db().selectFrom('course_completions').selectAll().where('course', '=', other).execute();
    expect(completions).toHaveLength(1);
    const completedEvents = await db().selectFrom('logstore_standard_log').select('id').where('eventname', '=', '\\core\\event\\course_completed').where('courseid', '=', other).execute();
    expect(completedEvents).toHaveLength(1);
  });

  it('refuses settings and status to those without the right, changing nothing', async () => {
    const page = await addPage('Guarded');
    const student = await call(w.site, w.learner, 'core_completion_update_module_settings', { courseid, cmids: [page.cmid], completion: 1 });
    expect(student.exception?.errorcode).toBe('nopermissions');
    expect((await call(w.site, w.learner, 'core_completion_get_module_settings', { courseid })).exception?.errorcode).toBe('nopermissions');
    const foreign = await w.site.createCourse('Elsewhere', 'EL1');
    const elsewhere = await call(w.site, w.teacher, 'core_completion_update_module_settings', { courseid: foreign, cmids: [page.cmid], completion: 1 });
    expect(elsewhere.exception?.errorcode).toBe('requireloginerror');
    const wrongCourse = await call(w.site, w.manager, 'core_completion_update_module_settings', { courseid: foreign, cmids: [page.cmid], completion: 1 });
    expect(wrongCourse.exception?.errorcode).toBe('invalidparameter');
    const cm = await db().selectFrom('course_modules').select(['completion', 'completionview']).where('id', '=', page.cmid).executeTakeFirstOrThrow();
    expect(cm).toEqual({ completion: 0, completionview: 0 });
    const listed = await ok<{ enablecompletion: boolean; modules: Array<{ cmid: number; name: string; completion: number }> }>(w.site, w.teacher, 'core_completion_get_module_settings', { courseid });
    expect(listed.enablecompletion).toBe(true);
    expect(listed.modules.find((m) => m.cmid === page.cmid)).toMatchObject({ name: 'Guarded', completion: 0 });
    // With completion off in the course, nothing is tracked and ticking is refused.
    await settings([page.cmid], 1);
    await ok(w.site, w.teacher, 'core_course_update_courses', { courses: [{ id: courseid, enablecompletion: 0 }] });
    try {
      expect((await tick(page.cmid, true)).exception?.errorcode).toBe('completionnotenabled');
      expect((await ok<Statuses>(w.site, w.learner, 'core_completion_get_activities_completion_status', { courseid, userid: w.learnerId })).statuses).toEqual([]);
      expect(await rows(page.cmid)).toEqual([]);
    } finally {
      await ok(w.site, w.teacher, 'core_course_update_courses', { courses: [{ id: courseid, enablecompletion: 1 }] });
    }
  });
});
