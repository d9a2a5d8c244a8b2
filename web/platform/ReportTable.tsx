import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
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
import {
  TABLE_PAGE_LENGTHS,
  detectNumeric,
  fill,
  isHideable,
  isSearchable,
  isSortable,
  nextSorting,
  parseSortId,
  sortId,
  type TableCell,
  type TableColumn,
  type TableFetch,
  type TableRequest,
} from './ReportTableColumns';
import { useServerPage } from './ReportTableFetch';
import { ReportTableFooter } from './ReportTableFooter';
import { ReportTableHead } from './ReportTableHead';
import { ReportTableToolbar } from './ReportTableToolbar';
import type { TableMessages } from './ReportTableMessages';
import { notATable, useFitWarning, useSharedStateWarning } from './ReportTableWarnings';
import { loadState, saveState, type TableState } from './tablestate';
import './reporttable.css';

/** A search typed into a table the server pages waits for a pause in typing. */
export const SEARCH_DELAY_MS = 300;

export interface ReportTableProps<R> {
  /** Names the saved state (a cookie per table). */
  stateId: string;
  caption: string;
  /** Keep the same list between renders while nothing about the columns changes (as for any table library). */
  columns: ReadonlyArray<TableColumn<R>>;
  messages: TableMessages;
  /** Client mode: every row, sorted, searched and paged in the browser. */
  rows?: readonly R[];
  /** Client mode: values to sort by instead of the shown ones, one list per row. */
  sortData?: readonly TableCell[][];
  /** Server mode: the database pages, sorts and searches (`getJsonSource` by GET, or `useWsTableSource`). */
  fetchPage?: TableFetch<R>;
  /** Server mode: a change fetches the current page again (the rows changed elsewhere). */
  refreshKey?: unknown;
  /** Lets a third click on a heading remove its sort. */
  allowNoSort?: boolean;
  /** The search kept by the screen (in its address): the box shows it and reports changes after a pause in typing. */
  search?: string;
  onSearchChange?: (search: string) => void;
  /** The screen's own controls, shown in the table's toolbar (filters). */
  toolbar?: ReactNode;
  rowKey?: (row: R, index: number) => string | number;
  rowSelected?: (row: R) => boolean;
  /** Server mode: each page as it arrives, for screens acting on the rows shown (a select-all box). */
  onPage?: (rows: readonly R[]) => void;
}

type Row<R> = { row: R; sort: TableCell[] };

function initialSorting<R>(saved: TableState | null, columns: ReadonlyArray<TableColumn<R>>): SortingState {
  return (saved?.sort ?? []).flatMap((s) => {
    const column = columns[s.column];
    if (!column || !isSortable(column)) return [];
    const option = column.sortOptions?.find((o) => o.key === s.option)?.key ?? column.sortOptions?.[0]?.key;
    return [{ id: sortId(s.column, option), desc: s.dir === 'desc' }];
  });
}

/** A column's search text (filters here are always text). */
const filterText = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The report table: results of reports and other long lists. Client mode sorts, searches and pages
 * the rows it is given; server mode asks `fetchPage` for each page. Either way: page lengths, global
 * and per-column search, column visibility, the sort cycle with shift-click multi-sort, saved state
 * and the library's warnings (spec §2–§5, §8, §9).
 */
