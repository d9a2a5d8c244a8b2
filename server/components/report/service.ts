import type { Selectable } from 'kysely';
import { CAP_MANAGEREPORTS, type Cell, type ReportSource } from '../../../api/report';
import type { ConfigurableReportTable } from '../../db/schema';
import { getContextById, getSystemContext } from '../../platform/access/contexts';
import { CONTEXT_COURSE, CONTEXT_COURSECAT, CONTEXT_SYSTEM, type Context } from '../../platform/access/types';
import { AppError, invalidRecord } from '../../platform/errors';
import { now } from '../../platform/platform';
import type { CallContext } from '../../ws/method';
import { requireCourseAccess } from '../course/access';
import type { Placeholders } from './query';
import { openReadOnly, openRemote, type ReadOnlySession } from './readonly';
import { readSettings } from './settings';
import { COMPONENT } from './sqlguard';

export type ReportRow = Selectable<ConfigurableReportTable>;

/** Rows an export may hold at most. */
export const EXPORT_ROW_CAP = 1_000_000;

export async function queryTimeoutMs(ctx: Pick<CallContext, 'db'>): Promise<number> {
  return (await readSettings(ctx)).querytimeout * 1000;
}

/**
 * A read-only session for a source: the site's own database (main), or the second connection the
 * admin set up (remote; refused when there is none).
 */
export async function openSource(ctx: Pick<CallContext, 'db' | 'platform'>, source: ReportSource, timeoutMs: number): Promise<ReadOnlySession> {
  if (source === 'main') return openReadOnly(ctx.db, ctx.platform.dialect, ctx.platform.config.databaseUrl, timeoutMs);
  const { remotedb } = await readSettings(ctx);
  if (remotedb === '') throw new AppError('noremotedb', { component: COMPONENT });
  return openRemote(remotedb, timeoutMs);
}

/** The report's text for a source; a report without a remote query has nothing to run there. */
export function sourceQuery(report: ReportRow, source: ReportSource): string {
  if (source === 'main') return report.querysql;
  if (report.remotequerysql.trim() === '') throw new AppError('noremotequery', { component: COMPONENT });
  return report.remotequerysql;
}

/**
 * Runs `work` on a fresh read-only session of the source's database, closing it afterwards. With
 * `spare`, work also gets a second session when a connection is free at once, for a query to run
 * beside the main one (none when busy: the work then uses the first alone).
 */
export async function withReadOnly<T>(
  ctx: Pick<CallContext, 'db' | 'platform'>,
  work: (session: ReadOnlySession, spare?: ReadOnlySession) => Promise<T>,
  options: { timeoutMs?: number; source?: ReportSource; spare?: boolean } = {},
): Promise<T> {
  const source = options.source ?? 'main';
  const timeoutMs = options.timeoutMs ?? (await queryTimeoutMs(ctx));
  const session = await openSource(ctx, source, timeoutMs);
  const spare = options.spare ? await session.spare().catch(() => undefined) : undefined;
  try {
    return await work(session, spare);
  } finally {
    await Promise.all([session.close(), spare?.close()]);
  }
}

export async function canManage(ctx: CallContext): Promise<boolean> {
  return ctx.access.hasCapability(CAP_MANAGEREPORTS, await getSystemContext(ctx.db));
}

export async function requireManage(ctx: CallContext): Promise<void> {
  await ctx.access.requireCapability(CAP_MANAGEREPORTS, await getSystemContext(ctx.db));
}

/** A report's context must be the site, a category or a course. */
export async function reportContext(ctx: CallContext, contextid: number): Promise<Context> {
  const context = await getContextById(ctx.db, contextid);
  if (!context || ![CONTEXT_SYSTEM, CONTEXT_COURSECAT, CONTEXT_COURSE].includes(context.contextlevel)) {
    throw new AppError('invalidreportcontext', { component: COMPONENT, fields: { contextid: ctx.platform.strings.get('invalidreportcontext', COMPONENT, undefined, ctx.lang) } });
  }
  return context;
}

export async function loadReport(ctx: CallContext, id: number): Promise<{ report: ReportRow; context: Context }> {
  const report = await ctx.db.selectFrom('block_configurable_reports').selectAll().where('id', '=', id).executeTakeFirst();
  if (!report) throw invalidRecord('block_configurable_reports', `report ${id}`);
  const context = await getContextById(ctx.db, report.contextid);
  if (!context) throw invalidRecord('context', `context ${report.contextid}`);
  return { report, context };
}

/** Report managers run every report; others need the report's capability in its context (and entry to its course). */
export async function requireRunReport(ctx: CallContext, id: number): Promise<{ report: ReportRow; context: Context }> {
  const found = await loadReport(ctx, id);
  if (await canManage(ctx)) return found;
  if (found.context.contextlevel === CONTEXT_COURSE) await requireCourseAccess(ctx, found.context.instanceid);
  await ctx.access.requireCapability(found.report.capability, found.context);
  return found;
}

/** The values of the placeholders for a run: the caller, the report's course (0 elsewhere), the time range. */
export function placeholdersFor(ctx: CallContext, context: Context | null, range: { starttime: number; endtime: number }): Placeholders {
  return {
    userid: ctx.user?.id ?? 0,
    courseid: context?.contextlevel === CONTEXT_COURSE ? context.instanceid : 0,
    starttime: range.starttime,
    endtime: range.endtime > 0 ? range.endtime : now(),
  };
}

/** A database value as a table cell: text or a number; binary data, dates and JSON as text. */
export function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `[${value.byteLength} bytes]`;
  return JSON.stringify(value);
}

export const toCells = (rows: readonly unknown[][]): Cell[][] => rows.map((r) => r.map(toCell));

/** A readable sentence for a refused or failed query (the exception's message with its line). */
export function queryErrorMessage(ctx: CallContext, error: AppError): string {
  return ctx.platform.strings.errorMessage(error.errorcode, error.component, error.a, ctx.lang);
}
