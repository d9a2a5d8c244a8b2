import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCategoryContext, getContext, getSystemContext } from '../../platform/access/contexts';
import { getRoleByShortname } from '../../platform/access/install';
import { CONTEXT_COURSE, CONTEXT_MODULE } from '../../platform/access/types';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { callAs, createPageActivity, type Session } from '../tag/fixtures';

type ContextRoles = { context: { id: number; name: string; courseid: number; url: string }; roles: Array<{ id: number; shortname: string; name: string; count: number }> };
type Holders = { total: number; users: Array<{ id: number; fullname: string; removable: boolean }> };
type Found = { users: Array<{ id: number; fullname: string }>; more: boolean };

describe.each(testDialects)('assigning roles in a context over HTTP on %s', (dialect) => {
  let site: TestSite;
  let admin: Session;
  let teacher: Session;
  let student: Session;
  let courseid: number;
  let coursecontext: number;
  let modulecontext: number;
  let systemcontext: number;
  const role: Record<string, number> = {};
  const users: Record<string, number> = {};

  const call = <T>(session: Session | null, methodname: string, args: unknown) => callAs<T>(site, session, methodname, args);
  const errorcode = async (session: Session | null, methodname: string, args: unknown) => (await call(session, methodname, args)).exception?.errorcode;
  const db = () => site.platform.db;
  async function holders(contextid: number, roleid: number) {
    const rows = await db().selectFrom('role_assignments').select('userid').where('contextid', '=', contextid).where('roleid', '=', roleid).orderBy('userid').execute();
    return rows.map((r) => r.userid);
  }

  beforeAll(async () => {
    site = await createTestSite(dialect);
    courseid = await site.createCourse('Physics', 'PHY1');
    coursecontext = (await getContext(db(), CONTEXT_COURSE, courseid))?.id ?? 0;
    const cmid = await createPageActivity(site, courseid, 'Lab safety');
    modulecontext = (await getContext(db(), CONTEXT_MODULE, cmid))?.id ?? 0;
    systemcontext = (await getSystemContext(db())).id;
    for (const shortname of ['manager', 'coursecreator', 'editingteacher', 'teacher', 'student']) role[shortname] = (await getRoleByShortname(db(), shortname))?.id ?? 0;
    users.teacher = await site.createUser('teach', { firstname: 'Tina', lastname: 'Teacher' });
    users.student = await site.createUser('stud', { firstname: 'Sam', lastname: 'Student' });
    for (const [name, first] of [
      ['anna', 'Anna'],
      ['ben', 'Ben'],
      ['cleo', 'Cleo'],
      ['outsider', 'Olga'],
    ] as const) {
      users[name] = await site.createUser(name, { firstname: first, lastname: 'Learner' });
    }
    await site.enrol(users.teacher, courseid, 'editingteacher');
    await site.enrol(users.student, courseid, 'student');
    for (const name of ['anna', 'ben', 'cleo']) await site.enrol(users[name] ?? 0, courseid, 'student');
    admin = await site.sessionFor(site.adminId);
    teacher = await site.sessionFor(users.teacher);
    student = await site.sessionFor(users.student);
  });
  afterAll(() => site.close());

  it('lists the roles the caller may assign in a course with their holders there', async () => {
    const asAdmin = (await call<ContextRoles>(admin, 'core_role_get_context_roles', { contextid: coursecontext })).data;
    expect(asAdmin?.context).toMatchObject({ id: coursecontext, name: 'Course: Physics', courseid, url: `/course/view.php?id=${courseid}` });
    expect(asAdmin?.roles.map((r) => [r.shortname, r.count])).toEqual([
      ['manager', 0],
      ['editingteacher', 1],
      ['teacher', 0],
      ['student', 4],
    ]);
    const asTeacher = (await call<ContextRoles>(teacher, 'core_role_get_context_roles', { contextid: coursecontext })).data;
    expect(asTeacher?.roles.map((r) => r.shortname)).toEqual(['teacher', 'student']);
    const system = (await call<ContextRoles>(admin, 'core_role_get_context_roles', { contextid: systemcontext })).data;
    expect(system?.context.name).toBe('System');
    expect(system?.roles.map((r) => r.shortname)).toEqual(['manager', 'coursecreator']);
    const category = await db().insertInto('course_categories').values({ name: 'Sciences' }).returning('id').executeTakeFirstOrThrow();
    const categorycontext = await ensureCategoryContext(db(), category.id, 0);
    const inCategory = (await call<ContextRoles>(admin, 'core_role_get_context_roles', { contextid: categorycontext.id })).data;
    expect(inCategory?.context.name).toBe('Category: Sciences');
    expect(inCategory?.roles.map((r) => r.shortname)).toEqual(['manager', 'coursecreator']);
    const module = (await call<ContextRoles>(admin, 'core_role_get_context_roles', { contextid: modulecontext })).data;
    expect(module?.context.courseid).toBe(courseid);
    expect(module?.roles.map((r) => r.shortname)).toEqual(['editingteacher', 'teacher', 'student']);
  });

  it('pages the holders of a role', async () => {
    const first = (await call<Holders>(admin, 'core_role_list_role_users', { contextid: coursecontext, roleid: role.student, perpage: 3 })).data;
    expect(first?.total).toBe(4);
    expect(first?.users.map((u) => u.fullname)).toEqual(['Anna Learner', 'Ben Learner', 'Cleo Learner']);
    expect(first?.users.every((u) => u.removable)).toBe(true);
    const second = (await call<Holders>(admin, 'core_role_list_role_users', { contextid: coursecontext, roleid: role.student, perpage: 3, page: 1 })).data;
    expect(second?.users.map((u) => u.fullname)).toEqual(['Sam Student']);
  });

  it('searches enrolled users in a course, every user in the system, leaving out those who hold the role', async () => {
    const inCourse = (await call<Found>(teacher, 'core_role_search_assignable_users', { contextid: coursecontext, roleid: role.teacher, search: 'learner' })).data;
    expect(inCourse?.users.map((u) => u.fullname)).toEqual(['Anna Learner', 'Ben Learner', 'Cleo Learner']);
    const paged = (await call<Found>(teacher, 'core_role_search_assignable_users', { contextid: coursecontext, roleid: role.teacher, search: 'learner', perpage: 2 })).data;
    expect(paged).toEqual({ users: [expect.objectContaining({ fullname: 'Anna Learner' }), expect.objectContaining({ fullname: 'Ben Learner' })], more: true });
    const students = (await call<Found>(teacher, 'core_role_search_assignable_users', { contextid: coursecontext, roleid: role.student, search: 'learner' })).data;
    expect(students?.users).toEqual([]);
    const everyone = (await call<Found>(admin, 'core_role_search_assignable_users', { contextid: systemcontext, roleid: role.manager, search: 'learner' })).data;
    expect(everyone?.users.map((u) => u.fullname)).toEqual(['Anna Learner', 'Ben Learner', 'Cleo Learner', 'Olga Learner']);
  });

  it('assigns and unassigns by context id or by level and instance, and logs both', async () => {
    const answer = await call(teacher, 'core_role_assign_roles', {
      assignments: [
        { roleid: role.teacher, userid: users.anna, contextid: coursecontext },
        { roleid: role.teacher, userid: users.ben, contextlevel: 'course', instanceid: courseid },
      ],
    });
    expect(answer.error).toBe(false);
    expect(await holders(coursecontext, role.teacher ?? 0)).toEqual([users.anna, users.ben]);
    const assigned = await db().selectFrom('logstore_standard_log').selectAll().where('eventname', '=', '\\core\\event\\role_assigned').orderBy('id').execute();
    expect(assigned.map((e) => [e.userid, e.relateduserid, e.objectid, e.contextid, e.courseid])).toEqual([
      [users.teacher, users.anna, role.teacher, coursecontext, courseid],
      [users.teacher, users.ben, role.teacher, coursecontext, courseid],
    ]);
    expect((await call(teacher, 'core_role_unassign_roles', { unassignments: [{ roleid: role.teacher, userid: users.ben, contextid: coursecontext }] })).error).toBe(false);
    expect(await holders(coursecontext, role.teacher ?? 0)).toEqual([users.anna]);
    const unassigned = await db().selectFrom('logstore_standard_log').selectAll().where('eventname', '=', '\\core\\event\\role_unassigned').execute();
    expect(unassigned.map((e) => [e.relateduserid, e.objectid])).toEqual([[users.ben, role.teacher]]);
    // In an activity, too.
    expect((await call(admin, 'core_role_assign_roles', { assignments: [{ roleid: role.teacher, userid: users.cleo, contextid: modulecontext }] })).error).toBe(false);
    expect(await holders(modulecontext, role.teacher ?? 0)).toEqual([users.cleo]);
  });

  it('refuses a teacher a role above theirs, students, bad input and a missing sesskey, changing nothing', async () => {
    for (const roleid of [role.manager, role.editingteacher]) {
      expect(await errorcode(teacher, 'core_role_assign_roles', { assignments: [{ roleid, userid: users.cleo, contextid: coursecontext }] })).toBe('invalidparameter');
      expect(await errorcode(teacher, 'core_role_search_assignable_users', { contextid: coursecontext, roleid, search: '' })).toBe('invalidparameter');
    }
    // A role that may not be assigned at this level at all (course creator in a course), even by an admin.
    expect(await errorcode(admin, 'core_role_assign_roles', { assignments: [{ roleid: role.coursecreator, userid: users.cleo, contextid: coursecontext }] })).toBe('invalidparameter');
    expect(await errorcode(student, 'core_role_assign_roles', { assignments: [{ roleid: role.student, userid: users.outsider, contextid: coursecontext }] })).toBe('nopermissions');
    expect(await errorcode(student, 'core_role_get_context_roles', { contextid: coursecontext })).toBe('nopermissions');
    expect(await errorcode(teacher, 'core_role_get_context_roles', { contextid: systemcontext })).toBe('nopermissions');
    expect(await errorcode(student, 'core_role_unassign_roles', { unassignments: [{ roleid: role.teacher, userid: users.anna, contextid: coursecontext }] })).toBe('nopermissions');
    expect(await errorcode(teacher, 'core_role_assign_roles', { assignments: [{ roleid: role.teacher, userid: users.cleo }] })).toBe('invalidparameter');
    expect(await errorcode(teacher, 'core_role_assign_roles', { assignments: [{ roleid: role.teacher, userid: users.cleo, contextid: 99999 }] })).toBe('invalidrecord');
    // The first assignment of a call is undone when a later one fails.
    expect(await errorcode(teacher, 'core_role_assign_roles', { assignments: [{ roleid: role.teacher, userid: users.cleo, contextid: coursecontext }, { roleid: role.teacher, userid: 99999, contextid: coursecontext }] })).toBe('invalidrecord');
    const { json } = await site.ajax([{ methodname: 'core_role_assign_roles', args: { assignments: [{ roleid: role.teacher, userid: users.cleo, contextid: coursecontext }] } }], { cookie: teacher.cookie, sesskey: '' });
    expect(JSON.stringify(json)).toContain('invalidsesskey');
    expect(await holders(coursecontext, role.teacher ?? 0)).toEqual([users.anna]);
    expect(await holders(coursecontext, role.manager ?? 0)).toEqual([]);
    expect(await holders(coursecontext, role.editingteacher ?? 0)).toEqual([users.teacher]);
  });

  it('guards the page by moodle/role:assign in its context', async () => {
    const page = async (session: Session, contextid: number | string) => (await site.app.inject({ method: 'GET', url: `/admin/roles/assign.php?contextid=${contextid}`, headers: { cookie: session.cookie } })).statusCode;
    expect(await page(teacher, coursecontext)).toBe(200);
    expect(await page(admin, systemcontext)).toBe(200);
    expect(await page(student, coursecontext)).toBe(403);
    expect(await page(teacher, systemcontext)).toBe(403);
    expect(systemcontext).toBe(1);
    for (const path of ['/admin/roles/manage.php', '/admin/roles/allow.php?mode=assign', `/admin/roles/define.php?action=edit&roleid=${role.student}`]) {
      expect((await site.app.inject({ method: 'GET', url: path, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
      expect((await site.app.inject({ method: 'GET', url: path, headers: { cookie: teacher.cookie } })).statusCode).toBe(403);
    }
  });
});
