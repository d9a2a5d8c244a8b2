import type { Kysely } from 'kysely';
import { CAP_MANAGEREPORTS, SCHEDULE_ROW_CAP, type ReportSchedule } from '../../../api/report';
import type { DB } from '../../db/schema';
import { createAccess } from '../../platform/access/checker';
import { getSystemContext } from '../../platform/access/contexts';
import { AppError } from '../../platform/errors';
import { now, type Platform } from '../../platform/platform';
import type { CallContext } from '../../ws/method';
import { csvField } from '../feedback/export';
import { clearArea, storeFile } from '../files/storage';
import { sendNotification } from '../message/send';
import { PreparedReport } from './query';
import { loadReport, placeholdersFor, queryErrorMessage, queryTimeoutMs, toCell, withReadOnly, type ReportRow } from './service';
import { COMPONENT } from './sqlguard';

/** Seconds between runs of each schedule. */
const PERIOD: Record<Exclude<ReportSchedule, 'none'>, number> = { daily: 86_400, weekly: 7 * 86_400 };
/** The file area of stored results (item id = run id), in the report's context. */
export const RESULT_AREA = 'scheduledresult';
/** Runs kept per report; older runs and their files are removed. */
export const RUNS_KEPT = 20;
/** A scheduled run may take as long as an export. */
const RUN_TIMEOUT_FACTOR = 6;

export function periodOf(schedule: string): number {
  return schedule === 'daily' || schedule === 'weekly' ? PERIOD[schedule] : 0;
}

interface Outcome {
  status: 'ok' | 'failed';
  rowcount: number;
  truncated: boolean;
  message: string;
  csv?: Buffer;
}

/** The report's author as the caller of the run, or null when they may no longer manage reports. */
async function authorContext(platform: Platform, report: ReportRow): Promise<CallContext | null> {
  const user = await platform.db
    .selectFrom('user')
    .select(['id', 'username', 'firstname', 'lastname', 'email', 'lang', 'timezone'])
    .where('id', '=', report.usermodified)
    .where('deleted', '=', 0)
    .where('suspended', '=', 0)
    .executeTakeFirst();
  if (!user) return null;
  const access = createAccess(platform.db, user.id);
  if (!(await access.hasCapability(CAP_MANAGEREPORTS, await getSystemContext(platform.db)))) return null;
  const lang = user.lang || 'en';
  return { platform, db: platform.db, user: { ...user, lang, picture: 0 }, session: null, access, lang, ip: '' };
}

/** The report's main query over the last period, as CSV (up to SCHEDULE_ROW_CAP rows), read-only. */
async function produce(ctx: CallContext, report: ReportRow, period: number, at: number): Promise<Outcome> {
  const { context } = await loadReport(ctx, report.id);
  const values = placeholdersFor(ctx, context, { starttime: Math.max(0, at - period), endtime: at });
  return withReadOnly(
    ctx,
    async (session) => {
      const prepared = await PreparedReport.prepare(session, report.querysql, values);
      const lines = [`\ufeff${prepared.columns.map(csvField).join(',')}\r\n`];
      let rowcount = 0;
      for await (const rows of prepared.all(values, 1000, SCHEDULE_ROW_CAP + 1)) {
        for (const r of rows) {
          rowcount += 1;
          if (rowcount > SCHEDULE_ROW_CAP) break;
          lines.push(`${r.map((v) => csvField(String(toCell(v) ?? ''))).join(',')}\r\n`);
        }
      }
      const truncated = rowcount > SCHEDULE_ROW_CAP;
      return { status: 'ok', rowcount: Math.min(rowcount, SCHEDULE_ROW_CAP), truncated, message: '', csv: Buffer.from(lines.join(''), 'utf8') };
    },
    { timeoutMs: (await queryTimeoutMs(ctx)) * RUN_TIMEOUT_FACTOR },
  );
}

/** Removes a report's runs beyond the newest `keep`, with their stored results. */
export async function pruneRuns(db: Kysely<DB>, report: Pick<ReportRow, 'id' | 'contextid'>, keep: number): Promise<void> {
  const old = await db.selectFrom('block_configurable_reports_runs').select('id').where('reportid', '=', report.id).orderBy('timecreated', 'desc').orderBy('id', 'desc').offset(keep).limit(1_000_000).execute();
  for (const run of old) await clearArea(db, { contextid: report.contextid, component: COMPONENT, filearea: RESULT_AREA, itemid: run.id });
  if (old.length) await db.deleteFrom('block_configurable_reports_runs').where('id', 'in', old.map((r) => r.id)).execute();
}

/** Runs one report now: stores its CSV and outcome, notifies its author when asked, keeps the newest runs. */
export async function runScheduled(platform: Platform, report: ReportRow, at = now()): Promise<number> {
  const ctx = await authorContext(platform, report);
  let outcome: Outcome;
  if (!ctx) {
    outcome = { status: 'failed', rowcount: 0, truncated: false, message: platform.strings.get('scheduleauthorgone', COMPONENT) };
  } else {
    try {
      outcome = await produce(ctx, report, periodOf(report.schedule), at);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcome = { status: 'failed', rowcount: 0, truncated: false, message: queryErrorMessage(ctx, error) };
    }
  }
  return platform.db.transaction().execute(async (trx) => {
    const run = await trx
      .insertInto('block_configurable_reports_runs')
      .values({ reportid: report.id, timecreated: at, status: outcome.status, rowcount: outcome.rowcount, truncated: outcome.truncated ? 1 : 0, message: outcome.message })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (outcome.csv) {
      const area = { contextid: report.contextid, component: COMPONENT, filearea: RESULT_AREA, itemid: run.id };
      await storeFile(trx, platform.config.filesDir, area, { filename: `${report.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'report'}.csv`, mimetype: 'text/csv', content: outcome.csv, userid: report.usermodified });
    }
    if (report.emailresult && ctx?.user) {
      const lang = ctx.lang;
      const a = { name: report.name, rows: outcome.rowcount, message: outcome.message };
      await sendNotification(platform, trx, {
        useridto: ctx.user.id,
        component: COMPONENT,
        eventtype: 'scheduledresult',
        subject: platform.strings.get(outcome.status === 'ok' ? 'schedulesubject' : 'schedulesubjectfailed', COMPONENT, a, lang),
        fullmessage: platform.strings.get(outcome.status === 'ok' ? 'schedulemessage' : 'schedulemessagefailed', COMPONENT, a, lang),
        contexturl: `/blocks/configurable_reports/viewreport.php?id=${report.id}`,
        contexturlname: report.name,
      });
    }
    await pruneRuns(trx, report, RUNS_KEPT);
    return run.id;
  });
}

/**
 * Runs the scheduled reports that are due. Each is claimed first by moving its next run on with a
 * conditional update, so several server processes never run one report twice.
 */
export async function runDueReports(platform: Platform, limit = 5): Promise<number> {
  const at = now();
  const due = await platform.db
    .selectFrom('block_configurable_reports')
    .selectAll()
    .where('schedule', 'in', ['daily', 'weekly'])
    .where('nextrun', '<=', at)
    .orderBy('nextrun')
    .limit(limit)
    .execute();
  let ran = 0;
  for (const report of due) {
    const claimed = await platform.db
      .updateTable('block_configurable_reports')
      .set({ nextrun: at + periodOf(report.schedule) })
      .where('id', '=', report.id)
      .where('nextrun', '=', report.nextrun)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    await runScheduled(platform, report, at);
    ran += 1;
  }
  return ran;
}
