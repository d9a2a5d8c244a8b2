import { z } from 'zod';
import { contract } from './contract';
import { wsInt } from './types';

const COMPONENT = 'block_configurable_reports';
export const CAP_MANAGEREPORTS = 'block/configurable_reports:managereports';
export const CAP_VIEWREPORTS = 'block/configurable_reports:viewreports';

/** Table page lengths and the default (spec §9). */
export const PAGE_LENGTHS = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_LENGTH = 10;
/** Rows a report shows in client mode (sorted in the browser); larger results use server mode. */
export const CLIENT_ROW_CAP = 5000;
/** Rows the editor's preview shows. */
export const PREVIEW_ROWS = 20;
/** The capabilities the editor offers for who may view a report. */
export const REPORT_CAPABILITIES = ['block/configurable_reports:viewreports', 'moodle/site:viewreports', CAP_MANAGEREPORTS] as const;

/** A cell as it travels: text, a number, or empty. */
export const cellSchema = z.union([z.string(), z.number(), z.null()]);
export type Cell = z.infer<typeof cellSchema>;

const reportName = z.string().trim().min(1).max(255);
/** The query text; checked on the server (one SELECT/WITH, allowed tables only). */
const querysql = z.string().max(100_000);
const unixTime = wsInt.pipe(z.number().int().min(0));

export const reportSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  summary: z.string(),
  contextid: z.number(),
  contextlevel: z.number(),
  /** The course of a course report (0 otherwise), for the course report menu. */
  courseid: z.number(),
  contextname: z.string(),
  capability: z.string(),
  canedit: z.boolean(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

export const blockConfigurableReportsListReports = contract({
  name: 'block_configurable_reports_list_reports',
  component: COMPONENT,
  description:
    'Reports the caller may run: courseid 0 lists the site reports index (system and category reports; report managers see every report), a course id lists the reports of that course.',
  type: 'read',
  loginRequired: true,
  capabilities: [CAP_MANAGEREPORTS],
  args: z.strictObject({ courseid: wsInt.default(0) }),
  returns: z.object({
    reports: z.array(reportSummarySchema),
    canmanage: z.boolean(),
    /** For report managers: where a new report may be listed (the site, and the course when one is given). */
    places: z.array(z.object({ contextid: z.number(), name: z.string() })),
  }),
});

export const blockConfigurableReportsGetReport = contract({
  name: 'block_configurable_reports_get_report',
  component: COMPONENT,
  description: 'One report; its query text only for report managers.',
  type: 'read',
  loginRequired: true,
  capabilities: [CAP_MANAGEREPORTS],
  args: z.strictObject({ id: wsInt }),
  returns: reportSummarySchema.extend({ querysql: z.string() }),
});

export const blockConfigurableReportsSaveReport = contract({
  name: 'block_configurable_reports_save_report',
  component: COMPONENT,
  description: 'Creates (id 0) or updates a report. The query must be one SELECT or WITH reading allowed tables; contextid is a system, category or course context.',
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_MANAGEREPORTS],
  args: z.strictObject({
    id: wsInt.default(0),
    name: reportName,
    summary: z.string().max(10_000).default(''),
    querysql,
    contextid: wsInt,
    capability: z.string().trim().min(1).max(255),
  }),
  returns: z.object({ id: z.number() }),
});

export const blockConfigurableReportsDeleteReport = contract({
  name: 'block_configurable_reports_delete_report',
  component: COMPONENT,
  description: 'Deletes a report.',
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_MANAGEREPORTS],
  args: z.strictObject({ id: wsInt }),
  returns: z.object({ deleted: z.boolean() }),
});

export const previewSchema = z.object({ columns: z.array(z.string()), rows: z.array(z.array(cellSchema)), truncated: z.boolean() });

export const blockConfigurableReportsPreviewQuery = contract({
  name: 'block_configurable_reports_preview_query',
  component: COMPONENT,
  description: 'Runs a query text read-only and answers its first rows; a database error is refused as queryerror with its line.',
  type: 'read',
  loginRequired: true,
  capabilities: [CAP_MANAGEREPORTS],
  args: z.strictObject({ querysql, courseid: wsInt.default(0) }),
  returns: previewSchema,
});

export const sortSchema = z.strictObject({ column: wsInt.pipe(z.number().int().min(0).max(1000)), dir: z.enum(['asc', 'desc']) });
export type SortSpec = z.infer<typeof sortSchema>;

export const blockConfigurableReportsRunReport = contract({
  name: 'block_configurable_reports_run_report',
  component: COMPONENT,
  description:
    'Runs a report read-only. mode client: up to CLIENT_ROW_CAP rows in the query order. mode server: one page, sorted and searched by the database. A database error or timeout answers an empty list with `error`.',
  type: 'read',
  loginRequired: true,
  capabilities: [CAP_MANAGEREPORTS],
  args: z.strictObject({
    id: wsInt,
    mode: z.enum(['client', 'server']).default('server'),
    starttime: unixTime.default(0),
    endtime: unixTime.default(0),
    start: wsInt.pipe(z.number().int().min(0)).default(0),
    length: wsInt.pipe(z.number().int().min(1).max(100)).default(DEFAULT_PAGE_LENGTH),
    sort: z.array(sortSchema).max(20).default([]),
    search: z.string().max(255).default(''),
    columnsearch: z.array(z.string().max(255)).max(1000).default([]),
  }),
  returns: z.object({
    columns: z.array(z.string()),
    data: z.array(z.array(cellSchema)),
    recordsTotal: z.number(),
    recordsFiltered: z.number(),
    truncated: z.boolean(),
    error: z.string().optional(),
  }),
});
