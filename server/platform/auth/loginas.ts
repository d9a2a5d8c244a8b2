import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { LoginAsInfo } from '../../../api/types';
import type { DB } from '../../db/schema';
import type { Platform } from '../platform';
import { startSession, type SessionRecord } from '../session';

/**
 * What a "log in as" session keeps in `session.data.loginas`; the session's own user is the one acted
 * as. Logging out ends the whole session (as in Moodle): the real user logs in again to be themself.
 */
export interface LoginAsState {
  /** The user who really uses the session. */
  realuser: number;
  /** Where it was granted: the system context, or the course context it is limited to. */
  contextid: number;
  /** The course the session is limited to; 0 when it was granted site-wide. */
  courseid: number;
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** The session's log-in-as state, or null for an ordinary session. */
export function loginAsState(session: Pick<SessionRecord, 'data'> | null | undefined): LoginAsState | null {
  const value = session?.data.loginas;
  if (typeof value !== 'object' || value === null) return null;
  const { realuser, contextid, courseid } = value as Record<string, unknown>;
  if (!isId(realuser) || realuser === 0 || !isId(contextid) || !isId(courseid)) return null;
  return { realuser, contextid, courseid };
}

/**
 * Replaces the real user's session with a fresh one (new id, new sesskey) that acts as the target
 * and remembers who really uses it.
 */
export async function startLoginAsSession(
  platform: Platform,
  request: FastifyRequest,
  reply: FastifyReply,
  targetid: number,
  state: LoginAsState,
): Promise<SessionRecord> {
  return startSession(platform, request, reply, targetid, { loginas: state });
}

/** What every page's header says about a log-in-as session (M.cfg.loginas, plain text like M.cfg.user), or null. */
export async function loginAsInfo(db: Kysely<DB>, session: SessionRecord | null): Promise<LoginAsInfo | null> {
  const state = loginAsState(session);
  if (!state) return null;
  const [real, course] = await Promise.all([
    db.selectFrom('user').select(['firstname', 'lastname']).where('id', '=', state.realuser).executeTakeFirst(),
    state.courseid > 0 ? db.selectFrom('course').select(['id', 'fullname']).where('id', '=', state.courseid).executeTakeFirst() : undefined,
  ]);
  return {
    realuser: { id: state.realuser, fullname: real ? `${real.firstname} ${real.lastname}`.trim() : '' },
    course: course ? { id: course.id, fullname: course.fullname } : null,
  };
}
