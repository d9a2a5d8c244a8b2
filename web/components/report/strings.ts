export const COMPONENT = 'block_configurable_reports';

/** The report screens' strings (one list, so they arrive in one call). */
export const REPORT_STRINGS = [
  'reports', 'coursereports', 'sitereports', 'addreport', 'editreport', 'newreport', 'noreports', 'noreportsmanage', 'name', 'summary', 'where',
  'querysql', 'querysql_help', 'capability', 'capability_help', 'contextsystem', 'contextcourse', 'preview', 'previewing', 'previewrows',
  'previewnorows', 'previewtruncated', 'savechanges', 'createreport', 'cancel', 'saved', 'required', 'formerrors', 'delete', 'deletereport',
  'deleteconfirm', 'deleted', 'view', 'edit', 'actions', 'exportcsv', 'exportxlsx', 'exportods', 'truncated', 'timerange', 'starttime', 'endtime',
  'remotequerysql', 'remotequerysql_help', 'remotequerysql_none', 'mainresults',
  'remoteresults', 'previewremote', 'settings', 'settings_intro', 'setting_querytimeout', 'setting_querytimeout_help', 'setting_remotedb',
  'setting_remotedb_help', 'settingssaved', 'savesettings', 'reportchanged', 'contextcategory', 'schedule', 'schedule_help', 'schedule_none',
  'schedule_daily', 'schedule_weekly', 'emailresult', 'emailresult_help', 'scheduledruns', 'scheduledruns_none', 'run_time', 'run_rows', 'run_status',
  'run_ok', 'run_failed', 'run_download', 'run_truncated',
] as const;
