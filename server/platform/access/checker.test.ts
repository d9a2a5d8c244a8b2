import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely, KyselyPlugin } from 'kysely';
import type { DB } from '../../db/schema';
import { openTestDatabase, testDialects, type TestDatabase } from '../../test/databases';
import { setConfig } from '../config-store';
import { coreCapabilities } from './capabilities';
import { createAccess, precheck, resolvePermission, rolesOnPath, type AccessSettings, type PermissionRow, type Subject } from './checker';
import { ensureCategoryContext, ensureCourseContext, ensureModuleContext, ensureUserContext, getSystemContext } from './contexts';
import { assignRole, getRoleByShortname, installDefaultRoles, setRolePermission, syncCapabilities } from './install';
import {
  CAP_ALLOW,
  CAP_PREVENT,
  CAP_PROHIBIT,
  CONTEXT_MODULE,
  RISK_XSS,
  type CapabilityDefinition,
  type Context,
} from './types';

/** Context ids of the pure cases: system 1 › category 2 › course 3 › module 4, and a sibling course 5. */
const level = { system: 1, category: 2, course: 3, module: 4, othercourse: 5 } as const;
type Level = keyof typeof level;
const pathOf: Record<Level, number[]> = {
  system: [1],
  category: [2, 1],
  course: [3, 2, 1],
  module: [4, 3, 2, 1],
  othercourse: [5, 2, 1],
};

interface ResolverCase {
  name: string;
  /** Roles the user holds on the path (role ids 10, 11). */
  roles: number[];
  rows: Array<[roleid: number, where: Level, permission: number]>;
  at: Level;
  expected: boolean;
}

const resolverCases: ResolverCase[] = [
  { name: 'no permission rows refuse', roles: [10], rows: [], at: 'module', expected: false },
  { name: 'allow at system reaches the module', roles: [10], rows: [[10, 'system', CAP_ALLOW]], at: 'module', expected: true },
  { name: 'prevent at course beats allow at system below the course', roles: [10], rows: [[10, 'system', CAP_ALLOW], [10, 'course', CAP_PREVENT]], at: 'module', expected: false },
  { name: 'prevent at course does not reach the category', roles: [10], rows: [[10, 'system', CAP_ALLOW], [10, 'course', CAP_PREVENT]], at: 'category', expected: true },
  { name: 'allow at module beats prevent at system', roles: [10], rows: [[10, 'system', CAP_PREVENT], [10, 'module', CAP_ALLOW]], at: 'module', expected: true },
  { name: 'allow at module stays in the module', roles: [10], rows: [[10, 'system', CAP_PREVENT], [10, 'module', CAP_ALLOW]], at: 'course', expected: false },
  { name: 'nearest value wins per role: category allow, course prevent, module allow', roles: [10], rows: [[10, 'category', CAP_ALLOW], [10, 'course', CAP_PREVENT], [10, 'module', CAP_ALLOW]], at: 'module', expected: true },
  { name: 'nearest value wins per role: checked at the course', roles: [10], rows: [[10, 'category', CAP_ALLOW], [10, 'course', CAP_PREVENT], [10, 'module', CAP_ALLOW]], at: 'course', expected: false },
  { name: 'prohibit at system cannot be overridden lower down', roles: [10], rows: [[10, 'system', CAP_PROHIBIT], [10, 'module', CAP_ALLOW]], at: 'module', expected: false },
  { name: 'prohibit in the category refuses in the course', roles: [10], rows: [[10, 'system', CAP_ALLOW], [10, 'category', CAP_PROHIBIT]], at: 'course', expected: false },
  { name: 'one role allowing is enough when another prevents', roles: [10, 11], rows: [[10, 'system', CAP_ALLOW], [11, 'course', CAP_PREVENT]], at: 'module', expected: true },
  { name: 'a prohibit from any role wins over another role\'s allow', roles: [10, 11], rows: [[10, 'module', CAP_ALLOW], [11, 'system', CAP_PROHIBIT]], at: 'module', expected: false },
  { name: 'a prohibit above a nearer allow of the same role still wins', roles: [10], rows: [[10, 'module', CAP_ALLOW], [10, 'category', CAP_PROHIBIT]], at: 'module', expected: false },
  { name: 'rows of roles the user does not hold are ignored', roles: [10], rows: [[11, 'system', CAP_ALLOW]], at: 'module', expected: false },
  { name: 'a prohibit of a role the user does not hold is ignored', roles: [10], rows: [[10, 'system', CAP_ALLOW], [11, 'system', CAP_PROHIBIT]], at: 'module', expected: true },
  { name: 'overrides in a sibling course do not apply', roles: [10], rows: [[10, 'othercourse', CAP_ALLOW]], at: 'course', expected: false },
  { name: 'a prohibit in a sibling course does not apply', roles: [10], rows: [[10, 'system', CAP_ALLOW], [10, 'othercourse', CAP_PROHIBIT]], at: 'module', expected: true },
  { name: 'inherit rows are skipped', roles: [10], rows: [[10, 'course', 0], [10, 'system', CAP_ALLOW]], at: 'module', expected: true },
  { name: 'prevent everywhere refuses', roles: [10, 11], rows: [[10, 'system', CAP_PREVENT], [11, 'system', CAP_PREVENT]], at: 'course', expected: false },
];

