import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { now } from './platform';
import { cleanHtml } from './sanitize';

export type NotificationType = 'success' | 'info' | 'warning' | 'error';
const TYPES: readonly string[] = ['success', 'info', 'warning', 'error'];

export function notificationType(type: string): NotificationType {
  return (TYPES.includes(type) ? type : 'error') as NotificationType;
}

/** Queues a message for the session's next page or fetch. Unknown types become errors. */
export async function addNotification(db: Kysely<DB>, sid: string, message: string, type: string = 'error'): Promise<void> {
  await db.insertInto('session_notifications').values({ sid, message, type: notificationType(type), timecreated: now() }).execute();
}

/** Returns the session's queued notifications, oldest first, and empties the queue. */
export async function takeNotifications(db: Kysely<DB>, sid: string): Promise<Array<{ message: string; type: NotificationType }>> {
  const rows = await db.selectFrom('session_notifications').select(['id', 'message', 'type']).where('sid', '=', sid).orderBy('id').execute();
  if (rows.length === 0) return [];
  await db.deleteFrom('session_notifications').where('id', 'in', rows.map((r) => r.id)).execute();
  return rows.map((r) => ({ message: cleanHtml(r.message), type: notificationType(r.type) }));
}

/** The same queue in the shape core_fetch_notifications answers. */
export async function fetchNotifications(db: Kysely<DB>, sid: string) {
  return (await takeNotifications(db, sid)).map(({ message, type }) => ({
    template: `core/notification_${type}`,
    variables: { message, extraclasses: '', announce: true, closebutton: true },
  }));
}
