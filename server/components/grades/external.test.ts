import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraderUser, ScaleInfo, UserGradeItem } from '../../../api/grades';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { callAs, createPageActivity, type Session } from '../tag/fixtures';
import { gradeItemUpdate, gradeUpdate, GRADE_TYPE_SCALE, GRADE_TYPE_VALUE } from './service';

type UserReport = { usergrades: Array<{ userid: number; userfullname: string; gradeitems: UserGradeItem[] }> };
type GraderReport = { items: Array<{ id: number; itemname: string }>; users: GraderUser[]; total: number };

describe.each(testDialects)('gradebook methods on %s', (dialect) => {
  let site: TestSite;
  let courseid: number;
  let otherCourseid: number;
  let teacher: Session;
  let noneditor: Session;
  let learner: Session;
  let outsider: Session;
  let learnerId: number;
  let peerId: number;
  let valueItem: number;
  let hiddenItem: number;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    const db = site.platform.db;
    courseid = await site.createCourse('Grades course', 'GRD1');
    otherCourseid = await site.createCourse('Other course', 'GRD2');
    const teacherId = await site.createUser('gteacher', { firstname: 'Tess', lastname: 'Teacher' });
    const noneditorId = await site.createUser('gmarker', { firstname: 'Mark', lastname: 'Marker' });
    learnerId = await site.createUser('glearner', { firstname: 'Lena', lastname: 'Learner' });
    peerId = await site.createUser('gpeer', { firstname: 'Pete', lastname: 'Peer' });
    const outsiderId = await site.createUser('goutsider');
    await site.enrol(teacherId, courseid, 'editingteacher');
    await site.enrol(noneditorId, courseid, 'teacher');
    await site.enrol(learnerId, courseid, 'student');
    await site.enrol(peerId, courseid, 'student');
    await site.enrol(outsiderId, otherCourseid, 'student');
    for (let i = 0; i < 5; i++) await site.enrol(await site.createUser(`gextra${i}`, { firstname: `Extra${i}`, lastname: `Zed${i}` }), courseid, 'student');
    teacher = await site.sessionFor(teacherId);
    noneditor = await site.sessionFor(noneditorId);
    learner = await site.sessionFor(learnerId);
    outsider = await site.sessionFor(outsiderId);

    const item = async (name: string, gradetype: number, grademax: number, scaleid: number | null) => {
      const cmid = await createPageActivity(site, courseid, name);
      const cm = await db.selectFrom('course_modules').select('instance').where('id', '=', cmid).executeTakeFirstOrThrow();
      return { cmid, id: await gradeItemUpdate(db, { courseid, itemmodule: 'page', iteminstance: cm.instance, cmid, itemname: name, gradetype, grademax, grademin: gradetype === GRADE_TYPE_SCALE ? 1 : 0, scaleid }) };
    };
    const scale = await db.selectFrom('scale').select('id').where('name', '=', 'Default competence scale').executeTakeFirstOrThrow();
    valueItem = (await item('Essay', GRADE_TYPE_VALUE, 10, null)).id;
    const scaleItem = (await item('Competence', GRADE_TYPE_SCALE, 2, scale.id)).id;
    const hidden = await item('Hidden quiz', GRADE_TYPE_VALUE, 20, null);
    hiddenItem = hidden.id;
    await db.updateTable('course_modules').set({ visible: 0 }).where('id', '=', hidden.cmid).execute();
    const g = (userid: number, rawgrade: number, feedback: string | null = null) => ({ userid, rawgrade, feedback, feedbackformat: 1, usermodified: teacherId, dategraded: 1000, datesubmitted: 900 });
    await gradeUpdate(db, valueItem, [g(learnerId, 7.5, '<p>Good <script>alert(1)</script>work</p>'), g(peerId, 3)]);
    await gradeUpdate(db, scaleItem, [g(learnerId, 2)]);
    await gradeUpdate(db, hiddenItem, [g(learnerId, 15)]);
    await db.insertInto('scale').values({ courseid, name: 'Course scale', scale: 'Low,High' }).execute();
    await db.insertInto('scale').values({ courseid: otherCourseid, name: 'Elsewhere', scale: 'A,B' }).execute();
  });
  afterAll(() => site.close());

  it('lists the standard scales and the course scales, not those of other courses', async () => {
    const answer = await callAs<ScaleInfo[]>(site, learner, 'core_grades_get_scales', { courseid });
    expect(answer.error).toBe(false);
    expect(answer.data!.map((s) => [s.name, s.items])).toEqual([
      ['Default competence scale', ['Not yet competent', 'Competent']],
      ['Separate and Connected ways of knowing', ['Mostly separate knowing', 'Separate and connected', 'Mostly connected knowing']],
      ['Course scale', ['Low', 'High']],
    ]);
    expect((await callAs(site, outsider, 'core_grades_get_scales', { courseid })).exception?.errorcode).toBe('requireloginerror');
  });

  it("shows a learner their own grades and feedback, without hidden activities", async () => {
    const answer = await callAs<UserReport>(site, learner, 'gradereport_user_get_grade_items', { courseid });
    expect(answer.error).toBe(false);
    const [report] = answer.data!.usergrades;
    expect(report!.userid).toBe(learnerId);
    expect(report!.userfullname).toBe('Lena Learner');
    expect(report!.gradeitems.map((i) => [i.itemname, i.graderaw, i.gradeformatted])).toEqual([
      ['Essay', 7.5, '7.50 / 10.00'],
      ['Competence', 2, 'Competent'],
    ]);
    expect(report!.gradeitems[0]!.feedback).toContain('Good');
    expect(report!.gradeitems[0]!.feedback).not.toContain('<script');
    expect(report!.gradeitems[0]!.gradedategraded).toBe(1000);
    // Naming themselves is the same as userid 0.
    const own = await callAs<UserReport>(site, learner, 'gradereport_user_get_grade_items', { courseid, userid: learnerId });
    expect(own.data!.usergrades[0]!.gradeitems).toHaveLength(2);
  });

  it("never shows a learner another learner's grades; teachers see anyone's, hidden items included", async () => {
    expect((await callAs(site, learner, 'gradereport_user_get_grade_items', { courseid, userid: peerId })).exception?.errorcode).toBe('nopermissions');
    for (const session of [teacher, noneditor]) {
      const answer = await callAs<UserReport>(site, session, 'gradereport_user_get_grade_items', { courseid, userid: learnerId });
      expect(answer.data!.usergrades[0]!.gradeitems.map((i) => i.graderaw)).toEqual([7.5, 2, 15]);
    }
    const peer = await callAs<UserReport>(site, teacher, 'gradereport_user_get_grade_items', { courseid, userid: peerId });
    expect(peer.data!.usergrades[0]!.gradeitems.map((i) => i.gradeformatted)).toEqual(['3.00 / 10.00', '-', '-']);
  });

  it('refuses unknown and not enrolled users, and courses the caller may not enter', async () => {
    expect((await callAs(site, teacher, 'gradereport_user_get_grade_items', { courseid, userid: 999999 })).exception?.errorcode).toBe('invalidrecord');
    const outsiderId = (await site.platform.db.selectFrom('user').select('id').where('username', '=', 'goutsider').executeTakeFirstOrThrow()).id;
    expect((await callAs(site, teacher, 'gradereport_user_get_grade_items', { courseid, userid: outsiderId })).exception?.errorcode).toBe('usernotenrolled');
    expect((await callAs(site, outsider, 'gradereport_user_get_grade_items', { courseid })).exception?.errorcode).toBe('requireloginerror');
    expect((await callAs(site, teacher, 'gradereport_user_get_grade_items', { courseid: 999999 })).exception?.errorcode).toBe('invalidrecord');
    expect((await callAs(site, teacher, 'gradereport_user_get_grade_items', { courseid: 'x' })).exception?.errorcode).toBe('invalidparameter');
  });

  it('pages the grader report over the students, with every item as a column', async () => {
    const first = await callAs<GraderReport>(site, teacher, 'gradereport_grader_get_course_grades', { courseid, perpage: 3 });
    expect(first.error).toBe(false);
    expect(first.data!.total).toBe(7);
    expect(first.data!.items.map((i) => i.itemname)).toEqual(['Essay', 'Competence', 'Hidden quiz']);
    expect(first.data!.users.map((u) => u.fullname)).toEqual(['Lena Learner', 'Pete Peer', 'Extra0 Zed0']);
    expect(first.data!.users[0]!.grades.map((g) => g.gradeformatted)).toEqual(['7.50 / 10.00', 'Competent', '15.00 / 20.00']);
    const last = await callAs<GraderReport>(site, teacher, 'gradereport_grader_get_course_grades', { courseid, perpage: 3, page: 2 });
    expect(last.data!.users.map((u) => u.fullname)).toEqual(['Extra4 Zed4']);
    const found = await callAs<GraderReport>(site, noneditor, 'gradereport_grader_get_course_grades', { courseid, search: 'pet' });
    expect([found.data!.total, found.data!.users.map((u) => u.id)]).toEqual([1, [peerId]]);
    const none = await callAs<GraderReport>(site, teacher, 'gradereport_grader_get_course_grades', { courseid, search: '50%_' });
    expect(none.data!.total).toBe(0);
  });

  it('refuses the grader report to learners and outsiders, and bad paging', async () => {
    expect((await callAs(site, learner, 'gradereport_grader_get_course_grades', { courseid })).exception?.errorcode).toBe('nopermissions');
    expect((await callAs(site, outsider, 'gradereport_grader_get_course_grades', { courseid })).exception?.errorcode).toBe('requireloginerror');
    expect((await callAs(site, teacher, 'gradereport_grader_get_course_grades', { courseid, perpage: 0 })).exception?.errorcode).toBe('invalidparameter');
    expect((await callAs(site, teacher, 'gradereport_grader_get_course_grades', { courseid, page: -1 })).exception?.errorcode).toBe('invalidparameter');
  });

  it('guards the report pages', async () => {
    const get = (url: string, session: Session) => site.app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie: session.cookie } });
    expect((await get(`/grade/report/user/index.php?id=${courseid}`, learner)).statusCode).toBe(200);
    expect((await get(`/grade/report/user/index.php?id=${courseid}&userid=${peerId}`, learner)).statusCode).toBe(403);
    expect((await get(`/grade/report/user/index.php?id=${courseid}&userid=${peerId}`, teacher)).statusCode).toBe(200);
    expect((await get(`/grade/report/user/index.php?id=${courseid}`, outsider)).statusCode).toBe(403);
    expect((await get(`/grade/report/grader/index.php?id=${courseid}`, teacher)).statusCode).toBe(200);
    expect((await get(`/grade/report/grader/index.php?id=${courseid}`, learner)).statusCode).toBe(403);
    expect((await get('/grade/report/grader/index.php?id=abc', teacher)).statusCode).toBe(400);
    expect((await get('/grade/report/grader/index.php?id=999999', teacher)).statusCode).toBe(404);
  });
});
