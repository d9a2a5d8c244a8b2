import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignRole, setRolePermission } from '../../platform/access/install';
import { getSystemContext } from '../../platform/access/contexts';
import { CAP_INHERIT, CAP_PROHIBIT } from '../../platform/access/types';
import { testDialects } from '../../test/databases';
import { createOverrideSite, type OverrideSite } from './override-fixtures';

const VIEW = 'moodle/course:viewparticipants';

interface Check {
  name: string;
  hascapability: boolean;
  reason: string;
  decisions: Array<{ rolename: string; contextname: string; permission: number }>;
}

describe.each(testDialects)('check permissions and the permission page methods on %s', (dialect) => {
  let s: OverrideSite;
  let systemId: number;
  beforeAll(async () => {
    s = await createOverrideSite(dialect);
    systemId = (await getSystemContext(s.site.platform.db)).id;
  });
  afterAll(async () => {
    await s.site.close();
  });

  async function call<T>(methodname: string, args: unknown, session = s.admin): Promise<{ error: boolean; data?: T; exception?: { errorcode: string } }> {
    const { json } = await s.site.ajax([{ methodname, args }], session);
    return (json as Array<{ error: boolean; data?: T; exception?: { errorcode: string } }>)[0] ?? { error: true };
  }
  const check = async (userid: number, contextid = s.course.id) =>
    (await call<{ capabilities: Check[]; roles: Array<{ rolename: string; contextname: string }> }>('core_role_check_user_permissions', { contextid, userid })).data;

  it('explains an inherited allow: the student views participants, allowed by Student at the system context', async () => {
    const result = await check(s.studentId);
    const view = result?.capabilities.find((c) => c.name === VIEW);
    expect(view).toMatchObject({ hascapability: true, reason: 'allowed', decisions: [{ rolename: 'Student', contextname: 'System', permission: 1 }] });
    expect(result?.roles).toContainEqual(expect.objectContaining({ rolename: 'Student', contextname: 'Course: Introduction to Biology' }));
    expect(result?.capabilities.find((c) => c.name === 'moodle/course:update')).toMatchObject({ hascapability: false, reason: 'notset', decisions: [] });
  });

  it('explains a prohibit: which role and which context decide it', async () => {
    await setRolePermission(s.site.platform.db, s.roles.student, s.course.id, VIEW, CAP_PROHIBIT);
    const view = (await check(s.studentId))?.capabilities.find((c) => c.name === VIEW);
    expect(view).toMatchObject({ hascapability: false, reason: 'prohibited', decisions: [{ rolename: 'Student', contextname: 'Course: Introduction to Biology', permission: CAP_PROHIBIT }] });
    await setRolePermission(s.site.platform.db, s.roles.student, s.course.id, VIEW, CAP_INHERIT);
  });

  it('says a site administrator has every capability', async () => {
    const view = (await check(s.site.adminId))?.capabilities.find((c) => c.name === 'moodle/course:update');
    expect(view).toMatchObject({ hascapability: true, reason: 'siteadmin' });
  });

  it('refuses check permissions to a student and answers invalidrecord for an unknown user', async () => {
    expect(await call('core_role_check_user_permissions', { contextid: s.course.id, userid: s.teacherId }, s.student)).toMatchObject({ exception: { errorcode: 'nopermissions' } });
    expect(await call('core_role_check_user_permissions', { contextid: s.course.id, userid: 99999 })).toMatchObject({ exception: { errorcode: 'invalidrecord' } });
  });

  it('lets a teacher check only the users of their course, and a manager anyone, as Moodle’s user selector does', async () => {
    const stranger = await s.site.createUser('stranger', { firstname: 'Stella', lastname: 'Stranger' });
    const managerId = await s.site.createUser('sitemanager', { firstname: 'Mona', lastname: 'Manager' });
    await assignRole(s.site.platform.db, s.roles.manager, managerId, systemId);
    const manager = await s.site.sessionFor(managerId);
    const asTeacher = await call<{ user: { id: number } }>('core_role_check_user_permissions', { contextid: s.module.id, userid: s.studentId }, s.teacher);
    expect(asTeacher.data?.user.id).toBe(s.studentId);
    // The system manager holds a role above the course, so the teacher may see how it counts there.
    expect((await call<{ user: { id: number } }>('core_role_check_user_permissions', { contextid: s.course.id, userid: managerId }, s.teacher)).data?.user.id).toBe(managerId);
    // A stranger is as unknown to the teacher as a user who does not exist.
    expect(await call('core_role_check_user_permissions', { contextid: s.course.id, userid: stranger }, s.teacher)).toMatchObject({ exception: { errorcode: 'invalidrecord' } });
    expect(await call('core_role_check_user_permissions', { contextid: s.module.id, userid: stranger }, s.teacher)).toMatchObject({ exception: { errorcode: 'invalidrecord' } });
    expect((await call<{ user: { id: number } }>('core_role_check_user_permissions', { contextid: s.course.id, userid: stranger }, manager)).data?.user.id).toBe(stranger);
    expect((await call<{ user: { id: number } }>('core_role_check_user_permissions', { contextid: s.course.id, userid: stranger })).data?.user.id).toBe(stranger);
  });

  it('searches the users of a course (enrolled or assigned), and everyone at the system context', async () => {
    const outsider = await s.site.createUser('outsider', { firstname: 'Oscar', lastname: 'Outside' });
    const inCourse = await call<Array<{ id: number; fullname: string }>>('core_role_search_context_users', { contextid: s.course.id, search: '' }, s.teacher);
    const ids = inCourse.data?.map((u) => u.id) ?? [];
    expect(ids).toEqual(expect.arrayContaining([s.teacherId, s.studentId]));
    expect(ids).not.toContain(outsider);
    const byName = await call<Array<{ id: number }>>('core_role_search_context_users', { contextid: s.module.id, search: 'amel' }, s.teacher);
    expect(byName.data).toEqual([{ id: s.studentId, fullname: 'Amelia Fischer' }]);
    const site = await call<Array<{ id: number }>>('core_role_search_context_users', { contextid: systemId, search: 'oscar out' });
    expect(site.data).toEqual([{ id: outsider, fullname: 'Oscar Outside' }]);
    const limited = await call<unknown[]>('core_role_search_context_users', { contextid: systemId, search: '', limit: 2 });
    expect(limited.data).toHaveLength(2);
    expect(await call('core_role_search_context_users', { contextid: s.course.id }, s.student)).toMatchObject({ exception: { errorcode: 'nopermissions' } });
  });

  it('gives a teacher a read-only view of risky capabilities and only their overridable roles', async () => {
    type Page = { canoverride: boolean; cansafeoverride: boolean; roles: Array<{ id: number; overridable: boolean }>; capabilities: Array<{ name: string; canchange: boolean; risks: string[] }>; context: { label: string; trail: Array<{ name: string }> } };
    const page = (await call<Page>('core_role_get_permission_overrides', { contextid: s.course.id }, s.teacher)).data;
    expect(page).toMatchObject({ canoverride: false, cansafeoverride: true, context: { label: 'Course: Introduction to Biology' } });
    expect(page?.context.trail.map((t) => t.name)).toEqual(['System', 'Sciences', 'Introduction to Biology']);
    expect(page?.roles.filter((r) => r.overridable).map((r) => r.id).sort()).toEqual([s.roles.teacher, s.roles.student, s.roles.guest].sort());
    expect(page?.capabilities.find((c) => c.name === 'moodle/course:viewhiddenuserfields')).toMatchObject({ canchange: false, risks: ['riskpersonal'] });
    expect(page?.capabilities.find((c) => c.name === VIEW)).toMatchObject({ canchange: true, risks: [] });
    // Locked (system-level) capabilities are not offered in a course.
    expect(page?.capabilities.map((c) => c.name)).not.toContain('moodle/site:viewparticipants');
    expect(await call('core_role_get_permission_overrides', { contextid: s.course.id }, s.student)).toMatchObject({ exception: { errorcode: 'nopermissions' } });
  });

  it('filters the permission page by capability name or human name', async () => {
    const page = (await call<{ capabilities: Array<{ name: string }> }>('core_role_get_permission_overrides', { contextid: s.course.id, search: 'participants' })).data;
    expect(page?.capabilities.map((c) => c.name)).toEqual([VIEW]);
  });

  it('tells the course page whether to link to the permission pages', async () => {
    expect((await call('core_role_get_review_access', { contextlevel: 'course', instanceid: s.courseid }, s.teacher)).data).toEqual({ contextid: s.course.id, canreview: true, canassign: true });
    expect((await call('core_role_get_review_access', { contextlevel: 'course', instanceid: s.courseid }, s.student)).data).toEqual({ contextid: s.course.id, canreview: false, canassign: false });
    expect((await call('core_role_get_review_access', { contextlevel: 'system' })).data).toEqual({ contextid: systemId, canreview: true, canassign: true });
  });

  it('guards the pages: review needed in the context, a valid context id', async () => {
    const get = async (url: string, session: OverrideSite['admin']) => (await s.site.app.inject({ method: 'GET', url, headers: { cookie: session.cookie, accept: 'text/html' } })).statusCode;
    expect(await get(`/admin/roles/permissions.php?contextid=${s.course.id}`, s.teacher)).toBe(200);
    expect(await get(`/admin/roles/check.php?contextid=${s.module.id}`, s.teacher)).toBe(200);
    expect(await get(`/admin/roles/permissions.php?contextid=${s.course.id}`, s.student)).toBe(403);
    expect(await get(`/admin/roles/check.php?contextid=${systemId}`, s.teacher)).toBe(403);
    expect(await get(`/admin/roles/permissions.php?contextid=${s.category.id}`, s.admin)).toBe(200);
    expect(await get('/admin/roles/permissions.php?contextid=abc', s.admin)).toBe(400);
    expect(await get('/admin/roles/permissions.php?contextid=999999', s.admin)).toBe(404);
  });
});
