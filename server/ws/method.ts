import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { MethodContract } from '../../api/contract';
import type { DB } from '../db/schema';
import type { Access } from '../platform/access/types';
import type { Platform } from '../platform/platform';
import type { CurrentUser, SessionRecord } from '../platform/session';

/** What a web-service handler gets: the caller, their permissions, and the call's transaction. */
export interface CallContext {
  platform: Platform;
  /** The call's own transaction: every change a call makes commits or rolls back together. */
  db: Kysely<DB>;
  /** null only for methods called without login. */
  user: CurrentUser | null;
  session: SessionRecord | null;
  access: Access;
  lang: string;
  ip: string;
}

export interface MethodDefinition<C extends MethodContract = MethodContract> {
  contract: C;
  handler(ctx: CallContext, args: z.output<C['args']>): Promise<z.input<C['returns']>>;
  /**
   * false: the handler answers from the platform's caches and never touches the database, so the
   * call runs without opening a transaction (cached strings and templates, the hottest calls).
   */
  database: boolean;
  /**
   * false: the handler only reads, and may wait long on something other than the site's connection
   * (a report's read-only reader). It runs without a call transaction, each statement on its own, so
   * that wait does not hold the connection every other request needs (SQLite has one per process).
   */
  transaction: boolean;
}

/** Binds a handler to its contract; the handler receives validated, defaulted arguments. */
export function defineMethod<C extends MethodContract>(
  contract: C,
  handler: (ctx: CallContext, args: z.output<C['args']>) => Promise<z.input<C['returns']>>,
  options: { database?: boolean; transaction?: boolean } = {},
): MethodDefinition {
  return { contract, handler, database: options.database ?? true, transaction: options.transaction ?? true };
}
