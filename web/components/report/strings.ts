import type { TableMessages } from '../../platform/ReportTable';
import type { StringLookup } from '../../platform/useStrings';

export const COMPONENT = 'block_configurable_reports';

/** The report screens' strings (one list, so they arrive in one call). */
export const REPORT_STRINGS = [
  'reports', 'coursereports', 'sitereports', 'addreport', 'editreport', 'newreport', 'noreports', 'noreportsmanage', 'name', 'summary', 'where',
  'querysql', 'querysql_help', 'capability', 'capability_help', 'contextsystem', 'contextcourse', 'preview', 'previewing', 'previewrows',
  'previewnorows', 'previewtruncated', 'savechanges', 'createreport', 'cancel', 'saved', 'required', 'formerrors', 'delete', 'deletereport',
  'deleteconfirm', 'deleted', 'view', 'edit', 'actions', 'exportcsv', 'exportxlsx', 'truncated', 'timerange', 'starttime', 'endtime',
  'table_emptytable', 'table_info', 'table_infofiltered', 'table_zerorecords', 'table_processing', 'table_search', 'table_searchcolumn',
  'table_pagelength', 'table_previous', 'table_next', 'table_pagination', 'table_page', 'table_columns', 'table_sorthelp',
  'table_warning_error', 'table_warning_json', 'table_warning_sortdata', 'remotequerysql', 'remotequerysql_help', 'remotequerysql_none', 'mainresults',
  'remoteresults', 'previewremote', 'settings', 'settings_intro', 'setting_querytimeout', 'setting_querytimeout_help', 'setting_remotedb',
  'setting_remotedb_help', 'settingssaved', 'savesettings', 'reportchanged', 'contextcategory', 'schedule', 'schedule_help', 'schedule_none',
  'schedule_daily', 'schedule_weekly', 'emailresult', 'emailresult_help', 'scheduledruns', 'scheduledruns_none', 'run_time', 'run_rows', 'run_status',
  'run_ok', 'run_failed', 'run_download', 'run_truncated',
] as const;

/** The report table's messages from the pack. */
export function tableMessages(s: StringLookup): TableMessages {
  return {
    emptyTable: s('table_emptytable'),
    info: s('table_info'),
    infoFiltered: s('table_infofiltered'),
    zeroRecords: s('table_zerorecords'),
    processing: s('table_processing'),
    search: s('table_search'),
    searchColumn: (column) => s('table_searchcolumn', column),
    pageLength: s('table_pagelength'),
    previous: s('table_previous'),
    next: s('table_next'),
    pagination: s('table_pagination'),
    page: s('table_page'),
    columns: s('table_columns'),
    sortHelp: s('table_sorthelp'),
    warningError: s('table_warning_error'),
    warningJson: s('table_warning_json'),
    warningSortData: s('table_warning_sortdata'),
  };
}
