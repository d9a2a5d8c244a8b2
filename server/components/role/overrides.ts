import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { overridableRoles } from '../../platform/access/allow';
import { capabilityDisplayName, riskIds, UNSAFE_RISKS } from '../../platform/access/capability-names';
import { parentContextIds } from '../../platform/access/contexts';
import type { RoleRow } from '../../platform/access/install';
import {
  CAP_ALLOW,
  CAP_INHERIT,
  CAP_PREVENT,
  CAP_PROHIBIT,
  CONTEXT_BLOCK,
  CONTEXT_COURSE,
  CONTEXT_MODULE,
  CONTEXT_SYSTEM,
  CONTEXT_USER,
  type Context,
} from '../../platform/access/types';
import { AppError, invalidRecord, noPermissions } from '../../platform/errors';
import { logContextEvent } from '../../platform/events';
import { now } from '../../platform/platform';
import type { CallContext } from '../../ws/method';
import { COMPONENT } from './context-info';

export const OVERRIDE_ACTIONS = ['allow', 'prevent', 'prohibit', 'unprohibit'] as const;
export type OverrideAction = (typeof OVERRIDE_ACTIONS)[number];

const ACTION_PERMISSION: Record<OverrideAction, number> = { allow: CAP_ALLOW, prevent: CAP_PREVENT, prohibit: CAP_PROHIBIT, unprohibit: CAP_INHERIT };

export interface CapabilityRow {
  name: string;
  captype: string;
  contextlevel: number;
  component: string;
  riskbitmask: number;
}

/** What the permission page shows of one capability. */
export interface CapabilityPermissions {
  name: string;
  displayname: string;
  riskbitmask: number;
  risks: string[];
  /** The caller may change this capability's overrides here (override, or safeoverride and no unsafe risk). */
  canchange: boolean;
  allowed: number[];
  prohibited: Array<{ roleid: number; removable: boolean }>;
}

export function isOverrideAction(value: string): value is OverrideAction {
  return (OVERRIDE_ACTIONS as readonly string[]).includes(value);
}

/** The modname of a module context's activity (assign, page, …). */
async function moduleName(db: Kysely<DB>, context: Context): Promise<string> {
  const row = await db
    .selectFrom('course_modules as cm')
    .innerJoin('modules as m', 'm.id', 'cm.module')
    .select('m.name')
    .where('cm.id', '=', context.instanceid)
    .executeTakeFirst();
  return row?.name ?? '';
}

/**
 * Which capabilities can be overridden in a context: those declared at the context's level or below
 * it. A capability declared higher up is "locked" there (a system-level one in a course). Two
 * special cases, as in Moodle: user-level capabilities (level 30) sit beside the category/course
 * branch rather than above it, so they apply in the system and user contexts only and a user context
 * takes nothing else; an activity takes only core capabilities and its own module's, never another
 * module's.
 */
export function capabilityApplies(capability: Pick<CapabilityRow, 'contextlevel' | 'component'>, context: Pick<Context, 'contextlevel'>, modname = ''): boolean {
  const level = context.contextlevel;
  if (level === CONTEXT_SYSTEM) return true;
  if (level === CONTEXT_USER) return capability.contextlevel === CONTEXT_USER;
  if (capability.contextlevel < level || capability.contextlevel === CONTEXT_USER) return false;
  if (level === CONTEXT_MODULE && capability.component.startsWith('mod_')) return capability.component === `mod_${modname}`;
  return level <= CONTEXT_BLOCK;
}

/** The capabilities that apply in a context (see capabilityApplies), in Moodle's order, in one query. */
export async function applicableCapabilities(db: Kysely<DB>, context: Context): Promise<CapabilityRow[]> {
  let query = db.selectFrom('capabilities').select(['name', 'captype', 'contextlevel', 'component', 'riskbitmask']);
  if (context.contextlevel === CONTEXT_USER) query = query.where('contextlevel', '=', CONTEXT_USER);
  else if (context.contextlevel !== CONTEXT_SYSTEM) query = query.where('contextlevel', '>=', context.contextlevel);
  const rows = await query.orderBy('contextlevel').orderBy('component').orderBy('name').execute();
  const modname = context.contextlevel === CONTEXT_MODULE ? await moduleName(db, context) : '';
  return rows.filter((row) => capabilityApplies(row, context, modname));
}

/** One capability, or invalidrecord. */
export async function getCapability(db: Kysely<DB>, name: string): Promise<CapabilityRow> {
  const row = await db.selectFrom('capabilities').select(['name', 'captype', 'contextlevel', 'component', 'riskbitmask']).where('name', '=', name).executeTakeFirst();
  if (!row) throw invalidRecord('capabilities', `capability ${name}`);
  return row;
}

