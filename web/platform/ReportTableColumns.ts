import type { ReactNode } from 'react';

export type TableCell = string | number | null;
export const TABLE_PAGE_LENGTHS = [10, 25, 50, 100] as const;
/** Rows the type detection looks at (spec §9). */
const TYPE_SAMPLE = 50;
/** Page links shown by full-number paging. */
const PAGE_LINKS = 5;

/** One of several orders a heading offers (a name column sorting by first or by last name). */
export interface SortOption {
  key: string;
  label: string;
}

/** A column of the report table over rows of type R. */
export interface TableColumn<R> {
  /** The heading: shown, and naming the column in the column list and in its search box. */
  header: string;
  /** The value the table sorts, searches and detects the type by in the browser; shown when there is no `cell`. */
  value: (row: R) => TableCell;
  /** What the cell shows when it is more than its value: links, buttons, badges. */
  cell?: (row: R) => ReactNode;
  /** The server's name for sorting by this column (sources fed by a web-service method). */
  key?: string;
  /** Several sort buttons in one heading, each with its own server key (server mode only). */
  sortOptions?: readonly SortOption[];
  /** Heading content in place of the sort button (a select-all box); such a column neither sorts nor hides. */
  heading?: ReactNode;
  /** Keeps the heading for screen readers only (a column of row actions). */
  headerHidden?: boolean;
  sortable?: boolean;
  searchable?: boolean;
  hideable?: boolean;
  /** The cell names its row (a row header). */
  rowHeader?: boolean;
  /** Aligns the column as numbers (true) or as text (false) instead of detecting it. */
  numeric?: boolean;
  /** Keeps each cell on one line (dates, action buttons). */
  nowrap?: boolean;
}

/** Columns of report results: each row is the list of its cells, in column order. */
export function cellColumns(names: readonly string[]): Array<TableColumn<TableCell[]>> {
  return names.map((header, i) => ({ header, value: (row) => row[i] ?? null }));
}

export interface TableSort {
  /** The column's position. */
  column: number;
  dir: 'asc' | 'desc';
  /** The server's name for the order (the column's key, or the chosen sort option's). */
  key?: string;
}

export interface TableRequest {
  start: number;
  length: number;
  sort: TableSort[];
  search: string;
  columnsearch: string[];
}

export interface TablePage<R> {
  data: R[];
  /** Rows before any search; a source that counts only the matches leaves it out. */
  recordsTotal?: number;
  recordsFiltered: number;
  error?: string;
}

export type TableFetch<R> = (request: TableRequest) => Promise<TablePage<R>>;

export const isSortable = <R>(column: TableColumn<R>) => column.sortable !== false && column.heading === undefined;
export const isSearchable = <R>(column: TableColumn<R>) => column.searchable !== false && column.heading === undefined;
export const isHideable = <R>(column: TableColumn<R>) => column.hideable !== false && column.heading === undefined;

/**
 * A sort's id in the table's state: the column's position, with the option's key after a colon when
 * the heading offers several orders ("1:lastname").
 */
export const sortId = (column: number, option?: string) => (option ? `${column}:${option}` : String(column));

export function parseSortId(id: string): { column: number; option?: string } {
  const [column = '', option] = id.split(':');
  return option ? { column: Number(column), option } : { column: Number(column) };
}

/** Column types from up to 50 rows: a column whose values are all numbers sorts as numbers. */
export function detectNumeric(rows: readonly TableCell[][], columns: number): boolean[] {
  const sample = rows.slice(0, TYPE_SAMPLE);
  return Array.from({ length: columns }, (_, i) => {
    const values = sample.map((r) => r[i]).filter((v) => v !== null && v !== '');
    return values.length > 0 && values.every((v) => typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())));
  });
}

/** Page numbers to show around the current page (0-based), at most `links` of them. */
export function pageWindow(page: number, pages: number, links = PAGE_LINKS): number[] {
  const count = Math.min(links, pages);
  const first = Math.max(0, Math.min(page - Math.floor(count / 2), pages - count));
  return Array.from({ length: count }, (_, i) => first + i);
}

type Sorting = Array<{ id: string; desc: boolean }>;

/**
 * The sort after a click on a column heading (spec §4): each column cycles ascending → descending
 * (→ none when allowed); a plain click replaces the sort with that column, shift-click adds the
 * column or advances its order while keeping the others.
 */
export function nextSorting(old: Sorting, id: string, multi: boolean, allowNoSort: boolean): Sorting {
  const existing = old.find((s) => s.id === id);
  const next: 'asc' | 'desc' | null = !existing ? 'asc' : !existing.desc ? 'desc' : allowNoSort ? null : 'asc';
  if (!multi) return next === null ? [] : [{ id, desc: next === 'desc' }];
  if (!existing) return [...old, { id, desc: false }];
  return next === null ? old.filter((s) => s.id !== id) : old.map((s) => (s.id === id ? { id, desc: next === 'desc' } : s));
}

/** A message with its `_NAME_` markers filled in. */
export const fill = (template: string, values: Record<string, string | number>) => template.replace(/_([A-Z]+)_/g, (m, key: string) => String(values[key] ?? m));
