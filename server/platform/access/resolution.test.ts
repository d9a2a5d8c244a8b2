import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { openTestDatabase, testDialects, type TestDatabase } from '../../test/databases';
import { setConfig } from '../config-store';
import { coreCapabilities } from './capabilities';
import { createAccess } from './checker';
import { ensureCategoryContext, ensureCourseContext, ensureModuleContext, ensureUserContext, getSystemContext } from './contexts';
import { assignRole, getRoleByShortname, installDefaultRoles, setRolePermission, syncCapabilities } from './install';
import {
  CAP_ALLOW,
  CAP_PREVENT,
  CAP_PROHIBIT,
  CONTEXT_MODULE,
  RISK_CONFIG,
  RISK_DATALOSS,
  RISK_PERSONAL,
  RISK_SPAM,
  RISK_XSS,
  type CapabilityDefinition,
  type Context,
} from './types';

/**
 * The context tree of the table:
 *
 *   system
 *   ├── cat                      (top-level category)
 *   │   ├── subcat               (category inside cat)
 *   │   │   └── course
 *   │   │       ├── module
 *   │   │       └── othermodule  (sibling of module)
 *   │   └── othercourse          (sibling of subcat's course, directly in cat)
 *   └── frontpage                (course 1)
 *       └── frontmodule
 */
type Where = 'system' | 'cat' | 'subcat' | 'course' | 'module' | 'othermodule' | 'othercourse' | 'frontpage' | 'frontmodule';

/** A, B, C: roles made fresh for the row; user, frontpage, guest: the standard roles the checker gives implicitly. */
type RoleKey = 'A' | 'B' | 'C' | 'user' | 'frontpage' | 'guest';

/** Who asks: an ordinary account, the guest account, a visitor (not logged in), a deleted account, a site admin. */
type Who = 'user' | 'guest' | 'visitor' | 'deleted' | 'admin';

interface ResolutionCase {
  name: string;
  who?: Who;
  /** The capability the row checks (made for the row alone); `unknown` checks a name nobody declares. */
  capability?: { captype: 'read' | 'write'; risk?: number } | 'unknown';
  /** Role assignments of the asking user. */
  holds?: Array<[RoleKey, Where]>;
  /** Role permissions for the row's capability: the role's definition (system) or an override. */
  permissions?: Array<[RoleKey, Where, number]>;
  at: Where;
  expected: boolean;
}

const read = { captype: 'read' } as const;