describe('resolvePermission', () => {
  it.each(resolverCases)('$name', ({ roles, rows, at, expected }) => {
    const permissionRows: PermissionRow[] = rows.map(([roleid, where, permission]) => ({ roleid, contextid: level[where], permission }));
    expect(resolvePermission(pathOf[at], roles, permissionRows)).toBe(expected);
  });
});

const read = { captype: 'read', riskbitmask: 0 };
const write = { captype: 'write', riskbitmask: 0 };
const riskyRead = { captype: 'read', riskbitmask: RISK_XSS };
const user: Subject = { userid: 5, exists: true, isGuest: false, isAdmin: false };
const guest: Subject = { ...user, userid: 2, isGuest: true };
const visitor: Subject = { userid: 0, exists: true, isGuest: false, isAdmin: false };
const admin: Subject = { ...user, userid: 3, isAdmin: true };

describe('precheck', () => {
  it.each([
    { name: 'an unknown capability is refused, even to admins', capability: undefined, subject: admin, expected: false },
    { name: 'the guest account never gets a write capability', capability: write, subject: guest, expected: false },
    { name: 'visitors never get an XSS-risky capability', capability: riskyRead, subject: visitor, expected: false },
    { name: 'the guest account may get a safe read capability from its roles', capability: read, subject: guest, expected: undefined },
    { name: 'a deleted user gets nothing', capability: read, subject: { ...user, exists: false }, expected: false },
    { name: 'a deleted admin gets nothing', capability: read, subject: { ...admin, exists: false }, expected: false },
    { name: 'a site admin passes without roles', capability: write, subject: admin, expected: true },
    { name: 'an ordinary user is decided by the roles', capability: write, subject: user, expected: undefined },
  ])('$name', ({ capability, subject, expected }) => {
    expect(precheck(capability, subject)).toBe(expected);
  });
});

describe('rolesOnPath', () => {
  const settings: AccessSettings = { siteadmins: [3], siteguest: 2, defaultuserroleid: 7, defaultfrontpageroleid: 8, guestroleid: 6, notloggedinroleid: 16 };
  const assignments = [
    { roleid: 5, contextid: level.course },
    { roleid: 4, contextid: level.othercourse },
  ];
  const frontpage = 9;

  it('counts assignments on the path and the authenticated-user role', () => {
    expect([...rolesOnPath(user, pathOf.module, assignments, settings, frontpage)].sort()).toEqual([5, 7]);
  });

  it('adds the front-page role only inside the front page', () => {
    expect([...rolesOnPath(user, [12, frontpage, 1], assignments, settings, frontpage)].sort()).toEqual([7, 8]);
  });

  it('gives the guest account the guest role instead of the authenticated-user role', () => {
    expect([...rolesOnPath(guest, [frontpage, 1], [], settings, frontpage)]).toEqual([6]);
  });

  it('gives visitors the not-logged-in role', () => {
    expect([...rolesOnPath(visitor, pathOf.course, [], settings, frontpage)]).toEqual([16]);
  });

  it('leaves out implicit roles the site has not set', () => {
    expect([...rolesOnPath(user, pathOf.course, [], { ...settings, defaultuserroleid: 0 }, frontpage)]).toEqual([]);
  });
});

