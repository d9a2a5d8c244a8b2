import { sql } from 'kysely';
import { assignableRoles } from '../../platform/access/allow';
import { getContext, getContextById } from '../../platform/access/contexts';
import type { RoleRow } from '../../platform/access/install';
import { CONTEXT_BLOCK, CONTEXT_COURSE, CONTEXT_COURSECAT, CONTEXT_MODULE, CONTEXT_SYSTEM, CONTEXT_USER, type Context } from '../../platform/access/types';
import { invalidParameter, invalidRecord } from '../../platform/errors';
import { logContextEvent } from '../../platform/events';
import type { CallContext } from '../../ws/method';
import { contextNames, enterContext } from './context-info';

/** Moodle's names of context levels in core_role_assign_roles. */
const LEVEL_BY_NAME: Record<string, number> = {
  system: CONTEXT_SYSTEM,
  user: CONTEXT_USER,
  coursecat: CONTEXT_COURSECAT,
  course: CONTEXT_COURSE,
  module: CONTEXT_MODULE,
  block: CONTEXT_BLOCK,
};

export interface ContextRefArgs {
  contextid?: number | undefined;
  contextlevel?: string | undefined;
  instanceid?: number | undefined;
}

/** The context named by id, or by level name and instance id. */
export async function findContext(ctx: CallContext, ref: ContextRefArgs): Promise<Context> {
  let context: Context | undefined;
  if (ref.contextid !== undefined) context = await getContextById(ctx.db, ref.contextid);
  else {
    const level = LEVEL_BY_NAME[ref.contextlevel ?? ''];
    if (level === undefined || ref.instanceid === undefined) throw invalidParameter('contextid, or contextlevel and instanceid, are required');
    context = await getContext(ctx.db, level, ref.instanceid);
  }
  if (!context) throw invalidRecord('context', `context ${ref.contextid ?? `${ref.contextlevel}/${ref.instanceid}`}`);
  return context;
}

/** The course a course or module context belongs to (0 otherwise). */
export async function courseOfContext(ctx: CallContext, context: Context): Promise<number> {
  if (context.contextlevel === CONTEXT_COURSE) return context.instanceid;
  if (context.contextlevel !== CONTEXT_MODULE) return 0;
  const cm = await ctx.db.selectFrom('course_modules').select('course').where('id', '=', context.instanceid).executeTakeFirst();
  if (!cm) throw invalidRecord('course_modules', `module ${context.instanceid}`);
  return cm.course;
}

/**
 * Moodle's require_login for the assign page (entering the course or activity of the context), then
 * moodle/role:assign in the context itself. Returns the context's course (0 outside courses).
 */
export async function requireAssignContext(ctx: CallContext, context: Context): Promise<number> {
  await enterContext(ctx, context.id);
  await ctx.access.requireCapability('moodle/role:assign', context);
  return courseOfContext(ctx, context);
}

/** The role must exist and be one the caller may assign in the context. */
export async function requireAssignableRole(ctx: CallContext, context: Context, roleid: number): Promise<RoleRow> {
  const exists = await ctx.db.selectFrom('role').select('id').where('id', '=', roleid).executeTakeFirst();
  if (!exists) throw invalidRecord('role', `role ${roleid}`);
  const role = (await assignableRoles(ctx.db, ctx.access, context)).find((r) => r.id === roleid);
  // Moodle's wording, from core_role_assign_roles.
  if (!role) throw invalidParameter(`Can not assign roleid=${roleid} in contextid=${context.id}`);
  return role;
}

/** The context's labelled name ("Course: Biology 101") and page, and its course. */
export async function contextSummary(ctx: CallContext, context: Context, courseid: number) {
  const name = (await contextNames(ctx, [context])).get(context.id);
  return { id: context.id, contextlevel: context.contextlevel, instanceid: context.instanceid, courseid, name: name?.label ?? '', url: context.contextlevel === CONTEXT_SYSTEM ? '' : (name?.url ?? '') };
}

/** Users holding each role in exactly this context, counted in one query. */
export async function holderCounts(ctx: CallContext, contextid: number, roleids: readonly number[]): Promise<Map<number, number>> {
  if (roleids.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('role_assignments as ra')
    .innerJoin('user as u', 'u.id', 'ra.userid')
    .select(['ra.roleid', sql<number>`count(distinct ra.userid)`.as('n')])
    .where('ra.contextid', '=', contextid)
    .where('ra.roleid', 'in', roleids)
    .where('u.deleted', '=', 0)
    .groupBy('ra.roleid')
    .execute();
  return new Map(rows.map((r) => [r.roleid, Number(r.n)]));
}

/** Writes role_assigned / role_unassigned for one assignment. */
export async function logAssignment(ctx: CallContext, context: Context, courseid: number, kind: 'assigned' | 'unassigned', a: { roleid: number; userid: number; id: number }) {
  await logContextEvent(ctx, context, {
    eventname: `\\core\\event\\role_${kind}`,
    component: 'core',
    action: kind,
    target: 'role',
    objecttable: 'role',
    objectid: a.roleid,
    crud: kind === 'assigned' ? 'c' : 'd',
    relateduserid: a.userid,
    courseid,
    other: { id: a.id, component: '', itemid: 0 },
  });
}