interface StoredPermission {
  roleid: number;
  contextid: number;
  capability: string;
  permission: number;
}

/**
 * Every stored permission of the given roles on the context's path, nearest context first. Filtering
 * by role first lets the lookup use the (roleid, contextid, capability) index.
 */
async function pathPermissions(db: Kysely<DB>, context: Context, roleids: readonly number[], capabilities?: readonly string[]): Promise<StoredPermission[]> {
  if (roleids.length === 0 || capabilities?.length === 0) return [];
  const path = parentContextIds(context, true);
  let query = db
    .selectFrom('role_capabilities')
    .select(['roleid', 'contextid', 'capability', 'permission'])
    .where('roleid', 'in', roleids)
    .where('contextid', 'in', path)
    .where('permission', '!=', CAP_INHERIT);
  if (capabilities) query = query.where('capability', 'in', capabilities);
  const rows = await query.execute();
  const depth = new Map(path.map((id, i) => [id, i]));
  return rows.sort((a, b) => (depth.get(a.contextid) ?? 0) - (depth.get(b.contextid) ?? 0));
}

/**
 * §3.3's page lists for one role and capability, from its stored values nearest first: allowed when
 * the nearest value is ALLOW and nothing on the path prohibits; prohibited when something does, and
 * that prohibit can be removed here only when it is the only one and it sits in this context.
 */
function roleState(values: readonly StoredPermission[], contextid: number): { allowed: boolean; prohibited: boolean; removable: boolean } {
  const prohibits = values.filter((v) => v.permission === CAP_PROHIBIT);
  if (prohibits.length > 0) return { allowed: false, prohibited: true, removable: prohibits.length === 1 && prohibits[0]?.contextid === contextid };
  return { allowed: values[0]?.permission === CAP_ALLOW, prohibited: false, removable: false };
}

/** Whether the caller may change overrides of a capability with these risks (override, or safeoverride and a safe capability). */
function mayChange(rights: { override: boolean; safeoverride: boolean }, riskbitmask: number): boolean {
  return rights.override || (rights.safeoverride && (riskbitmask & UNSAFE_RISKS) === 0);
}

export async function overrideRights(ctx: CallContext, context: Context): Promise<{ override: boolean; safeoverride: boolean }> {
  const [override, safeoverride] = await Promise.all([
    ctx.access.hasCapability('moodle/role:override', context),
    ctx.access.hasCapability('moodle/role:safeoverride', context),
  ]);
  return { override, safeoverride };
}

/**
 * The permission page of a context: every applicable capability (optionally only those whose name
 * or human name contains `search`) with the roles allowed and prohibited there. Three queries
 * whatever the number of capabilities and roles.
 */
export async function permissionsPage(
  ctx: CallContext,
  context: Context,
  search = '',
): Promise<{ roles: RoleRow[]; overridable: RoleRow[]; rights: { override: boolean; safeoverride: boolean }; capabilities: CapabilityPermissions[] }> {
  const [roles, overridable, rights, applicable] = await Promise.all([
    ctx.db.selectFrom('role').selectAll().orderBy('sortorder').execute(),
    overridableRoles(ctx.db, ctx.access, context),
    overrideRights(ctx, context),
    applicableCapabilities(ctx.db, context),
  ]);
  const needle = search.trim().toLocaleLowerCase();
  const named = applicable
    .map((cap) => ({ cap, displayname: capabilityDisplayName(ctx.platform.strings, cap.name, ctx.lang) }))
    .filter(({ cap, displayname }) => !needle || cap.name.toLocaleLowerCase().includes(needle) || displayname.toLocaleLowerCase().includes(needle));
  const stored = await pathPermissions(
    ctx.db,
    context,
    roles.map((r) => r.id),
    needle ? named.map((n) => n.cap.name) : undefined,
  );
  const byCapability = new Map<string, StoredPermission[]>();
  for (const row of stored) byCapability.set(row.capability, [...(byCapability.get(row.capability) ?? []), row]);
  const capabilities = named.map(({ cap, displayname }): CapabilityPermissions => {
    const values = byCapability.get(cap.name) ?? [];
    const allowed: number[] = [];
    const prohibited: CapabilityPermissions['prohibited'] = [];
    for (const role of roles) {
      const state = roleState(
        values.filter((v) => v.roleid === role.id),
        context.id,
      );
      if (state.allowed) allowed.push(role.id);
      if (state.prohibited) prohibited.push({ roleid: role.id, removable: state.removable });
    }
    return { name: cap.name, displayname, riskbitmask: cap.riskbitmask, risks: riskIds(cap.riskbitmask), canchange: mayChange(rights, cap.riskbitmask), allowed, prohibited };
  });
  return { roles, overridable, rights, capabilities };
}