const cases: ResolutionCase[] = [
  // Plain allow and where an assignment counts
  { name: 'nothing held and nothing set refuses', at: 'course', expected: false },
  { name: 'a role assigned in the course, allowed at system, grants in the module', holds: [['A', 'course']], permissions: [['A', 'system', CAP_ALLOW]], at: 'module', expected: true },
  { name: 'a role assigned at system grants everywhere below', holds: [['A', 'system']], permissions: [['A', 'system', CAP_ALLOW]], at: 'othermodule', expected: true },
  { name: 'a role assigned in the course does not count in its category', holds: [['A', 'course']], permissions: [['A', 'system', CAP_ALLOW]], at: 'subcat', expected: false },
  { name: 'a role assigned in the course does not count in a sibling course', holds: [['A', 'course']], permissions: [['A', 'system', CAP_ALLOW]], at: 'othercourse', expected: false },
  { name: 'a role assigned in a module does not count in its course', holds: [['A', 'module']], permissions: [['A', 'system', CAP_ALLOW]], at: 'course', expected: false },
  { name: 'a role assigned in a module does not count in the sibling module', holds: [['A', 'module']], permissions: [['A', 'system', CAP_ALLOW]], at: 'othermodule', expected: false },
  { name: 'a role assigned in the top category reaches a course two categories down', holds: [['A', 'cat']], permissions: [['A', 'system', CAP_ALLOW]], at: 'module', expected: true },
  { name: 'a role assigned in the subcategory does not count in the top category', holds: [['A', 'subcat']], permissions: [['A', 'system', CAP_ALLOW]], at: 'cat', expected: false },
  { name: 'a role with no permission set grants nothing', holds: [['A', 'system']], at: 'module', expected: false },

  // Prevent and allow at different depths (one role)
  { name: 'prevent in the course beats allow at system, in the module', holds: [['A', 'system']], permissions: [['A', 'system', CAP_ALLOW], ['A', 'course', CAP_PREVENT]], at: 'module', expected: false },
  { name: 'prevent in the course leaves the subcategory above it allowed', holds: [['A', 'system']], permissions: [['A', 'system', CAP_ALLOW], ['A', 'course', CAP_PREVENT]], at: 'subcat', expected: true },
  { name: 'prevent in the top category reaches the module two categories down', holds: [['A', 'system']], permissions: [['A', 'system', CAP_ALLOW], ['A', 'cat', CAP_PREVENT]], at: 'module', expected: false },
  { name: 'allow in the subcategory beats prevent at system', holds: [['A', 'system']], permissions: [['A', 'system', CAP_PREVENT], ['A', 'subcat', CAP_ALLOW]], at: 'course', expected: true },
  { name: 'allow in the module beats prevent in the category, in the module', holds: [['A', 'course']], permissions: [['A', 'system', CAP_ALLOW], ['A', 'cat', CAP_PREVENT], ['A', 'module', CAP_ALLOW]], at: 'module', expected: true },
  { name: 'allow in the module does not lift the prevent for its course', holds: [['A', 'course']], permissions: [['A', 'system', CAP_ALLOW], ['A', 'cat', CAP_PREVENT], ['A', 'module', CAP_ALLOW]], at: 'course', expected: false },
  { name: 'the nearest value counts: allow, prevent, allow going down', holds: [['A', 'system']], permissions: [['A', 'system', CAP_ALLOW], ['A', 'subcat', CAP_PREVENT], ['A', 'course', CAP_ALLOW]], at: 'module', expected: true },
  { name: 'the nearest value counts: prevent, allow, prevent going down', holds: [['A', 'system']], permissions: [['A', 'system', CAP_PREVENT], ['A', 'cat', CAP_ALLOW], ['A', 'course', CAP_PREVENT]], at: 'module', expected: false },

  // Several roles
  { name: "a role's prevent in the course does not stop another role's allow", holds: [['A', 'system'], ['B', 'course']], permissions: [['A', 'system', CAP_ALLOW], ['A', 'course', CAP_PREVENT], ['B', 'system', CAP_ALLOW]], at: 'module', expected: true },
  { name: 'a second role with nothing set does not undo a prevent', holds: [['A', 'system'], ['B', 'course']], permissions: [['A', 'system', CAP_ALLOW], ['A', 'course', CAP_PREVENT]], at: 'module', expected: false },
  { name: 'one allowing role among three preventing is enough', holds: [['A', 'cat'], ['B', 'course'], ['C', 'module']], permissions: [['A', 'system', CAP_PREVENT], ['B', 'system', CAP_PREVENT], ['C', 'module', CAP_ALLOW]], at: 'module', expected: true },

  // Prohibit
  { name: 'prohibit at system for one role beats an allow in the module for another', holds: [['A', 'module'], ['B', 'system']], permissions: [['A', 'module', CAP_ALLOW], ['B', 'system', CAP_PROHIBIT]], at: 'module', expected: false },
  { name: "prohibit in the subcategory beats the same role's allow in the module", holds: [['A', 'system']], permissions: [['A', 'system', CAP_ALLOW], ['A', 'subcat', CAP_PROHIBIT], ['A', 'module', CAP_ALLOW]], at: 'module', expected: false },
  { name: 'prohibit in the module does not reach the course above', holds: [['A', 'system']], permissions: [['A', 'system', CAP_ALLOW], ['A', 'module', CAP_PROHIBIT]], at: 'course', expected: true },
  { name: 'prohibit of a role held in a sibling course does not count here', holds: [['A', 'course'], ['B', 'othercourse']], permissions: [['A', 'system', CAP_ALLOW], ['B', 'system', CAP_PROHIBIT]], at: 'module', expected: true },
  { name: 'the same prohibit counts in the sibling course where the role is held', holds: [['A', 'cat'], ['B', 'othercourse']], permissions: [['A', 'system', CAP_ALLOW], ['B', 'system', CAP_PROHIBIT]], at: 'othercourse', expected: false },

  // Siblings
  { name: 'allow in a sibling module has no effect', holds: [['A', 'course']], permissions: [['A', 'othermodule', CAP_ALLOW]], at: 'module', expected: false },
  { name: 'prevent in a sibling module has no effect', holds: [['A', 'course']], permissions: [['A', 'system', CAP_ALLOW], ['A', 'othermodule', CAP_PREVENT]], at: 'module', expected: true },
  { name: 'prohibit in a sibling course has no effect', holds: [['A', 'system']], permissions: [['A', 'system', CAP_ALLOW], ['A', 'othercourse', CAP_PROHIBIT]], at: 'module', expected: true },
  { name: 'prevent in the subcategory has no effect in the sibling course of the top category', holds: [['A', 'system']], permissions: [['A', 'system', CAP_ALLOW], ['A', 'subcat', CAP_PREVENT]], at: 'othercourse', expected: true },

  // Implicit roles
  { name: 'the authenticated-user role grants without any assignment', permissions: [['user', 'system', CAP_ALLOW]], at: 'module', expected: true },
  { name: 'an override of the authenticated-user role in the course prevents there', permissions: [['user', 'system', CAP_ALLOW], ['user', 'course', CAP_PREVENT]], at: 'module', expected: false },
  { name: "a prohibit on the authenticated-user role beats an assigned role's allow", holds: [['A', 'course']], permissions: [['A', 'system', CAP_ALLOW], ['user', 'course', CAP_PROHIBIT]], at: 'module', expected: false },
  { name: 'the front-page role grants inside the front page', permissions: [['frontpage', 'system', CAP_ALLOW]], at: 'frontmodule', expected: true },
  { name: 'the front-page role does not count outside the front page', permissions: [['frontpage', 'system', CAP_ALLOW]], at: 'course', expected: false },

  // Guest account and visitors
  { name: 'the guest account gets a safe read capability from the guest role', who: 'guest', capability: read, permissions: [['guest', 'system', CAP_ALLOW]], at: 'course', expected: true },
  { name: 'the guest account does not hold the authenticated-user role', who: 'guest', capability: read, permissions: [['user', 'system', CAP_ALLOW]], at: 'course', expected: false },
  { name: 'the guest account is refused a write capability its roles allow', who: 'guest', holds: [['A', 'system']], permissions: [['guest', 'system', CAP_ALLOW], ['A', 'system', CAP_ALLOW]], at: 'course', expected: false },
  { name: 'the guest account is refused an XSS-risky read capability', who: 'guest', capability: { captype: 'read', risk: RISK_XSS }, permissions: [['guest', 'system', CAP_ALLOW]], at: 'course', expected: false },
  { name: 'the guest account is refused a configuration-risky read capability even with a manager-like role', who: 'guest', capability: { captype: 'read', risk: RISK_CONFIG }, holds: [['A', 'system']], permissions: [['A', 'system', CAP_ALLOW]], at: 'system', expected: false },
  { name: 'the guest account may get a read capability with only a privacy risk', who: 'guest', capability: { captype: 'read', risk: RISK_PERSONAL | RISK_SPAM }, permissions: [['guest', 'system', CAP_ALLOW]], at: 'course', expected: true },
  { name: 'a visitor gets a safe read capability from the not-logged-in role', who: 'visitor', capability: read, permissions: [['guest', 'system', CAP_ALLOW]], at: 'frontmodule', expected: true },
  { name: 'a visitor is refused a data-loss-risky read capability', who: 'visitor', capability: { captype: 'read', risk: RISK_DATALOSS }, permissions: [['guest', 'system', CAP_ALLOW]], at: 'frontpage', expected: false },
  { name: 'a visitor is refused a write capability', who: 'visitor', permissions: [['guest', 'system', CAP_ALLOW]], at: 'frontpage', expected: false },
  { name: 'a visitor holds neither the authenticated-user nor the front-page role', who: 'visitor', capability: read, permissions: [['user', 'system', CAP_ALLOW], ['frontpage', 'system', CAP_ALLOW]], at: 'frontmodule', expected: false },

  // Deleted users, site admins, unknown capabilities
  { name: 'a deleted user is refused whatever the roles', who: 'deleted', holds: [['A', 'system']], permissions: [['A', 'system', CAP_ALLOW], ['user', 'system', CAP_ALLOW]], at: 'course', expected: false },
  { name: 'a site admin is allowed with no role at all', who: 'admin', at: 'module', expected: true },
  { name: 'a site admin is allowed despite a prohibit on a role they hold', who: 'admin', holds: [['A', 'system']], permissions: [['A', 'system', CAP_PROHIBIT], ['user', 'system', CAP_PROHIBIT]], at: 'module', expected: true },
  { name: 'a site admin is refused an unknown capability', who: 'admin', capability: 'unknown', at: 'system', expected: false },
  { name: 'an unknown capability is refused even where the roles allow it', capability: 'unknown', holds: [['A', 'system']], permissions: [['A', 'system', CAP_ALLOW], ['user', 'system', CAP_ALLOW]], at: 'course', expected: false },
];

