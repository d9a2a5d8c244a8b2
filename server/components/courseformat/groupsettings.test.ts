import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';

type Ok<T> = Array<{ error: false; data: T }>;
type Failed = Array<{ error: true; exception: { errorcode: string; message: string } }>;
type Session = { cookie: string; sesskey: string };
type ModuleForm = {
  course: { id: number; groupmode: number; groupmodeforce: number; defaultgroupingid: number };
  groupings: Array<{ id: number; name: string }>;
  cm?: { id: number; modname: string; modulename: string; name: string; groupmode: number; groupingid: number; values: Record<string, string> };
};
type Contents = Array<{ modules: Array<{ id: number; groupmode?: number; groupingid?: number }> }>;

describe.each(testDialects)('activity group settings on %s', (dialect) => {
  let site: TestSite;
  let teacher: Session;
  let student: Session;
  let courseid: number;
  let otherCourse: number;
  let grouping: number;
  let foreignGrouping: number;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    courseid = await site.createCourse('Activity groups', 'AGM1');
    otherCourse = await site.createCourse('Another', 'AGM2');
    const teacherId = await site.createUser('agteacher');
    await site.enrol(teacherId, courseid, 'editingteacher');
    const studentId = await site.createUser('agstudent');
    await site.enrol(studentId, courseid, 'student');
    teacher = await site.sessionFor(teacherId);
    student = await site.sessionFor(studentId);
    const admin = await site.sessionFor(site.adminId);
    const made = await call('core_group_create_groupings', { groupings: [{ courseid, name: 'Lab teams' }, { courseid: otherCourse, name: 'Elsewhere' }] }, admin);
    [grouping, foreignGrouping] = data<Array<{ id: number }>>(made).map((g) => g.id) as [number, number];
  });
  afterAll(() => site.close());

  const call = (methodname: string, args: unknown, session: Session) => site.ajax([{ methodname, args }], session);
  const data = <T>(answer: { json: unknown }) => (answer.json as Ok<T>)[0]?.data as T;
  const failure = (answer: { json: unknown }) => (answer.json as Failed)[0]?.exception;
  const stored = (cmid: number) => site.platform.db.selectFrom('course_modules').select(['groupmode', 'groupingid']).where('id', '=', cmid).executeTakeFirstOrThrow();
  const moduleCount = async () => (await site.platform.db.selectFrom('course_modules').select('id').where('course', '=', courseid).execute()).length;
  const setCourse = (fields: { groupmode?: number; groupmodeforce?: number; defaultgroupingid?: number }) => site.platform.db.updateTable('course').set(fields).where('id', '=', courseid).execute();
  const contentsModule = async (cmid: number) => data<Contents>(await call('core_course_get_contents', { courseid }, teacher)).flatMap((s) => s.modules).find((m) => m.id === cmid);

  it('stores the group mode and grouping a new page asks for and reports them', async () => {
    const added = data<{ cmid: number }>(await call('mod_page_add_instance', { courseid, section: 1, name: 'Team notes', content: '<p>Hi</p>', groupmode: 1, groupingid: grouping }, teacher));
    expect(await stored(added.cmid)).toEqual({ groupmode: 1, groupingid: grouping });
    expect(await contentsModule(added.cmid)).toMatchObject({ groupmode: 1, groupingid: grouping });
    const module = data<{ groupmode: number; groupingid: number }>(await call('core_courseformat_get_module', { cmid: added.cmid }, teacher));
    expect(module).toMatchObject({ groupmode: 1, groupingid: grouping });

    const form = data<ModuleForm>(await call('core_courseformat_get_module_form', { cmid: added.cmid }, teacher));
    expect(form.groupings).toEqual([{ id: grouping, name: 'Lab teams' }]);
    expect(form.cm).toMatchObject({ modname: 'page', modulename: 'Page', name: 'Team notes', groupmode: 1, groupingid: grouping, values: { name: 'Team notes', intro: '', content: '<p>Hi</p>' } });
  });

  it("gives a new activity the course's defaults and changes them on update", async () => {
    await setCourse({ groupmode: 2, defaultgroupingid: grouping });
    const added = data<{ cmid: number }>(await call('mod_url_add_instance', { courseid, section: 1, name: 'Reading', externalurl: 'https://example.org/' }, teacher));
    expect(await stored(added.cmid)).toEqual({ groupmode: 2, groupingid: grouping });
    await call('mod_url_update_instance', { cmid: added.cmid, name: 'Reading', externalurl: 'https://example.org/', groupmode: 0, groupingid: 0 }, teacher);
    expect(await stored(added.cmid)).toEqual({ groupmode: 0, groupingid: 0 });
    // Leaving the settings out keeps them.
    await call('mod_url_update_instance', { cmid: added.cmid, name: 'Reading list', externalurl: 'https://example.org/' }, teacher);
    expect(await stored(added.cmid)).toEqual({ groupmode: 0, groupingid: 0 });
    await setCourse({ groupmode: 0, defaultgroupingid: 0 });
  });

  it("refuses another course's grouping and unknown group modes, changing nothing", async () => {
    const before = await moduleCount();
    const foreign = await call('mod_page_add_instance', { courseid, section: 1, name: 'Nope', groupingid: foreignGrouping }, teacher);
    expect(failure(foreign)).toMatchObject({ errorcode: 'groupingnotincourse' });
    const badMode = await call('mod_page_add_instance', { courseid, section: 1, name: 'Nope', groupmode: 3 }, teacher);
    expect(failure(badMode)?.errorcode).toBe('invalidparameter');
    expect(await moduleCount()).toBe(before);

    const added = data<{ cmid: number }>(await call('mod_page_add_instance', { courseid, section: 1, name: 'Kept', groupmode: 2 }, teacher));
    const update = await call('mod_page_update_instance', { cmid: added.cmid, name: 'Renamed', groupingid: foreignGrouping }, teacher);
    expect(failure(update)?.errorcode).toBe('groupingnotincourse');
    expect(await stored(added.cmid)).toEqual({ groupmode: 2, groupingid: 0 });
    const page = await site.platform.db.selectFrom('page').select('name').innerJoin('course_modules as cm', 'cm.instance', 'page.id').where('cm.id', '=', added.cmid).executeTakeFirstOrThrow();
    expect(page.name).toBe('Kept');
  });

  it('follows the course when it forces its group mode', async () => {
    const added = data<{ cmid: number }>(await call('mod_page_add_instance', { courseid, section: 1, name: 'Own mode', groupmode: 2 }, teacher));
    await setCourse({ groupmode: 1, groupmodeforce: 1 });
    // The effective mode is the course's, whatever the activity stores.
    expect(await contentsModule(added.cmid)).toMatchObject({ groupmode: 1 });
    const state = data<{ sections: Array<{ modules: Array<{ id: number; groupmode: number }> }> }>(await call('core_courseformat_get_state', { courseid }, teacher));
    expect(state.sections.flatMap((s) => s.modules).find((m) => m.id === added.cmid)?.groupmode).toBe(1);

    const before = await moduleCount();
    const other = await call('mod_page_add_instance', { courseid, section: 1, name: 'Visible please', groupmode: 2 }, teacher);
    expect(failure(other)).toMatchObject({ errorcode: 'groupmodeforced', message: 'This course forces its group mode on every activity; the activity cannot use another one' });
    expect(await moduleCount()).toBe(before);
    const changed = await call('mod_page_update_instance', { cmid: added.cmid, name: 'Own mode', groupmode: 0 }, teacher);
    expect(failure(changed)?.errorcode).toBe('groupmodeforced');
    expect(await stored(added.cmid)).toEqual({ groupmode: 2, groupingid: 0 });

    // The forced mode itself, or none at all, is accepted.
    const same = data<{ cmid: number }>(await call('mod_page_add_instance', { courseid, section: 1, name: 'Forced', groupmode: 1, groupingid: grouping }, teacher));
    expect(await stored(same.cmid)).toEqual({ groupmode: 1, groupingid: grouping });
    const form = data<ModuleForm>(await call('core_courseformat_get_module_form', { courseid }, teacher));
    expect(form.course).toMatchObject({ groupmode: 1, groupmodeforce: 1 });
    expect(form.cm).toBeUndefined();
    await setCourse({ groupmode: 0, groupmodeforce: 0 });
    expect(await contentsModule(added.cmid)).toMatchObject({ groupmode: 2 });
  });

  it('refuses students and requests without the session key', async () => {
    const added = data<{ cmid: number }>(await call('mod_page_add_instance', { courseid, section: 1, name: 'Guarded' }, teacher));
    expect(failure(await call('mod_page_update_instance', { cmid: added.cmid, name: 'Guarded', groupmode: 1 }, student))?.errorcode).toBe('nopermissions');
    expect(failure(await call('core_courseformat_get_module_form', { cmid: added.cmid }, student))?.errorcode).toBe('nopermissions');
    const wrongKey = { cookie: teacher.cookie, sesskey: 'wrong' };
    expect(failure(await call('mod_page_update_instance', { cmid: added.cmid, name: 'Guarded', groupmode: 1 }, wrongKey))?.errorcode).toBe('invalidsesskey');
    expect(await stored(added.cmid)).toEqual({ groupmode: 0, groupingid: 0 });
  });

  it('serves the settings page only to people who may manage activities', async () => {
    const added = data<{ cmid: number }>(await call('mod_page_add_instance', { courseid, section: 1, name: 'Settings page' }, teacher));
    const asTeacher = await site.app.inject({ method: 'GET', url: `/course/modedit.php?update=${added.cmid}`, headers: { cookie: teacher.cookie } });
    expect(asTeacher.statusCode).toBe(200);
    const asStudent = await site.app.inject({ method: 'GET', url: `/course/modedit.php?update=${added.cmid}`, headers: { cookie: student.cookie } });
    expect(asStudent.statusCode).toBe(403);
    const missing = await site.app.inject({ method: 'GET', url: '/course/modedit.php?update=999999', headers: { cookie: teacher.cookie } });
    expect(missing.statusCode).toBe(404);
  });
});
