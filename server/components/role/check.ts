import { capabilityDisplayName, riskIds } from '../../platform/access/capability-names';
import { loadAccessSettings, precheck, resolvePermission, rolesOnPath, type PermissionRow, type Subject } from '../../platform/access/checker';
import { getContext, parentContextIds } from '../../platform/access/contexts';
import { CAP_ALLOW, CAP_INHERIT, CAP_PREVENT, CAP_PROHIBIT, CONTEXT_COURSE, type Context } from '../../platform/access/types';
import { invalidRecord } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import { SITEID } from '../course/access';
import { roleDisplayName } from '../enrol/roles';
import { contextNames, loadContexts } from './context-info';
import { applicableCapabilities } from './overrides';

/** Why a user has a capability in a context or not. */
export type CheckReason = 'siteadmin' | 'guestrisky' | 'deleteduser' | 'prohibited' | 'allowed' | 'prevented' | 'notset';

/** One role's value that decides the answer: the role, where the value is stored, and the value. */
export interface Decision {
  roleid: number;
  rolename: string;
  contextid: number;
  contextname: string;
  permission: number;
}

export interface CapabilityCheck {
  name: string;
  displayname: string;
  risks: string[];
  hascapability: boolean;
  reason: CheckReason;
  decisions: Decision[];
}

type Value = { roleid: number; contextid: number; permission: number };

/**
 * Explains the resolver's verdict for one capability from the role values on the path (nearest first):
 * a prohibit anywhere decides (every prohibiting role is named); otherwise the roles whose nearest
 * value is ALLOW grant; otherwise those whose nearest value is PREVENT refuse; otherwise nothing is set.
 */
function explain(roles: ReadonlySet<number>, values: readonly Value[], allowed: boolean): { reason: CheckReason; decisions: Value[] } {
  const prohibits = values.filter((v) => v.permission === CAP_PROHIBIT);
  if (prohibits.length > 0) return { reason: 'prohibited', decisions: prohibits };
  const nearest = [...roles].flatMap((roleid) => values.find((v) => v.roleid === roleid) ?? []);
  if (allowed) return { reason: 'allowed', decisions: nearest.filter((v) => v.permission === CAP_ALLOW) };
  const prevents = nearest.filter((v) => v.permission === CAP_PREVENT);
  return prevents.length > 0 ? { reason: 'prevented', decisions: prevents } : { reason: 'notset', decisions: [] };
}

/**
 * Check permissions: for a user in a context, per applicable capability, whether they have it and
 * which role values (role and context) decide it. Uses the resolver's own rules (precheck,
 * rolesOnPath, resolvePermission) with the user's roles and values read in one query each.
 */
export async function checkUserPermissions(
  ctx: CallContext,
  context: Context,
  userid: number,
): Promise<{ user: { id: number; fullname: string }; roles: Decision[]; capabilities: CapabilityCheck[] }> {
  const target = await ctx.db.selectFrom('user').select(['id', 'firstname', 'lastname', 'deleted']).where('id', '=', userid).executeTakeFirst();
  if (!target || target.deleted) throw invalidRecord('user', `user ${userid}`);
  const path = parentContextIds(context, true);
  const [settings, frontpage, assignments, capabilities] = await Promise.all([
    loadAccessSettings(ctx.db),
    getContext(ctx.db, CONTEXT_COURSE, SITEID),
    ctx.db.selectFrom('role_assignments').select(['roleid', 'contextid']).where('userid', '=', userid).where('contextid', 'in', path).execute(),
    applicableCapabilities(ctx.db, context),
  ]);
  const subject: Subject = { userid, exists: true, isGuest: userid === settings.siteguest, isAdmin: settings.siteadmins.includes(userid) };
  const roles = rolesOnPath(subject, path, assignments, settings, frontpage?.id);
  const [roleRows, rows] = await Promise.all([
    roles.size ? ctx.db.selectFrom('role').selectAll().where('id', 'in', [...roles]).execute() : [],
    roles.size
      ? ctx.db
          .selectFrom('role_capabilities')
          .select(['roleid', 'contextid', 'capability', 'permission'])
          .where('roleid', 'in', [...roles])
          .where('contextid', 'in', path)
          .where('permission', '!=', CAP_INHERIT)
          .execute()
      : [],
  ]);
  const depth = new Map(path.map((id, i) => [id, i]));
  const byCapability = new Map<string, PermissionRow[]>();
  for (const row of rows.sort((a, b) => (depth.get(a.contextid) ?? 0) - (depth.get(b.contextid) ?? 0))) {
    byCapability.set(row.capability, [...(byCapability.get(row.capability) ?? []), row]);
  }
  const names = await contextNames(ctx, await loadContexts(ctx, path));
  const roleName = new Map(roleRows.map((r) => [r.id, roleDisplayName(ctx.platform, r, ctx.lang)]));
  const decision = (v: Value): Decision => ({ ...v, rolename: roleName.get(v.roleid) ?? String(v.roleid), contextname: names.get(v.contextid)?.label ?? '' });

  const checks = capabilities.map((cap): CapabilityCheck => {
    const base = { name: cap.name, displayname: capabilityDisplayName(ctx.platform.strings, cap.name, ctx.lang), risks: riskIds(cap.riskbitmask) };
    const early = precheck(cap, subject);
    if (early !== undefined) return { ...base, hascapability: early, reason: early ? 'siteadmin' : subject.isGuest ? 'guestrisky' : 'deleteduser', decisions: [] };
    const values = byCapability.get(cap.name) ?? [];
    const hascapability = roles.size > 0 && resolvePermission(path, roles, values);
    const { reason, decisions } = explain(roles, values, hascapability);
    return { ...base, hascapability, reason, decisions: decisions.map(decision) };
  });
  // The roles that count here, where each is held (implicit roles are given at the system context).
  const held = [...roles].map((roleid) => {
    const at = assignments.find((a) => a.roleid === roleid)?.contextid ?? path[path.length - 1] ?? context.id;
    return decision({ roleid, contextid: at, permission: CAP_ALLOW });
  });
  return { user: { id: target.id, fullname: `${target.firstname} ${target.lastname}`.trim() }, roles: held, capabilities: checks };
}
