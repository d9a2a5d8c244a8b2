import {
  CLIENT_ROW_CAP,
  PREVIEW_ROWS,
  blockConfigurableReportsDeleteReport,
  blockConfigurableReportsGetReport,
  blockConfigurableReportsListReports,
  blockConfigurableReportsPreviewQuery,
  blockConfigurableReportsRunReport,
  blockConfigurableReportsSaveReport,
  type ReportSummary,
} from '../../../api/report';
import { getContext, getSystemContext } from '../../platform/access/contexts';
import { CONTEXT_COURSE, type Context } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import { logContextEvent } from '../../platform/events';
import { now } from '../../platform/platform';
import { formatString } from '../../platform/sanitize';
import { defineMethod, type CallContext } from '../../ws/method';
import { requireCourseAccess } from '../course/access';
import { contextNames, loadContexts } from '../role/context-info';
import { PreparedReport } from './query';
import { canManage, loadReport, placeholdersFor, queryErrorMessage, reportContext, requireManage, requireRunReport, toCells, withReadOnly, type ReportRow } from './service';
import { COMPONENT, checkQuery } from './sqlguard';

function log(ctx: CallContext, context: Context, action: string, crud: string, objectid: number) {
  return logContextEvent(ctx, context, { eventname: `report_${action}`, component: COMPONENT, action, target: 'report', objecttable: 'block_configurable_reports', objectid, crud });
}

async function summaries(ctx: CallContext, rows: readonly ReportRow[], manage: boolean): Promise<ReportSummary[]> {
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

const listReports = defineMethod(blockConfigurableReportsListReports, async (ctx, args) => {
  const manage = await canManage(ctx);
  let query = ctx.db.selectFrom('block_configurable_reports').selectAll().orderBy('name').orderBy('id');
  let courseContext: Context | null = null;
  if (args.courseid > 0) {
    courseContext = (await requireCourseAccess(ctx, args.courseid)).context;
    query = query.where('contextid', '=', courseContext.id);
  } else if (!manage) {
    query = query.where('contextid', 'in', (eb) => eb.selectFrom('context').select('id').where('contextlevel', 'in', [10, 40]));
  }
  const rows = await query.execute();
  const contexts = new Map((await loadContexts(ctx, [...new Set(rows.map((r) => r.contextid))])).map((c) => [c.id, c]));
  const shown = manage ? rows : await visible(ctx, rows, contexts);
  const placeContexts = manage ? [await getSystemContext(ctx.db), ...(courseContext ? [courseContext] : [])] : [];
  const placeNames = await contextNames(ctx, placeContexts);
  const places = placeContexts.map((c) => ({ contextid: c.id, name: placeNames.get(c.id)?.label ?? '' }));
  return { reports: await summaries(ctx, shown, manage), canmanage: manage, places };
});

const getReport = defineMethod(blockConfigurableReportsGetReport, async (ctx, args) => {
  const { report } = await requireRunReport(ctx, args.id);
  const manage = await canManage(ctx);
  const [summary] = await summaries(ctx, [report], manage);
  if (!summary) throw new AppError('invalidrecord', { a: 'block_configurable_reports' });
  return { ...summary, querysql: manage ? report.querysql : '' };
});

const saveReport = defineMethod(blockConfigurableReportsSaveReport, async (ctx, args) => {
  await requireManage(ctx);
  const context = await reportContext(ctx, args.contextid);
  const capability = await ctx.db.selectFrom('capabilities').select('name').where('name', '=', args.capability).executeTakeFirst();
  if (!capability) {
    throw new AppError('unknowncapability', { component: COMPONENT, fields: { capability: ctx.platform.strings.get('unknowncapability', COMPONENT, undefined, ctx.lang) } });
  }
  let querysql: string;
  try {
    querysql = checkQuery(args.querysql);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new AppError(error.errorcode, { component: error.component, a: error.a, fields: { querysql: queryErrorMessage(ctx, error) } });
  }
  const values = { name: args.name, summary: args.summary, querysql, contextid: context.id, capability: args.capability, usermodified: ctx.user?.id ?? 0, timemodified: now() };
  if (args.id === 0) {
    const row = await ctx.db.insertInto('block_configurable_reports').values({ ...values, timecreated: now() }).returning('id').executeTakeFirstOrThrow();
    await log(ctx, context, 'created', 'c', row.id);
    return { id: row.id };
  }
  await loadReport(ctx, args.id);
  await ctx.db.updateTable('block_configurable_reports').set(values).where('id', '=', args.id).execute();
  await log(ctx, context, 'updated', 'u', args.id);
  return { id: args.id };
});

const deleteReport = defineMethod(blockConfigurableReportsDeleteReport, async (ctx, args) => {
  await requireManage(ctx);
  const { context } = await loadReport(ctx, args.id);
  await log(ctx, context, 'deleted', 'd', args.id);
  await ctx.db.deleteFrom('block_configurable_reports').where('id', '=', args.id).execute();
  return { deleted: true };
});

const previewQuery = defineMethod(blockConfigurableReportsPreviewQuery, async (ctx, args) => {
  await requireManage(ctx);
  const context = args.courseid > 0 ? ((await getContext(ctx.db, CONTEXT_COURSE, args.courseid)) ?? null) : await getSystemContext(ctx.db);
  const values = placeholdersFor(ctx, context, { starttime: 0, endtime: 0 });
  return withReadOnly(ctx, async (session) => {
    const prepared = await PreparedReport.prepare(session, args.querysql, values);
    const { rows, truncated } = await prepared.firstRows(values, PREVIEW_ROWS);
    return { columns: prepared.columns, rows: toCells(rows), truncated };
  });
});

const runReport = defineMethod(blockConfigurableReportsRunReport, async (ctx, args) => {
  const { report, context } = await requireRunReport(ctx, args.id);
  const values = placeholdersFor(ctx, context, args);
  try {
    return await withReadOnly(ctx, async (session) => {
      const prepared = await PreparedReport.prepare(session, report.querysql, values);
      if (args.mode === 'client') {
        const { rows, truncated } = await prepared.firstRows(values, CLIENT_ROW_CAP);
        return { columns: prepared.columns, data: toCells(rows), recordsTotal: rows.length, recordsFiltered: rows.length, truncated };
      }
      const page = await prepared.page(values, args);
      return { columns: page.columns, data: toCells(page.rows), recordsTotal: page.recordsTotal, recordsFiltered: page.recordsFiltered, truncated: false };
    });
  } catch (error) {
    // The table shows a failing report as a warning above an empty list (the grid's `error` field).
    if (error instanceof AppError && error.component === COMPONENT) {
      return { columns: [], data: [], recordsTotal: 0, recordsFiltered: 0, truncated: false, error: queryErrorMessage(ctx, error) };
    }
    throw error;
  }
});

export const reportMethods = [listReports, getReport, saveReport, deleteReport, previewQuery, runReport];
