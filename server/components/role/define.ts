import type { Kysely } from 'kysely';
import type { PermissionValue } from '../../../api/role';
import type { DB } from '../../db/schema';
import { archetypeAllowAssign, archetypeAllowOverride, archetypeContextLevels, seedArchetypeAllows, type AllowKind } from '../../platform/access/allow';
import { getSystemContext } from '../../platform/access/contexts';
import type { RoleRow } from '../../platform/access/install';
import { CAP_ALLOW, CAP_INHERIT, type Access, type Archetype, type CapabilityDefinition, type Context } from '../../platform/access/types';
import { getConfigs } from '../../platform/config-store';
import { AppError, invalidRecord, noPermissions } from '../../platform/errors';
import { logContextEvent, type ActorSource } from '../../platform/events';
import { now } from '../../platform/platform';

export const COMPONENT = 'core_role';

/** The site settings that name roles the site cannot work without. */
export const REQUIRED_ROLE_SETTINGS = ['defaultuserroleid', 'guestroleid', 'notloggedinroleid', 'defaultfrontpageroleid', 'creatornewroleid'] as const;

/** A role change's caller: who they are (for the log) and what they may do. */
export type Actor = ActorSource & { db: Kysely<DB>; access: Access };

export interface RoleFields {
  shortname: string;
  name: string;
  description: string;
  archetype: '' | Archetype;
  contextlevels: readonly number[];
  permissions: ReadonlyArray<{ capability: string; permission: PermissionValue }>;
}

export async function requiredRoleIds(db: Kysely<DB>): Promise<Set<number>> {
  const values = await getConfigs(db, REQUIRED_ROLE_SETTINGS);
  return new Set([...values.values()].map(Number).filter((id) => id > 0));
}

export async function getRole(db: Kysely<DB>, roleid: number): Promise<RoleRow> {
  const role = await db.selectFrom('role').selectAll().where('id', '=', roleid).executeTakeFirst();
  if (!role) throw invalidRecord('role', `role ${roleid}`);
  return role;
}

/** The permission each capability gives the archetype by its declaration (capabilities without one: none). */
export function archetypeDefaults(definitions: readonly CapabilityDefinition[], archetype: string): Map<string, number> {
  const defaults = new Map<string, number>();
  if (archetype === '') return defaults;
  for (const d of definitions) {
    const value = d.archetypes[archetype as Archetype];
    if (value !== undefined && value !== CAP_INHERIT) defaults.set(d.name, value);
  }
  return defaults;
}

/** The role's permissions at the system context, by capability. */
export async function systemPermissions(db: Kysely<DB>, roleid: number, system: Context): Promise<Map<string, number>> {
  const rows = await db.selectFrom('role_capabilities').select(['capability', 'permission']).where('roleid', '=', roleid).where('contextid', '=', system.id).execute();
  return new Map(rows.map((r) => [r.capability, r.permission]));
}

function fieldError(errorcode: string, a?: unknown): AppError {
  return new AppError(errorcode, { component: COMPONENT, a });
}

/** Short name: letters, digits, - and _, unused; name: unused when given. */
async function checkFields(db: Kysely<DB>, fields: RoleFields, roleid: number): Promise<{ shortname: string; name: string }> {
  const shortname = fields.shortname.trim();
  const name = fields.name.trim();
  if (shortname === '') throw fieldError('errorshortnamerequired');
  if (!/^[A-Za-z0-9_-]+$/.test(shortname)) throw fieldError('errorbadshortname');
  const clash = await db.selectFrom('role').select(['id', 'shortname', 'name']).where('id', '!=', roleid).where((eb) => eb.or([eb('shortname', '=', shortname), ...(name ? [eb('name', '=', name)] : [])])).execute();
  if (clash.some((r) => r.shortname === shortname)) throw fieldError('errorexistsroleshortname');
  if (clash.length > 0) throw fieldError('errorexistsrolename');
  return { shortname, name };
}

/**
 * Sets the role's system-context permissions to `wanted` for the capabilities it names, refusing to
 * let anyone allow a capability they do not hold themselves, and logs the changes (old → new).
 */
