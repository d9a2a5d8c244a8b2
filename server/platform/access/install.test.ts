import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, testDialects, type TestDatabase } from '../../test/databases';
import { getConfig } from '../config-store';
import { coreCapabilities } from './capabilities';
import { createAccess } from './checker';
import { ensureCourseContext, ensureModuleContext, getSystemContext } from './contexts';
import {
  addCapabilityDefaults,
  assignRole,
  capabilityComponent,
  getRoleByShortname,
  installDefaultRoles,
  setRolePermission,
  syncCapabilities,
  unassignRole,
} from './install';
import { CAP_ALLOW, CAP_PREVENT, CAP_PROHIBIT, CONTEXT_COURSE, CONTEXT_MODULE, RISK_PERSONAL, type CapabilityDefinition } from './types';

const submit: CapabilityDefinition = {
  name: 'mod/testmod:submit',
  captype: 'write',
  contextlevel: CONTEXT_MODULE,
  riskbitmask: 0,
  archetypes: { student: CAP_ALLOW, guest: CAP_PROHIBIT },
};

describe('coreCapabilities', () => {
  it('declares each capability once, with Moodle-style names', () => {
    const names = coreCapabilities.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^moodle\/[a-z]+:[a-z]+$/);
  });

  it('gives site configuration to no role: only site admins hold it', () => {
    expect(coreCapabilities.find((c) => c.name === 'moodle/site:config')?.archetypes).toEqual({});
  });
});

describe('capabilityComponent', () => {
  it.each([
    ['moodle/site:config', 'moodle'],
    ['mod/assign:grade', 'mod_assign'],
    ['tool/lp:competencymanage', 'tool_lp'],
  ])('%s belongs to %s', (name, component) => {
    expect(capabilityComponent(name)).toBe(component);
  });
});