/** Counts the statements sent, to show the checker's caching. */
function countingPlugin(counter: { queries: number }): KyselyPlugin {
  return {
    transformQuery(args) {
      counter.queries += 1;
      return args.node;
    },
    transformResult(args) {
      return Promise.resolve(args.result);
    },
  };
}

const testModuleCapability: CapabilityDefinition = {
  name: 'mod/testmod:submit',
  captype: 'write',
  contextlevel: CONTEXT_MODULE,
  riskbitmask: 0,
  archetypes: { student: CAP_ALLOW },
};

describe.each(testDialects)('createAccess on %s', (dialect) => {
  let database: TestDatabase;
  let db: Kysely<DB>;
  let contexts: Record<Level | 'frontpage', Context>;
  let guestId: number;
  let adminId: number;
  let userCount = 0;

  async function newUser(deleted = 0): Promise<number> {
    userCount += 1;
    const row = await db
      .insertInto('user')
      .values({ username: `u${userCount}`, deleted, timecreated: 0, timemodified: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ensureUserContext(db, row.id);
    return row.id;
  }

  async function role(shortname: string): Promise<number> {
    const found = await getRoleByShortname(db, shortname);
    if (found) return found.id;
    const { max } = await db.selectFrom('role').select((eb) => eb.fn.max<number>('sortorder').as('max')).executeTakeFirstOrThrow();
    const row = await db.insertInto('role').values({ shortname, sortorder: max + 1 }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    db = database.db;
    const definitions = [...coreCapabilities, testModuleCapability];
    await syncCapabilities(db, definitions);
    const system = await getSystemContext(db);
    const site = await db.insertInto('course').values({ fullname: 'Front', shortname: 'front', timecreated: 0, timemodified: 0 }).returning('id').executeTakeFirstOrThrow();
    expect(site.id).toBe(1);
    const frontpage = await ensureCourseContext(db, site.id, 0);
    const cat = await db.insertInto('course_categories').values({ name: 'Cat', timemodified: 0 }).returning('id').executeTakeFirstOrThrow();
    const courses = await db
      .insertInto('course')
      .values([
        { category: cat.id, fullname: 'Course', shortname: 'c1', timecreated: 0, timemodified: 0 },
        { category: cat.id, fullname: 'Other', shortname: 'c2', timecreated: 0, timemodified: 0 },
      ])
      .returning('id')
      .execute();
    const [courseid, otherid] = courses.map((c) => c.id) as [number, number];
    contexts = {
      system,
      frontpage,
      category: await ensureCategoryContext(db, cat.id, 0),
      course: await ensureCourseContext(db, courseid, cat.id),
      module: await ensureModuleContext(db, 100, courseid),
      othercourse: await ensureCourseContext(db, otherid, cat.id),
    };
    await installDefaultRoles(db, definitions);
    guestId = await newUser();
    adminId = await newUser();
    await setConfig(db, 'siteguest', String(guestId));
    await setConfig(db, 'siteadmins', `99999, ${adminId}`);
  });

  afterAll(async () => {
    await database.drop();
  });

  interface DatabaseCase {
    name: string;
    /** Custom roles of the case (created fresh) with their rows, and where the user holds them. */
    roles: Array<{ assignedAt: Level; rows: Array<[Level, number]> }>;
    at: Level;
    expected: boolean;
  }

  const databaseCases: DatabaseCase[] = [
    { name: 'allow at system, checked in a module', roles: [{ assignedAt: 'course', rows: [['system', CAP_ALLOW]] }], at: 'module', expected: true },
    { name: 'a role assigned in a course does not reach its category', roles: [{ assignedAt: 'course', rows: [['system', CAP_ALLOW]] }], at: 'category', expected: false },
    { name: 'a role assigned in a course does not reach another course', roles: [{ assignedAt: 'course', rows: [['system', CAP_ALLOW]] }], at: 'othercourse', expected: false },
    { name: 'prevent in the course overrides allow at system', roles: [{ assignedAt: 'category', rows: [['system', CAP_ALLOW], ['course', CAP_PREVENT]] }], at: 'module', expected: false },
    { name: 'the same prevent leaves the other course allowed', roles: [{ assignedAt: 'category', rows: [['system', CAP_ALLOW], ['course', CAP_PREVENT]] }], at: 'othercourse', expected: true },
    { name: 'allow in the module overrides prevent in the category', roles: [{ assignedAt: 'system', rows: [['category', CAP_PREVENT], ['module', CAP_ALLOW]] }], at: 'module', expected: true },
    { name: 'prohibit at the category beats allow in the module', roles: [{ assignedAt: 'system', rows: [['category', CAP_PROHIBIT], ['module', CAP_ALLOW]] }], at: 'module', expected: false },
    {
      name: 'one role allowing is enough when another prevents',
      roles: [
        { assignedAt: 'course', rows: [['system', CAP_ALLOW]] },
        { assignedAt: 'module', rows: [['system', CAP_PREVENT]] },
      ],
      at: 'module',
      expected: true,
    },
    {
      name: 'a prohibit from any role wins',
      roles: [
        { assignedAt: 'course', rows: [['module', CAP_ALLOW]] },
        { assignedAt: 'category', rows: [['course', CAP_PROHIBIT]] },
      ],
      at: 'module',
      expected: false,
    },
  ];

  let caseCount = 0;
  it.each(databaseCases)('$name', async ({ roles, at, expected }) => {
    const userid = await newUser();
    for (const spec of roles) {
      caseCount += 1;
      const roleid = await role(`case${caseCount}`);
      await assignRole(db, roleid, userid, contexts[spec.assignedAt].id);
      for (const [where, permission] of spec.rows) await setRolePermission(db, roleid, contexts[where].id, 'moodle/course:update', permission);
    }
    expect(await createAccess(db, userid).hasCapability('moodle/course:update', contexts[at])).toBe(expected);
  });

  it('a student gets the archetype defaults in the course but not course:update', async () => {
    const userid = await newUser();
    await assignRole(db, await role('student'), userid, contexts.course.id);
    const access = createAccess(db, userid);
    expect(await access.hasCapability('mod/testmod:submit', contexts.module)).toBe(true);
    expect(await access.hasCapability('moodle/course:viewparticipants', contexts.module.id)).toBe(true);
    expect(await access.hasCapability('moodle/course:update', contexts.course)).toBe(false);
    expect(await access.hasCapability('moodle/course:viewparticipants', contexts.othercourse)).toBe(false);
  });

  it('an editing teacher may update the course, and a manager at system may delete it', async () => {
    const teacher = await newUser();
    const manager = await newUser();
    await assignRole(db, await role('editingteacher'), teacher, contexts.course.id);
    await assignRole(db, await role('manager'), manager, contexts.system.id);
    expect(await createAccess(db, teacher).hasCapability('moodle/course:update', contexts.course)).toBe(true);
    expect(await createAccess(db, teacher).hasCapability('moodle/course:delete', contexts.course)).toBe(false);
    expect(await createAccess(db, manager).hasCapability('moodle/course:delete', contexts.course)).toBe(true);
  });

  it('every logged-in user holds the authenticated-user role, and the front-page role only on the front page', async () => {
    const userid = await newUser();
    const frontpageRole = await role('frontpage');
    await setRolePermission(db, frontpageRole, contexts.system.id, 'moodle/course:viewhiddensections', CAP_ALLOW);
    const access = createAccess(db, userid);
    expect(await access.hasCapability('moodle/tag:create', contexts.system)).toBe(true);
    expect(await access.hasCapability('moodle/course:viewhiddensections', contexts.frontpage)).toBe(true);
    expect(await access.hasCapability('moodle/course:viewhiddensections', contexts.course)).toBe(false);
  });

  it('the guest account and visitors are refused write capabilities even when their role allows them', async () => {
    await setRolePermission(db, await role('guest'), contexts.system.id, 'moodle/tag:flag', CAP_ALLOW);
    expect(await createAccess(db, guestId).hasCapability('moodle/tag:flag', contexts.system)).toBe(false);
    expect(await createAccess(db, 0).hasCapability('moodle/tag:flag', contexts.system)).toBe(false);
    expect(await createAccess(db, guestId).hasCapability('moodle/user:viewdetails', contexts.course)).toBe(true);
    expect(await createAccess(db, 0).hasCapability('moodle/category:viewcourselist', contexts.category)).toBe(true);
    expect(await createAccess(db, guestId).hasCapability('moodle/tag:create', contexts.system)).toBe(false);
  });

  it('site admins pass every known capability, and only known ones', async () => {
    const access = createAccess(db, adminId);
    expect(await access.isSiteAdmin()).toBe(true);
    expect(await access.hasCapability('moodle/site:config', contexts.system)).toBe(true);
    expect(await access.hasCapability('moodle/course:update', contexts.module)).toBe(true);
    expect(await access.hasCapability('moodle/site:nosuchthing', contexts.system)).toBe(false);
    expect(await createAccess(db, guestId).isSiteAdmin()).toBe(false);
    expect(await createAccess(db, 0).isSiteAdmin()).toBe(false);
  });

  it('a deleted user holds nothing', async () => {
    const userid = await newUser(1);
    await assignRole(db, await role('manager'), userid, contexts.system.id);
    expect(await createAccess(db, userid).hasCapability('moodle/course:view', contexts.course)).toBe(false);
  });

  it('requireCapability throws nopermissions naming the capability', async () => {
    const userid = await newUser();
    await expect(createAccess(db, userid).requireCapability('moodle/course:update', contexts.course)).rejects.toMatchObject({
      errorcode: 'nopermissions',
      a: 'moodle/course:update',
    });
    await expect(createAccess(db, adminId).requireCapability('moodle/course:update', contexts.course.id)).resolves.toBeUndefined();
  });

  it('refuses a context id that does not exist with invalidrecord', async () => {
    await expect(createAccess(db, adminId).hasCapability('moodle/course:update', 987654)).rejects.toMatchObject({ errorcode: 'invalidrecord' });
  });

  it('loads assignments and permissions once per request, however many contexts are checked', async () => {
    const userid = await newUser();
    await assignRole(db, await role('student'), userid, contexts.course.id);
    const counter = { queries: 0 };
    const access = createAccess(db.withPlugin(countingPlugin(counter)), userid);
    const targets = [contexts.module, contexts.course, contexts.othercourse, contexts.category, contexts.system, contexts.frontpage];
    for (let round = 0; round < 5; round += 1) {
      await Promise.all(targets.map((c) => access.hasCapability('moodle/course:viewparticipants', c)));
    }
    const afterOneCapability = counter.queries;
    // settings, user, assignments, front page context, the capability, its permission rows
    expect(afterOneCapability).toBe(6);
    await access.hasCapability('moodle/course:viewhiddensections', contexts.course.id);
    await access.hasCapability('moodle/course:viewhiddensections', contexts.course.id);
    // the second capability, its rows, and the context looked up by id
    expect(counter.queries - afterOneCapability).toBe(3);
  });
});
