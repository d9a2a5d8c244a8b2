import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRoleByShortname } from '../../platform/access/install';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';

type Session = { cookie: string; sesskey: string };
type Answer = Array<{ error: boolean; data?: unknown; exception?: { errorcode: string } }>;

describe.each(testDialects)('enrolment methods on %s', (dialect) => {
  let site: TestSite;
  let teacher: Session;
  let student: Session;
  let admin: Session;
  let courseid: number;
  let contextid: number;
  const role: Record<string, number> = {};
  const users: Record<string, number> = {};

  async function call(session: Session, methodname: string, args: unknown) {
    const { json } = await site.ajax([{ methodname, args }], session);
    return (json as Answer)[0];
  }
  async function errorcode(session: Session, methodname: string, args: unknown) {
    return (await call(session, methodname, args))?.exception?.errorcode;
  }
  async function enrolmentsOf(userid: number) {
    return site.platform.db
      .selectFrom('user_enrolments as ue')
      .innerJoin('enrol as e', 'e.id', 'ue.enrolid')
      .select(['ue.id', 'e.enrol', 'ue.status', 'ue.timestart', 'ue.timeend'])
      .where('e.courseid', '=', courseid)
      .where('ue.userid', '=', userid)
      .execute();
  }
  async function rolesOf(userid: number) {
    const rows = await site.platform.db
      .selectFrom('role_assignments as ra')
      .innerJoin('role as r', 'r.id', 'ra.roleid')
      .select('r.shortname')
      .where('ra.userid', '=', userid)
      .where('ra.contextid', '=', contextid)
      .orderBy('r.sortorder')
      .execute();
    return rows.map((r) => r.shortname);
  }

  beforeAll(async () => {
    site = await createTestSite(dialect);
    courseid = await site.createCourse('Biology basics', 'BIO1');
    contextid = (await site.platform.db.selectFrom('context').select('id').where('contextlevel', '=', 50).where('instanceid', '=', courseid).executeTakeFirstOrThrow()).id;
    for (const shortname of ['manager', 'editingteacher', 'teacher', 'student']) role[shortname] = (await getRoleByShortname(site.platform.db, shortname))?.id ?? 0;
    users.teacher = await site.createUser('teach');
    users.student = await site.createUser('stud');
    for (const name of ['alice', 'bob', 'carol', 'dave', 'erin']) users[name] = await site.createUser(name);
    await site.enrol(users.teacher, courseid, 'editingteacher');
    await site.enrol(users.student, courseid, 'student');
    teacher = await site.sessionFor(users.teacher);
    student = await site.sessionFor(users.student);
    admin = await site.sessionFor(site.adminId);
  });
  afterAll(() => site.close());

  it('a teacher enrols users as students with dates, and they are enrolled and have the role', async () => {
    const answer = await call(teacher, 'enrol_manual_enrol_users', {
      enrolments: [
        { roleid: role.student, userid: users.alice, courseid },
        { roleid: role.teacher, userid: users.bob, courseid, timestart: 1000, timeend: 2000000000, suspend: 1 },
      ],
    });
    expect(answer?.error).toBe(false);
    expect(await rolesOf(users.alice ?? 0)).toEqual(['student']);
    expect(await rolesOf(users.bob ?? 0)).toEqual(['teacher']);
    expect((await enrolmentsOf(users.bob ?? 0)).map((e) => [e.enrol, e.status, Number(e.timestart), Number(e.timeend)])).toEqual([['manual', 1, 1000, 2000000000]]);
  });

  it('a teacher cannot enrol as manager or assign the manager role; a manager (admin) can', async () => {
    expect(await errorcode(teacher, 'enrol_manual_enrol_users', { enrolments: [{ roleid: role.manager, userid: users.carol, courseid }] })).toBe('wsusercannotassign');
    expect(await enrolmentsOf(users.carol ?? 0)).toEqual([]);
    expect(await errorcode(teacher, 'core_role_assign_roles', { assignments: [{ roleid: role.manager, userid: users.alice, contextid }] })).toBe('invalidparameter');
    expect(await errorcode(teacher, 'core_role_assign_roles', { assignments: [{ roleid: role.editingteacher, userid: users.alice, contextid }] })).toBe('invalidparameter');
    expect(await rolesOf(users.alice ?? 0)).toEqual(['student']);
    expect((await call(admin, 'core_role_assign_roles', { assignments: [{ roleid: role.manager, userid: users.dave, contextid }] }))?.error).toBe(false);
    expect(await rolesOf(users.dave ?? 0)).toEqual(['manager']);
    await call(admin, 'core_role_unassign_roles', { unassignments: [{ roleid: role.manager, userid: users.dave, contextid }] });
    expect(await rolesOf(users.dave ?? 0)).toEqual([]);
  });

  it('a teacher assigns and unassigns the non-editing teacher role', async () => {
    expect((await call(teacher, 'core_role_assign_roles', { assignments: [{ roleid: role.teacher, userid: users.alice, contextid }] }))?.error).toBe(false);
    expect(await rolesOf(users.alice ?? 0)).toEqual(['teacher', 'student']);
    expect((await call(teacher, 'core_role_unassign_roles', { unassignments: [{ roleid: role.teacher, userid: users.alice, contextid }] }))?.error).toBe(false);
    expect(await rolesOf(users.alice ?? 0)).toEqual(['student']);
  });

  it('students are refused every management method', async () => {
    expect(await errorcode(student, 'enrol_manual_enrol_users', { enrolments: [{ roleid: role.student, userid: users.carol, courseid }] })).toBe('nopermissions');
    expect(await errorcode(student, 'enrol_manual_unenrol_users', { enrolments: [{ userid: users.alice, courseid }] })).toBe('nopermissions');
    expect(await errorcode(student, 'core_role_assign_roles', { assignments: [{ roleid: role.student, userid: users.carol, contextid }] })).toBe('nopermissions');
    expect(await errorcode(student, 'core_role_unassign_roles', { unassignments: [{ roleid: role.student, userid: users.alice, contextid }] })).toBe('nopermissions');
    const [ue] = await enrolmentsOf(users.alice ?? 0);
    expect(await errorcode(student, 'core_enrol_edit_user_enrolment', { courseid, ueid: ue?.id, status: 1 })).toBe('nopermissions');
    expect(await errorcode(student, 'enrol_self_update_settings', { courseid, enabled: true })).toBe('nopermissions');
    expect(await errorcode(student, 'enrol_self_get_settings', { courseid })).toBe('nopermissions');
    expect(await enrolmentsOf(users.carol ?? 0)).toEqual([]);
    expect(await rolesOf(users.alice ?? 0)).toEqual(['student']);
  });

  it('bad ids and bad input change nothing, even for earlier items of the same call', async () => {
    const good = { roleid: role.student, userid: users.carol, courseid };
    expect(await errorcode(teacher, 'enrol_manual_enrol_users', { enrolments: [good, { ...good, userid: 99999 }] })).toBe('invalidrecord');
    expect(await errorcode(teacher, 'enrol_manual_enrol_users', { enrolments: [good, { ...good, courseid: 99999 }] })).toBe('invalidrecord');
    expect(await errorcode(teacher, 'enrol_manual_enrol_users', { enrolments: [good, { ...good, roleid: 99999 }] })).toBe('invalidrecord');
    expect(await errorcode(teacher, 'enrol_manual_enrol_users', { enrolments: [{ ...good, timestart: 2000, timeend: 1000 }] })).toBe('invalidparameter');
    expect(await errorcode(teacher, 'enrol_manual_enrol_users', { enrolments: [{ ...good, userid: 'x' }] })).toBe('invalidparameter');
    expect(await errorcode(teacher, 'enrol_manual_enrol_users', { enrolments: [] })).toBe('invalidparameter');
    expect(await enrolmentsOf(users.carol ?? 0)).toEqual([]);
    expect(await errorcode(teacher, 'core_role_assign_roles', { assignments: [{ roleid: role.student, userid: users.carol, contextid: 99999 }] })).toBe('invalidrecord');
    expect(await errorcode(teacher, 'enrol_manual_unenrol_users', { enrolments: [{ userid: 99999, courseid }] })).toBe('invalidrecord');
    expect(await errorcode(teacher, 'core_enrol_edit_user_enrolment', { courseid, ueid: 99999, status: 0 })).toBe('invalidrecord');
  });

  it('edits an enrolment: status and dates, refusing an end before the start', async () => {
    const [ue] = await enrolmentsOf(users.alice ?? 0);
    expect((await call(teacher, 'core_enrol_edit_user_enrolment', { courseid, ueid: ue?.id, status: 1, timestart: 100, timeend: 5000 }))?.data).toEqual({ result: true });
    expect((await enrolmentsOf(users.alice ?? 0)).map((e) => [e.status, Number(e.timestart), Number(e.timeend)])).toEqual([[1, 100, 5000]]);
    expect(await errorcode(teacher, 'core_enrol_edit_user_enrolment', { courseid, ueid: ue?.id, status: 0, timestart: 5000, timeend: 100 })).toBe('enroltimeendinvalid');
    expect(await errorcode(teacher, 'core_enrol_edit_user_enrolment', { courseid, ueid: ue?.id, status: 2 })).toBe('invalidparameter');
    await call(teacher, 'core_enrol_edit_user_enrolment', { courseid, ueid: ue?.id, status: 0, timestart: 0, timeend: 0 });
  });

  it('unenrolling removes the enrolment, the roles and the group memberships', async () => {
    const group = await site.platform.db.insertInto('groups').values({ courseid, name: 'G' }).returning('id').executeTakeFirstOrThrow();
    await site.platform.db.insertInto('groups_members').values({ groupid: group.id, userid: users.bob ?? 0 }).execute();
    expect((await call(teacher, 'enrol_manual_unenrol_users', { enrolments: [{ userid: users.bob, courseid }] }))?.error).toBe(false);
    expect(await enrolmentsOf(users.bob ?? 0)).toEqual([]);
    expect(await rolesOf(users.bob ?? 0)).toEqual([]);
    expect(await site.platform.db.selectFrom('groups_members').select('id').where('userid', '=', users.bob ?? 0).execute()).toEqual([]);
  });

  it('self enrolment: off by default, then with a key a wrong key is refused and the right one enrols', async () => {
    const erin = await site.sessionFor(users.erin ?? 0);
    expect(await errorcode(erin, 'enrol_self_enrol_user', { courseid })).toBe('canntenrol');
    const updated = await call(teacher, 'enrol_self_update_settings', { courseid, enabled: true, password: 'Secret-1' });
    const instanceid = (updated?.data as { instanceid: number }).instanceid;
    const info = await call(erin, 'enrol_self_get_instance_info', { instanceid });
    expect(info?.data).toMatchObject({ id: instanceid, courseid, type: 'self', name: 'Self enrolment', status: 0, enrolpassword: 'Enrolment key required' });
    expect(JSON.stringify(info?.data)).not.toContain('Secret-1');
    expect((await call(erin, 'core_enrol_get_course_enrolment_methods', { courseid }))?.data).toHaveLength(2);
    expect(await errorcode(erin, 'enrol_self_enrol_user', { courseid, password: 'wrong' })).toBe('passwordinvalid');
    expect(await enrolmentsOf(users.erin ?? 0)).toEqual([]);
    expect((await call(erin, 'enrol_self_enrol_user', { courseid, password: 'Secret-1' }))?.data).toEqual({ status: true, warnings: [] });
    expect((await enrolmentsOf(users.erin ?? 0)).map((e) => e.enrol)).toEqual(['self']);
    expect(await rolesOf(users.erin ?? 0)).toEqual(['student']);
    expect(await errorcode(erin, 'enrol_self_enrol_user', { courseid, password: 'Secret-1' })).toBe('canntenrol');
    expect((await call(teacher, 'enrol_self_get_settings', { courseid }))?.data).toMatchObject({ enabled: true, password: 'Secret-1' });
  });

  it('self enrolment without a key, and closed when disabled or outside its dates', async () => {
    await call(teacher, 'enrol_self_update_settings', { courseid, enabled: true, password: '' });
    const dave = await site.sessionFor(users.dave ?? 0);
    await call(teacher, 'enrol_self_update_settings', { courseid, enabled: true, enrolstartdate: 4000000000, enrolenddate: 4100000000 });
    expect(await errorcode(dave, 'enrol_self_enrol_user', { courseid })).toBe('canntenrol');
    expect(await errorcode(teacher, 'enrol_self_update_settings', { courseid, enabled: true, enrolstartdate: 5, enrolenddate: 4 })).toBe('invalidparameter');
    await call(teacher, 'enrol_self_update_settings', { courseid, enabled: false });
    expect(await errorcode(dave, 'enrol_self_enrol_user', { courseid })).toBe('canntenrol');
    await call(teacher, 'enrol_self_update_settings', { courseid, enabled: true });
    expect((await call(dave, 'enrol_self_enrol_user', { courseid }))?.error).toBe(false);
    expect(await rolesOf(users.dave ?? 0)).toEqual(['student']);
    expect(await errorcode(dave, 'enrol_self_get_instance_info', { instanceid: 99999 })).toBe('invalidrecord');
    expect(await errorcode(dave, 'enrol_self_enrol_user', { courseid: 99999 })).toBe('invalidrecord');
  });

  it('self enrolment refuses the guest account, which every visitor shares, and enrols nothing', async () => {
    await call(teacher, 'enrol_self_update_settings', { courseid, enabled: true, password: '' });
    const guestid = Number((await site.platform.db.selectFrom('config').select('value').where('name', '=', 'siteguest').executeTakeFirstOrThrow()).value);
    const guest = await site.sessionFor(guestid);
    expect(await errorcode(guest, 'enrol_self_enrol_user', { courseid })).toBe('noguestaccess');
    expect(await enrolmentsOf(guestid)).toEqual([]);
    expect(await rolesOf(guestid)).toEqual([]);
  });

  it('guards the participants and self-enrolment pages on the server', async () => {
    const get = async (url: string, session: Session) => (await site.app.inject({ method: 'GET', url, headers: { cookie: session.cookie, accept: 'text/html' } })).statusCode;
    const outsider = await site.sessionFor(await site.createUser('outsider'));
    expect(await get(`/user/index.php?id=${courseid}`, teacher)).toBe(200);
    expect(await get(`/user/index.php?id=${courseid}`, outsider)).toBe(403);
    expect(await get('/user/index.php?id=x', teacher)).toBe(400);
    expect(await get('/user/index.php?id=99999', teacher)).toBe(404);
    expect(await get(`/enrol/index.php?id=${courseid}`, outsider)).toBe(200);
    const hidden = await site.createCourse('Hidden lab', 'LAB', { visible: 0 });
    expect(await get(`/enrol/index.php?id=${hidden}`, outsider)).toBe(403);
    expect(await get(`/enrol/index.php?id=${hidden}`, admin)).toBe(200);
  });

  it('the dispatcher refuses writes without the sesskey', async () => {
    const { json } = await site.ajax([{ methodname: 'enrol_manual_enrol_users', args: { enrolments: [{ roleid: role.student, userid: users.carol, courseid }] } }], { ...teacher, sesskey: 'wrong' });
    expect(JSON.stringify(json)).toContain('invalidsesskey');
    expect(await enrolmentsOf(users.carol ?? 0)).toEqual([]);
  });
});
