import type { Insertable, Kysely } from 'kysely';
import type { DB, LogTable } from '../db/schema';
import type { Context } from './access/types';
import { loginAsState } from './auth/loginas';
import { now } from './platform';
import type { SessionRecord } from './session';

export type EventRecord = Omit<Insertable<LogTable>, 'other' | 'timecreated'> & { other?: Record<string, unknown> };

/** Who caused an event, as the log keeps it. */
export interface EventActor {
  userid: number;
  /** The real user behind a log-in-as session; 0 when people act as themselves. */
  realuserid: number;
  ip: string;
}

/**
 * What an event's actor is read from: a web-service call's context or a page request's user, session
 * and address. The session is required (null when there is none) so that no caller can leave out the
 * real user by forgetting it.
 */
export interface ActorSource {
  user: { id: number } | null;
  session: Pick<SessionRecord, 'data'> | null;
  ip: string;
}

/** The one rule for who did something: the caller, and in a log-in-as session the real user behind them. */
export function eventActor(source: ActorSource): EventActor {
  return { userid: source.user?.id ?? 0, realuserid: loginAsState(source.session)?.realuser ?? 0, ip: source.ip };
}

/** An event as written to the log, handed to observers. */
export type LoggedEvent = Omit<EventRecord, 'userid' | 'realuserid' | 'ip'> & EventActor;

/**
 * Something that reacts to events (completion reacting to views and submissions, …): called after the
 * log entry is written, in the same transaction, so a failing observer undoes the action it reacts to.
 */
export type EventObserver = (db: Kysely<DB>, event: LoggedEvent) => Promise<void>;

const observers = new Map<string, EventObserver>();

/** Registers an observer under a name (registering a name again replaces it, so reloading a component is harmless). */
export function observeEvents(name: string, observer: EventObserver): void {
  observers.set(name, observer);
}

/** Writes one entry of the event log: who (the actor) did what to what, where and when; then tells the observers. */
export async function logEvent(db: Kysely<DB>, actor: EventActor, event: Omit<EventRecord, 'userid' | 'realuserid' | 'ip'>): Promise<void> {
  await db
    .insertInto('logstore_standard_log')
    .values({ ...event, userid: actor.userid, realuserid: actor.realuserid, ip: actor.ip, other: JSON.stringify(event.other ?? {}), timecreated: now() })
    .execute();
  for (const observer of observers.values()) await observer(db, { ...event, ...actor });
}

/** The newest log entries first, paged by id (pass the last id seen as `before`). */
export async function recentEvents(db: Kysely<DB>, filter: { userid?: number; courseid?: number; before?: number; limit: number }) {
  let query = db.selectFrom('logstore_standard_log').selectAll().orderBy('id', 'desc').limit(filter.limit);
  if (filter.userid !== undefined) query = query.where('userid', '=', filter.userid);
  if (filter.courseid !== undefined) query = query.where('courseid', '=', filter.courseid);
  if (filter.before !== undefined) query = query.where('id', '<', filter.before);
  return query.execute();
}

/** Logs an event the caller caused in a context; the context's id, level and instance are filled in. */
export async function logContextEvent(
  source: ActorSource & { db: Kysely<DB> },
  context: Context,
  event: Omit<EventRecord, 'contextid' | 'contextlevel' | 'contextinstanceid' | 'userid' | 'realuserid' | 'ip'>,
): Promise<void> {
  await logEvent(source.db, eventActor(source), {
    ...event,
    contextid: context.id,
    contextlevel: context.contextlevel,
    contextinstanceid: context.instanceid,
  });
}
