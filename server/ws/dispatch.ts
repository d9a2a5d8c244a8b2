import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { createAccess } from '../platform/access/checker';
import { AppError } from '../platform/errors';
import type { Platform } from '../platform/platform';
import type { CurrentUser, SessionRecord } from '../platform/session';
import { describeZodError, wireException, type WireException } from './exceptions';
import type { CallContext, MethodDefinition } from './method';
import { checkedOnce } from './sharedanswers';
import { noteWrite } from '../platform/writes';

/** Who is calling and how: the same for every call of one request. */
export interface Caller {
  user: CurrentUser | null;
  session: SessionRecord | null;
  /** The sesskey the request carried; null for token (REST) calls, which need none. */
  sesskey: string | null;
  /** true for service-nologin.php: only methods that need no login may run. */
  nologin: boolean;
  ip: string;
}

export type CallResult = { error: false; data: unknown } | { error: true; exception: WireException };

export function callerLang(caller: Caller): string {
  return caller.user?.lang || 'en';
}

/** Developer debugging is shown only to site admins, and only when the site has it on. */
export async function callerSeesDebug(platform: Platform, caller: Caller): Promise<boolean> {
  if (!platform.config.debugDeveloper || !caller.user) return false;
  return createAccess(platform.db, caller.user.id).isSiteAdmin();
}

function checkCaller(method: MethodDefinition, caller: Caller): void {
  if (!method.contract.loginRequired) return;
  if (caller.nologin || !caller.user) throw new AppError('servicerequireslogin', { status: 401 });
  if (caller.sesskey !== null && caller.sesskey !== caller.session?.sesskey) throw new AppError('invalidsesskey', { status: 403 });
}

function parseArgs(method: MethodDefinition, args: unknown): unknown {
  const parsed = method.contract.args.safeParse(args ?? {});
  if (!parsed.success) throw new AppError('invalidparameter', { debuginfo: describeZodError(parsed.error) });
  return parsed.data;
}

/**
 * Runs one call in its own transaction (none for a method that answers from caches or only reads): checks login and
 * sesskey, validates the arguments, runs the handler and validates its answer (a bad answer rolls the
 * call back as `invalidresponse`).
 */
export async function runCall(platform: Platform, caller: Caller, method: MethodDefinition, rawArgs: unknown): Promise<CallResult> {
  try {
    checkCaller(method, caller);
    const args = parseArgs(method, rawArgs);
    const answerOf = async (db: Kysely<DB>) => {
      const answer = await method.handler(buildContext(platform, caller, db), args);
      return checkedOnce(answer, (raw) => {
        const cleaned = method.contract.returns.safeParse(raw);
        if (!cleaned.success) throw new AppError('invalidresponse', { debuginfo: describeZodError(cleaned.error) });
        return cleaned.data;
      });
    };
    const data = method.database && method.transaction ? await platform.db.transaction().execute(answerOf) : await answerOf(platform.db);
    if (method.contract.type === 'write') noteWrite(platform, caller.user?.id ?? 0);
    return { error: false, data: data ?? null };
  } catch (error) {
    const debug = await callerSeesDebug(platform, caller);
    return { error: true, exception: wireException(platform, error, { lang: callerLang(caller), debug }) };
  }
}

function buildContext(platform: Platform, caller: Caller, db: Kysely<DB>): CallContext {
  return {
    platform,
    db,
    user: caller.user,
    session: caller.nologin ? null : caller.session,
    access: createAccess(db, caller.user?.id ?? 0),
    lang: callerLang(caller),
    ip: caller.ip,
  };
}

