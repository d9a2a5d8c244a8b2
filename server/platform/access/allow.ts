import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { parentContextIds } from './contexts';
import type { RoleRow } from './install';
import { CONTEXT_COURSE, CONTEXT_COURSECAT, CONTEXT_MODULE, CONTEXT_SYSTEM, type Access, type Archetype, type Context } from './types';

/** Context levels where roles of each archetype may be assigned (Moodle's defaults). */
export const archetypeContextLevels: Readonly<Record<Archetype, readonly number[]>> = {
  manager: [CONTEXT_SYSTEM, CONTEXT_COURSECAT, CONTEXT_COURSE],
  coursecreator: [CONTEXT_SYSTEM, CONTEXT_COURSECAT],
  editingteacher: [CONTEXT_COURSE, CONTEXT_MODULE],
  teacher: [CONTEXT_COURSE, CONTEXT_MODULE],
  student: [CONTEXT_COURSE, CONTEXT_MODULE],
  guest: [],
  user: [],
  frontpage: [],
};

/** Which archetypes holders of each archetype may assign (Moodle's default role_allow_assign). */
export const archetypeAllowAssign: Readonly<Record<Archetype, readonly Archetype[]>> = {
  manager: ['manager', 'coursecreator', 'editingteacher', 'teacher', 'student'],
  coursecreator: [],
  editingteacher: ['teacher', 'student'],
  teacher: [],
  student: [],
  guest: [],
  user: [],
  frontpage: [],
};

/** Which archetypes holders of each archetype may override (Moodle's default role_allow_override). */
export const archetypeAllowOverride: Readonly<Record<Archetype, readonly Archetype[]>> = {
  manager: ['manager', 'coursecreator', 'editingteacher', 'teacher', 'student', 'guest', 'user', 'frontpage'],
  coursecreator: [],
  editingteacher: ['teacher', 'student', 'guest'],
  teacher: [],
  student: [],
  guest: [],
  user: [],
  frontpage: [],
};

export type AllowKind = 'assign' | 'override';

function isArchetype(value: string): value is Archetype {
  return Object.hasOwn(archetypeContextLevels, value);
}

/**
 * Gives roles their archetype's defaults: context levels, and the allow-assign and allow-override
 * rows between them and every role of the archetypes they may assign and override. Only the given
 * roles (all roles when none are given) are touched; rows that exist are kept.
 */
export async function seedArchetypeAllows(db: Kysely<DB>, roleids?: readonly number[]): Promise<void> {
  const roles = await db.selectFrom('role').select(['id', 'archetype']).execute();
  const chosen = roleids ? roles.filter((r) => roleids.includes(r.id)) : roles;
  const ofArchetype = (archetypes: readonly Archetype[]) => roles.filter((r) => (archetypes as readonly string[]).includes(r.archetype)).map((r) => r.id);
  for (const role of chosen) {
    if (!isArchetype(role.archetype)) continue;
    const levels = archetypeContextLevels[role.archetype].map((contextlevel) => ({ roleid: role.id, contextlevel }));
    if (levels.length) {
      await db
        .insertInto('role_context_levels')
        .values(levels)
        .onConflict((oc) => oc.columns(['roleid', 'contextlevel']).doNothing())
        .execute();
    }
    const assign = ofArchetype(archetypeAllowAssign[role.archetype]).map((allowassign) => ({ roleid: role.id, allowassign }));
    if (assign.length) {
      await db
        .insertInto('role_allow_assign')
        .values(assign)
        .onConflict((oc) => oc.columns(['roleid', 'allowassign']).doNothing())
        .execute();
    }
    const override = ofArchetype(archetypeAllowOverride[role.archetype]).map((allowoverride) => ({ roleid: role.id, allowoverride }));
    if (override.length) {
      await db
        .insertInto('role_allow_override')
        .values(override)
        .onConflict((oc) => oc.columns(['roleid', 'allowoverride']).doNothing())
        .execute();
    }
  }
}

/** The ids of the roles the user is assigned in the context or any context above it. */
export async function rolesHeldOnPath(db: Kysely<DB>, userid: number, context: Context): Promise<number[]> {
  if (userid === 0) return [];
  const rows = await db
    .selectFrom('role_assignments')
    .select('roleid')
    .distinct()
    .where('userid', '=', userid)
    .where('contextid', 'in', parentContextIds(context, true))
    .execute();
  return rows.map((r) => r.roleid);
}

/** The role ids that holders of any of `roleids` may assign or override, per the allow matrix. */
export async function allowedTargets(db: Kysely<DB>, kind: AllowKind, roleids: readonly number[]): Promise<Set<number>> {
  if (roleids.length === 0) return new Set();
  if (kind === 'assign') {
    const rows = await db.selectFrom('role_allow_assign').select('allowassign as target').where('roleid', 'in', roleids).execute();
    return new Set(rows.map((r) => r.target));
  }
  const rows = await db.selectFrom('role_allow_override').select('allowoverride as target').where('roleid', 'in', roleids).execute();
  return new Set(rows.map((r) => r.target));
}

/** The context levels where each of the roles may be assigned. */
export async function roleContextLevels(db: Kysely<DB>, roleids?: readonly number[]): Promise<Map<number, number[]>> {
  let query = db.selectFrom('role_context_levels').select(['roleid', 'contextlevel']).orderBy('contextlevel');
  if (roleids) {
    if (roleids.length === 0) return new Map();
    query = query.where('roleid', 'in', roleids);
  }
  const levels = new Map<number, number[]>();
  for (const row of await query.execute()) levels.set(row.roleid, [...(levels.get(row.roleid) ?? []), row.contextlevel]);
  return levels;
}

/**
 * The roles the user may assign in a context (Moodle's get_assignable_roles): roles assignable at the
 * context's level, limited by the allow-assign matrix to what the user's own roles in the context or
 * above it allow; site admins may assign every role assignable there. None without moodle/role:assign.
 */
export async function assignableRoles(db: Kysely<DB>, access: Access, context: Context): Promise<RoleRow[]> {
  if (!(await access.hasCapability('moodle/role:assign', context))) return [];
  const roles = await db
    .selectFrom('role')
    .selectAll()
    .where('id', 'in', (eb) => eb.selectFrom('role_context_levels').select('roleid').where('contextlevel', '=', context.contextlevel))
    .orderBy('sortorder')
    .execute();
  if (await access.isSiteAdmin()) return roles;
  const allowed = await allowedTargets(db, 'assign', await rolesHeldOnPath(db, access.userid, context));
  return roles.filter((r) => allowed.has(r.id));
}

/**
 * The roles whose permissions the user may override in a context (Moodle's get_overridable_roles):
 * none without moodle/role:override or moodle/role:safeoverride there; every role for site admins;
 * otherwise those the allow-override matrix gives the user's roles in the context or above it.
 */
export async function overridableRoles(db: Kysely<DB>, access: Access, context: Context): Promise<RoleRow[]> {
  const [override, safe] = await Promise.all([
    access.hasCapability('moodle/role:override', context),
    access.hasCapability('moodle/role:safeoverride', context),
  ]);
  if (!override && !safe) return [];
  const roles = await db.selectFrom('role').selectAll().orderBy('sortorder').execute();
  if (await access.isSiteAdmin()) return roles;
  const allowed = await allowedTargets(db, 'override', await rolesHeldOnPath(db, access.userid, context));
  return roles.filter((r) => allowed.has(r.id));
}
