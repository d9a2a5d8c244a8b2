import { sql, type SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import { coreRoleCheckUserPermissions, coreRoleGetPermissionOverrides, coreRoleGetReviewAccess, coreRoleSearchContextUsers, type roleContextSchema } from '../../../api/roleoverride';
import type { DB } from '../../db/schema';
import { getContext, getSystemContext, parentContextIds } from '../../platform/access/contexts';
import { CONTEXT_COURSE, CONTEXT_COURSECAT, CONTEXT_MODULE, CONTEXT_SYSTEM, type Context } from '../../platform/access/types';
import { invalidRecord } from '../../platform/errors';
import { defineMethod, type CallContext } from '../../ws/method';
import { roleDisplayName } from '../enrol/roles';
import { checkUserPermissions } from './check';
import { contextNames, enterContext, loadContexts } from './context-info';
import { permissionsPage } from './overrides';

/** Enters the context (see enterContext) and requires moodle/role:review there. */
export async function reviewContext(ctx: CallContext, contextid: number): Promise<Context> {
  const context = await enterContext(ctx, contextid);
  await ctx.access.requireCapability('moodle/role:review', context);
  return context;
}

/** The context with its name and the trail of contexts above it, outermost first. */
async function describeContext(ctx: CallContext, context: Context): Promise<z.input<typeof roleContextSchema>> {
  const path = parentContextIds(context, true).reverse();
  const contexts = await loadContexts(ctx, path);
  const names = await contextNames(ctx, contexts);
  const levels = new Map(contexts.map((c) => [c.id, c.contextlevel]));
  const own = names.get(context.id);
  return {
    id: context.id,
    contextlevel: context.contextlevel,
    instanceid: context.instanceid,
    name: own?.name ?? '',
    label: own?.label ?? '',
    trail: path.map((id) => ({ id, contextlevel: levels.get(id) ?? 0, name: names.get(id)?.name ?? '', url: names.get(id)?.url ?? '' })),
  };
}

const getPermissionOverrides = defineMethod(coreRoleGetPermissionOverrides, async (ctx, { contextid, search }) => {
  const context = await reviewContext(ctx, contextid);
  const page = await permissionsPage(ctx, context, search);
  const overridable = new Set(page.overridable.map((r) => r.id));
  return {
    context: await describeContext(ctx, context),
    canoverride: page.rights.override,
    cansafeoverride: page.rights.safeoverride,
    roles: page.roles.map((r) => ({ id: r.id, shortname: r.shortname, name: roleDisplayName(ctx.platform, r, ctx.lang), overridable: overridable.has(r.id) })),
    capabilities: page.capabilities,
  };
});

const LEVELS = { system: CONTEXT_SYSTEM, coursecat: CONTEXT_COURSECAT, course: CONTEXT_COURSE, module: CONTEXT_MODULE } as const;

const getReviewAccess = defineMethod(coreRoleGetReviewAccess, async (ctx, { contextlevel, instanceid }) => {
  const level = LEVELS[contextlevel];
  const found = level === CONTEXT_SYSTEM ? await getSystemContext(ctx.db) : await getContext(ctx.db, level, instanceid);
  if (!found) throw invalidRecord('context', `${contextlevel} ${instanceid}`);
  const context = await enterContext(ctx, found.id);
  const held = await ctx.access.hasCapabilities(['moodle/role:review', 'moodle/role:assign'], context);
  return { contextid: context.id, canreview: held.has('moodle/role:review'), canassign: held.has('moodle/role:assign') };
});

/** The course a course or activity context belongs to (0 for other contexts). */
async function courseOf(ctx: CallContext, context: Context): Promise<number> {
  if (context.contextlevel === CONTEXT_COURSE) return context.instanceid;
  if (context.contextlevel !== CONTEXT_MODULE) return 0;
  const cm = await ctx.db.selectFrom('course_modules').select('course').where('id', '=', context.instanceid).executeTakeFirst();
  return cm?.course ?? 0;
}

type UserQuery<O> = SelectQueryBuilder<DB & { u: DB['user'] }, 'u', O>;

/**
 * Limits a user query to the users of a context: in a course or activity those enrolled in the course
 * or holding a role there or above; in a category those holding a role there or above; in the system
 * everyone.
 */
async function usersOfContext<O>(ctx: CallContext, context: Context, query: UserQuery<O>): Promise<UserQuery<O>> {
  if (context.contextlevel === CONTEXT_SYSTEM) return query;
  const courseid = await courseOf(ctx, context);
  const path = parentContextIds(context, true);
  return query.where((eb) =>
    eb.or([
      eb('u.id', 'in', eb.selectFrom('role_assignments').select('userid').where('contextid', 'in', path)),
      ...(courseid
        ? [eb('u.id', 'in', eb.selectFrom('user_enrolments as ue').innerJoin('enrol as e', 'e.id', 'ue.enrolid').select('ue.userid').where('e.courseid', '=', courseid))]
        : []),
    ]),
  );
}

const checkPermissions = defineMethod(coreRoleCheckUserPermissions, async (ctx, { contextid, userid }) => {
  const context = await reviewContext(ctx, contextid);
  if (userid === 0) return { context: await describeContext(ctx, context), user: null, roles: [], capabilities: [] };
  // As Moodle's check-permissions user selector: people who may manage roles may check anyone; others
  // (teachers reviewing their course) only the users of the context, and any other user is as unknown
  // to them as a missing one, so that the method cannot tell them who exists or what a stranger holds.
  if (!(await ctx.access.hasCapability('moodle/role:manage', context))) {
    const member = await (await usersOfContext(ctx, context, ctx.db.selectFrom('user as u').select('u.id').where('u.id', '=', userid))).executeTakeFirst();
    if (!member) throw invalidRecord('user', `user ${userid}`);
  }
  const result = await checkUserPermissions(ctx, context, userid);
  return { context: await describeContext(ctx, context), ...result };
});

const searchContextUsers = defineMethod(coreRoleSearchContextUsers, async (ctx, { contextid, search, limit }) => {
  const context = await reviewContext(ctx, contextid);
  const words = search.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
  let query = ctx.db.selectFrom('user as u').select(['u.id', 'u.firstname', 'u.lastname']).where('u.deleted', '=', 0);
  for (const word of words) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`lower(u.firstname || ' ' || u.lastname) like ${like} escape '\\'`);
  }
  query = await usersOfContext(ctx, context, query);
  const rows = await query.orderBy('u.lastname').orderBy('u.firstname').orderBy('u.id').limit(limit).execute();
  return rows.map((r) => ({ id: r.id, fullname: `${r.firstname} ${r.lastname}`.trim() }));
});

export const overrideMethods = [getPermissionOverrides, getReviewAccess, checkPermissions, searchContextUsers];
