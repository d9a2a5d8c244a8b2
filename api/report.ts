import { z } from 'zod';
import { contract } from './contract';
import { wsBool, wsInt } from './types';

const COMPONENT = 'block_configurable_reports';
export const CAP_MANAGEREPORTS = 'block/configurable_reports:managereports';
export const CAP_VIEWREPORTS = 'block/configurable_reports:viewreports';
/** Changing the reports' site settings (the second database connection holds a password). */
export const CAP_SITE_CONFIG = 'moodle/site:config';

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
/** Which of a report's queries runs: the main query on the site's database, or the remote query on the second connection. */
export const sourceSchema = z.enum(['main', 'remote']);
export type ReportSource = z.infer<typeof sourceSchema>;
/** How often a report runs on its own: its CSV is stored, and its author notified when asked. */
export const scheduleSchema = z.enum(['none', 'daily', 'weekly']);
export type ReportSchedule = z.infer<typeof scheduleSchema>;
/** Rows a scheduled run stores at most. */
export const SCHEDULE_ROW_CAP = 100_000;
/** Query timeout bounds, in seconds (config block_configurable_reports_querytimeout). */
export const TIMEOUT_MIN = 1;
export const TIMEOUT_MAX = 300;

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
  /** The report has a remote query and the site has a second database connection to run it on. */
  hasremote: z.boolean(),
  /** For the optimistic check of an edit (saved with the report). */
  timemodified: z.number(),
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
    /** The caller may change the reports' site settings (timeout, second database). */
    canconfigure: z.boolean(),
    /** For report managers: a second database connection is set up, so remote queries can run. */
    hasremotedb: z.boolean(),
    /** Seconds a report query may run (for the editor's help). */
    querytimeout: z.number(),
  }),
});

export const blockConfigurableReportsGetReport = contract({
  name: 'block_configurable_reports_get_report',
  component: COMPONENT,
  description: 'One report; its query texts only for report managers.',
  type: 'read',
  loginRequired: true,
  capabilities: [CAP_MANAGEREPORTS],
  args: z.strictObject({ id: wsInt }),
  returns: reportSummarySchema.extend({ querysql: z.string(), remotequerysql: z.string(), schedule: scheduleSchema, emailresult: z.boolean() }),
});

export const blockConfigurableReportsSaveReport = contract({
  name: 'block_configurable_reports_save_report',
  component: COMPONENT,
  description:
    'Creates (id 0) or updates a report. Each query must be one SELECT or WITH reading allowed tables (the remote query may be empty); contextid is a system, category or course context. When editing, timemodified must be the one the report was read with (reportchanged otherwise).',
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_MANAGEREPORTS],
  args: z.strictObject({
    id: wsInt.default(0),
    name: reportName,
    summary: z.string().max(10_000).default(''),
    querysql,
    remotequerysql: querysql.default(''),
    contextid: wsInt,
    capability: z.string().trim().min(1).max(255),
    schedule: scheduleSchema.default('none'),
    emailresult: wsBool.default(false),
    timemodified: wsInt.default(0),
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
  description:
    'Runs a query text read-only (source remote: on the second database connection) and answers its first rows; a database error is refused as queryerror with its line.',
  type: 'read',
  loginRequired: true,
  capabilities: [CAP_MANAGEREPORTS],
  args: z.strictObject({ querysql, courseid: wsInt.default(0), source: sourceSchema.default('main') }),
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
    source: sourceSchema.default('main'),
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

export const settingsSchema = z.object({
  /** Seconds a report query may run. */
  querytimeout: z.number(),
  /** The second database connection (`postgres://…` or `sqlite:<file>`), its password shown as ********; empty when none. */
  remotedb: z.string(),
});

export const blockConfigurableReportsGetSettings = contract({
  name: 'block_configurable_reports_get_settings',
  component: COMPONENT,
  description: "The reports' site settings: the query timeout and the second database connection for remote queries (password masked).",
  type: 'read',
  loginRequired: true,
  capabilities: [CAP_SITE_CONFIG],
  args: z.strictObject({}),
  returns: settingsSchema,
});

export const blockConfigurableReportsSaveSettings = contract({
  name: 'block_configurable_reports_save_settings',
  component: COMPONENT,
  description:
    'Saves the query timeout (1 to 300 seconds) and the second database connection. A connection is tried before it is kept; a masked password (********) keeps the stored one; empty removes the connection.',
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_SITE_CONFIG],
  args: z.strictObject({
    querytimeout: wsInt.pipe(z.number().int().min(TIMEOUT_MIN).max(TIMEOUT_MAX)),
    remotedb: z.string().trim().max(1000).default(''),
  }),
  returns: settingsSchema,
});

export const runSchema = z.object({
  id: z.number(),
  timecreated: z.number(),
  status: z.enum(['ok', 'failed']),
  rowcount: z.number(),
  truncated: z.boolean(),
  message: z.string(),
  /** The stored CSV (empty for a failed run). */
  downloadurl: z.string(),
});
export type ReportRun = z.infer<typeof runSchema>;

export const blockConfigurableReportsListRuns = contract({
  name: 'block_configurable_reports_list_runs',
  component: COMPONENT,
  description: 'The latest scheduled runs of a report (newest first, at most 20), with their stored results; for those who may run the report.',
  type: 'read',
  loginRequired: true,
  capabilities: [CAP_MANAGEREPORTS],
  args: z.strictObject({ id: wsInt }),
  returns: z.object({ schedule: scheduleSchema, runs: z.array(runSchema) }),
});