/**
 * Sets the role's system permissions to `wanted`. Nobody raises rights beyond their own: an Allow the
 * actor does not hold is refused, unless it is the role's archetype default (`defaults`), which the
 * product decides, not the actor — else a manager could not even reset or create a student role,
 * whose archetype submits assignments, which managers do not.
 */
async function applyPermissions(actor: Actor, roleid: number, wanted: ReadonlyMap<string, number>, system: Context, defaults: ReadonlyMap<string, number>): Promise<number> {
  const current = await systemPermissions(actor.db, roleid, system);
  const known = new Set(
    wanted.size ? (await actor.db.selectFrom('capabilities').select('name').where('name', 'in', [...wanted.keys()]).execute()).map((r) => r.name) : [],
  );
  const changes: Array<{ capability: string; old: number; new: number }> = [];
  for (const [capability, permission] of wanted) {
    if (!known.has(capability)) throw invalidRecord('capabilities', capability);
    const old = current.get(capability) ?? CAP_INHERIT;
    if (old !== permission) changes.push({ capability, old, new: permission });
  }
  const raised = changes.filter((c) => c.new === CAP_ALLOW && defaults.get(c.capability) !== CAP_ALLOW).map((c) => c.capability);
  const held = await actor.access.hasCapabilities(raised, system);
  const beyond = raised.find((name) => !held.has(name));
  if (beyond) throw noPermissions(beyond);
  const t = now();
  const removed = changes.filter((c) => c.new === CAP_INHERIT).map((c) => c.capability);
  if (removed.length) await actor.db.deleteFrom('role_capabilities').where('roleid', '=', roleid).where('contextid', '=', system.id).where('capability', 'in', removed).execute();
  const set = changes.filter((c) => c.new !== CAP_INHERIT);
  for (let i = 0; i < set.length; i += 200) {
    await actor.db
      .insertInto('role_capabilities')
      .values(set.slice(i, i + 200).map((c) => ({ roleid, contextid: system.id, capability: c.capability, permission: c.new, modifierid: actor.access.userid, timemodified: t })))
      .onConflict((oc) => oc.columns(['roleid', 'contextid', 'capability']).doUpdateSet((eb) => ({ permission: eb.ref('excluded.permission'), modifierid: actor.access.userid, timemodified: t })))
      .execute();
  }
  if (changes.length) {
    await logContextEvent(actor, system, {
      eventname: '\\core\\event\\role_capabilities_updated',
      component: 'core',
      action: 'updated',
      target: 'role_capabilities',
      objecttable: 'role',
      objectid: roleid,
      crud: 'u',
      other: { changes },
    });
  }
  return changes.length;
}

async function setContextLevels(db: Kysely<DB>, roleid: number, levels: readonly number[]): Promise<void> {
  await db.deleteFrom('role_context_levels').where('roleid', '=', roleid).execute();
  const unique = [...new Set(levels)];
  if (unique.length) await db.insertInto('role_context_levels').values(unique.map((contextlevel) => ({ roleid, contextlevel }))).execute();
}

/** Holders of roles whose archetype may assign (override) the new role's archetype get that right over it. */
async function seedIncomingAllows(db: Kysely<DB>, roleid: number, archetype: string): Promise<void> {
  if (archetype === '') return;
  const roles = await db.selectFrom('role').select(['id', 'archetype']).where('id', '!=', roleid).execute();
  const holders = (matrix: Readonly<Record<Archetype, readonly Archetype[]>>) =>
    roles.filter((r) => (matrix[r.archetype as Archetype] ?? []).some((target) => target === archetype)).map((r) => r.id);
  const assign = holders(archetypeAllowAssign);
  if (assign.length) await db.insertInto('role_allow_assign').values(assign.map((id) => ({ roleid: id, allowassign: roleid }))).execute();
  const override = holders(archetypeAllowOverride);
  if (override.length) await db.insertInto('role_allow_override').values(override.map((id) => ({ roleid: id, allowoverride: roleid }))).execute();
}

