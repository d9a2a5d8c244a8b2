import type { Context } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import { logContextEvent } from '../../platform/events';
import type { CallContext } from '../../ws/method';
import { courseContext, getCourse, requireCourseAccess, SITEID } from '../course/access';

export const COMPONENT = 'core_group';
export const MANAGE = 'moodle/course:managegroups';

/**
 * The course's context once the caller may enter the course (Moodle's validate_context: a teacher
 * whose enrolment is suspended keeps the role but not the course) and manage its groups.
 */
export async function requireManage(ctx: CallContext, courseid: number): Promise<Context> {
  if (courseid === SITEID) throw new AppError('invalidparameter', { debuginfo: 'the site home has no groups' });
  await getCourse(ctx.db, courseid);
  const context = await courseContext(ctx.db, courseid);
  // The capability first: someone with no role in the course is told nopermissions, not to log in.
  await ctx.access.requireCapability(MANAGE, context);
  await requireCourseAccess(ctx, courseid);
  return context;
}

/**
 * Rows of groups or groupings by id (invalidrecord when one is missing) once the caller may manage
 * every course they belong to, with those courses' contexts.
 */
export async function requireManageRows<T extends 'groups' | 'groupings'>(ctx: CallContext, table: T, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const rows = await ctx.db.selectFrom(table as 'groups').selectAll().where('id', 'in', unique).execute();
  if (rows.length !== unique.length) {
    const missing = unique.filter((id) => !rows.some((r) => r.id === id));
    throw new AppError('invalidrecord', { a: table, debuginfo: `${table} ${missing.join(', ')}`, status: 404 });
  }
  const contexts = new Map<number, Context>();
  for (const courseid of new Set(rows.map((r) => r.courseid))) contexts.set(courseid, await requireManage(ctx, courseid));
  return { rows: new Map(rows.map((r) => [r.id, r])), contexts };
}

/** Loads the groups and checks the caller may manage every course they belong to. */
export async function requireManageGroups(ctx: CallContext, ids: readonly number[]) {
  const { rows, contexts } = await requireManageRows(ctx, 'groups', ids);
  return { groups: rows, contexts };
}

export interface GroupEvent {
  eventname: string;
  action: string;
  crud: string;
  objectid: number;
  relateduserid?: number;
  target?: string;
  objecttable?: string;
  other?: Record<string, unknown>;
}

/** Logs a change to a course's groups or groupings in the course context. */
export function logGroupEvent(ctx: CallContext, context: Context, fields: GroupEvent) {
  return logContextEvent(ctx, context, {
    component: COMPONENT,
    objecttable: fields.objecttable ?? 'groups',
    target: fields.target ?? 'group',
    courseid: context.instanceid,
    eventname: fields.eventname,
    action: fields.action,
    crud: fields.crud,
    objectid: fields.objectid,
    relateduserid: fields.relateduserid ?? 0,
    ...(fields.other ? { other: fields.other } : {}),
  });
}
