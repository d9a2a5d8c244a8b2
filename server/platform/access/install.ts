import type { Kysely, Selectable } from 'kysely';
import type { DB, RoleTable } from '../../db/schema';
import { getConfig, setConfig } from '../config-store';
import { now } from '../platform';
import { seedArchetypeAllows } from './allow';
import { getSystemContext } from './contexts';
import { CAP_INHERIT, type Archetype, type CapabilityDefinition } from './types';

export type RoleRow = Selectable<RoleTable>;

/**
 * The standard roles in Moodle's order. Like Moodle, their `name` and `description` stay empty so the
 * displayed name comes from the language pack by shortname.
 */
export const standardRoles: ReadonlyArray<{ shortname: string; archetype: Archetype }> = [
  { shortname: 'manager', archetype: 'manager' },
  { shortname: 'coursecreator', archetype: 'coursecreator' },
  { shortname: 'editingteacher', archetype: 'editingteacher' },
  { shortname: 'teacher', archetype: 'teacher' },
  { shortname: 'student', archetype: 'student' },
  { shortname: 'guest', archetype: 'guest' },
  { shortname: 'user', archetype: 'user' },
  { shortname: 'frontpage', archetype: 'frontpage' },
];

/** Site settings naming the roles the checker gives implicitly, and the role new course creators get. */
const implicitRoleSettings: ReadonlyArray<{ setting: string; shortname: string }> = [
  { setting: 'notloggedinroleid', shortname: 'guest' },
  { setting: 'guestroleid', shortname: 'guest' },
  { setting: 'defaultuserroleid', shortname: 'user' },
  { setting: 'defaultfrontpageroleid', shortname: 'frontpage' },
  { setting: 'creatornewroleid', shortname: 'editingteacher' },
];

/** Highest capabilities.id whose archetype defaults have reached the roles (see addCapabilityDefaults). */
const DEFAULTS_MARK = 'capabilitydefaultsid';

/** Moodle stores core capabilities under `moodle`; `mod/assign:grade` belongs to `mod_assign`. */
export function capabilityComponent(name: string): string {
  const prefix = name.split(':')[0] ?? name;
  return prefix.startsWith('moodle/') ? 'moodle' : prefix.replace('/', '_');
}

/**
 * Makes the capabilities table match the components' declarations (insert new, update changed); runs on
 * every start. Returns the names that were new.
 */
export async function syncCapabilities(db: Kysely<DB>, definitions: readonly CapabilityDefinition[]): Promise<string[]> {
  const seen = new Set<string>();
  for (const d of definitions) {
    if (seen.has(d.name)) throw new Error(`Capability ${d.name} is declared twice`);
    seen.add(d.name);
  }
  const existing = new Set((await db.selectFrom('capabilities').select('name').execute()).map((r) => r.name));
  const rows = definitions.map((d) => ({
    name: d.name,
    captype: d.captype,
    contextlevel: d.contextlevel,
    component: capabilityComponent(d.name),
    riskbitmask: d.riskbitmask,
  }));
  // Chunks keep each statement well under SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('capabilities')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) =>
        oc.column('name').doUpdateSet((eb) => ({
          captype: eb.ref('excluded.captype'),
          contextlevel: eb.ref('excluded.contextlevel'),
          component: eb.ref('excluded.component'),
          riskbitmask: eb.ref('excluded.riskbitmask'),
        })),
      )
      .execute();
  }
  return definitions.filter((d) => !existing.has(d.name)).map((d) => d.name);
}

/** Writes the archetype defaults of `definitions` at the system context for every role of each archetype. */
async function applyArchetypeDefaults(db: Kysely<DB>, definitions: readonly CapabilityDefinition[]): Promise<void> {
  if (definitions.length === 0) return;
  const system = await getSystemContext(db);
  const roles = await db.selectFrom('role').select(['id', 'archetype']).where('archetype', '!=', '').execute();
  const t = now();
  const rows = definitions.flatMap((d) =>
    roles.flatMap((role) => {
      const permission = d.archetypes[role.archetype as Archetype];
      return permission === undefined || permission === CAP_INHERIT
        ? []
        : [{ contextid: system.id, roleid: role.id, capability: d.name, permission, timemodified: t }];
    }),
  );
  for (let i = 0; i < rows.length; i += 200) {
    // An existing row means an admin (or an earlier run) already decided this permission: keep it.
    await db
      .insertInto('role_capabilities')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['roleid', 'contextid', 'capability']).doNothing())
      .execute();
  }
}

async function markDefaultsApplied(db: Kysely<DB>): Promise<void> {
  const { max } = await db
    .selectFrom('capabilities')
    .select((eb) => eb.fn.max<number | null>('id').as('max'))
    .executeTakeFirstOrThrow();
  await setConfig(db, DEFAULTS_MARK, String(max ?? 0));
}