async function logRoleEvent(actor: Actor, system: Context, action: 'created' | 'updated' | 'deleted', role: { id: number; shortname: string }, other: Record<string, unknown> = {}) {
  await logContextEvent(actor, system, {
    eventname: `\\core\\event\\role_${action}`,
    component: 'core',
    action,
    target: 'role',
    objecttable: 'role',
    objectid: role.id,
    crud: action[0] ?? 'u',
    other: { shortname: role.shortname, ...other },
  });
}

export async function createRole(actor: Actor, fields: RoleFields, definitions: readonly CapabilityDefinition[]): Promise<number> {
  const system = await getSystemContext(actor.db);
  const { shortname, name } = await checkFields(actor.db, fields, 0);
  const { max } = await actor.db
    .selectFrom('role')
    .select((eb) => eb.fn.max<number | null>('sortorder').as('max'))
    .executeTakeFirstOrThrow();
  const { id } = await actor.db
    .insertInto('role')
    .values({ shortname, name, description: fields.description, archetype: fields.archetype, sortorder: (max ?? 0) + 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await seedArchetypeAllows(actor.db, [id]);
  await seedIncomingAllows(actor.db, id, fields.archetype);
  await setContextLevels(actor.db, id, fields.contextlevels);
  await logRoleEvent(actor, system, 'created', { id, shortname }, { archetype: fields.archetype });
  await applyPermissions(actor, id, new Map(fields.permissions.map((p) => [p.capability, p.permission])), system, archetypeDefaults(definitions, fields.archetype));
  return id;
}

export async function updateRole(actor: Actor, roleid: number, fields: RoleFields, definitions: readonly CapabilityDefinition[]): Promise<void> {
  const system = await getSystemContext(actor.db);
  const role = await getRole(actor.db, roleid);
  const { shortname, name } = await checkFields(actor.db, fields, roleid);
  // The standard roles keep an empty name so that their name follows the language.
  await actor.db.updateTable('role').set({ shortname, name, description: fields.description, archetype: fields.archetype }).where('id', '=', roleid).execute();
  await setContextLevels(actor.db, roleid, fields.contextlevels);
  await logRoleEvent(actor, system, 'updated', { id: roleid, shortname }, { old: { shortname: role.shortname, name: role.name, archetype: role.archetype } });
  await applyPermissions(actor, roleid, new Map(fields.permissions.map((p) => [p.capability, p.permission])), system, archetypeDefaults(definitions, fields.archetype));
}

/** Back to the archetype: permissions at the system context, context levels and what the role may assign and override. */
export async function resetRole(actor: Actor, roleid: number, definitions: readonly CapabilityDefinition[]): Promise<void> {
  const system = await getSystemContext(actor.db);
  const role = await getRole(actor.db, roleid);
  const defaults = archetypeDefaults(definitions, role.archetype);
  const wanted = new Map<string, number>(defaults);
  for (const capability of (await systemPermissions(actor.db, roleid, system)).keys()) if (!wanted.has(capability)) wanted.set(capability, CAP_INHERIT);
  await applyPermissions(actor, roleid, wanted, system, defaults);
  await actor.db.deleteFrom('role_context_levels').where('roleid', '=', roleid).execute();
  await actor.db.deleteFrom('role_allow_assign').where('roleid', '=', roleid).execute();
  await actor.db.deleteFrom('role_allow_override').where('roleid', '=', roleid).execute();
  await seedArchetypeAllows(actor.db, [roleid]);
  await logRoleEvent(actor, system, 'updated', role, { reset: true, archetype: role.archetype });
}

export async function deleteRole(actor: Actor, roleid: number): Promise<void> {
  const system = await getSystemContext(actor.db);
  const role = await getRole(actor.db, roleid);
  if ((await requiredRoleIds(actor.db)).has(roleid)) throw new AppError('cannotdeleterequiredrole', { component: COMPONENT, a: role.shortname, status: 403 });
  const assignments = await actor.db.deleteFrom('role_assignments').where('roleid', '=', roleid).executeTakeFirst();
  await actor.db.deleteFrom('role_capabilities').where('roleid', '=', roleid).execute();
  await actor.db.deleteFrom('role_context_levels').where('roleid', '=', roleid).execute();
  await actor.db.deleteFrom('role_allow_assign').where((eb) => eb.or([eb('roleid', '=', roleid), eb('allowassign', '=', roleid)])).execute();
  await actor.db.deleteFrom('role_allow_override').where((eb) => eb.or([eb('roleid', '=', roleid), eb('allowoverride', '=', roleid)])).execute();
  await actor.db.deleteFrom('role').where('id', '=', roleid).execute();
  await logRoleEvent(actor, system, 'deleted', role, { name: role.name, archetype: role.archetype, assignments: Number(assignments.numDeletedRows) });
}

/** Swaps the role's place in the sort order with its neighbour (sortorder is unique, hence the spare value). */
export async function moveRole(actor: Actor, roleid: number, direction: 'up' | 'down'): Promise<void> {
  const role = await getRole(actor.db, roleid);
  const neighbour = await actor.db
    .selectFrom('role')
    .select(['id', 'sortorder'])
    .where('sortorder', direction === 'up' ? '<' : '>', role.sortorder)
    .orderBy('sortorder', direction === 'up' ? 'desc' : 'asc')
    .limit(1)
    .executeTakeFirst();
  if (!neighbour) return;
  const { max } = await actor.db
    .selectFrom('role')
    .select((eb) => eb.fn.max<number>('sortorder').as('max'))
    .executeTakeFirstOrThrow();
  await actor.db.updateTable('role').set({ sortorder: Number(max) + 1 }).where('id', '=', role.id).execute();
  await actor.db.updateTable('role').set({ sortorder: role.sortorder }).where('id', '=', neighbour.id).execute();
  await actor.db.updateTable('role').set({ sortorder: neighbour.sortorder }).where('id', '=', role.id).execute();
}

export async function allowPairs(db: Kysely<DB>, mode: AllowKind): Promise<Array<{ roleid: number; targetid: number }>> {
  if (mode === 'assign') return db.selectFrom('role_allow_assign').select(['roleid', 'allowassign as targetid']).orderBy('roleid').orderBy('allowassign').execute();
  return db.selectFrom('role_allow_override').select(['roleid', 'allowoverride as targetid']).orderBy('roleid').orderBy('allowoverride').execute();
}

/** Replaces a whole allow matrix and logs what was added and removed. */
export async function setAllowMatrix(actor: Actor, mode: AllowKind, pairs: ReadonlyArray<{ roleid: number; targetid: number }>): Promise<void> {
  const roleids = new Set((await actor.db.selectFrom('role').select('id').execute()).map((r) => r.id));
  for (const p of pairs) if (!roleids.has(p.roleid) || !roleids.has(p.targetid)) throw invalidRecord('role', `role ${roleids.has(p.roleid) ? p.targetid : p.roleid}`);
  const key = (p: { roleid: number; targetid: number }) => `${p.roleid}:${p.targetid}`;
  const wanted = new Map(pairs.map((p) => [key(p), p]));
  const old = new Map((await allowPairs(actor.db, mode)).map((p) => [key(p), p]));
  const added = [...wanted.values()].filter((p) => !old.has(key(p)));
  const removed = [...old.values()].filter((p) => !wanted.has(key(p)));
  if (added.length === 0 && removed.length === 0) return;
  const rows = [...wanted.values()];
  if (mode === 'assign') await actor.db.deleteFrom('role_allow_assign').execute();
  else await actor.db.deleteFrom('role_allow_override').execute();
  // Chunks keep each statement well under SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    if (mode === 'assign') await actor.db.insertInto('role_allow_assign').values(chunk.map((p) => ({ roleid: p.roleid, allowassign: p.targetid }))).execute();
    else await actor.db.insertInto('role_allow_override').values(chunk.map((p) => ({ roleid: p.roleid, allowoverride: p.targetid }))).execute();
  }
  await logContextEvent(actor, await getSystemContext(actor.db), {
    eventname: `\\core\\event\\role_allow_${mode}_updated`,
    component: 'core',
    action: 'updated',
    target: `role_allow_${mode}`,
    crud: 'u',
    other: { added, removed },
  });
}

/** Context levels for a new role of the archetype. */
export function archetypeLevels(archetype: string): readonly number[] {
  return archetype === '' ? [] : archetypeContextLevels[archetype as Archetype];
}
