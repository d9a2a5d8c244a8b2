import type { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_ROW_CAP, type blockConfigurableReportsRunReport } from '../../../api/report';
import type { ResultOf } from '../../../api/contract';
import { createAccess } from '../../platform/access/checker';
import type { Platform } from '../../platform/platform';
import { AppError } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import { PreparedReport, searching } from './query';
import { placeholdersFor, queryErrorMessage, requireRunReport, sourceQuery, toCells, withReadOnly } from './service';
import { COMPONENT } from './sqlguard';
import { sharedCallsFor } from '../../platform/sharedCalls';
import { lastWriteOf } from '../../platform/writes';
import type { Placeholders } from './query';

export type RunArgs = z.output<(typeof blockConfigurableReportsRunReport)['args']>;
type RunAnswer = ResultOf<typeof blockConfigurableReportsRunReport>;

/**
 * Runs a report read-only for its table: every row up to the cap (client mode) or one page sorted and
 * searched by the database (server mode). A refused or failing query answers an empty list with
 * `error`, which the table shows as a warning.
 */
export async function runTable(ctx: CallContext, args: RunArgs): Promise<RunAnswer> {
  const { report, context } = await requireRunReport(ctx, args.id);
  const values = placeholdersFor(ctx, context, args);
  try {
    const text = sourceQuery(report, args.source);
    // The answer depends on the query, its placeholder values (the caller's id among them) and the
    // table request alone, and the caller may run the report: the same run in progress is joined.
    const key = JSON.stringify([text, values, args]);
    return await sharedCallsFor<RunAnswer>(ctx.platform, 'report-runs').run(key, () => runOnce(ctx, args, text, values), lastWriteOf(ctx.platform, ctx.user?.id ?? 0));
  } catch (error) {
    if (error instanceof AppError && error.component === COMPONENT) {
      return { columns: [], data: [], recordsTotal: 0, recordsFiltered: 0, truncated: false, error: queryErrorMessage(ctx, error) };
    }
    throw error;
  }
}

function runOnce(ctx: CallContext, args: RunArgs, text: string, values: Placeholders): Promise<RunAnswer> {
  return withReadOnly(
    ctx,
    async (session, spare) => {
      const prepared = await PreparedReport.prepare(session, text, values);
      if (args.mode === 'client') {
        const { rows, truncated } = await prepared.firstRows(values, CLIENT_ROW_CAP);
        return { columns: prepared.columns, data: toCells(rows), recordsTotal: rows.length, recordsFiltered: rows.length, truncated };
      }
      const page = await prepared.page(values, args, spare);
      return { columns: page.columns, data: toCells(page.rows), recordsTotal: page.recordsTotal, recordsFiltered: page.recordsFiltered, truncated: false };
    },
    // A search scans every row: the total is counted meanwhile on a second reader.
    { source: args.source, spare: args.mode === 'server' && searching(args) },
  );
}

/** The call context of a page route's request, for the logged-in user (the routes read only, outside any transaction). */
export function routeContext(platform: Platform, request: FastifyRequest): CallContext {
  const user = request.user;
  if (!user) throw new AppError('requireloginerror', { status: 401 });
  return { platform, db: platform.db, user, session: request.tsession, access: createAccess(platform.db, user.id), lang: user.lang || 'en', ip: request.ip };
}

/** A refusal as the routes answer it: its status and `{error, errorcode}`. */
export function routeFailure(platform: Platform, reply: FastifyReply, error: AppError, lang?: string) {
  return reply.code(error.status).send({ error: platform.strings.errorMessage(error.errorcode, error.component, error.a, lang), errorcode: error.errorcode });
}
