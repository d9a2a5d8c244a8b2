import type { z } from 'zod';
import type { contextParamSchema } from '../../../api/competency';
import { getContext, getContextById, getSystemContext, parentContextIds } from '../../platform/access/contexts';
import { CONTEXT_COURSE, CONTEXT_COURSECAT, CONTEXT_MODULE, CONTEXT_SYSTEM, CONTEXT_USER, type Context } from '../../platform/access/types';
import { invalidRecord } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import { CAP_COMPETENCY_MANAGE, CAP_COMPETENCY_VIEW } from '../../../api/competency';

const LEVELS: Record<string, number> = { system: CONTEXT_SYSTEM, coursecat: CONTEXT_COURSECAT, course: CONTEXT_COURSE, module: CONTEXT_MODULE, user: CONTEXT_USER };

/** Moodle's context parameter: by id, or by level and instance; a user context stands for the system. */
export async function resolveContext(ctx: CallContext, param: z.output<typeof contextParamSchema>): Promise<Context> {
  let context: Context | undefined;
  if (param.contextid > 0) context = await getContextById(ctx.db, param.contextid);
  else if (param.contextlevel === 'system') context = await getSystemContext(ctx.db);
  else if (param.contextlevel && LEVELS[param.contextlevel]) context = await getContext(ctx.db, LEVELS[param.contextlevel] ?? 0, param.instanceid);
  if (!context) throw invalidRecord('context', `context ${param.contextid || `${param.contextlevel}/${param.instanceid}`}`);
  return context.contextlevel === CONTEXT_USER ? getSystemContext(ctx.db) : context;
}

export type Includes = 'children' | 'parents' | 'self';

/** The rows a list shows (a table whose rows name their context) and the capabilities to view and to manage them. */
interface ListedRows {
  table: 'competency_framework' | 'competency_template';
  view: string;
  manage: string;
}

/**
 * The contexts whose rows a list may show, keeping those where the caller may view or manage them;
 * refuses when there is none.
 */
export async function listContexts(ctx: CallContext, context: Context, includes: Includes, listed: ListedRows): Promise<{ contexts: Map<number, Context>; manage: Set<number> }> {
  let candidates: Context[];
  if (includes === 'self') candidates = [context];
  else if (includes === 'parents') {
    candidates = await ctx.db.selectFrom('context').select(['id', 'contextlevel', 'instanceid', 'path', 'depth']).where('id', 'in', parentContextIds(context, true)).execute();
  } else {
    const holding = await ctx.db
      .selectFrom(ctx.db.dynamic.table(listed.table).as('h'))
      .innerJoin('context as c', 'c.id', 'h.contextid')
      .select(['c.id', 'c.contextlevel', 'c.instanceid', 'c.path', 'c.depth'])
      .distinct()
      .where('c.path', 'like', `${context.path}/%`)
      .execute();
    candidates = [context, ...holding];
  }
  const contexts = new Map<number, Context>();
  const manage = new Set<number>();
  for (const c of candidates) {
    const held = await ctx.access.hasCapabilities([listed.view, listed.manage], c);
    if (held.size === 0) continue;
    contexts.set(c.id, c);
    if (held.has(listed.manage)) manage.add(c.id);
  }
  if (contexts.size === 0) await ctx.access.requireCapability(listed.view, context);
  return { contexts, manage };
}

/** The contexts whose frameworks a list may show (those where the caller may view or manage frameworks). */
export function frameworkContexts(ctx: CallContext, context: Context, includes: Includes): Promise<{ contexts: Map<number, Context>; manage: Set<number> }> {
  return listContexts(ctx, context, includes, { table: 'competency_framework', view: CAP_COMPETENCY_VIEW, manage: CAP_COMPETENCY_MANAGE });
}
