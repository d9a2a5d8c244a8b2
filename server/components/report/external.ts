import {
  CAP_SITE_CONFIG,
  PREVIEW_ROWS,
  blockConfigurableReportsDeleteReport,
  blockConfigurableReportsGetReport,
  blockConfigurableReportsGetSettings,
  blockConfigurableReportsListReports,
  blockConfigurableReportsListRuns,
  blockConfigurableReportsPreviewQuery,
  blockConfigurableReportsRunReport,
  blockConfigurableReportsSaveReport,
  blockConfigurableReportsSaveSettings,
  scheduleSchema,
  type ReportSummary,
} from '../../../api/report';
import { getContext, getSystemContext } from '../../platform/access/contexts';
import { CONTEXT_COURSE, CONTEXT_COURSECAT, CONTEXT_SYSTEM, type Context } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import { logContextEvent } from '../../platform/events';
import { now } from '../../platform/platform';
import { formatString } from '../../platform/sanitize';
import { defineMethod, type CallContext } from '../../ws/method';
import { requireCourseAccess } from '../course/access';
import { contextNames, loadContexts } from '../role/context-info';
import { PreparedReport } from './query';
import {
  canManage,
  loadReport,
  placeholdersFor,
  queryErrorMessage,
  reportContext,
  requireManage,
  requireRunReport,
  toCells,
  withReadOnly,
  type ReportRow,
} from './service';
import { runTable } from './run';
import { pruneRuns, RUNS_KEPT } from './schedule';
import { maskAddress, readSettings, writeSettings } from './settings';
import { COMPONENT, checkQuery } from './sqlguard';

function log(ctx: CallContext, context: Context, action: string, crud: string, objectid: number) {
  return logContextEvent(ctx, context, { eventname: `report_${action}`, component: COMPONENT, action, target: 'report', objecttable: 'block_configurable_reports', objectid, crud });
}

async function summaries(ctx: CallContext, rows: readonly ReportRow[], manage: boolean): Promise<ReportSummary[]> {
  const remote = rows.some((r) => r.remotequerysql.trim() !== '') && (await readSettings(ctx)).remotedb !== '';
  const contexts = await loadContexts(ctx, [...new Set(rows.map((r) => r.contextid))]);
  const byId = new Map(contexts.map((c) => [c.id, c]));
  const names = await contextNames(ctx, contexts);
  return rows.map((r) => {
    const context = byId.get(r.contextid);
    return {
      id: r.id,
      name: formatString(r.name),
      summary: formatString(r.summary),
      contextid: r.contextid,
      contextlevel: context?.contextlevel ?? 0,
      courseid: context?.contextlevel === CONTEXT_COURSE ? context.instanceid : 0,
      contextname: names.get(r.contextid)?.label ?? '',
      capability: r.capability,
      canedit: manage,
      hasremote: remote && r.remotequerysql.trim() !== '',
      timemodified: r.timemodified,
    };
  });
}

/** Of the reports, those whose capability the caller holds in the report's context (one check per distinct pair). */
async function visible(ctx: CallContext, rows: readonly ReportRow[], contexts: Map<number, Context>): Promise<ReportRow[]> {
  const held = new Map<string, boolean>();
  const out: ReportRow[] = [];
  for (const r of rows) {
    const key = `${r.capability}@${r.contextid}`;
    if (!held.has(key)) {
      const context = contexts.get(r.contextid);
      held.set(key, context ? await ctx.access.hasCapability(r.capability, context) : false);
    }
    if (held.get(key)) out.push(r);
  }
  return out;
}

/** The categories' contexts, in the order of the category tree, as places a report may be listed. */
function categoryContexts(ctx: CallContext): Promise<Context[]> {
  return ctx.db
    .selectFrom('context')
    .select(['id', 'contextlevel', 'instanceid', 'path', 'depth'])
    .where('contextlevel', '=', CONTEXT_COURSECAT)
    .orderBy('path')
    .execute();
}

