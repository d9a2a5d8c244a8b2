import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSystemContext } from '../../platform/access/contexts';
import { assignRole, getRoleByShortname, setRolePermission } from '../../platform/access/install';
import { CAP_ALLOW, CAP_PREVENT } from '../../platform/access/types';
import { testDialects } from '../../test/databases';
import { cookieOf, createTestSite, type TestSite } from '../../test/site';

type Session = { cookie: string; sesskey: string };
type Answer<T> = Array<{ error: boolean; data?: T; exception?: { errorcode: string } }>;

function pageConfig(html: string): Record<string, unknown> {
  const match = /window\.M\.cfg = (\{.*?\});<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no M.cfg in page');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

describe.each(testDialects)('log in as on %s', (dialect) => {
  let site: TestSite;
  let courseId: number;
  let otherCourseId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    site = await createTestSite(dialect);
    for (const name of ['stella', 'sam', 'mona', 'tom', 'sid', 'outsider']) ids[name] = await site.createUser(name, { firstname: name[0]?.toUpperCase() + name.slice(1), lastname: 'Tester' });
    courseId = await site.createCourse('Geology', 'GEO1');
    otherCourseId = await site.createCourse('Botany', 'BOT1');
    await site.enrol(ids.stella ?? 0, courseId, 'student');
    await site.enrol(ids.sam ?? 0, courseId, 'student');
    await site.enrol(ids.stella ?? 0, otherCourseId, 'student');
    await site.enrol(ids.tom ?? 0, courseId, 'editingteacher');
    await site.enrol(ids.sid ?? 0, courseId, 'student');
    await site.platform.db.updateTable('user').set({ suspended: 1 }).where('id', '=', ids.sid ?? 0).execute();
    const manager = await getRoleByShortname(site.platform.db, 'manager');
    await assignRole(site.platform.db, manager?.id ?? 0, ids.mona ?? 0, (await getSystemContext(site.platform.db)).id);
  });
  afterAll(() => site.close());

  const sidOf = (session: Session) => session.cookie.split('=')[1] ?? '';
  const sessionRow = (session: Session) => site.platform.db.selectFrom('sessions').selectAll().where('sid', '=', sidOf(session)).executeTakeFirst();
  const get = (url: string, session?: Session) => site.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(session ? { cookie: session.cookie } : {}) } });
  const loginAs = (session: Session, user: number, course = 1, sesskey = session.sesskey) => get(`/course/loginas.php?id=${course}&user=${user}&sesskey=${sesskey}`, session);

  /** Follows a successful log in as: the new session's cookie and the sesskey its pages carry. */
  async function switched(response: Awaited<ReturnType<typeof get>>): Promise<Session> {
    expect(response.statusCode).toBe(303);
    const cookie = cookieOf(response.headers['set-cookie']);
    const page = await get('/my/', { cookie, sesskey: '' });
    return { cookie, sesskey: String(pageConfig(page.body).sesskey) };
  }

  async function call<T>(methodname: string, args: unknown, session: Session) {
    const { json } = await site.ajax([{ methodname, args }], session);
    return (json as Answer<T>)[0];
  }

  it('lets an admin act as a student: a fresh session and sesskey, the real user remembered and logged', async () => {
    const admin = await site.sessionFor(site.adminId);
    const response = await loginAs(admin, ids.stella ?? 0);
    expect(response.headers.location).toBe('/my/');
    const acting = await switched(response);
    expect(acting.cookie).not.toBe(admin.cookie);
    expect(acting.sesskey).not.toBe(admin.sesskey);
    expect(await sessionRow(admin)).toBeUndefined();

    const row = await sessionRow(acting);
    expect(row?.userid).toBe(ids.stella);
    expect(JSON.parse(row?.data ?? '{}')).toEqual({ loginas: { realuser: site.adminId, contextid: (await getSystemContext(site.platform.db)).id, courseid: 0 } });

    const cfg = pageConfig((await get('/my/', acting)).body);
    expect(cfg).toMatchObject({ userid: ids.stella, user: { fullname: 'Stella Tester', isadmin: false }, loginas: { realuser: { id: site.adminId, fullname: 'Admin User' }, course: null } });

    const event = await site.platform.db.selectFrom('logstore_standard_log').selectAll().where('eventname', '=', '\\core\\event\\user_loggedinas').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(event).toMatchObject({ userid: site.adminId, relateduserid: ids.stella, objectid: ids.stella, contextlevel: 10, courseid: 0 });
    expect(JSON.parse(event.other)).toEqual({ originalusername: 'Admin User', loggedinasusername: 'Stella Tester' });

    // The session has the student's rights, not the admin's.
    expect((await call('core_user_list_users', {}, acting))?.exception?.errorcode).toBe('nopermissions');
    expect((await call('core_user_list_users', {}, { ...acting, sesskey: admin.sesskey }))?.exception?.errorcode).toBe('invalidsesskey');
  });

  it('logs what is done while logged in as with the real user beside the user acted as', async () => {
    const admin = await site.sessionFor(site.adminId);
    const acting = await switched(await loginAs(admin, ids.mona ?? 0));
    const created = await call<Array<{ id: number }>>('core_cohort_create_cohorts', { cohorts: [{ categorytype: { type: 'system', value: '' }, name: 'Made as Mona' }] }, acting);
    const cohortid = created?.data?.[0]?.id ?? 0;
    const event = await site.platform.db.selectFrom('logstore_standard_log').selectAll().where('eventname', '=', '\\core\\event\\cohort_created').where('objectid', '=', cohortid).executeTakeFirstOrThrow();
    expect(event).toMatchObject({ userid: ids.mona, realuserid: site.adminId });
  });

  it('logs changes made through the user and enrolment services while logged in as with the real user too', async () => {
    const admin = await site.sessionFor(site.adminId);
    const asStella = await switched(await loginAs(admin, ids.stella ?? 0));
    expect((await call('core_user_update_users', { users: [{ id: ids.stella, city: 'Ghent' }] }, asStella))?.error).toBe(false);
    const updated = await site.platform.db
      .selectFrom('logstore_standard_log')
      .selectAll()
      .where('eventname', '=', '\\core\\event\\user_updated')
      .where('objectid', '=', ids.stella ?? 0)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(updated).toMatchObject({ userid: ids.stella, realuserid: site.adminId, relateduserid: ids.stella });

    const asMona = await switched(await loginAs(await site.sessionFor(site.adminId), ids.mona ?? 0));
    const student = await getRoleByShortname(site.platform.db, 'student');
    const enrolled = await call('enrol_manual_enrol_users', { enrolments: [{ roleid: student?.id, userid: ids.outsider, courseid: otherCourseId }] }, asMona);
    expect(enrolled?.error).toBe(false);
    const enrolment = await site.platform.db
      .selectFrom('logstore_standard_log')
      .selectAll()
      .where('eventname', '=', '\\core\\event\\user_enrolment_created')
      .where('relateduserid', '=', ids.outsider ?? 0)
      .executeTakeFirstOrThrow();
    expect(enrolment).toMatchObject({ userid: ids.mona, realuserid: site.adminId, courseid: otherCourseId });

    // Acting as oneself records no real user.
    const own = await site.sessionFor(ids.sam ?? 0);
    expect((await call('core_user_update_users', { users: [{ id: ids.sam, city: 'Bruges' }] }, own))?.error).toBe(false);
    const plain = await site.platform.db.selectFrom('logstore_standard_log').selectAll().where('eventname', '=', '\\core\\event\\user_updated').where('objectid', '=', ids.sam ?? 0).executeTakeFirstOrThrow();
    expect(plain).toMatchObject({ userid: ids.sam, realuserid: 0 });
  });

  it('ends the whole session on log out: the admin must log in again', async () => {
    const admin = await site.sessionFor(site.adminId);
    const acting = await switched(await loginAs(admin, ids.stella ?? 0));
    const out = await site.app.inject({ method: 'GET', url: `/login/logout.php?sesskey=${acting.sesskey}`, headers: { cookie: acting.cookie } });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/login/index.php');
    expect(await sessionRow(acting)).toBeUndefined();
    expect((await get('/my/', acting)).headers.location).toBe('/login/index.php');
    expect((await get('/my/', admin)).headers.location).toBe('/login/index.php');
  });

  it('refuses a wrong sesskey and leaves the session as it was', async () => {
    const admin = await site.sessionFor(site.adminId);
    const response = await loginAs(admin, ids.stella ?? 0, 1, 'forged');
    expect(response.statusCode).toBe(403);
    expect(pageConfig(response.body)).toMatchObject({ userid: site.adminId, pageerror: { errorcode: 'invalidsesskey' } });
    expect((await sessionRow(admin))?.userid).toBe(site.adminId);
  });

  it('refuses people without moodle/user:loginas', async () => {
    const teacher = await site.sessionFor(ids.tom ?? 0);
    const response = await loginAs(teacher, ids.stella ?? 0, courseId);
    expect(response.statusCode).toBe(403);
    expect(pageConfig(response.body)).toMatchObject({ pageerror: { errorcode: 'nopermissions' } });
    expect((await sessionRow(teacher))?.userid).toBe(ids.tom);
    expect((await call<{ canloginas: boolean }>('core_user_can_login_as', { userid: ids.stella, courseid: courseId }, teacher))?.data).toEqual({ canloginas: false });
  });

  it('never acts as a site admin, oneself, the guest, a suspended or a deleted user', async () => {
    const manager = await site.sessionFor(ids.mona ?? 0);
    const admin = await site.sessionFor(site.adminId);
    const guest = Number((await site.platform.db.selectFrom('config').select('value').where('name', '=', 'siteguest').executeTakeFirstOrThrow()).value);
    const deleted = await site.createUser('gone');
    await site.platform.db.updateTable('user').set({ deleted: 1 }).where('id', '=', deleted).execute();
    const refusal = async (session: Session, user: number) => pageConfig((await loginAs(session, user)).body).pageerror;
    expect(await refusal(manager, site.adminId)).toMatchObject({ errorcode: 'nologinas' });
    expect(await refusal(admin, site.adminId)).toMatchObject({ errorcode: 'loginasself' });
    expect(await refusal(admin, guest)).toMatchObject({ errorcode: 'loginasguest' });
    expect(await refusal(admin, ids.sid ?? 0)).toEqual({ errorcode: 'loginassuspended', message: 'You cannot log in as a suspended user: activate the account first' });
    expect(await refusal(admin, deleted)).toMatchObject({ errorcode: 'invalidrecord' });
    expect((await sessionRow(manager))?.userid).toBe(ids.mona);
    expect((await sessionRow(admin))?.userid).toBe(site.adminId);
    const can = (user: number) => call<{ canloginas: boolean }>('core_user_can_login_as', { userid: user }, manager).then((a) => a?.data?.canloginas);
    expect([await can(ids.stella ?? 0), await can(site.adminId), await can(ids.mona ?? 0), await can(ids.sid ?? 0)]).toEqual([true, false, false, false]);
  });

  it('offers log in as per row of the user list only where it would be allowed', async () => {
    const manager = await site.sessionFor(ids.mona ?? 0);
    const listed = await call<{ users: Array<{ id: number; canloginas: boolean }> }>('core_user_list_users', { perpage: 100 }, manager);
    const flag = (id: number) => listed?.data?.users.find((u) => u.id === id)?.canloginas;
    expect([flag(ids.stella ?? 0), flag(site.adminId), flag(ids.mona ?? 0), flag(ids.sid ?? 0)]).toEqual([true, false, false, false]);
  });

  it('limits a log in as granted in a course to that course and its enrolled users', async () => {
    const teacherRole = await getRoleByShortname(site.platform.db, 'editingteacher');
    const context = await site.platform.db.selectFrom('context').select('id').where('contextlevel', '=', 50).where('instanceid', '=', courseId).executeTakeFirstOrThrow();
    await setRolePermission(site.platform.db, teacherRole?.id ?? 0, context.id, 'moodle/user:loginas', CAP_ALLOW);
    const teacher = await site.sessionFor(ids.tom ?? 0);
    expect((await call<{ canloginas: boolean }>('core_user_can_login_as', { userid: ids.stella, courseid: courseId }, teacher))?.data).toEqual({ canloginas: true });
    expect((await call<{ canloginas: boolean }>('core_user_can_login_as', { userid: ids.stella }, teacher))?.data).toEqual({ canloginas: false });
    expect(pageConfig((await loginAs(teacher, ids.outsider ?? 0, courseId)).body).pageerror).toMatchObject({ errorcode: 'usernotincourse' });

    const response = await loginAs(teacher, ids.stella ?? 0, courseId);
    expect(response.headers.location).toBe(`/course/view.php?id=${courseId}`);
    const acting = await switched(response);
    const cfg = pageConfig((await get(`/course/view.php?id=${courseId}`, acting)).body);
    expect(cfg).toMatchObject({ userid: ids.stella, loginas: { realuser: { fullname: 'Tom Tester' }, course: { id: courseId, fullname: 'Geology' } } });
    expect(cfg.pageerror).toBeUndefined();
    const elsewhere = await get(`/course/view.php?id=${otherCourseId}`, acting);
    expect(elsewhere.statusCode).toBe(403);
    expect(pageConfig(elsewhere.body)).toMatchObject({ pageerror: { errorcode: 'loginasonecourse' } });
    expect((await call('core_course_get_contents', { courseid: otherCourseId }, acting))?.exception?.errorcode).toBe('loginasonecourse');
    expect((await call('core_course_get_contents', { courseid: courseId }, acting))?.error).toBe(false);
  });

  it('in separate groups lets a teacher without accessallgroups act only as members of their own groups', async () => {
    // The teacher may log in as in the course since the previous test; here they lose accessallgroups.
    const db = site.platform.db;
    const teacherRole = await getRoleByShortname(db, 'editingteacher');
    const context = await db.selectFrom('context').select('id').where('contextlevel', '=', 50).where('instanceid', '=', courseId).executeTakeFirstOrThrow();
    await setRolePermission(db, teacherRole?.id ?? 0, context.id, 'moodle/site:accessallgroups', CAP_PREVENT);
    const group = await db.insertInto('groups').values({ courseid: courseId, name: 'Lab A' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('groups_members').values([ids.tom ?? 0, ids.stella ?? 0].map((userid) => ({ groupid: group.id, userid }))).execute();
    await db.updateTable('course').set({ groupmode: 1 }).where('id', '=', courseId).execute();
    try {
      const teacher = await site.sessionFor(ids.tom ?? 0);
      const can = (user: number) => call<{ canloginas: boolean }>('core_user_can_login_as', { userid: user, courseid: courseId }, teacher).then((a) => a?.data?.canloginas);
      expect([await can(ids.stella ?? 0), await can(ids.sam ?? 0)]).toEqual([true, false]);
      expect(pageConfig((await loginAs(teacher, ids.sam ?? 0, courseId)).body).pageerror).toMatchObject({ errorcode: 'nologinas' });
    } finally {
      await db.updateTable('course').set({ groupmode: 0 }).where('id', '=', courseId).execute();
      await db.deleteFrom('role_capabilities').where('roleid', '=', teacherRole?.id ?? 0).where('contextid', '=', context.id).where('capability', '=', 'moodle/site:accessallgroups').execute();
      await db.deleteFrom('groups_members').where('groupid', '=', group.id).execute();
      await db.deleteFrom('groups').where('id', '=', group.id).execute();
    }
  });

  it('logs out someone who asks to log in as again while logged in as', async () => {
    const admin = await site.sessionFor(site.adminId);
    const acting = await switched(await loginAs(admin, ids.mona ?? 0));
    expect((await call<{ canloginas: boolean }>('core_user_can_login_as', { userid: ids.stella }, acting))?.data).toEqual({ canloginas: false });
    const again = await loginAs(acting, ids.stella ?? 0);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/login/index.php');
    expect(await sessionRow(acting)).toBeUndefined();
  });

  it('sends visitors who are not logged in to the login page', async () => {
    const response = await get(`/course/loginas.php?id=1&user=${ids.stella}&sesskey=x`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login/index.php');
  });
});
