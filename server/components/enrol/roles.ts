import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { parentContextIds } from '../../platform/access/contexts';
import type { RoleRow } from '../../platform/access/install';
import { CONTEXT_COURSE, CONTEXT_COURSECAT, CONTEXT_MODULE, CONTEXT_SYSTEM, type Archetype, type Context } from '../../platform/access/types';
import { formatString } from '../../platform/sanitize';
import type { Platform } from '../../platform/platform';
import type { CallContext } from '../../ws/method';

export const COMPONENT = 'core_enrol';

/** Moodle's standard role names, by shortname, as string ids of this component. */
const standardNameKeys: Record<string, string> = {
  manager: 'role_manager',
  coursecreator: 'role_coursecreator',
  editingteacher: 'role_editingteacher',
  teacher: 'role_teacher',
  student: 'role_student',
  guest: 'role_guest',
  user: 'role_user',
  frontpage: 'role_frontpage',
};

/** A role's name as people see it: its own name when set, else Moodle's standard name for its shortname. */
export function roleDisplayName(platform: Platform, role: Pick<RoleRow, 'name' | 'shortname'>, lang: string): string {
  if (role.name.trim() !== '') return formatString(role.name);
  const key = standardNameKeys[role.shortname];
  return key ? platform.strings.get(key, COMPONENT, undefined, lang) : formatString(role.shortname);
}

/** Context levels where roles of each archetype may be assigned (Moodle's role_context_levels defaults). */
const assignLevels: Partial<Record<Archetype, readonly number[]>> = {
  manager: [CONTEXT_SYSTEM, CONTEXT_COURSECAT, CONTEXT_COURSE],
  coursecreator: [CONTEXT_SYSTEM, CONTEXT_COURSECAT],
  editingteacher: [CONTEXT_COURSE, CONTEXT_MODULE],
  teacher: [CONTEXT_COURSE, CONTEXT_MODULE],
  student: [CONTEXT_COURSE, CONTEXT_MODULE],
};

/** Which archetypes a holder of each archetype may assign (Moodle's default role_allow_assign). */
const allowAssign: Partial<Record<Archetype, readonly Archetype[]>> = {
  manager: ['manager', 'coursecreator', 'editingteacher', 'teacher', 'student'],
  editingteacher: ['teacher', 'student'],
};

/**
 * The roles the caller may assign in a context: roles assignable at the context's level, limited to
 * those the caller's own roles (in the context or above it) allow. Site admins may assign every role
 * assignable at the level. Without moodle/role:assign there, none.
 */
export async function assignableRoles(ctx: CallContext, context: Context): Promise<RoleRow[]> {
  if (!(await ctx.access.hasCapability('moodle/role:assign', context))) return [];
  const roles = await ctx.db.selectFrom('role').selectAll().orderBy('sortorder').execute();
  const atLevel = roles.filter((r) => assignLevels[r.archetype as Archetype]?.includes(context.contextlevel));
  if (await ctx.access.isSiteAdmin()) return atLevel;
  const held = await heldArchetypes(ctx.db, ctx.access.userid, context);
  const allowed = new Set([...held].flatMap((a) => allowAssign[a] ?? []));
  return atLevel.filter((r) => allowed.has(r.archetype as Archetype));
}

async function heldArchetypes(db: Kysely<DB>, userid: number, context: Context): Promise<Set<Archetype>> {
  const rows = await db
    .selectFrom('role_assignments as ra')
    .innerJoin('role as r', 'r.id', 'ra.roleid')
    .select('r.archetype')
    .where('ra.userid', '=', userid)
    .where('ra.contextid', 'in', parentContextIds(context, true))
    .execute();
  return new Set(rows.map((r) => r.archetype as Archetype));
}