/**
 * The refusals of the roles ajax endpoint after its getroles branch, in its order (§3.1): the
 * capability exists, the role is one the caller may override here, the caller may override this
 * capability, the action is known. Returns the capability.
 */
export async function checkChangeRequest(ctx: CallContext, context: Context, roleid: number, capability: string, action: string): Promise<CapabilityRow> {
  const cap = await getCapability(ctx.db, capability);
  const overridable = await overridableRoles(ctx.db, ctx.access, context);
  if (!overridable.some((r) => r.id === roleid)) throw new AppError('invalidarguments', { debuginfo: `role ${roleid} cannot be overridden here` });
  if (!mayChange(await overrideRights(ctx, context), cap.riskbitmask)) throw noPermissions('moodle/role:override');
  if (!isOverrideAction(action)) throw new AppError('invalidarguments', { debuginfo: `action ${action}` });
  return cap;
}

/**
 * Moodle's minimal-override change (§3.3): `unprohibit` deletes this context's row only (prohibits
 * further up stay); the others read the role's values on the path, nearest first, and change
 * nothing when something prohibits, when the nearest value is already the target, or when there is
 * no value and the target is PREVENT; they delete this context's row when it is the nearest value and
 * the next value up is the target, and otherwise store the target here. Returns this context's value before and after.
 */
async function applyChange(db: Kysely<DB>, context: Context, roleid: number, capability: string, action: OverrideAction, modifierid: number): Promise<{ before: number; after: number }> {
  const values = await pathPermissions(db, context, [roleid], [capability]);
  const before = values.find((v) => v.contextid === context.id)?.permission ?? CAP_INHERIT;
  const target = ACTION_PERMISSION[action];
  const remove = async () => {
    await db.deleteFrom('role_capabilities').where('roleid', '=', roleid).where('contextid', '=', context.id).where('capability', '=', capability).execute();
    return { before, after: CAP_INHERIT };
  };
  if (action === 'unprohibit') return remove();
  if (values.some((v) => v.permission === CAP_PROHIBIT)) return { before, after: before };
  if (values.length === 0 && target === CAP_PREVENT) return { before, after: before };
  if (values[0]?.permission === target) return { before, after: before };
  // The row here is redundant when the value above it is the target. (Moodle also takes this branch
  // when the nearest value is a parent's, which leaves that parent's value in force and the change
  // silently undone; here a parent's nearest value that differs is always overridden below.)
  if (values[0]?.contextid === context.id && values[1]?.permission === target) return remove();
  const timemodified = now();
  await db
    .insertInto('role_capabilities')
    .values({ roleid, contextid: context.id, capability, permission: target, modifierid, timemodified })
    .onConflict((oc) => oc.columns(['roleid', 'contextid', 'capability']).doUpdateSet({ permission: target, modifierid, timemodified }))
    .execute();
  return { before, after: target };
}

/**
 * Changes one role's permission for a capability in a context, for the permission manager. Beyond the
 * endpoint's checks (checkChangeRequest): the capability must apply here (not locked), and nobody
 * raises their own rights — only a site admin may allow a capability they do not hold here
 * themselves. A change is written to the event log with the old and new value of this context's row.
 * Runs in the caller's transaction; there is no permission cache, so every process sees it at once.
 */
export async function changePermission(ctx: CallContext, context: Context, roleid: number, capability: string, action: string): Promise<OverrideAction> {
  const cap = await checkChangeRequest(ctx, context, roleid, capability, action);
  const verb = action as OverrideAction;
  const modname = context.contextlevel === CONTEXT_MODULE ? await moduleName(ctx.db, context) : '';
  if (!capabilityApplies(cap, context, modname)) throw new AppError('capabilitylocked', { component: COMPONENT, a: cap.name, status: 400 });
  if (verb === 'allow' && !(await ctx.access.isSiteAdmin()) && !(await ctx.access.hasCapability(cap.name, context))) {
    throw new AppError('cannotallowmore', { component: COMPONENT, a: cap.name, status: 403 });
  }
  const { before, after } = await applyChange(ctx.db, context, roleid, cap.name, verb, ctx.access.userid);
  if (before !== after) {
    await logContextEvent(ctx, context, {
      eventname: '\\core\\event\\role_capabilities_updated',
      component: 'core',
      action: 'updated',
      target: 'role_capabilities',
      objecttable: 'role',
      objectid: roleid,
      crud: 'u',
      courseid: context.contextlevel === CONTEXT_COURSE ? context.instanceid : 0,
      other: { capability: cap.name, action: verb, oldpermission: before, newpermission: after },
    });
  }
  return verb;
}
