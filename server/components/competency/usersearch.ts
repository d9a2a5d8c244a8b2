import { sql } from 'kysely';
import type { UserSummary } from '../../../api/competencyshapes';
import { getSystemContext } from '../../platform/access/contexts';
import { CONTEXT_USER } from '../../platform/access/types';
import { getConfig } from '../../platform/config-store';
import type { CallContext } from '../../ws/method';
import { identityRefs, visibleIdentityFields } from '../user/identity';
import { userSummaries } from './people';

/** Searching stops after this many candidates, so a search that matches half the site stays quick. */
const MAX_SCANNED = 5000;
const BATCH = 500;

/**
 * Whether the caller's right in every user context is the same as in the system context: true when
 * no role is assigned to them in any user context and no role changes the capability in one.
 */
async function uniformOverUsers(ctx: CallContext, capability: string): Promise<boolean> {
  const assigned = await ctx.db
    .selectFrom('role_assignments as ra')
    .innerJoin('context as c', 'c.id', 'ra.contextid')
    .select('ra.id')
    .where('ra.userid', '=', ctx.access.userid)
    .where('c.contextlevel', '=', CONTEXT_USER)
    .executeTakeFirst();
  if (assigned) return false;
  const overridden = await ctx.db
    .selectFrom('role_capabilities as rc')
    .innerJoin('context as c', 'c.id', 'rc.contextid')
    .select('rc.id')
    .where('rc.capability', '=', capability)
    .where('c.contextlevel', '=', CONTEXT_USER)
    .executeTakeFirst();
  return !overridden;
}

/**
 * Users matching the text (full name, or an identity field the caller may see) on whose user context
 * the caller holds the capability: nobody is revealed to a caller who may not act on them.
 */
export async function searchUsersWithCapability(ctx: CallContext, query: string, capability: string, limitfrom: number, limitnum: number): Promise<{ users: UserSummary[]; count: number }> {
  const system = await getSystemContext(ctx.db);
  const identity = await visibleIdentityFields(ctx.db, ctx.access, system);
  const text = query.trim().toLowerCase();
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const guest = Number((await getConfig(ctx.db, 'siteguest')) ?? 0);
  let base = ctx.db.selectFrom('user').select(['id']).where('deleted', '=', 0).where('id', '!=', guest);
  if (text) {
    // Raw SQL for the full name and ESCAPE, which the builder cannot say; both dialects accept it.
    const columns = [sql`firstname || ' ' || lastname`, ...identityRefs(identity)];
    base = base.where(sql<boolean>`(${sql.join(columns.map((c) => sql`lower(${c}) like ${pattern} escape '\\'`), sql` or `)})`);
  }
  base = base.orderBy('lastname').orderBy('firstname').orderBy('id');

  let ids: number[];
  let count: number;
  if (await uniformOverUsers(ctx, capability)) {
    if (!(await ctx.access.hasCapability(capability, system)) && !(await ctx.access.isSiteAdmin())) return { users: [], count: 0 };
    const total = await ctx.db
      .selectFrom(base.as('matches'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    count = Number(total.n);
    ids = (await base.limit(limitnum).offset(limitfrom).execute()).map((r) => r.id);
  } else {
    const allowed: number[] = [];
    for (let offset = 0; offset < MAX_SCANNED; offset += BATCH) {
      const batch = (await base.limit(BATCH).offset(offset).execute()).map((r) => r.id);
      const contexts = batch.length
        ? await ctx.db.selectFrom('context').select(['id', 'contextlevel', 'instanceid', 'path', 'depth']).where('contextlevel', '=', CONTEXT_USER).where('instanceid', 'in', batch).execute()
        : [];
      const byUser = new Map(contexts.map((c) => [c.instanceid, c]));
      for (const id of batch) {
        const context = byUser.get(id);
        if (context && (await ctx.access.hasCapability(capability, context))) allowed.push(id);
      }
      if (batch.length < BATCH) break;
    }
    count = allowed.length;
    ids = allowed.slice(limitfrom, limitfrom + limitnum);
  }
  const summaries = await userSummaries(ctx, ids, system);
  return { users: ids.flatMap((id) => summaries.get(id) ?? []), count };
}
