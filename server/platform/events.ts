import type { Insertable, Kysely } from 'kysely';
import type { DB, LogTable } from '../db/schema';
import { now } from './platform';

export type EventRecord = Omit<Insertable<LogTable>, 'other' | 'timecreated'> & { other?: Record<string, unknown> };

/** Writes one entry of the event log: who did what to what, where and when. */
export async function logEvent(db: Kysely<DB>, event: EventRecord): Promise<void> {
  await db
    .insertInto('logstore_standard_log')
    .values({ ...event, other: JSON.stringify(event.other ?? {}), timecreated: now() })
    .execute();
}

/** The newest log entries first, paged by id (pass the last id seen as `before`). */
export async function recentEvents(db: Kysely<DB>, filter: { userid?: number; courseid?: number; before?: number; limit: number }) {
  let query = db.selectFrom('logstore_standard_log').selectAll().orderBy('id', 'desc').limit(filter.limit);
  if (filter.userid !== undefined) query = query.where('userid', '=', filter.userid);
  if (filter.courseid !== undefined) query = query.where('courseid', '=', filter.courseid);
  if (filter.before !== undefined) query = query.where('id', '<', filter.before);
  return query.execute();
}