describe.each(testDialects)('hasCapability resolution table on %s', (dialect) => {
  let database: TestDatabase;
  let db: Kysely<DB>;
  let contexts: Record<Where, Context>;
  let guestId: number;
  let adminId: number;
  const standard = new Map<RoleKey, number>();
  let made = 0;

  /** The capability of row `index`, made for that row alone so rows never see each other's permissions. */
  const capabilityOf = (index: number) => `local/restable:case${index}`;

  async function newUser(deleted = 0): Promise<number> {
    made += 1;
    const row = await db
      .insertInto('user')
      .values({ username: `res${made}`, deleted, timecreated: 0, timemodified: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ensureUserContext(db, row.id);
    return row.id;
  }

  async function newRole(): Promise<number> {
    made += 1;
    const { max } = await db.selectFrom('role').select((eb) => eb.fn.max<number>('sortorder').as('max')).executeTakeFirstOrThrow();
    const row = await db.insertInto('role').values({ shortname: `res${made}`, sortorder: max + 1 }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    db = database.db;
    const tableCapabilities: CapabilityDefinition[] = cases.map((c, index) => ({
      name: capabilityOf(index),
      captype: c.capability === undefined || c.capability === 'unknown' ? 'write' : c.capability.captype,
      contextlevel: CONTEXT_MODULE,
      riskbitmask: c.capability === undefined || c.capability === 'unknown' ? 0 : (c.capability.risk ?? 0),
      archetypes: {},
    }));
    // The unknown rows' capabilities are never declared.
    const definitions = [...coreCapabilities, ...tableCapabilities.filter((_, index) => cases[index]?.capability !== 'unknown')];
    await syncCapabilities(db, definitions);
    const system = await getSystemContext(db);
    const site = await db.insertInto('course').values({ fullname: 'Front', shortname: 'front', timecreated: 0, timemodified: 0 }).returning('id').executeTakeFirstOrThrow();
    expect(site.id).toBe(1);
    const cat = await db.insertInto('course_categories').values({ name: 'Top', timemodified: 0 }).returning('id').executeTakeFirstOrThrow();
    const subcat = await db.insertInto('course_categories').values({ name: 'Sub', parent: cat.id, timemodified: 0 }).returning('id').executeTakeFirstOrThrow();
    const course = await db.insertInto('course').values({ category: subcat.id, fullname: 'Course', shortname: 'c1', timecreated: 0, timemodified: 0 }).returning('id').executeTakeFirstOrThrow();
    const other = await db.insertInto('course').values({ category: cat.id, fullname: 'Other', shortname: 'c2', timecreated: 0, timemodified: 0 }).returning('id').executeTakeFirstOrThrow();
    contexts = {
      system,
      cat: await ensureCategoryContext(db, cat.id, 0),
      subcat: await ensureCategoryContext(db, subcat.id, cat.id),
      course: await ensureCourseContext(db, course.id, subcat.id),
      module: await ensureModuleContext(db, 201, course.id),
      othermodule: await ensureModuleContext(db, 202, course.id),
      othercourse: await ensureCourseContext(db, other.id, cat.id),
      frontpage: await ensureCourseContext(db, site.id, 0),
      frontmodule: await ensureModuleContext(db, 203, site.id),
    };
    // The tree is the one drawn above.
    expect(contexts.module.path).toBe(`/${system.id}/${contexts.cat.id}/${contexts.subcat.id}/${contexts.course.id}/${contexts.module.id}`);
    expect(contexts.othercourse.path).toBe(`/${system.id}/${contexts.cat.id}/${contexts.othercourse.id}`);
    expect(contexts.frontmodule.path).toBe(`/${system.id}/${contexts.frontpage.id}/${contexts.frontmodule.id}`);
    await installDefaultRoles(db, definitions);
    for (const key of ['user', 'frontpage', 'guest'] as const) {
      const role = await getRoleByShortname(db, key);
      if (!role) throw new Error(`no ${key} role`);
      standard.set(key, role.id);
    }
    guestId = await newUser();
    adminId = await newUser();
    await setConfig(db, 'siteguest', String(guestId));
    await setConfig(db, 'siteadmins', String(adminId));
  });

  afterAll(async () => {
    await database.drop();
  });

  it('has at least 30 rows, each with its own name', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });

  it.each(cases.map((c, index) => ({ ...c, index })))('$name', async ({ index, who = 'user', holds = [], permissions = [], at, expected }) => {
    const capability = capabilityOf(index);
    const roles = new Map(standard);
    for (const key of ['A', 'B', 'C'] as const) roles.set(key, await newRole());
    const roleId = (key: RoleKey) => roles.get(key) ?? 0;

    const userid = who === 'guest' ? guestId : who === 'admin' ? adminId : who === 'visitor' ? 0 : await newUser(who === 'deleted' ? 1 : 0);
    for (const [key, where] of holds) await assignRole(db, roleId(key), userid, contexts[where].id);
    for (const [key, where, permission] of permissions) await setRolePermission(db, roleId(key), contexts[where].id, capability, permission);

    expect(await createAccess(db, userid).hasCapability(capability, contexts[at])).toBe(expected);
    // The batched check (one query for many capabilities) gives the same verdict, and never grants
    // a capability that does not exist.
    const batched = await createAccess(db, userid).hasCapabilities([capability, 'moodle/nosuch:capability'], contexts[at]);
    expect(batched.has(capability)).toBe(expected);
    expect(batched.has('moodle/nosuch:capability')).toBe(false);
  });
});
