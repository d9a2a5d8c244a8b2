import type { Kysely, Selectable } from 'kysely';
import type { AssignTable, DB } from '../../db/schema';
import { parentContextIds } from '../../platform/access/contexts';
import { CAP_PROHIBIT, type Context } from '../../platform/access/types';
import { resolvePermission } from '../../platform/access/checker';
import { invalidRecord } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import type { CourseRow } from '../course/access';
import { requireModuleAccess, type ModuleRecord } from '../courseformat/access';

export type AssignRow = Selectable<AssignTable>;

export const COMPONENT = 'mod_assign';
export const CAP_VIEW = 'mod/assign:view';
export const CAP_SUBMIT = 'mod/assign:submit';
export const CAP_GRADE = 'mod/assign:grade';
export const CAP_VIEWGRADES = 'mod/assign:viewgrades';
export const CAP_GRANTEXTENSION = 'mod/assign:grantextension';
export const CAP_ADDINSTANCE = 'mod/assign:addinstance';

/** An assignment with its course module, course and contexts: what every method works with. */
export interface AssignAccess {
  assign: AssignRow;
  cm: ModuleRecord;
  course: CourseRow;
  /** The course context. */
  context: Context;
  /** The module context, where mod/assign capabilities are checked. */
  modcontext: Context;
}

/** The course module id of an assignment instance, or invalidrecord. */
export async function cmidOfAssign(db: Kysely<DB>, assignid: number): Promise<number> {
  const row = await db
    .selectFrom('course_modules as cm')
    .innerJoin('modules as m', 'm.id', 'cm.module')
    .select('cm.id')
    .where('m.name', '=', 'assign')
    .where('cm.instance', '=', assignid)
    .executeTakeFirst();
  if (!row) throw invalidRecord('assign', `assignment ${assignid}`);
  return row.id;
}

/**
 * Moodle's validate_context + require_login for an assignment (by instance id or course module id),
 * then mod/assign:view in its module context.
 */
export async function requireAssign(ctx: CallContext, ref: { assignid: number } | { cmid: number }): Promise<AssignAccess> {
  const cmid = 'cmid' in ref ? ref.cmid : await cmidOfAssign(ctx.db, ref.assignid);
  const { cm, course, context, modcontext } = await requireModuleAccess(ctx, cmid, 'assign');
  const assign = await ctx.db.selectFrom('assign').selectAll().where('id', '=', cm.instance).executeTakeFirst();
  if (!assign) throw invalidRecord('assign', `assignment of course module ${cmid}`);
  await ctx.access.requireCapability(CAP_VIEW, modcontext);
  return { assign, cm, course, context, modcontext };
}

/** Graders and grade viewers: mod/assign:viewgrades or mod/assign:grade in the module context. */
export async function requireViewGrades(ctx: CallContext, a: AssignAccess): Promise<void> {
  const held = await ctx.access.hasCapabilities([CAP_VIEWGRADES, CAP_GRADE], a.modcontext);
  if (held.size === 0) await ctx.access.requireCapability(CAP_VIEWGRADES, a.modcontext);
}

/**
 * Which roles give a capability in a context (resolved per role along the context's path), and which
 * prohibit it. Users are then found by their role assignments on that path: one query for any number.
 */
export async function capabilityRoles(db: Kysely<DB>, context: Context, capability: string): Promise<{ path: number[]; allow: number[]; prohibit: number[] }> {
  const path = parentContextIds(context, true);
  const rows = await db.selectFrom('role_capabilities').select(['roleid', 'contextid', 'permission']).where('capability', '=', capability).where('contextid', 'in', path).execute();
  const roleids = [...new Set(rows.map((r) => r.roleid))];
  return {
    path,
    allow: roleids.filter((roleid) => resolvePermission(path, [roleid], rows)),
    prohibit: [...new Set(rows.filter((r) => r.permission === CAP_PROHIBIT).map((r) => r.roleid))],
  };
}
