import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archetypeAllowAssign, assignableRoles, overridableRoles } from '../../platform/access/allow';
import { createAccess } from '../../platform/access/checker';
import { getContext, getSystemContext } from '../../platform/access/contexts';
import { assignRole, getRoleByShortname } from '../../platform/access/install';
import { CAP_ALLOW, CAP_PREVENT, CAP_PROHIBIT, CONTEXT_COURSE } from '../../platform/access/types';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { callAs, type Session } from '../tag/fixtures';

type Definition = {
  role: { id: number; shortname: string; name: string; archetype: string; required: boolean };
  contextlevels: number[];
  capabilities: Array<{ name: string; displayname: string; risks: string[]; permission: number }>;
  cangrant: 'all' | string[];
};
type Listed = { roles: Array<{ id: number; shortname: string; name: string; sortorder: number; usercount: number; required: boolean; archetype: string }> };

describe.each(testDialects)('role definitions over HTTP on %s', (dialect) => {
  let site: TestSite;
  let admin: Session;
  let teacher: Session;
  let student: Session;
  let manager: Session;
  let courseid: number;
  const role: Record<string, number> = {};
  const users: Record<string, number> = {};

  const call = <T>(session: Session | null, methodname: string, args: unknown) => callAs<T>(site, session, methodname, args);
  const errorcode = async (session: Session | null, methodname: string, args: unknown) => (await call(session, methodname, args)).exception?.errorcode;
  const db = () => site.platform.db;
  async function systemPermission(roleid: number, capability: string) {
    const system = await getSystemContext(db());
    const row = await db().selectFrom('role_capabilities').select('permission').where('roleid', '=', roleid).where('contextid', '=', system.id).where('capability', '=', capability).executeTakeFirst();
    return row?.permission ?? 0;
  }
  async function roleCount() {
    return (await db().selectFrom('role').select('id').execute()).length;
  }
  async function events(eventname: string) {
    return db().selectFrom('logstore_standard_log').selectAll().where('eventname', '=', eventname).orderBy('id').execute();
  }
  const fields = (shortname: string, extra: Record<string, unknown> = {}) => ({ shortname, name: '', description: '', archetype: 'teacher', contextlevels: [50, 70], permissions: [], ...extra });

  beforeAll(async () => {
    site = await createTestSite(dialect);
    courseid = await site.createCourse('Chemistry', 'CHEM1');
    for (const shortname of ['manager', 'coursecreator', 'editingteacher', 'teacher', 'student', 'guest', 'user', 'frontpage']) role[shortname] = (await getRoleByShortname(db(), shortname))?.id ?? 0;
    users.teacher = await site.createUser('teach');
    users.student = await site.createUser('stud');
    users.manager = await site.createUser('boss');
    await site.enrol(users.teacher, courseid, 'editingteacher');
    await site.enrol(users.student, courseid, 'student');
    await assignRole(db(), role.manager ?? 0, users.manager, (await getSystemContext(db())).id);
    admin = await site.sessionFor(site.adminId);
    teacher = await site.sessionFor(users.teacher);
    student = await site.sessionFor(users.student);
    manager = await site.sessionFor(users.manager);
  });
  afterAll(() => site.close());

  it('lists the standard roles in order with holders, archetypes and the ones the site needs', async () => {
    const answer = await call<Listed>(admin, 'core_role_list_roles', {});
    const roles = answer.data?.roles ?? [];
    expect(roles.map((r) => r.shortname)).toEqual(['manager', 'coursecreator', 'editingteacher', 'teacher', 'student', 'guest', 'user', 'frontpage']);
    expect(roles.find((r) => r.shortname === 'teacher')).toMatchObject({ name: 'Non-editing teacher', archetype: 'teacher', required: false });
    const managers = await db().selectFrom('role_assignments').select('userid').distinct().where('roleid', '=', role.manager ?? 0).execute();
    expect(managers.map((r) => r.userid)).toContain(users.manager);
    expect(roles.find((r) => r.shortname === 'manager')?.usercount).toBe(managers.length);
    expect(roles.filter((r) => r.required).map((r) => r.shortname)).toEqual(['editingteacher', 'guest', 'user', 'frontpage']);
  });

  it('gives the definition of a role with human names, risks and system permissions, filterable', async () => {
    const answer = await call<Definition>(admin, 'core_role_get_role_definition', { roleid: role.editingteacher });
    const def = answer.data;
    expect(def?.role).toMatchObject({ shortname: 'editingteacher', archetype: 'editingteacher', required: true });
    expect(def?.contextlevels).toEqual([50, 70]);
    expect(def?.cangrant).toBe('all');
    expect(def?.capabilities.find((c) => c.name === 'moodle/role:assign')).toMatchObject({ displayname: 'Assign roles to users', permission: CAP_ALLOW, risks: ['riskxss', 'riskpersonal', 'riskspam'] });
    const filtered = await call<Definition>(admin, 'core_role_get_role_definition', { roleid: role.student, search: 'assign roles' });
    expect(filtered.data?.capabilities.map((c) => c.name)).toEqual(['moodle/role:assign']);
    const defaults = await call<Definition>(admin, 'core_role_get_role_definition', { roleid: 0, archetype: 'teacher' });
    expect(defaults.data?.contextlevels).toEqual([50, 70]);
    expect(defaults.data?.capabilities.find((c) => c.name === 'moodle/course:viewparticipants')?.permission).toBe(CAP_ALLOW);
  });

  it('creates, edits and reads back a role, and logs who changed which capability from what to what', async () => {
    const created = await call<{ id: number }>(admin, 'core_role_create_role', {
      ...fields('assessor', { name: 'Assessor', description: 'Marks work', archetype: 'teacher' }),
      permissions: [
        { capability: 'moodle/course:viewparticipants', permission: CAP_ALLOW },
        { capability: 'moodle/course:update', permission: CAP_PREVENT },
      ],
    });
    const id = created.data?.id ?? 0;
    expect(id).toBeGreaterThan(0);
    role.assessor = id;
    const read = (await call<Definition>(admin, 'core_role_get_role_definition', { roleid: id })).data;
    expect(read?.role).toMatchObject({ shortname: 'assessor', name: 'Assessor', archetype: 'teacher' });
    expect(read?.contextlevels).toEqual([50, 70]);
    expect(await systemPermission(id, 'moodle/course:update')).toBe(CAP_PREVENT);
    // The new role sits last, and the roles whose archetype may assign "teacher" may assign it.
    const listed = (await call<Listed>(admin, 'core_role_list_roles', {})).data?.roles ?? [];
    expect(listed.at(-1)?.shortname).toBe('assessor');
    const assigners = (await db().selectFrom('role_allow_assign').select('roleid').where('allowassign', '=', id).execute()).map((r) => r.roleid).sort();
    expect(assigners).toEqual([role.manager, role.editingteacher].sort());
    expect((await events('\\core\\event\\role_created')).map((e) => e.objectid)).toEqual([id]);

    const edited = await call(admin, 'core_role_update_role', {
      roleid: id,
      ...fields('assessor2', { name: 'Senior assessor', archetype: 'teacher', contextlevels: [50] }),
      permissions: [
        { capability: 'moodle/course:update', permission: 0 },
        { capability: 'moodle/site:viewreports', permission: CAP_PROHIBIT },
      ],
    });
    expect(edited.error).toBe(false);
    const after = (await call<Definition>(admin, 'core_role_get_role_definition', { roleid: id })).data;
    expect(after?.role).toMatchObject({ shortname: 'assessor2', name: 'Senior assessor' });
    expect(after?.contextlevels).toEqual([50]);
    expect(await systemPermission(id, 'moodle/course:update')).toBe(0);
    expect(await systemPermission(id, 'moodle/site:viewreports')).toBe(CAP_PROHIBIT);
    expect(await systemPermission(id, 'moodle/course:viewparticipants')).toBe(CAP_ALLOW);
    const changes = (await events('\\core\\event\\role_capabilities_updated')).at(-1);
    expect(changes).toMatchObject({ userid: site.adminId, objectid: id, contextid: (await getSystemContext(db())).id });
    const logged = (JSON.parse(changes?.other ?? '{}') as { changes: Array<{ capability: string; old: number; new: number }> }).changes;
    expect([...logged].sort((a, b) => a.capability.localeCompare(b.capability))).toEqual([
      { capability: 'moodle/course:update', old: CAP_PREVENT, new: 0 },
      { capability: 'moodle/site:viewreports', old: 0, new: CAP_PROHIBIT },
    ]);
    expect((await events('\\core\\event\\role_updated')).map((e) => e.objectid)).toContain(id);
  });

  it('refuses a used short name or name, and bad short names, and changes nothing', async () => {
    const before = await roleCount();
    expect(await errorcode(admin, 'core_role_create_role', fields('student'))).toBe('errorexistsroleshortname');
    expect(await errorcode(admin, 'core_role_create_role', fields('other', { name: 'Senior assessor' }))).toBe('errorexistsrolename');
    expect(await errorcode(admin, 'core_role_create_role', fields('has space'))).toBe('errorbadshortname');
    expect(await errorcode(admin, 'core_role_create_role', fields('  '))).toBe('errorshortnamerequired');
    expect(await errorcode(admin, 'core_role_update_role', { roleid: role.assessor, ...fields('teacher') })).toBe('errorexistsroleshortname');
    expect(await errorcode(admin, 'core_role_create_role', { ...fields('fine'), permissions: [{ capability: 'moodle/no:such', permission: 1 }] })).toBe('invalidrecord');
    expect(await errorcode(admin, 'core_role_create_role', { ...fields('fine'), permissions: [{ capability: 'moodle/course:view', permission: 5 }] })).toBe('invalidparameter');
    expect(await roleCount()).toBe(before);
    expect((await call<Definition>(admin, 'core_role_get_role_definition', { roleid: role.assessor })).data?.role.shortname).toBe('assessor2');
  });

  it('resets a role to its archetype, and a role without archetype to nothing', async () => {
    const id = role.assessor ?? 0;
    await db().deleteFrom('role_allow_assign').where('roleid', '=', id).execute();
    await db().insertInto('role_allow_assign').values({ roleid: id, allowassign: role.manager ?? 0 }).execute();
    expect((await call(admin, 'core_role_reset_role', { roleid: id })).error).toBe(false);
    const reset = (await call<Definition>(admin, 'core_role_get_role_definition', { roleid: id })).data;
    const teacherDefaults = (await call<Definition>(admin, 'core_role_get_role_definition', { roleid: 0, archetype: 'teacher' })).data;
    expect(reset?.capabilities.map((c) => [c.name, c.permission])).toEqual(teacherDefaults?.capabilities.map((c) => [c.name, c.permission]));
    expect(reset?.contextlevels).toEqual([50, 70]);
    expect(archetypeAllowAssign.teacher).toEqual([]);
    expect(await db().selectFrom('role_allow_assign').select('allowassign').where('roleid', '=', id).execute()).toEqual([]);

    const bare = (await call<{ id: number }>(admin, 'core_role_create_role', { ...fields('bare', { archetype: '' }), permissions: [{ capability: 'moodle/course:view', permission: 1 }] })).data?.id ?? 0;
    await call(admin, 'core_role_reset_role', { roleid: bare });
    const cleared = (await call<Definition>(admin, 'core_role_get_role_definition', { roleid: bare })).data;
    expect(cleared?.capabilities.filter((c) => c.permission !== 0)).toEqual([]);
    expect(cleared?.contextlevels).toEqual([]);
    role.bare = bare;
  });

  it('moves a role up and down the sort order', async () => {
    const order = async () => ((await call<Listed>(admin, 'core_role_list_roles', {})).data?.roles ?? []).map((r) => r.id);
    const before = await order();
    await call(admin, 'core_role_move_role', { roleid: role.bare, direction: 'up' });
    const up = await order();
    expect(up.indexOf(role.bare ?? 0)).toBe(before.indexOf(role.bare ?? 0) - 1);
    await call(admin, 'core_role_move_role', { roleid: role.bare, direction: 'down' });
    expect(await order()).toEqual(before);
    await call(admin, 'core_role_move_role', { roleid: before[0], direction: 'up' });
    expect(await order()).toEqual(before);
  });

  it('refuses to delete the roles the site needs, and deletes others with their assignments', async () => {
    expect(await errorcode(admin, 'core_role_delete_role', { roleid: role.user })).toBe('cannotdeleterequiredrole');
    expect(await errorcode(admin, 'core_role_delete_role', { roleid: role.guest })).toBe('cannotdeleterequiredrole');
    expect(await errorcode(admin, 'core_role_delete_role', { roleid: role.editingteacher })).toBe('cannotdeleterequiredrole');
    expect(await getRoleByShortname(db(), 'user')).toBeDefined();
    const course = await getContext(db(), CONTEXT_COURSE, courseid);
    await assignRole(db(), role.bare ?? 0, users.student ?? 0, course?.id ?? 0);
    expect((await call(admin, 'core_role_delete_role', { roleid: role.bare })).error).toBe(false);
    expect(await db().selectFrom('role').select('id').where('id', '=', role.bare ?? 0).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('role_assignments').select('id').where('roleid', '=', role.bare ?? 0).execute()).toEqual([]);
    expect(await db().selectFrom('role_capabilities').select('id').where('roleid', '=', role.bare ?? 0).execute()).toEqual([]);
    const deleted = (await events('\\core\\event\\role_deleted')).at(-1);
    expect(deleted?.objectid).toBe(role.bare);
    expect(JSON.parse(deleted?.other ?? '{}')).toMatchObject({ shortname: 'bare', assignments: 1 });
  });

  it('saves the allow matrices, and assignable and overridable roles follow them', async () => {
    const course = (await getContext(db(), CONTEXT_COURSE, courseid))!;
    const teacherAccess = () => createAccess(db(), users.teacher ?? 0);
    // The teacher-archetype role made above is assignable by editing teachers, as "teacher" is.
    expect((await assignableRoles(db(), teacherAccess(), course)).map((r) => r.shortname)).toEqual(['teacher', 'student', 'assessor2']);
    const matrix = (await call<{ allowed: Array<{ roleid: number; targetid: number }> }>(admin, 'core_role_get_allow_matrix', { mode: 'assign' })).data?.allowed ?? [];
    const changed = matrix.filter((p) => !(p.roleid === role.editingteacher && p.targetid === role.student));
    expect((await call(admin, 'core_role_set_allow_matrix', { mode: 'assign', allowed: changed })).error).toBe(false);
    expect((await assignableRoles(db(), teacherAccess(), course)).map((r) => r.shortname)).toEqual(['teacher', 'assessor2']);

    const overrides = (await call<{ allowed: Array<{ roleid: number; targetid: number }> }>(admin, 'core_role_get_allow_matrix', { mode: 'override' })).data?.allowed ?? [];
    expect((await overridableRoles(db(), teacherAccess(), course)).map((r) => r.shortname)).toEqual(['teacher', 'student', 'guest', 'assessor2']);
    const fewer = overrides.filter((p) => !(p.roleid === role.editingteacher && p.targetid === role.guest));
    await call(admin, 'core_role_set_allow_matrix', { mode: 'override', allowed: fewer });
    expect((await overridableRoles(db(), teacherAccess(), course)).map((r) => r.shortname)).toEqual(['teacher', 'student', 'assessor2']);
    const logged = (await events('\\core\\event\\role_allow_override_updated')).at(-1);
    expect(JSON.parse(logged?.other ?? '{}')).toEqual({ added: [], removed: [{ roleid: role.editingteacher, targetid: role.guest }] });
    expect(await errorcode(admin, 'core_role_set_allow_matrix', { mode: 'assign', allowed: [{ roleid: 99999, targetid: role.student }] })).toBe('invalidrecord');
    expect((await assignableRoles(db(), teacherAccess(), course)).map((r) => r.shortname)).toEqual(['teacher', 'assessor2']);
    // Put the defaults back for the tests after this one.
    await call(admin, 'core_role_set_allow_matrix', { mode: 'assign', allowed: matrix });
    await call(admin, 'core_role_set_allow_matrix', { mode: 'override', allowed: overrides });
  });

  it('refuses teachers, students and calls without the sesskey, and changes nothing', async () => {
    const before = await roleCount();
    for (const session of [teacher, student]) {
      expect(await errorcode(session, 'core_role_list_roles', {})).toBe('nopermissions');
      expect(await errorcode(session, 'core_role_get_role_definition', { roleid: role.student })).toBe('nopermissions');
      expect(await errorcode(session, 'core_role_create_role', fields('sneaky'))).toBe('nopermissions');
      expect(await errorcode(session, 'core_role_update_role', { roleid: role.student, ...fields('student', { archetype: 'student' }), permissions: [{ capability: 'moodle/course:update', permission: 1 }] })).toBe('nopermissions');
      expect(await errorcode(session, 'core_role_reset_role', { roleid: role.assessor })).toBe('nopermissions');
      expect(await errorcode(session, 'core_role_delete_role', { roleid: role.assessor })).toBe('nopermissions');
      expect(await errorcode(session, 'core_role_move_role', { roleid: role.assessor, direction: 'up' })).toBe('nopermissions');
      expect(await errorcode(session, 'core_role_set_allow_matrix', { mode: 'assign', allowed: [] })).toBe('nopermissions');
    }
    const { json } = await site.ajax([{ methodname: 'core_role_delete_role', args: { roleid: role.assessor } }], { cookie: admin.cookie, sesskey: 'wrong' });
    expect(JSON.stringify(json)).toContain('invalidsesskey');
    expect(await roleCount()).toBe(before);
    expect(await systemPermission(role.student ?? 0, 'moodle/course:update')).toBe(0);
    expect((await db().selectFrom('role_allow_assign').select('id').execute()).length).toBeGreaterThan(0);
  });

  it('lets a manager who is not an admin manage roles, but never allow a capability they lack', async () => {
    const def = (await call<Definition>(manager, 'core_role_get_role_definition', { roleid: role.student })).data;
    expect(def?.cangrant).not.toBe('all');
    expect(def?.cangrant).toContain('moodle/course:update');
    expect(def?.cangrant).not.toContain('moodle/site:config');
    const raise = { roleid: role.manager, ...fields('manager', { archetype: 'manager', contextlevels: [10, 40, 50] }), permissions: [{ capability: 'moodle/site:config', permission: CAP_ALLOW }] };
    expect(await errorcode(manager, 'core_role_update_role', raise)).toBe('nopermissions');
    expect(await systemPermission(role.manager ?? 0, 'moodle/site:config')).toBe(0);
    expect(await errorcode(manager, 'core_role_create_role', { ...fields('superuser'), permissions: [{ capability: 'moodle/site:config', permission: CAP_ALLOW }] })).toBe('nopermissions');
    expect(await getRoleByShortname(db(), 'superuser')).toBeUndefined();
    // What they hold themselves they may give, and they may always take away.
    const fine = { roleid: role.student, ...fields('student', { archetype: 'student', contextlevels: [50, 70] }), permissions: [{ capability: 'moodle/course:viewparticipants', permission: CAP_ALLOW }] };
    expect((await call(manager, 'core_role_update_role', fine)).error).toBe(false);
    expect(await systemPermission(role.student ?? 0, 'moodle/course:viewparticipants')).toBe(CAP_ALLOW);
    expect((await call(admin, 'core_role_update_role', { ...fine, permissions: [{ capability: 'moodle/course:viewparticipants', permission: 0 }] })).error).toBe(false);
    expect((await getRoleByShortname(db(), 'student'))?.name).toBe('');
  });

  it('lets a manager reset or create a role with archetype defaults they do not hold themselves (a student submits assignments)', async () => {
    const studentDefaults = { ...fields('learnerlike', { archetype: 'student' }), permissions: [{ capability: 'mod/assign:submit', permission: CAP_ALLOW }] };
    const created = await call<{ id: number }>(manager, 'core_role_create_role', studentDefaults);
    expect(created.error).toBe(false);
    expect(await systemPermission(created.data?.id ?? 0, 'mod/assign:submit')).toBe(CAP_ALLOW);
    // Not the default of a teacher-like role: still beyond the manager.
    expect(await errorcode(manager, 'core_role_create_role', { ...fields('markerlike', { archetype: 'teacher' }), permissions: [{ capability: 'mod/assign:submit', permission: CAP_ALLOW }] })).toBe('nopermissions');
    await call(admin, 'core_role_update_role', { roleid: created.data?.id, ...studentDefaults, permissions: [{ capability: 'mod/assign:submit', permission: 0 }] });
    expect((await call(manager, 'core_role_reset_role', { roleid: created.data?.id })).error).toBe(false);
    expect(await systemPermission(created.data?.id ?? 0, 'mod/assign:submit')).toBe(CAP_ALLOW);
  });
});
