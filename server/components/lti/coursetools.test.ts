import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { ok } from '../assign/fixtures';
import { callAs as call, type Session } from '../tag/fixtures';

interface CourseTool {
  id: number;
  name: string;
  instancecount: number;
}

describe.each(testDialects)('course tools (mod/lti:addcoursetool) on %s', (dialect) => {
  let site: TestSite;
  let admin: Session;
  let teacher: Session;
  let otherTeacher: Session;
  let student: Session;
  let courseid: number;
  let otherCourse: number;
  let siteTool: number;
  const settings = (name: string) => ({ name, baseurl: 'https://tool.example/launch', ltiversion: 'LTI-1p0', resourcekey: 'ck', password: 'course-secret' });

  beforeAll(async () => {
    site = await createTestSite(dialect);
    courseid = await site.createCourse('Chemistry', 'CHE1');
    otherCourse = await site.createCourse('Biology', 'BIO1');
    const t = await site.createUser('teacher1');
    const t2 = await site.createUser('teacher2');
    const st = await site.createUser('student1');
    await site.enrol(t, courseid, 'editingteacher');
    await site.enrol(t2, otherCourse, 'editingteacher');
    await site.enrol(st, courseid, 'student');
    admin = await site.sessionFor(site.adminId);
    teacher = await site.sessionFor(t);
    otherTeacher = await site.sessionFor(t2);
    student = await site.sessionFor(st);
    siteTool = (await ok<{ id: number }>(site, admin, 'mod_lti_save_tool_type', settings('Site tool'))).id;
  });
  afterAll(async () => site.close());

  const count = async () => Number((await site.platform.db.selectFrom('lti_types').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('a teacher adds a tool that exists only in their course, offered there and nowhere else', async () => {
    const saved = await ok<CourseTool>(site, teacher, 'mod_lti_save_course_tool_type', { courseid, ...settings('Lab notebook') });
    expect(saved).toMatchObject({ name: 'Lab notebook', instancecount: 0 });
    expect(JSON.stringify(saved)).not.toContain('course-secret');
    const row = await site.platform.db.selectFrom('lti_types').selectAll().where('id', '=', saved.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ course: courseid, coursevisible: 2, state: 1, password: 'course-secret' });
    expect(row.createdby).toBeGreaterThan(0);
    expect((await ok<CourseTool[]>(site, teacher, 'mod_lti_get_course_tool_types', { courseid })).map((t) => t.name)).toEqual(['Lab notebook']);
    // Offered in this course's activity form with the site tools; not in another course.
    const here = await ok<Array<{ id: number }>>(site, teacher, 'mod_lti_get_course_tools', { courseid });
    expect(here.map((t) => t.id).sort()).toEqual([siteTool, saved.id].sort());
    const there = await ok<Array<{ id: number }>>(site, otherTeacher, 'mod_lti_get_course_tools', { courseid: otherCourse });
    expect(there.map((t) => t.id)).toEqual([siteTool]);
    expect(await ok<CourseTool[]>(site, otherTeacher, 'mod_lti_get_course_tool_types', { courseid: otherCourse })).toEqual([]);
    // An activity in this course may use it; one in another course may not.
    const added = await ok<{ cmid: number }>(site, teacher, 'mod_lti_add_instance', { courseid, section: 1, name: 'Notebook', typeid: saved.id });
    expect(added.cmid).toBeGreaterThan(0);
    expect((await call(site, otherTeacher, 'mod_lti_add_instance', { courseid: otherCourse, section: 1, name: 'Stolen', typeid: saved.id })).exception?.errorcode).toBe('tooltypenotconfigured');
    expect((await ok<CourseTool[]>(site, teacher, 'mod_lti_get_course_tool_types', { courseid }))[0]?.instancecount).toBe(1);
  });

  it('students, other courses and site tools are refused, and nothing changes', async () => {
    const tool = (await ok<CourseTool[]>(site, teacher, 'mod_lti_get_course_tool_types', { courseid }))[0]!;
    const before = await count();
    expect((await call(site, student, 'mod_lti_save_course_tool_type', { courseid, ...settings('Nope') })).exception?.errorcode).toBe('nopermissions');
    expect((await call(site, student, 'mod_lti_get_course_tool_types', { courseid })).exception?.errorcode).toBe('nopermissions');
    expect((await call(site, otherTeacher, 'mod_lti_save_course_tool_type', { courseid, ...settings('Intruder') })).exception?.errorcode).toBe('requireloginerror');
    // A course tool cannot be edited or read from another course, even by a teacher there.
    expect((await call(site, otherTeacher, 'mod_lti_save_course_tool_type', { courseid: otherCourse, id: tool.id, ...settings('Hijacked') })).exception?.errorcode).toBe('toolnotincourse');
    expect((await call(site, otherTeacher, 'mod_lti_get_course_tool_type_settings', { courseid: otherCourse, id: tool.id })).exception?.errorcode).toBe('toolnotincourse');
    expect((await call(site, otherTeacher, 'mod_lti_delete_course_tool_type', { tooltypeid: tool.id })).exception?.errorcode).toBe('requireloginerror');
    // Site tools stay the administrator's.
    expect((await call(site, teacher, 'mod_lti_save_course_tool_type', { courseid, id: siteTool, ...settings('Renamed site tool') })).exception?.errorcode).toBe('toolnotincourse');
    expect((await call(site, teacher, 'mod_lti_delete_course_tool_type', { tooltypeid: siteTool })).exception?.errorcode).toBe('toolnotincourse');
    expect((await call(site, teacher, 'mod_lti_save_course_tool_type', { courseid: 1, ...settings('Front page') })).exception?.errorcode).toBe('invalidrecord');
    expect((await call(site, teacher, 'mod_lti_save_tool_type', settings('Site attempt'))).exception?.errorcode).toBe('nopermissions');
    expect(await count()).toBe(before);
    const names = await site.platform.db.selectFrom('lti_types').select('name').orderBy('id').execute();
    expect(names.map((n) => n.name)).toEqual(['Site tool', 'Lab notebook']);
  });

  it('edits keep the secret and the course; settings never answer it; deleting removes the tool', async () => {
    const tool = (await ok<CourseTool[]>(site, teacher, 'mod_lti_get_course_tool_types', { courseid }))[0]!;
    const edited = await ok<CourseTool>(site, teacher, 'mod_lti_save_course_tool_type', { courseid, id: tool.id, ...settings('Lab notebook 2'), password: '' });
    expect(edited.name).toBe('Lab notebook 2');
    const row = await site.platform.db.selectFrom('lti_types').selectAll().where('id', '=', tool.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ password: 'course-secret', course: courseid });
    const loaded = await ok<{ hassecret: boolean; password: string; name: string }>(site, teacher, 'mod_lti_get_course_tool_type_settings', { courseid, id: tool.id });
    expect(loaded).toMatchObject({ hassecret: true, password: '', name: 'Lab notebook 2' });
    expect(JSON.stringify(loaded)).not.toContain('course-secret');
    // A 1.3 course tool needs its login URL and redirect URIs, and gets a client id.
    const bad = await call(site, teacher, 'mod_lti_save_course_tool_type', { courseid, name: 'Adv', baseurl: 'https://tool.example/13', ltiversion: '1.3.0' });
    expect(bad.exception?.errorcode).toBe('formerrors');
    expect(await ok<boolean>(site, teacher, 'mod_lti_delete_course_tool_type', { tooltypeid: tool.id })).toBe(true);
    expect(await site.platform.db.selectFrom('lti_types').select('id').where('id', '=', tool.id).executeTakeFirst()).toBeUndefined();
    expect((await call(site, teacher, 'mod_lti_delete_course_tool_type', { tooltypeid: tool.id })).exception?.errorcode).toBe('unabletofindtooltype');
  });

  it('the course tool pages are guarded in the course', async () => {
    const page = (session: Session, url: string) => site.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
    expect((await page(teacher, `/mod/lti/coursetools.php?id=${courseid}`)).statusCode).toBe(200);
    expect((await page(student, `/mod/lti/coursetools.php?id=${courseid}`)).statusCode).toBe(403);
    expect((await page(otherTeacher, `/mod/lti/coursetools.php?id=${courseid}`)).statusCode).toBe(403);
    expect((await page(teacher, `/mod/lti/coursetooledit.php?course=${courseid}`)).statusCode).toBe(200);
    expect((await page(teacher, `/mod/lti/coursetooledit.php?course=${courseid}&typeid=${siteTool}`)).statusCode).toBe(403);
  });
});