const listReports = defineMethod(blockConfigurableReportsListReports, async (ctx, args) => {
  const manage = await canManage(ctx);
  let query = ctx.db.selectFrom('block_configurable_reports').selectAll().orderBy('name').orderBy('id');
  let courseContext: Context | null = null;
  if (args.courseid > 0) {
    courseContext = (await requireCourseAccess(ctx, args.courseid)).context;
    query = query.where('contextid', '=', courseContext.id);
  } else if (!manage) {
    query = query.where('contextid', 'in', (eb) => eb.selectFrom('context').select('id').where('contextlevel', 'in', [CONTEXT_SYSTEM, CONTEXT_COURSECAT]));
  }
  const rows = await query.execute();
  const contexts = new Map((await loadContexts(ctx, [...new Set(rows.map((r) => r.contextid))])).map((c) => [c.id, c]));
  const shown = manage ? rows : await visible(ctx, rows, contexts);
  const placeContexts = manage ? [await getSystemContext(ctx.db), ...(await categoryContexts(ctx)), ...(courseContext ? [courseContext] : [])] : [];
  const placeNames = await contextNames(ctx, placeContexts);
  const places = placeContexts.map((c) => ({ contextid: c.id, name: placeNames.get(c.id)?.label ?? '' }));
  const canconfigure = await ctx.access.hasCapability(CAP_SITE_CONFIG, await getSystemContext(ctx.db));
  const settings = await readSettings(ctx);
  const hasremotedb = manage && settings.remotedb !== '';
  return { reports: await summaries(ctx, shown, manage), canmanage: manage, places, canconfigure, hasremotedb, querytimeout: settings.querytimeout };
});

const getReport = defineMethod(blockConfigurableReportsGetReport, async (ctx, args) => {
  const { report } = await requireRunReport(ctx, args.id);
  const manage = await canManage(ctx);
  const [summary] = await summaries(ctx, [report], manage);
  if (!summary) throw new AppError('invalidrecord', { a: 'block_configurable_reports' });
  return {
    ...summary,
    querysql: manage ? report.querysql : '',
    remotequerysql: manage ? report.remotequerysql : '',
    schedule: scheduleSchema.catch('none').parse(report.schedule),
    emailresult: report.emailresult === 1,
  };
});

/** The query text checked, or its refusal as the message of its field. */
function checkedQuery(ctx: CallContext, field: 'querysql' | 'remotequerysql', text: string): string {
  try {
    return checkQuery(text);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new AppError(error.errorcode, { component: error.component, a: error.a, fields: { [field]: queryErrorMessage(ctx, error) } });
  }
}

const saveReport = defineMethod(blockConfigurableReportsSaveReport, async (ctx, args) => {
  await requireManage(ctx);
  const context = await reportContext(ctx, args.contextid);
  const capability = await ctx.db.selectFrom('capabilities').select('name').where('name', '=', args.capability).executeTakeFirst();
  if (!capability) {
    throw new AppError('unknowncapability', { component: COMPONENT, fields: { capability: ctx.platform.strings.get('unknowncapability', COMPONENT, undefined, ctx.lang) } });
  }
  const querysql = checkedQuery(ctx, 'querysql', args.querysql);
  const remotequerysql = args.remotequerysql.trim() === '' ? '' : checkedQuery(ctx, 'remotequerysql', args.remotequerysql);
  const values = {
    name: args.name,
    summary: args.summary,
    querysql,
    remotequerysql,
    contextid: context.id,
    capability: args.capability,
    usermodified: ctx.user?.id ?? 0,
    schedule: args.schedule,
    emailresult: args.emailresult ? 1 : 0,
  };
  if (args.id === 0) {
    // A new schedule runs at the runner's next look, then once per period.
    const row = await ctx.db.insertInto('block_configurable_reports').values({ ...values, nextrun: now(), timecreated: now(), timemodified: now() }).returning('id').executeTakeFirstOrThrow();
    await log(ctx, context, 'created', 'c', row.id);
    return { id: row.id };
  }
  const { report } = await loadReport(ctx, args.id);
  // Each save moves timemodified on, so an edit read before another save is caught even within one second.
  const nextrun = args.schedule === report.schedule ? report.nextrun : now();
  let update = ctx.db.updateTable('block_configurable_reports').set({ ...values, nextrun, timemodified: Math.max(now(), report.timemodified + 1) }).where('id', '=', args.id);
  if (args.timemodified > 0) update = update.where('timemodified', '=', args.timemodified);
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('reportchanged', { component: COMPONENT, status: 409 });
  await log(ctx, context, 'updated', 'u', args.id);
  return { id: args.id };
});

