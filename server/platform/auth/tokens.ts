import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { now } from '../platform';
import { loadUser, type CurrentUser } from '../session';

/** The services a token may be issued for. */
export const KNOWN_SERVICES: readonly string[] = ['moodle_mobile_app'];

/** The user a web-service token belongs to, when the token is valid and the user active. */
export async function userForToken(db: Kysely<DB>, token: string): Promise<CurrentUser | null> {
  if (!/^[A-Za-z0-9]{16,128}$/.test(token)) return null;
  const row = await db.selectFrom('external_tokens').select(['id', 'userid', 'validuntil']).where('token', '=', token).executeTakeFirst();
  const t = now();
  if (!row || (row.validuntil > 0 && row.validuntil < t)) return null;
  const user = await loadUser(db, row.userid);
  if (user) await db.updateTable('external_tokens').set({ lastaccess: t }).where('id', '=', row.id).execute();
  return user;
}

/** The user's valid token for the service, created when there is none. */
export async function tokenFor(db: Kysely<DB>, userid: number, service: string): Promise<string> {
  const t = now();
  const existing = await db
    .selectFrom('external_tokens')
    .select('token')
    .where('userid', '=', userid)
    .where('service', '=', service)
    .where((eb) => eb.or([eb('validuntil', '=', 0), eb('validuntil', '>', t)]))
    .executeTakeFirst();
  if (existing) return existing.token;
  const token = randomBytes(16).toString('hex');
  await db.insertInto('external_tokens').values({ token, userid, service, creatorid: userid, timecreated: t }).execute();
  return token;
}
