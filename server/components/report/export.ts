import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { csvField } from '../feedback/export';
import { ODS_MIMETYPE, odsStream } from './ods';
import { PreparedReport, type Placeholders } from './query';
import type { ReadOnlySession } from './readonly';
import { routeContext, routeFailure } from './run';
import { EXPORT_ROW_CAP, openSource, placeholdersFor, queryTimeoutMs, requireRunReport, sourceQuery, toCell, type ReportRow } from './service';

/** Rows read from the database per batch while streaming. */
const BATCH = 1000;
/** An export may take longer than a page: each batch gets this many statement timeouts. */
const EXPORT_TIMEOUT_FACTOR = 6;

type ExportQuery = { id?: string; format?: string; source?: string; starttime?: string; endtime?: string };

const text = (value: unknown) => {
  const cell = toCell(value);
  return cell === null ? '' : String(cell);
};

async function* csvLines(prepared: PreparedReport, session: ReadOnlySession, values: Placeholders): AsyncGenerator<string> {
  try {
    yield `\ufeff${prepared.columns.map(csvField).join(',')}\r\n`;
    for await (const rows of prepared.all(values, BATCH, EXPORT_ROW_CAP)) {
      yield rows.map((r) => `${r.map((v) => csvField(text(v))).join(',')}\r\n`).join('');
    }
  } finally {
    await session.close();
  }
}

/** The workbook written row by row to the response (exceljs's streaming writer), never held whole. */
function xlsxStream(prepared: PreparedReport, session: ReadOnlySession, values: Placeholders, name: string): PassThrough {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(name.slice(0, 31) || 'Report');
  void (async () => {
    try {
      sheet.addRow(prepared.columns).commit();
      for await (const rows of prepared.all(values, BATCH, EXPORT_ROW_CAP)) {
        for (const r of rows) sheet.addRow(r.map(toCell)).commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    } finally {
      await session.close();
    }
  })();
  return out;
}

/** The rows as cells, batch by batch, for the OpenDocument writer. */
async function* cellBatches(prepared: PreparedReport, values: Placeholders) {
  for await (const rows of prepared.all(values, BATCH, EXPORT_ROW_CAP)) yield rows.map((r) => r.map(toCell));
}

const FORMATS = ['csv', 'xlsx', 'ods'] as const;
type Format = (typeof FORMATS)[number];
const isFormat = (value: string): value is Format => (FORMATS as readonly string[]).includes(value);

/**
 * `GET /blocks/configurable_reports/export.php?id=<report>&format=csv|xlsx|ods[&source=remote]`: every row
 * of a report (up to EXPORT_ROW_CAP), streamed from the read-only connection. Same permission as running it.
 */
async function exportReport(platform: Platform, request: FastifyRequest<{ Querystring: ExportQuery }>, reply: FastifyReply) {
  const id = Number(request.query.id);
  const format = request.query.format ?? 'csv';
  const source = request.query.source ?? 'main';
  let report: ReportRow;
  let session: ReadOnlySession | undefined;
  let prepared: PreparedReport;
  let values: Placeholders;
  let lang: string | undefined;
  try {
    const ctx = routeContext(platform, request);
    lang = ctx.lang;
    if (!Number.isInteger(id) || id <= 0 || !isFormat(format) || (source !== 'main' && source !== 'remote')) {
      throw new AppError('invalidparameter', { debuginfo: 'id, format, source' });
    }
    const found = await requireRunReport(ctx, id);
    report = found.report;
    values = placeholdersFor(ctx, found.context, { starttime: Number(request.query.starttime) || 0, endtime: Number(request.query.endtime) || 0 });
    const text = sourceQuery(report, source);
    session = await openSource(ctx, source, (await queryTimeoutMs(ctx)) * EXPORT_TIMEOUT_FACTOR);
    prepared = await PreparedReport.prepare(session, text, values);
  } catch (error) {
    await session?.close();
    if (error instanceof AppError) return routeFailure(platform, reply, error, lang);
    throw error;
  }
  const filename = `${report.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'report'}.${format}`;
  reply
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff');
  if (format === 'csv') return reply.header('Content-Type', 'text/csv; charset=utf-8').send(Readable.from(csvLines(prepared, session, values)));
  if (format === 'ods') {
    const open = session;
    return reply.header('Content-Type', ODS_MIMETYPE).send(odsStream({ title: report.name, columns: prepared.columns, rows: cellBatches(prepared, values) }, () => open.close()));
  }
  return reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(xlsxStream(prepared, session, values, report.name));
}

export function registerExportRoute(app: FastifyInstance, platform: Platform): void {
  app.get<{ Querystring: ExportQuery }>('/blocks/configurable_reports/export.php', (request, reply) => exportReport(platform, request, reply));
}
