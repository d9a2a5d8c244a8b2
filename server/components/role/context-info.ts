import { getContextById } from '../../platform/access/contexts';
import { CONTEXT_COURSE, CONTEXT_COURSECAT, CONTEXT_MODULE, CONTEXT_SYSTEM, CONTEXT_USER, type Context } from '../../platform/access/types';
import { AppError, invalidRecord } from '../../platform/errors';
import { formatString } from '../../platform/sanitize';
import type { CallContext } from '../../ws/method';
import { requireCourseAccess, SITEID } from '../course/access';
import { requireModuleAccess } from '../courseformat/access';

export const COMPONENT = 'core_role';

/** A context's own name ("Introduction to Biology") and its labelled name ("Course: Introduction to Biology"). */
export interface ContextName {
  name: string;
  label: string;
  /** Where the context's own page is, when it has one. */
  url: string;
}

/**
 * Loads a context by id and lets the caller in as Moodle's require_login would for the course or
 * activity it belongs to; system, category and user contexts need only the login the caller has.
 */
export async function enterContext(ctx: CallContext, contextid: number): Promise<Context> {
  if (!ctx.user) throw new AppError('requireloginerror', { status: 401 });
  const context = Number.isInteger(contextid) && contextid > 0 ? await getContextById(ctx.db, contextid) : undefined;
  if (!context) throw invalidRecord('context', `context ${contextid}`);
  if (context.contextlevel === CONTEXT_COURSE) await requireCourseAccess(ctx, context.instanceid);
  else if (context.contextlevel === CONTEXT_MODULE) await requireModuleAccess(ctx, context.instanceid);
  else if (![CONTEXT_SYSTEM, CONTEXT_COURSECAT, CONTEXT_USER].includes(context.contextlevel)) {
    throw invalidRecord('context', `context ${contextid} has a level the role screens do not handle`);
  }
  return context;
}

/** The contexts with the given ids, in one query. */
export async function loadContexts(ctx: CallContext, ids: readonly number[]): Promise<Context[]> {
  if (ids.length === 0) return [];
  return ctx.db.selectFrom('context').select(['id', 'contextlevel', 'instanceid', 'path', 'depth']).where('id', 'in', ids).execute();
}

function idsAt(contexts: readonly Context[], level: number): number[] {
  return [...new Set(contexts.filter((c) => c.contextlevel === level).map((c) => c.instanceid))];
}

/** The names of several contexts, with one query per kind of context (never one per context). */
export async function contextNames(ctx: CallContext, contexts: readonly Context[]): Promise<Map<number, ContextName>> {
  const s = (id: string, a?: unknown) => ctx.platform.strings.get(id, COMPONENT, a, ctx.lang);
  const [categories, courses, modules, users] = await Promise.all([
    idsAt(contexts, CONTEXT_COURSECAT).length
      ? ctx.db.selectFrom('course_categories').select(['id', 'name']).where('id', 'in', idsAt(contexts, CONTEXT_COURSECAT)).execute()
      : [],
    idsAt(contexts, CONTEXT_COURSE).length ? ctx.db.selectFrom('course').select(['id', 'fullname']).where('id', 'in', idsAt(contexts, CONTEXT_COURSE)).execute() : [],
    idsAt(contexts, CONTEXT_MODULE).length
      ? ctx.db
          .selectFrom('course_modules as cm')
          .innerJoin('modules as m', 'm.id', 'cm.module')
          .select(['cm.id', 'cm.instance', 'm.name as modname'])
          .where('cm.id', 'in', idsAt(contexts, CONTEXT_MODULE))
          .execute()
      : [],
    idsAt(contexts, CONTEXT_USER).length
      ? ctx.db.selectFrom('user').select(['id', 'firstname', 'lastname']).where('id', 'in', idsAt(contexts, CONTEXT_USER)).execute()
      : [],
  ]);
  const instanceNames = new Map<string, string>();
  const byType = new Map<string, number[]>();
  for (const cm of modules) byType.set(cm.modname, [...(byType.get(cm.modname) ?? []), cm.instance]);
  for (const [modname, instances] of byType) {
    const activity = ctx.platform.components.find((c) => c.activity?.modname === modname)?.activity;
    if (!activity) continue;
    for (const [id, info] of await activity.instances(ctx.db, instances)) instanceNames.set(`${modname}:${id}`, info.name);
  }
  const out = new Map<number, ContextName>();
  for (const context of contexts) {
    const { contextlevel: level, instanceid: id } = context;
    if (level === CONTEXT_SYSTEM) {
      out.set(context.id, { name: s('contextsystem'), label: s('contextsystem'), url: '/admin/' });
    } else if (level === CONTEXT_COURSECAT) {
      const name = formatString(categories.find((c) => c.id === id)?.name ?? String(id));
      out.set(context.id, { name, label: s('contextcategory', name), url: `/course/management.php?categoryid=${id}` });
    } else if (level === CONTEXT_COURSE) {
      const name = formatString(courses.find((c) => c.id === id)?.fullname ?? String(id));
      out.set(context.id, { name, label: s(id === SITEID ? 'contextfrontpage' : 'contextcourse', name), url: `/course/view.php?id=${id}` });
    } else if (level === CONTEXT_MODULE) {
      const cm = modules.find((m) => m.id === id);
      const name = formatString((cm && instanceNames.get(`${cm.modname}:${cm.instance}`)) ?? String(id));
      const type = cm ? ctx.platform.strings.get('modulename', `mod_${cm.modname}`, undefined, ctx.lang) : '';
      out.set(context.id, { name, label: s('contextmodule', { type, name }), url: cm ? `/mod/${cm.modname}/view.php?id=${id}` : '' });
    } else {
      const user = users.find((u) => u.id === id);
      const name = formatString(user ? `${user.firstname} ${user.lastname}`.trim() : String(id));
      out.set(context.id, { name, label: s('contextuser', name), url: `/user/profile.php?id=${id}` });
    }
  }
  return out;
}
