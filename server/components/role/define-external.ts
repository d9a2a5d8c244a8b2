import {
  coreRoleCreateRole,
  coreRoleDeleteRole,
  coreRoleGetAllowMatrix,
  coreRoleGetRoleDefinition,
  coreRoleListRoles,
  coreRoleMoveRole,
  coreRoleResetRole,
  coreRoleSetAllowMatrix,
  coreRoleUpdateRole,
  type PermissionValue,
} from '../../../api/role';
import { roleContextLevels } from '../../platform/access/allow';
import { capabilityDisplayName, riskIds } from '../../platform/access/capability-names';
import { getSystemContext } from '../../platform/access/contexts';
import type { CapabilityDefinition, Context } from '../../platform/access/types';
import { defineMethod, type CallContext } from '../../ws/method';
import { roleDisplayName } from '../enrol/roles';
import {
  allowPairs,
  archetypeDefaults,
  archetypeLevels,
  createRole,
  deleteRole,
  getRole,
  moveRole,
  requiredRoleIds,
  resetRole,
  setAllowMatrix,
  systemPermissions,
  updateRole,
} from './define';

/** Every role management method needs moodle/role:manage at the system context. */
async function requireManage(ctx: CallContext): Promise<Context> {
  const system = await getSystemContext(ctx.db);
  await ctx.access.requireCapability('moodle/role:manage', system);
  return system;
}

function definitions(ctx: CallContext): CapabilityDefinition[] {
  return ctx.platform.components.flatMap((c) => [...(c.capabilities ?? [])]);
}

function asPermission(value: number): PermissionValue {
  return value === 1 || value === -1 || value === -1000 ? value : 0;
}

const listRoles = defineMethod(coreRoleListRoles, async (ctx) => {
  const system = await requireManage(ctx);
  const [roles, users, overrides, required] = await Promise.all([
    ctx.db.selectFrom('role').selectAll().orderBy('sortorder').execute(),
    ctx.db
      .selectFrom('role_assignments')
      .select((eb) => ['roleid', eb.fn.count<number>('userid').distinct().as('n')])
      .groupBy('roleid')
      .execute(),
    ctx.db
      .selectFrom('role_capabilities')
      .select((eb) => ['roleid', eb.fn.countAll<number>().as('n')])
      .where('contextid', '!=', system.id)
      .groupBy('roleid')
      .execute(),
    requiredRoleIds(ctx.db),
  ]);
  const count = (rows: Array<{ roleid: number; n: number }>, id: number) => Number(rows.find((r) => r.roleid === id)?.n ?? 0);
  return {
    roles: roles.map((r) => ({
      id: r.id,
      shortname: r.shortname,
      name: roleDisplayName(ctx.platform, r, ctx.lang),
      description: r.description,
      archetype: r.archetype,
      sortorder: r.sortorder,
      usercount: count(users, r.id),
      overridecount: count(overrides, r.id),
      required: required.has(r.id),
    })),
  };
});

const getDefinition = defineMethod(coreRoleGetRoleDefinition, async (ctx, { roleid, archetype, search }) => {
  const system = await requireManage(ctx);
  const role = roleid > 0 ? await getRole(ctx.db, roleid) : { id: 0, shortname: '', name: '', description: '', archetype, sortorder: 0 };
  const permissions = roleid > 0 ? await systemPermissions(ctx.db, roleid, system) : archetypeDefaults(definitions(ctx), archetype);
  const levels = roleid > 0 ? ((await roleContextLevels(ctx.db, [roleid])).get(roleid) ?? []) : [...archetypeLevels(archetype)];
  const capabilities = await ctx.db.selectFrom('capabilities').selectAll().orderBy('contextlevel').orderBy('component').orderBy('name').execute();
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const rows = capabilities
    .map((c) => ({
      name: c.name,
      displayname: capabilityDisplayName(ctx.platform.strings, c.name, ctx.lang),
      component: c.component,
      contextlevel: c.contextlevel,
      captype: c.captype,
      risks: riskIds(c.riskbitmask),
      permission: asPermission(permissions.get(c.name) ?? 0),
    }))
    .filter((c) => words.every((w) => c.name.toLowerCase().includes(w) || c.displayname.toLowerCase().includes(w)));
  let cangrant: 'all' | string[] = 'all';
  if (!(await ctx.access.isSiteAdmin())) {
    const held = await ctx.access.hasCapabilities(
      capabilities.map((c) => c.name),
      system,
    );
    cangrant = capabilities.filter((c) => held.has(c.name)).map((c) => c.name);
  }
  return {
    role: {
      id: role.id,
      shortname: role.shortname,
      name: role.name,
      displayname: role.id ? roleDisplayName(ctx.platform, role, ctx.lang) : '',
      description: role.description,
      archetype: role.archetype,
      required: role.id ? (await requiredRoleIds(ctx.db)).has(role.id) : false,
    },
    contextlevels: levels,
    capabilities: rows,
    cangrant,
  };
});

const create = defineMethod(coreRoleCreateRole, async (ctx, args) => {
  await requireManage(ctx);
  return { id: await createRole(ctx, args, definitions(ctx)) };
});

const update = defineMethod(coreRoleUpdateRole, async (ctx, { roleid, ...fields }) => {
  await requireManage(ctx);
  await updateRole(ctx, roleid, fields, definitions(ctx));
  return null;
});

const reset = defineMethod(coreRoleResetRole, async (ctx, { roleid }) => {
  await requireManage(ctx);
  await resetRole(ctx, roleid, definitions(ctx));
  return null;
});

const remove = defineMethod(coreRoleDeleteRole, async (ctx, { roleid }) => {
  await requireManage(ctx);
  await deleteRole(ctx, roleid);
  return null;
});

const move = defineMethod(coreRoleMoveRole, async (ctx, { roleid, direction }) => {
  await requireManage(ctx);
  await moveRole(ctx, roleid, direction);
  return null;
});

const getMatrix = defineMethod(coreRoleGetAllowMatrix, async (ctx, { mode }) => {
  await requireManage(ctx);
  const roles = await ctx.db.selectFrom('role').selectAll().orderBy('sortorder').execute();
  return {
    roles: roles.map((r) => ({ id: r.id, shortname: r.shortname, name: roleDisplayName(ctx.platform, r, ctx.lang) })),
    allowed: await allowPairs(ctx.db, mode),
  };
});

const setMatrix = defineMethod(coreRoleSetAllowMatrix, async (ctx, { mode, allowed }) => {
  await requireManage(ctx);
  await setAllowMatrix(ctx, mode, allowed);
  return null;
});

export const defineMethods = [listRoles, getDefinition, create, update, reset, remove, move, getMatrix, setMatrix];
