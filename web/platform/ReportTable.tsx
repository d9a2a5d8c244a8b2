import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnFiltersState,
  type PaginationState,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import { loadState, saveState } from './tablestate';
import { TableJsonError } from './tablesource';
import './reporttable.css';

export type TableCell = string | number | null;
export const TABLE_PAGE_LENGTHS = [10, 25, 50, 100] as const;
/** Rows the type detection looks at; the processing indicator's delay (spec §9). */
const TYPE_SAMPLE = 50;
const PROCESSING_DELAY_MS = 500;
/** Page links shown by full-number paging. */
const PAGE_LINKS = 5;

/** The table's texts, from the language pack of the screen that shows it. */
export interface TableMessages {
  emptyTable: string;
  info: string;
  infoFiltered: string;
  zeroRecords: string;
  processing: string;
  search: string;
  searchColumn: (column: string) => string;
  pageLength: string;
  previous: string;
  next: string;
  pagination: string;
  page: string;
  columns: string;
  sortHelp: string;
  warningError: string;
  /** The server's answer could not be read (spec §8). */
  warningJson: string;
  warningSortData: string;
}

export interface TableRequest {
  start: number;
  length: number;
  sort: Array<{ column: number; dir: 'asc' | 'desc' }>;
  search: string;
  columnsearch: string[];
}

export interface TablePage {
  data: TableCell[][];
  recordsTotal: number;
  recordsFiltered: number;
  error?: string;
}

export interface ReportTableProps {
  /** Names the saved state (a cookie per table). */
  stateId: string;
  caption: string;
  columns: readonly string[];
  messages: TableMessages;
  /** Client mode: every row, sorted, searched and paged in the browser. */
  rows?: readonly TableCell[][];
  /** Client mode: values to sort by instead of the shown ones, one list per row. */
  sortData?: readonly TableCell[][];
  /** Server mode: the database pages, sorts and searches (usually `getJsonSource`, GET with a JSON answer). */
  fetchPage?: (request: TableRequest) => Promise<TablePage>;
  /** Lets a third click on a heading remove its sort. */
  allowNoSort?: boolean;
}

type Row = { cells: TableCell[]; sort: TableCell[] };

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

/** A column's search text (filters here are always text). */
const filterText = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The sort after a click on a column heading (spec §4): each column cycles ascending → descending
 * (→ none when allowed); a plain click replaces the sort with that column, shift-click adds the
 * column or advances its order while keeping the others.
 */
export function nextSorting(old: SortingState, id: string, multi: boolean, allowNoSort: boolean): SortingState {
  const existing = old.find((s) => s.id === id);
  const next: 'asc' | 'desc' | null = !existing ? 'asc' : !existing.desc ? 'desc' : allowNoSort ? null : 'asc';
  if (!multi) return next === null ? [] : [{ id, desc: next === 'desc' }];
  if (!existing) return [...old, { id, desc: false }];
  return next === null ? old.filter((s) => s.id !== id) : old.map((s) => (s.id === id ? { id, desc: next === 'desc' } : s));
}

const fill = (template: string, values: Record<string, string | number>) => template.replace(/_([A-Z]+)_/g, (m, key: string) => String(values[key] ?? m));