describe.each(testDialects)('install on %s', (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(dialect);
  });
  afterEach(async () => {
    await database.drop();
  });

  const definitions = [...coreCapabilities, submit];

  async function install() {
    await syncCapabilities(database.db, definitions);
    await installDefaultRoles(database.db, definitions);
  }

  async function permission(shortname: string, capability: string): Promise<number | undefined> {
    const row = await database.db
      .selectFrom('role_capabilities')
      .innerJoin('role', 'role.id', 'role_capabilities.roleid')
      .select('permission')
      .where('role.shortname', '=', shortname)
      .where('capability', '=', capability)
      .executeTakeFirst();
    return row?.permission;
  }

  it('syncs capabilities idempotently and reports the new ones', async () => {
    expect(await syncCapabilities(database.db, definitions)).toHaveLength(definitions.length);
    expect(await syncCapabilities(database.db, definitions)).toEqual([]);
    const rows = await database.db.selectFrom('capabilities').selectAll().execute();
    expect(rows).toHaveLength(definitions.length);
    expect(rows.find((r) => r.name === 'mod/testmod:submit')).toMatchObject({ captype: 'write', contextlevel: CONTEXT_MODULE, component: 'mod_testmod', riskbitmask: 0 });
  });

  it('updates a capability whose declaration changed', async () => {
    await syncCapabilities(database.db, [submit]);
    await syncCapabilities(database.db, [{ ...submit, captype: 'read', contextlevel: CONTEXT_COURSE, riskbitmask: RISK_PERSONAL }]);
    const row = await database.db.selectFrom('capabilities').selectAll().where('name', '=', submit.name).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ captype: 'read', contextlevel: CONTEXT_COURSE, riskbitmask: RISK_PERSONAL });
  });

  it('refuses a capability declared twice', async () => {
    await expect(syncCapabilities(database.db, [submit, submit])).rejects.toThrow(/declared twice/);
  });

  it('creates the eight standard roles in Moodle order, with their settings', async () => {
    await install();
    const roles = await database.db.selectFrom('role').select(['shortname', 'archetype', 'sortorder', 'name']).orderBy('sortorder').execute();
    expect(roles.map((r) => [r.shortname, r.archetype, r.sortorder])).toEqual([
      ['manager', 'manager', 1],
      ['coursecreator', 'coursecreator', 2],
      ['editingteacher', 'editingteacher', 3],
      ['teacher', 'teacher', 4],
      ['student', 'student', 5],
      ['guest', 'guest', 6],
      ['user', 'user', 7],
      ['frontpage', 'frontpage', 8],
    ]);
    const id = async (shortname: string) => String((await getRoleByShortname(database.db, shortname))?.id);
    expect(await getConfig(database.db, 'defaultuserroleid')).toBe(await id('user'));
    expect(await getConfig(database.db, 'defaultfrontpageroleid')).toBe(await id('frontpage'));
    expect(await getConfig(database.db, 'guestroleid')).toBe(await id('guest'));
    expect(await getConfig(database.db, 'notloggedinroleid')).toBe(await id('guest'));
    expect(await getConfig(database.db, 'creatornewroleid')).toBe(await id('editingteacher'));
  });

  it('writes the archetype defaults at the system context', async () => {
    await install();
    const system = await getSystemContext(database.db);
    const contexts = await database.db.selectFrom('role_capabilities').select('contextid').distinct().execute();
    expect(contexts).toEqual([{ contextid: system.id }]);
    expect(await permission('student', 'mod/testmod:submit')).toBe(CAP_ALLOW);
    expect(await permission('guest', 'mod/testmod:submit')).toBe(CAP_PROHIBIT);
    expect(await permission('editingteacher', 'moodle/course:update')).toBe(CAP_ALLOW);
    expect(await permission('student', 'moodle/course:update')).toBeUndefined();
    expect(await database.db.selectFrom('role_capabilities').select('id').where('capability', '=', 'moodle/site:config').execute()).toEqual([]);
  });

  it('does not duplicate roles or permissions when run twice', async () => {
    await install();
    const count = async (table: 'role' | 'role_capabilities') =>
      (await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = [await count('role'), await count('role_capabilities')];
    await install();
    expect([await count('role'), await count('role_capabilities')]).toEqual(before);
  });

  it('gives a student the module-level allow from the archetype but not course:update', async () => {
    await install();
    const course = await database.db.insertInto('course').values({ fullname: 'C', shortname: 'C', timecreated: 0, timemodified: 0 }).returning('id').executeTakeFirstOrThrow();
    const courseContext = await ensureCourseContext(database.db, course.id, 0);
    const moduleContext = await ensureModuleContext(database.db, 1, course.id);
    const user = await database.db.insertInto('user').values({ username: 's1', timecreated: 0, timemodified: 0 }).returning('id').executeTakeFirstOrThrow();
    const student = await getRoleByShortname(database.db, 'student');
    if (!student) throw new Error('student role missing');
    await assignRole(database.db, student.id, user.id, courseContext.id);

    const access = createAccess(database.db, user.id);
    expect(await access.hasCapability('mod/testmod:submit', moduleContext)).toBe(true);
    expect(await access.hasCapability('moodle/course:update', courseContext)).toBe(false);
  });

  it('gives a capability added later its defaults once, keeping later changes', async () => {
    await install();
    const later: CapabilityDefinition = { name: 'mod/later:view', captype: 'read', contextlevel: CONTEXT_MODULE, riskbitmask: 0, archetypes: { student: CAP_ALLOW, teacher: CAP_ALLOW } };
    const all = [...definitions, later];
    await syncCapabilities(database.db, all);
    await addCapabilityDefaults(database.db, all);
    expect(await permission('student', 'mod/later:view')).toBe(CAP_ALLOW);
    expect(await permission('teacher', 'mod/later:view')).toBe(CAP_ALLOW);

    const system = await getSystemContext(database.db);
    const student = await getRoleByShortname(database.db, 'student');
    const teacher = await getRoleByShortname(database.db, 'teacher');
    if (!student || !teacher) throw new Error('roles missing');
    await setRolePermission(database.db, student.id, system.id, later.name, CAP_PREVENT);
    await setRolePermission(database.db, teacher.id, system.id, later.name, 0);
    await syncCapabilities(database.db, all);
    await addCapabilityDefaults(database.db, all);
    expect(await permission('student', 'mod/later:view')).toBe(CAP_PREVENT);
    expect(await permission('teacher', 'mod/later:view')).toBeUndefined();
  });

  it('assigns a role once and unassigns it', async () => {
    await install();
    const system = await getSystemContext(database.db);
    const manager = await getRoleByShortname(database.db, 'manager');
    if (!manager) throw new Error('manager role missing');
    const first = await assignRole(database.db, manager.id, 5, system.id, 2);
    expect(await assignRole(database.db, manager.id, 5, system.id, 2)).toBe(first);
    const rows = await database.db.selectFrom('role_assignments').selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({ id: first, roleid: manager.id, userid: 5, contextid: system.id, modifierid: 2, component: '', itemid: 0 })]);
    await unassignRole(database.db, manager.id, 5, system.id);
    expect(await database.db.selectFrom('role_assignments').selectAll().execute()).toEqual([]);
  });
});
