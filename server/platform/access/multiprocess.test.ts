import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { createTestSite, type SecondServer, type TestSite } from '../../test/site';
import { createAccess } from './checker';
import { getContext, getSystemContext } from './contexts';
import { getRoleByShortname, setRolePermission } from './install';
import { CAP_ALLOW, CAP_INHERIT, CAP_PROHIBIT, CONTEXT_COURSE, type Context } from './types';

type Session = { cookie: string; sesskey: string };
type Answer = Array<{ error: boolean; data?: unknown; exception?: { errorcode: string } }>;

/**
 * Two servers on one database, as two processes behind a load balancer: server A (the test site) and
 * server B (its own connection or pool, platform and HTTP app). What A writes must decide B's very next
 * request: nothing about roles or permissions may be kept between requests in a process.
 */
describe.each(testDialects)('permission changes across server processes on %s', (dialect) => {
  let site: TestSite;
  let serverB: SecondServer;
  let admin: Session;
  let teacher: Session;
  let student: Session;
  let teacherId: number;
  let studentId: number;
  let courseid: number;
  let course: Context;
  const role = { editingteacher: 0, student: 0, user: 0 };

  /** The error code of a call through a server, or 'ok' when it succeeded. */
  async function outcome(server: Pick<SecondServer, 'ajax'>, session: Session, methodname: string, args: unknown): Promise<string> {
    const { json } = await server.ajax([{ methodname, args }], session);
    const answer = (json as Answer)[0];
    if (!answer) throw new Error(`no answer from ${methodname}`);
    return answer.error ? (answer.exception?.errorcode ?? 'unknown error') : 'ok';
  }

  /** Through B: may the teacher rename the course (moodle/course:update)? */
  const teacherUpdatesOnB = (name: string) => outcome(serverB, teacher, 'core_course_update_courses', { courses: [{ id: courseid, fullname: name }] });
  /** Through B: may the student list the participants (moodle/course:viewparticipants)? */
  const studentListsOnB = () => outcome(serverB, student, 'core_enrol_list_participants', { courseid });

  beforeAll(async () => {
    site = await createTestSite(dialect, [], false, { onDisk: true });
    serverB = await site.secondServer();
    courseid = await site.createCourse('Shared course', 'SHARED');
    const found = await getContext(site.platform.db, CONTEXT_COURSE, courseid);
    if (!found) throw new Error('no course context');
    course = found;
    for (const shortname of ['editingteacher', 'student', 'user'] as const) role[shortname] = (await getRoleByShortname(site.platform.db, shortname))?.id ?? 0;
    teacherId = await site.createUser('mpteacher');
    studentId = await site.createUser('mpstudent');
    admin = await site.sessionFor(site.adminId);
    teacher = await site.sessionFor(teacherId);
    student = await site.sessionFor(studentId);
  });

  afterAll(async () => {
    await site.close();
  });

  it('runs B on a connection of its own, not on A’s', () => {
    expect(serverB.platform.db).not.toBe(site.platform.db);
    expect(serverB.app).not.toBe(site.app);
  });

  it('a role assignment made over HTTP on A grants on B at once, and its removal refuses at once', async () => {
    expect(await teacherUpdatesOnB('Before enrolment')).toBe('nopermissions');
    expect(await outcome(site, admin, 'enrol_manual_enrol_users', { enrolments: [{ roleid: role.editingteacher, userid: teacherId, courseid }] })).toBe('ok');
    expect(await teacherUpdatesOnB('Renamed on B')).toBe('ok');
    // B's write is visible to A too.
    const renamed = await site.platform.db.selectFrom('course').select('fullname').where('id', '=', courseid).executeTakeFirstOrThrow();
    expect(renamed.fullname).toBe('Renamed on B');

    expect(await outcome(site, admin, 'enrol_manual_unenrol_users', { enrolments: [{ userid: teacherId, courseid }] })).toBe('ok');
    expect(await teacherUpdatesOnB('After unenrolment')).toBe('nopermissions');

    expect(await outcome(site, admin, 'enrol_manual_enrol_users', { enrolments: [{ roleid: role.editingteacher, userid: teacherId, courseid }] })).toBe('ok');
    expect(await teacherUpdatesOnB('Enrolled again')).toBe('ok');
  });

  it('an override written by A in the course refuses on B at once, and its removal allows again', async () => {
    expect(await teacherUpdatesOnB('Before the prohibit')).toBe('ok');
    await setRolePermission(site.platform.db, role.editingteacher, course.id, 'moodle/course:update', CAP_PROHIBIT, site.adminId);
    expect(await teacherUpdatesOnB('Under the prohibit')).toBe('nopermissions');
    await setRolePermission(site.platform.db, role.editingteacher, course.id, 'moodle/course:update', CAP_INHERIT, site.adminId);
    expect(await teacherUpdatesOnB('After the prohibit')).toBe('ok');
  });

  it('a prohibit set through the permission manager endpoint on A refuses on B at once; unprohibit allows again', async () => {
    const permissionManager = async (action: string) => {
      const body = new URLSearchParams({ contextid: String(course.id), roleid: String(role.editingteacher), capability: 'moodle/course:update', action, sesskey: admin.sesskey });
      const response = await site.app.inject({
        method: 'POST',
        url: '/admin/roles/ajax.php',
        headers: { cookie: admin.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: body.toString(),
      });
      return response.json<unknown>();
    };
    expect(await teacherUpdatesOnB('Before the endpoint')).toBe('ok');
    expect(await permissionManager('prohibit')).toBe('prohibit');
    expect(await teacherUpdatesOnB('Prohibited by the endpoint')).toBe('nopermissions');
    expect(await permissionManager('unprohibit')).toBe('unprohibit');
    expect(await teacherUpdatesOnB('Unprohibited by the endpoint')).toBe('ok');
  });

  it("a change to a role's definition at system on A reaches a student's read on B at once", async () => {
    expect(await outcome(site, admin, 'enrol_manual_enrol_users', { enrolments: [{ roleid: role.student, userid: studentId, courseid }] })).toBe('ok');
    expect(await studentListsOnB()).toBe('ok');
    const system = await getSystemContext(site.platform.db);
    await setRolePermission(site.platform.db, role.student, system.id, 'moodle/course:viewparticipants', CAP_PROHIBIT, site.adminId);
    expect(await studentListsOnB()).toBe('nopermissions');
    await setRolePermission(site.platform.db, role.student, system.id, 'moodle/course:viewparticipants', CAP_ALLOW, site.adminId);
    expect(await studentListsOnB()).toBe('ok');
  });

  it('hasCapability through B’s connection sees what A wrote the moment before', async () => {
    const someone = await site.createUser('mpsomeone');
    // The authenticated-user role: everyone holds it, so this is the widest change there is.
    expect(await createAccess(serverB.platform.db, someone).hasCapability('moodle/course:viewhiddensections', course)).toBe(false);
    await setRolePermission(site.platform.db, role.user, course.id, 'moodle/course:viewhiddensections', CAP_ALLOW, site.adminId);
    expect(await createAccess(serverB.platform.db, someone).hasCapability('moodle/course:viewhiddensections', course)).toBe(true);
    await setRolePermission(site.platform.db, role.user, course.id, 'moodle/course:viewhiddensections', CAP_INHERIT, site.adminId);
    expect(await createAccess(serverB.platform.db, someone).hasCapability('moodle/course:viewhiddensections', course)).toBe(false);
  });
});
