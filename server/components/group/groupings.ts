import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Context } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import { now } from '../../platform/platform';
import type { CallContext } from '../../ws/method';
import { COMPONENT, logGroupEvent } from './access';

export interface NewGrouping {
  courseid: number;
  name: string;
  description: string;
  descriptionformat: number;
  idnumber: string;
}

/** Refuses a name (case-insensitive) or id number another grouping of the course already has. */
export async function requireUniqueGrouping(db: Kysely<DB>, courseid: number, name: string, idnumber: string, exceptId = 0): Promise<void> {
  const sameName = await db
    .selectFrom('groupings')
    .select('id')
    .where('courseid', '=', courseid)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  if (sameName) throw new AppError('groupingnameexists', { component: COMPONENT, a: name });
  if (idnumber === '') return;
  const sameIdnumber = await db.selectFrom('groupings').select('id').where('courseid', '=', courseid).where('idnumber', '=', idnumber).where('id', '<>', exceptId).executeTakeFirst();
  if (sameIdnumber) throw new AppError('groupingidnumberexists', { component: COMPONENT, a: idnumber });
}

/** The grouping, when it belongs to the course; otherwise a clear refusal. */
export async function requireGroupingInCourse(db: Kysely<DB>, groupingid: number, courseid: number) {
  const grouping = await db.selectFrom('groupings').selectAll().where('id', '=', groupingid).executeTakeFirst();
  if (!grouping || grouping.courseid !== courseid) throw new AppError('groupingnotincourse', { component: COMPONENT, a: groupingid });
  return grouping;
}

/** Adds a grouping to its course (names checked first) and logs it. */
export async function createGrouping(ctx: CallContext, context: Context, grouping: NewGrouping): Promise<number> {
  await requireUniqueGrouping(ctx.db, grouping.courseid, grouping.name, grouping.idnumber);
  const t = now();
  const row = await ctx.db
    .insertInto('groupings')
    .values({ ...grouping, timecreated: t, timemodified: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  await logGroupEvent(ctx, context, { eventname: '\\core\\event\\grouping_created', action: 'created', crud: 'c', objectid: row.id, objecttable: 'groupings', target: 'grouping' });
  return row.id;
}

/** Puts groups (already checked to be in the grouping's course) into the grouping; members already in stay. */
export async function putGroupsInGrouping(ctx: CallContext, context: Context, groupingid: number, groupids: readonly number[]): Promise<void> {
  const wanted = [...new Set(groupids)];
  if (wanted.length === 0) return;
  const existing = new Set(
    (await ctx.db.selectFrom('groupings_groups').select('groupid').where('groupingid', '=', groupingid).where('groupid', 'in', wanted).execute()).map((r) => r.groupid),
  );
  const fresh = wanted.filter((id) => !existing.has(id));
  if (fresh.length === 0) return;
  const t = now();
  await ctx.db
    .insertInto('groupings_groups')
    .values(fresh.map((groupid) => ({ groupingid, groupid, timeadded: t })))
    // Two people assigning the same group at once: the second insert is a no-op, not an error.
    .onConflict((oc) => oc.columns(['groupingid', 'groupid']).doNothing())
    .execute();
  for (const groupid of fresh) {
    await logGroupEvent(ctx, context, {
      eventname: '\\core\\event\\grouping_group_assigned',
      action: 'assigned',
      crud: 'c',
      objectid: groupingid,
      objecttable: 'groupings',
      target: 'grouping_group',
      other: { groupid },
    });
  }
}

/**
 * Removes groupings with their group lists. Activities and courses that pointed at them fall back to
 * every group (grouping 0); the groups themselves stay.
 */
export async function deleteGroupingRows(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('groupings_groups').where('groupingid', 'in', ids).execute();
  await db.updateTable('course_modules').set({ groupingid: 0 }).where('groupingid', 'in', ids).execute();
  await db.updateTable('course').set({ defaultgroupingid: 0 }).where('defaultgroupingid', 'in', ids).execute();
  await db.deleteFrom('groupings').where('id', 'in', ids).execute();
}
