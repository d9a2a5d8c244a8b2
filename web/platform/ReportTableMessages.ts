import { useStrings } from './useStrings';

/** The table's texts (spec §9), from the site's core language pack; screens may replace any of them. */
export interface TableMessages {
  emptyTable: string;
  info: string;
  infoFiltered: string;
  zeroRecords: string;
  processing: string;
  search: string;
  /** Help under the search box (what it searches). */
  searchHelp?: string;
  searchColumn: (column: string) => string;
  pageLength: string;
  previous: string;
  next: string;
  pagination: string;
  page: string;
  columns: string;
  sortHelp: string;
  /** The server answered an `error` field (spec §8). */
  warningError: string;
  /** The server's answer could not be read. */
  warningJson: string;
  /** Custom sort data has the wrong number of rows. */
  warningSortData: string;
  /** The table is wider than its container. */
  warningFit: string;
  /** A second table on the page keeps its state under the same name. */
  warningTwice: string;
  /** What the table was given is not a table. */
  warningNonTable: string;
}

const TABLE_STRINGS = [
  'table_emptytable', 'table_info', 'table_infofiltered', 'table_zerorecords', 'table_processing', 'table_search', 'table_searchcolumn',
  'table_pagelength', 'table_previous', 'table_next', 'table_pagination', 'table_page', 'table_columns', 'table_sorthelp',
  'table_warning_error', 'table_warning_json', 'table_warning_sortdata', 'table_warning_fit', 'table_warning_twice', 'table_warning_nontable',
] as const;

/** The report table's messages in the user's language. */
export function useTableMessages(): TableMessages {
  const s = useStrings('moodle', TABLE_STRINGS);
  return {
    emptyTable: s('table_emptytable'),
    info: s('table_info'),
    infoFiltered: s('table_infofiltered'),
    zeroRecords: s('table_zerorecords'),
    processing: s('table_processing'),
    search: s('table_search'),
    searchColumn: (column: string) => s('table_searchcolumn', column),
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
    warningFit: s('table_warning_fit'),
    warningTwice: s('table_warning_twice'),
    warningNonTable: s('table_warning_nontable'),
  };
}