/** Sorting of report results and other long lists: client or server mode, with paging, search and saved state. */
export function ReportTable({ stateId, caption, columns, messages, rows, sortData, fetchPage, allowNoSort = false }: ReportTableProps) {
  const saved = useMemo(() => loadState(stateId), [stateId]);
  const [sorting, setSorting] = useState<SortingState>(() => (saved?.sort ?? []).filter((s) => s.column < columns.length).map((s) => ({ id: String(s.column), desc: s.dir === 'desc' })));
  const [pagination, setPagination] = useState<PaginationState>(() => {
    const length = TABLE_PAGE_LENGTHS.includes((saved?.length ?? 10) as 10) ? (saved?.length ?? 10) : 10;
    return { pageIndex: Math.floor((saved?.start ?? 0) / length), pageSize: length };
  });
  const [globalFilter, setGlobalFilter] = useState(saved?.search ?? '');
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>(() =>
    (saved?.columns ?? []).flatMap((c, i) => (c.search && i < columns.length ? [{ id: String(i), value: c.search }] : [])),
  );
  const [visibility, setVisibility] = useState<VisibilityState>(() => Object.fromEntries((saved?.columns ?? []).map((c, i) => [String(i), c.visible])));
  const server = fetchPage !== undefined;
  const [page, setPage] = useState<TablePage | null>(null);
  const [processing, setProcessing] = useState(false);
  const [warning, setWarning] = useState('');

  const request: TableRequest = useMemo(
    () => ({
      start: pagination.pageIndex * pagination.pageSize,
      length: pagination.pageSize,
      sort: sorting.map((s) => ({ column: Number(s.id), dir: s.desc ? 'desc' : 'asc' })),
      search: globalFilter,
      columnsearch: columns.map((_, i) => filterText(columnFilters.find((f) => f.id === String(i))?.value)),
    }),
    [pagination, sorting, globalFilter, columnFilters, columns],
  );


  useEffect(() => {
    if (!fetchPage) return;
    let current = true;
    const timer = setTimeout(() => current && setProcessing(true), PROCESSING_DELAY_MS);
    fetchPage(request)
      .then((answer) => {
        if (!current) return;
        setPage(answer);
        setWarning(answer.error ? fill(messages.warningError, { ERROR: answer.error }) : '');
      })
      .catch((error: unknown) => {
        if (!current) return;
        if (error instanceof TableJsonError) console.warn(messages.warningJson, error.message);
        setWarning(error instanceof TableJsonError ? messages.warningJson : fill(messages.warningError, { ERROR: error instanceof Error ? error.message : String(error) }));
      })
      .finally(() => {
        clearTimeout(timer);
        if (current) setProcessing(false);
      });
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [fetchPage, request, messages.warningError, messages.warningJson]);

  const sortDataFits = !sortData || sortData.length === (rows?.length ?? 0);
  const data: Row[] = useMemo(() => {
    const source = server ? (page?.data ?? []) : (rows ?? []);
    return source.map((cells, i) => ({ cells: [...cells], sort: sortDataFits && sortData?.[i] ? [...sortData[i]] : [...cells] }));
  }, [server, page, rows, sortData, sortDataFits]);
  const numeric = useMemo(() => detectNumeric(data.map((r) => r.sort), columns.length), [data, columns.length]);

  const columnDefs: Array<ColumnDef<Row>> = useMemo(
    () =>
      columns.map((name, i) => ({
        id: String(i),
        header: name,
        accessorFn: (row: Row) => {
          const v = row.sort[i];
          return numeric[i] ? (v === null || v === '' ? null : Number(v)) : v === null ? '' : String(v);
        },
        cell: (info) => {
          const v = info.row.original.cells[i];
          return v === null ? '' : String(v);
        },
        sortingFn: numeric[i] ? 'basic' : 'alphanumeric',
        sortUndefined: 'last',
        filterFn: 'includesString',
      })),
    [columns, numeric],
  );

  const table = useReactTable({
    data,
    columns: columnDefs,
    state: { sorting, pagination, globalFilter, columnFilters, columnVisibility: visibility },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    onGlobalFilterChange: setGlobalFilter,
    onColumnFiltersChange: setColumnFilters,
    onColumnVisibilityChange: setVisibility,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: server ? undefined : getSortedRowModel(),
    getFilteredRowModel: server ? undefined : getFilteredRowModel(),
    getPaginationRowModel: server ? undefined : getPaginationRowModel(),
    globalFilterFn: 'includesString',
    manualSorting: server,
    manualFiltering: server,
    manualPagination: server,
    rowCount: server ? (page?.recordsFiltered ?? 0) : undefined,
    enableMultiSort: true,
    autoResetPageIndex: false,
  });

  useEffect(() => {
    if (sortData && !sortDataFits) console.warn(fill(messages.warningSortData, { GOT: sortData.length, ROWS: rows?.length ?? 0 }));
  }, [sortData, sortDataFits, rows, messages.warningSortData]);

  const total = server ? (page?.recordsTotal ?? 0) : data.length;
  const filtered = server ? (page?.recordsFiltered ?? 0) : table.getFilteredRowModel().rows.length;
  const shown = table.getRowModel().rows;
  useEffect(() => {
    saveState(stateId, {
      time: Date.now(),
      start: request.start,
      end: request.start + shown.length,
      length: request.length,
      sort: request.sort,
      search: request.search,
      columns: columns.map((_, i) => ({ search: request.columnsearch[i] ?? '', visible: visibility[String(i)] !== false })),
    });
  }, [stateId, request, visibility, columns, shown.length]);
  const start = filtered === 0 ? 0 : pagination.pageIndex * pagination.pageSize + 1;
  const end = Math.min(filtered, pagination.pageIndex * pagination.pageSize + shown.length);
  const pages = Math.max(1, Math.ceil(filtered / pagination.pageSize));
  const filtering = globalFilter.trim() !== '' || columnFilters.some((f) => filterText(f.value).trim() !== '');

  const goTo = (index: number) => setPagination((p) => ({ ...p, pageIndex: Math.max(0, Math.min(index, pages - 1)) }));
  const searchChanged = (value: string) => {
    setGlobalFilter(value);
    goTo(0);
  };

  return (
    <div className="report-table">
      <div className="report-table-toolbar">
        <label className="report-table-length">
          <span>{messages.pageLength}</span>
          <select value={pagination.pageSize} onChange={(e) => setPagination({ pageIndex: 0, pageSize: Number(e.target.value) })}>
            {TABLE_PAGE_LENGTHS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <details className="report-table-columns">
          <summary className="btn btn-secondary">{messages.columns}</summary>
          <fieldset>
            <legend className="visually-hidden">{messages.columns}</legend>
            {table.getAllLeafColumns().map((column) => (
              <label key={column.id}>
                <input type="checkbox" checked={column.getIsVisible()} onChange={column.getToggleVisibilityHandler()} />
                {columns[Number(column.id)]}
              </label>
            ))}
          </fieldset>
        </details>
        <label className="report-table-search">
          <span>{messages.search}</span>
          <input type="search" value={globalFilter} onChange={(e) => searchChanged(e.target.value)} />
        </label>
      </div>
      {warning && (
        <div className="alert alert-warning" role="alert">
          {warning}
        </div>
      )}
      {sortData && !sortDataFits && (
        <div className="alert alert-warning" role="alert">
          {fill(messages.warningSortData, { GOT: sortData.length, ROWS: rows?.length ?? 0 })}
        </div>
      )}
      <div className="table-scroll report-table-scroll" aria-busy={processing}>
        {processing && (
          <div className="report-table-processing" role="status">
            {messages.processing}
          </div>
        )}
        <table className="table">
          <caption className="visually-hidden">
            {caption}. {messages.sortHelp}
          </caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const order = sorting.length > 1 ? header.column.getSortIndex() + 1 : 0;
                  const toggle = (e: { shiftKey: boolean }) => setSorting((old) => nextSorting(old, header.column.id, e.shiftKey, allowNoSort));
                  return (
                    <th key={header.id} scope="col" className={numeric[Number(header.column.id)] ? 'numeric' : undefined} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
                      <button
                        type="button"
                        className="report-table-sort"
                        onClick={(e) => toggle(e)}
                        onKeyDown={(e: KeyboardEvent<HTMLButtonElement>) => {
                          // Enter with shift adds the column, as shift-click does.
                          if (e.key === 'Enter' && e.shiftKey) {
                            e.preventDefault();
                            toggle(e);
                          }
                        }}
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span className={`sort-icon sort-${sorted || 'none'}`} aria-hidden="true">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                        {order > 0 && sorted && (
                          <span className="sort-order" aria-hidden="true">
                            {order}
                          </span>
                        )}
                      </button>
                    </th>
                  );
                })}
              </tr>
            ))}
            <tr className="report-table-filters">
              {table.getVisibleLeafColumns().map((column) => (
                <td key={column.id}>
                  <input
                    type="search"
                    aria-label={messages.searchColumn(columns[Number(column.id)] ?? '')}
                    value={filterText(column.getFilterValue())}
                    onChange={(e) => {
                      column.setFilterValue(e.target.value);
                      goTo(0);
                    }}
                  />
                </td>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 ? (
              <tr>
                <td colSpan={Math.max(1, table.getVisibleLeafColumns().length)} className="report-table-empty">
                  {filtering && total > 0 ? messages.zeroRecords : messages.emptyTable}
                </td>
              </tr>
            ) : (
              shown.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={numeric[Number(cell.column.id)] ? 'numeric' : undefined}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="report-table-footer">
        <p className="report-table-info" aria-live="polite">
          {fill(messages.info, { START: start, END: end, TOTAL: filtered })}
          {filtering && filtered !== total ? ` ${fill(messages.infoFiltered, { MAX: total })}` : ''}
        </p>
        <nav aria-label={messages.pagination}>
          <ul className="report-table-pages">
            <li>
              <button type="button" className="btn btn-link" disabled={pagination.pageIndex === 0} onClick={() => goTo(pagination.pageIndex - 1)}>
                {messages.previous}
              </button>
            </li>
            {pageWindow(pagination.pageIndex, pages).map((n) => (
              <li key={n}>
                <button
                  type="button"
                  className={`btn ${n === pagination.pageIndex ? 'btn-primary' : 'btn-link'}`}
                  aria-label={fill(messages.page, { PAGE: n + 1 })}
                  aria-current={n === pagination.pageIndex ? 'page' : undefined}
                  onClick={() => goTo(n)}
                >
                  {n + 1}
                </button>
              </li>
            ))}
            <li>
              <button type="button" className="btn btn-link" disabled={pagination.pageIndex >= pages - 1} onClick={() => goTo(pagination.pageIndex + 1)}>
                {messages.next}
              </button>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