/**
 * First install: the eight standard roles, their archetype defaults at the system context, and the
 * settings that name the implicit roles. Roles that already exist (by shortname) are left alone.
 */
export async function installDefaultRoles(db: Kysely<DB>, definitions: readonly CapabilityDefinition[]): Promise<void> {
  const existing = new Set((await db.selectFrom('role').select('shortname').execute()).map((r) => r.shortname));
  const { max } = await db
    .selectFrom('role')
    .select((eb) => eb.fn.max<number | null>('sortorder').as('max'))
    .executeTakeFirstOrThrow();
  let sortorder = max ?? 0;
  const added: number[] = [];
  for (const role of standardRoles) {
    if (existing.has(role.shortname)) continue;
    sortorder += 1;
    const row = await db.insertInto('role').values({ shortname: role.shortname, archetype: role.archetype, sortorder }).returning('id').executeTakeFirstOrThrow();
    added.push(row.id);
  }
  await seedArchetypeAllows(db, added);
  await applyArchetypeDefaults(db, definitions);
  for (const { setting, shortname } of implicitRoleSettings) {
    const role = await getRoleByShortname(db, shortname);
    if (role) await setConfig(db, setting, String(role.id));
  }
  await markDefaultsApplied(db);
}

/**
 * Gives the archetype defaults of capabilities added since the last run (a new component, or a new
 * capability in one) to the existing roles, once: later edits by admins are never overwritten.
 */
export async function addCapabilityDefaults(db: Kysely<DB>, definitions: readonly CapabilityDefinition[]): Promise<void> {
  const mark = Number((await getConfig(db, DEFAULTS_MARK)) ?? '0');
  const fresh = new Set((await db.selectFrom('capabilities').select('name').where('id', '>', mark).execute()).map((r) => r.name));
  if (fresh.size === 0) return;
  await applyArchetypeDefaults(
    db,
    definitions.filter((d) => fresh.has(d.name)),
  );
  await markDefaultsApplied(db);
}

export async function getRoleByShortname(db: Kysely<DB>, shortname: string): Promise<RoleRow | undefined> {
  return db.selectFrom('role').selectAll().where('shortname', '=', shortname).executeTakeFirst();
}

/**
 * Assigns a role to a user in a context and returns the assignment's id; assigning again returns the
 * existing assignment. `component`/`itemid` name the plugin that owns the assignment (an enrolment).
 */
export async function assignRole(
  db: Kysely<DB>,
  roleid: number,
  userid: number,
  contextid: number,
  modifierid = 0,
  owner: { component: string; itemid: number } = { component: '', itemid: 0 },
): Promise<number> {
  const existing = await db
    .selectFrom('role_assignments')
    .select('id')
    .where('roleid', '=', roleid)
    .where('userid', '=', userid)
    .where('contextid', '=', contextid)
    .where('component', '=', owner.component)
    .where('itemid', '=', owner.itemid)
    .executeTakeFirst();
  if (existing) return existing.id;
  const row = await db
    .insertInto('role_assignments')
    .values({ roleid, userid, contextid, modifierid, component: owner.component, itemid: owner.itemid, timemodified: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function unassignRole(
  db: Kysely<DB>,
  roleid: number,
  userid: number,
  contextid: number,
  owner: { component: string; itemid: number } = { component: '', itemid: 0 },
): Promise<void> {
  await db
    .deleteFrom('role_assignments')
    .where('roleid', '=', roleid)
    .where('userid', '=', userid)
    .where('contextid', '=', contextid)
    .where('component', '=', owner.component)
    .where('itemid', '=', owner.itemid)
    .execute();
}

/**
 * Sets a role's permission for a capability in a context (Moodle's assign_capability / override):
 * CAP_INHERIT removes the row, any other value is stored.
 */
export async function setRolePermission(
  db: Kysely<DB>,
  roleid: number,
  contextid: number,
  capability: string,
  permission: number,
  modifierid = 0,
): Promise<void> {
  if (permission === CAP_INHERIT) {
    await db
      .deleteFrom('role_capabilities')
      .where('roleid', '=', roleid)
      .where('contextid', '=', contextid)
      .where('capability', '=', capability)
      .execute();
    return;
  }
  const timemodified = now();
  await db
    .insertInto('role_capabilities')
    .values({ roleid, contextid, capability, permission, modifierid, timemodified })
    .onConflict((oc) => oc.columns(['roleid', 'contextid', 'capability']).doUpdateSet({ permission, modifierid, timemodified }))
    .execute();
}