export function ReportTable<R>(props: ReportTableProps<R>) {
  const { stateId, caption, columns, messages, rows, sortData, fetchPage, refreshKey, allowNoSort = false, search, onSearchChange, toolbar, rowKey, rowSelected } = props;
  const controlled = onSearchChange !== undefined;
  const server = fetchPage !== undefined;
  const [saved] = useState(() => loadState(stateId));
  const [sorting, setSorting] = useState<SortingState>(() => initialSorting(saved, columns));
  const [pagination, setPagination] = useState<PaginationState>(() => {
    const length = TABLE_PAGE_LENGTHS.find((n) => n === saved?.length) ?? TABLE_PAGE_LENGTHS[0];
    return { pageIndex: controlled && (search ?? '') !== (saved?.search ?? '') ? 0 : Math.floor((saved?.start ?? 0) / length), pageSize: length };
  });
  // The search applied to the rows, and the text in the box (ahead of it while typing pauses).
  const [applied, setApplied] = useState(() => (controlled ? (search ?? '') : (saved?.search ?? '')));
  const [text, setText] = useState(applied);
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>(() =>
    (saved?.columns ?? []).flatMap((c, i) => (c.search && columns[i] && isSearchable(columns[i]) ? [{ id: String(i), value: c.search }] : [])),
  );
  const [visibility, setVisibility] = useState<VisibilityState>(() => Object.fromEntries((saved?.columns ?? []).map((c, i) => [String(i), c.visible || !columns[i] || !isHideable(columns[i])])));
  const scroller = useRef<HTMLDivElement>(null);
  const tableElement = useRef<HTMLTableElement>(null);
  const shared = useSharedStateWarning(stateId);
  const tooWide = useFitWarning(scroller, tableElement);

  const firstPage = () => setPagination((p) => (p.pageIndex === 0 ? p : { ...p, pageIndex: 0 }));
  // A new source (other filters, another time range) starts again at the first page.
  const [source, setSource] = useState(() => fetchPage);
  if (source !== fetchPage) {
    setSource(() => fetchPage);
    if (pagination.pageIndex !== 0) setPagination({ ...pagination, pageIndex: 0 });
  }
  // A search changed by the screen (its address changed) shows in the box and starts at the first
  // page; the screen echoing back what the box reported changes nothing.
  const [seen, setSeen] = useState(search);
  const [sent, setSent] = useState<string | null>(null);
  if (controlled && search !== seen) {
    setSeen(search);
    setSent(null);
    if (search !== sent) {
      setText(search ?? '');
      setApplied(search ?? '');
      if (pagination.pageIndex !== 0) setPagination({ ...pagination, pageIndex: 0 });
    }
  }
  const applySearch = (value: string) => {
    setApplied(value);
    firstPage();
    if (controlled) {
      setSent(value);
      onSearchChange(value);
    }
  };
  const delayed = server || controlled;
  useEffect(() => {
    if (!delayed || text.trim() === applied) return undefined;
    const timer = setTimeout(() => applySearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  });

  // Sort keys by position, as a string so that new column objects with the same keys ask nothing new.
  const keySignature = JSON.stringify(columns.map((c) => c.key ?? null));
  const request: TableRequest = useMemo(() => {
    const keys = JSON.parse(keySignature) as Array<string | null>;
    return {
      start: pagination.pageIndex * pagination.pageSize,
      length: pagination.pageSize,
      sort: sorting.map((s) => {
        const { column, option } = parseSortId(s.id);
        const key = option ?? keys[column] ?? undefined;
        return { column, dir: s.desc ? ('desc' as const) : ('asc' as const), ...(key ? { key } : {}) };
      }),
      search: applied,
      columnsearch: keys.map((_, i) => filterText(columnFilters.find((f) => f.id === String(i))?.value)),
    };
  }, [pagination, sorting, applied, columnFilters, keySignature]);

  const { page, processing, warning } = useServerPage(fetchPage, request, refreshKey, messages, props.onPage);

  const given = useMemo(() => (server ? (page?.data ?? []) : (rows ?? [])), [server, page, rows]);
  const sortDataFits = !sortData || sortData.length === given.length;
  const data: Array<Row<R>> = useMemo(
    () => given.map((row, i) => ({ row, sort: sortDataFits && sortData?.[i] ? [...sortData[i]] : columns.map((c) => (row !== null && typeof row === 'object' ? c.value(row) : null)) })),
    [given, sortData, sortDataFits, columns],
  );
  const detected = useMemo(() => detectNumeric(data.map((r) => r.sort), columns.length), [data, columns.length]);
  const numeric = columns.map((c, i) => c.numeric ?? detected[i] ?? false);

  // Which columns hold numbers, as a string so that the definitions change only when a type does.
  const numericKey = numeric.map((n) => (n ? '1' : '0')).join('');
  const columnDefs: Array<ColumnDef<Row<R>>> = useMemo(() => {
    const isNumber = (i: number) => numericKey[i] === '1';
    return columns.map((column, i) => ({
      id: String(i),
      accessorFn: (row: Row<R>) => {
        const v = row.sort[i];
        return isNumber(i) ? (v === null || v === '' ? null : Number(v)) : v === null || v === undefined ? '' : String(v);
      },
      enableSorting: isSortable(column) && !column.sortOptions,
      enableHiding: isHideable(column),
      enableColumnFilter: isSearchable(column),
      enableGlobalFilter: isSearchable(column),
      sortingFn: isNumber(i) ? 'basic' : 'alphanumeric',
      sortUndefined: 'last',
      filterFn: 'includesString',
    }));
  }, [columns, numericKey]);

  const table = useReactTable({
    data,
    columns: columnDefs,
    state: { sorting: server ? [] : sorting.filter((s) => parseSortId(s.id).option === undefined), pagination, globalFilter: applied, columnFilters, columnVisibility: visibility },
    onPaginationChange: setPagination,
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
    if (sortData && !sortDataFits) console.warn(fill(messages.warningSortData, { GOT: sortData.length, ROWS: given.length }));
  }, [sortData, sortDataFits, given.length, messages.warningSortData]);

  const total = server ? page?.recordsTotal : data.length;
  const filtered = server ? (page?.recordsFiltered ?? 0) : table.getFilteredRowModel().rows.length;
  const shown = table.getRowModel().rows;
  const visible = table.getVisibleLeafColumns().map((c) => Number(c.id));
  useEffect(() => {
    saveState(stateId, {
      time: Date.now(),
      start: request.start,
      end: request.start + shown.length,
      length: request.length,
      sort: request.sort.map((s, i) => {
        const option = parseSortId(sorting[i]?.id ?? '').option;
        return { column: s.column, dir: s.dir, ...(option ? { option } : {}) };
      }),
      search: request.search,
      columns: request.columnsearch.map((search, i) => ({ search, visible: visibility[String(i)] !== false })),
    });
  }, [stateId, request, sorting, visibility, shown.length]);
  const filtering = applied.trim() !== '' || columnFilters.some((f) => filterText(f.value).trim() !== '');
  const nonTable = notATable(columns, given);
  const pages = Math.max(1, Math.ceil(filtered / pagination.pageSize));
  const goTo = (index: number) => setPagination((p) => ({ ...p, pageIndex: Math.max(0, Math.min(index, pages - 1)) }));

  const cell = (row: R, i: number): ReactNode => {
    const column = columns[i];
    if (!column) return null;
    if (column.cell) return column.cell(row);
    const v = column.value(row);
    return v === null ? '' : String(v);
  };

  return (
    <div className="report-table">
      <ReportTableToolbar
        messages={messages}
        pageSize={pagination.pageSize}
        onPageSize={(pageSize) => setPagination({ pageIndex: 0, pageSize })}
        columns={table
          .getAllLeafColumns()
          .filter((column) => column.getCanHide())
          .map((column) => ({ id: column.id, label: columns[Number(column.id)]?.header ?? '', visible: column.getIsVisible(), toggle: () => column.toggleVisibility() }))}
        extra={toolbar}
        search={text}
        onSearch={(value) => {
          setText(value);
          if (!delayed) applySearch(value);
        }}
      />
      {warning && <Warning role="alert">{warning}</Warning>}
      {sortData && !sortDataFits && <Warning role="alert">{fill(messages.warningSortData, { GOT: sortData.length, ROWS: given.length })}</Warning>}
      {shared && <Warning role="alert">{fill(messages.warningTwice, { ID: stateId })}</Warning>}
      {nonTable && <Warning role="alert">{messages.warningNonTable}</Warning>}
      {tooWide && !nonTable && <Warning role="status">{messages.warningFit}</Warning>}
      <div ref={scroller} className="table-scroll report-table-scroll" aria-busy={processing}>
        {processing && (
          <div className="report-table-processing" role="status">
            {messages.processing}
          </div>
        )}
        {!nonTable && (
          <table ref={tableElement} className="table">
            <caption className="visually-hidden">
              {caption}. {messages.sortHelp}
            </caption>
            <ReportTableHead
              columns={columns}
              visible={visible}
              numeric={numeric}
              sorting={sorting}
              messages={messages}
              onSort={(id, multi) => {
                // A new order starts again at the first page, as the table library does.
                setSorting((old) => nextSorting(old, id, multi, allowNoSort));
                firstPage();
              }}
              columnSearch={(i) => filterText(table.getColumn(String(i))?.getFilterValue())}
              onColumnSearch={(i, value) => {
                table.getColumn(String(i))?.setFilterValue(value);
                goTo(0);
              }}
              searchDelay={server ? SEARCH_DELAY_MS : 0}
            />
            <tbody>
              {shown.length === 0 ? (
                <tr>
                  <td colSpan={Math.max(1, visible.length)} className="report-table-empty">
                    {filtering && total !== 0 ? messages.zeroRecords : messages.emptyTable}
                  </td>
                </tr>
              ) : (
                shown.map((row) => (
                  <tr key={rowKey ? rowKey(row.original.row, row.index) : row.id} aria-selected={rowSelected ? rowSelected(row.original.row) : undefined}>
                    {visible.map((i) => {
                      const className = [numeric[i] ? 'numeric' : '', columns[i]?.nowrap ? 'report-table-nowrap' : ''].filter(Boolean).join(' ') || undefined;
                      return columns[i]?.rowHeader ? (
                        <th key={i} scope="row" className={className}>
                          {cell(row.original.row, i)}
                        </th>
                      ) : (
                        <td key={i} className={className}>
                          {cell(row.original.row, i)}
                        </td>
                      );
                    })}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        )}
      </div>
      <ReportTableFooter
        messages={messages}
        page={pagination.pageIndex}
        pageSize={pagination.pageSize}
        shown={shown.length}
        filtered={filtered}
        total={total}
        filtering={filtering}
        onPage={goTo}
      />
    </div>
  );
}

function Warning({ role, children }: { role: 'alert' | 'status'; children: ReactNode }) {
  return (
    <div className="alert alert-warning" role={role}>
      {children}
    </div>
  );
}