const deleteReport = defineMethod(blockConfigurableReportsDeleteReport, async (ctx, args) => {
  await requireManage(ctx);
  const { report, context } = await loadReport(ctx, args.id);
  await log(ctx, context, 'deleted', 'd', args.id);
  await pruneRuns(ctx.db, report, 0);
  await ctx.db.deleteFrom('block_configurable_reports').where('id', '=', args.id).execute();
  return { deleted: true };
});

/** Running a query waits on a reader for up to the query timeout: outside a call transaction (see MethodDefinition). */
const READS_ONLY = { transaction: false };

const previewQuery = defineMethod(blockConfigurableReportsPreviewQuery, async (ctx, args) => {
  await requireManage(ctx);
  const context = args.courseid > 0 ? ((await getContext(ctx.db, CONTEXT_COURSE, args.courseid)) ?? null) : await getSystemContext(ctx.db);
  const values = placeholdersFor(ctx, context, { starttime: 0, endtime: 0 });
  return withReadOnly(
    ctx,
    async (session) => {
      const prepared = await PreparedReport.prepare(session, args.querysql, values);
      const { rows, truncated } = await prepared.firstRows(values, PREVIEW_ROWS);
      return { columns: prepared.columns, rows: toCells(rows), truncated };
    },
    { source: args.source },
  );
}, READS_ONLY);

const runReport = defineMethod(blockConfigurableReportsRunReport, (ctx, args) => runTable(ctx, args), READS_ONLY);

const listRuns = defineMethod(blockConfigurableReportsListRuns, async (ctx, args) => {
  const { report } = await requireRunReport(ctx, args.id);
  const runs = await ctx.db.selectFrom('block_configurable_reports_runs').selectAll().where('reportid', '=', report.id).orderBy('timecreated', 'desc').orderBy('id', 'desc').limit(RUNS_KEPT).execute();
  return {
    schedule: scheduleSchema.catch('none').parse(report.schedule),
    runs: runs.map((r) => ({
      id: r.id,
      timecreated: r.timecreated,
      status: r.status === 'ok' ? ('ok' as const) : ('failed' as const),
      rowcount: r.rowcount,
      truncated: r.truncated === 1,
      message: r.message,
      downloadurl: r.status === 'ok' ? `/blocks/configurable_reports/result.php?id=${r.id}` : '',
    })),
  };
});

async function requireSiteConfig(ctx: CallContext): Promise<void> {
  await ctx.access.requireCapability(CAP_SITE_CONFIG, await getSystemContext(ctx.db));
}

const getSettings = defineMethod(blockConfigurableReportsGetSettings, async (ctx) => {
  await requireSiteConfig(ctx);
  const settings = await readSettings(ctx);
  return { ...settings, remotedb: maskAddress(settings.remotedb) };
});

const saveSettings = defineMethod(blockConfigurableReportsSaveSettings, async (ctx, args) => {
  await requireSiteConfig(ctx);
  const saved = await writeSettings(ctx, args);
  await logContextEvent(ctx, await getSystemContext(ctx.db), {
    eventname: 'report_settings_updated',
    component: COMPONENT,
    action: 'updated',
    target: 'settings',
    objecttable: 'config',
    objectid: 0,
    crud: 'u',
  });
  return { ...saved, remotedb: maskAddress(saved.remotedb) };
});

export const reportMethods = [listReports, getReport, saveReport, deleteReport, previewQuery, runReport, listRuns, getSettings, saveSettings];
