import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { effectiveLanguage, effectiveTimezone, SITE_LANG_SETTING } from './lang/preference';
import { now, type Platform } from './platform';

export const SESSION_COOKIE = 'TesseraSession';
/** Idle time after which a session ends. */
export const SESSION_TIMEOUT = 8 * 3600;
/** Sessions are touched at most this often, so reads do not turn into writes on every request. */
const TOUCH_INTERVAL = 60;

export interface SessionRecord {
  sid: string;
  userid: number;
  sesskey: string;
  data: Record<string, unknown>;
}

export interface CurrentUser {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  /** The language the user's pages are in: their own preference, else the site's default language. */
  lang: string;
  /** The IANA zone their dates are shown in: their own, else the server's. */
  timezone: string;
  /** Revision of the user's picture (0: none); the page config carries it for the header avatar. */
  picture: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's session, or null when the request carries no valid session cookie. */
    tsession: SessionRecord | null;
    /** The logged-in user, or null. */
    user: CurrentUser | null;
  }
}

export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

/** A 10-character sesskey, like Moodle's. */
function newSesskey(): string {
  return randomBytes(8).toString('base64url').replace(/[-_]/g, 'x').slice(0, 10);
}

export async function loadUser(db: Kysely<DB>, userid: number): Promise<CurrentUser | null> {
  const row = await db
    .selectFrom('user')
    .select(['id', 'username', 'firstname', 'lastname', 'email', 'lang', 'timezone', 'picture'])
    // The site's default language in the same query: it decides for users without a preference.
    .select((eb) => eb.selectFrom('config').select('value').where('name', '=', SITE_LANG_SETTING).as('sitelang'))
    .where('id', '=', userid)
    .where('deleted', '=', 0)
    .where('suspended', '=', 0)
    .executeTakeFirst();
  if (!row) return null;
  const { sitelang, ...user } = row;
  return { ...user, lang: effectiveLanguage(user.lang, sitelang), timezone: effectiveTimezone(user.timezone) };
}

/** Reads the session cookie, loads the session and its user, and ends idle sessions. */
export async function loadSession(platform: Platform, request: FastifyRequest): Promise<void> {
  request.tsession = null;
  request.user = null;
  const sid = request.cookies[SESSION_COOKIE];
  if (!sid) return;
  const row = await platform.db.selectFrom('sessions').selectAll().where('sid', '=', sid).executeTakeFirst();
  if (!row) return;
  const t = now();
  if (t - row.timemodified > SESSION_TIMEOUT) {
    await platform.db.deleteFrom('sessions').where('sid', '=', sid).execute();
    await platform.db.deleteFrom('session_notifications').where('sid', '=', sid).execute();
    return;
  }
  let user: CurrentUser | null = null;
  if (row.userid > 0) {
    user = await loadUser(platform.db, row.userid);
    if (!user) {
      await platform.db.deleteFrom('sessions').where('sid', '=', sid).execute();
      return;
    }
  }
  request.tsession = { sid: row.sid, userid: row.userid, sesskey: row.sesskey, data: JSON.parse(row.data) as Record<string, unknown> };
  request.user = user;
  if (t - row.timemodified >= TOUCH_INTERVAL) {
    await platform.db.updateTable('sessions').set({ timemodified: t, lastip: request.ip }).where('sid', '=', sid).execute();
    if (user) await platform.db.updateTable('user').set({ lastaccess: t }).where('id', '=', user.id).execute();
  }
}

function setCookie(platform: Platform, reply: FastifyReply, sid: string): void {
  void reply.setCookie(SESSION_COOKIE, sid, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: platform.config.secureCookies,
  });
}

/** Starts a new session (a fresh id, so a login never reuses a visitor's id) and sets its cookie. */
export async function startSession(
  platform: Platform,
  request: FastifyRequest,
  reply: FastifyReply,
  userid: number,
  data: Record<string, unknown> = {},
): Promise<SessionRecord> {
  const old = request.tsession;
  if (old) await destroySession(platform, old.sid);
  const t = now();
  const record: SessionRecord = { sid: randomToken(32), userid, sesskey: newSesskey(), data };
  await platform.db
    .insertInto('sessions')
    .values({
      sid: record.sid,
      userid,
      sesskey: record.sesskey,
      data: JSON.stringify(data),
      firstip: request.ip,
      lastip: request.ip,
      timecreated: t,
      timemodified: t,
    })
    .execute();
  setCookie(platform, reply, record.sid);
  request.tsession = record;
  request.user = userid > 0 ? await loadUser(platform.db, userid) : null;
  return record;
}

/** The visitor's session, started (as not logged in) when there is none yet. */
export async function ensureSession(platform: Platform, request: FastifyRequest, reply: FastifyReply): Promise<SessionRecord> {
  return request.tsession ?? startSession(platform, request, reply, 0);
}

export async function saveSessionData(db: Kysely<DB>, session: SessionRecord): Promise<void> {
  await db.updateTable('sessions').set({ data: JSON.stringify(session.data), timemodified: now() }).where('sid', '=', session.sid).execute();
}

export async function destroySession(platform: Platform, sid: string): Promise<void> {
  await platform.db.deleteFrom('session_notifications').where('sid', '=', sid).execute();
  await platform.db.deleteFrom('sessions').where('sid', '=', sid).execute();
}

export function clearSessionCookie(reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
