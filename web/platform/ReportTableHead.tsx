import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { isSearchable, isSortable, parseSortId, sortId, type TableColumn } from './ReportTableColumns';
import type { TableMessages } from './ReportTableMessages';

type Sorting = ReadonlyArray<{ id: string; desc: boolean }>;

interface HeadProps<R> {
  columns: ReadonlyArray<TableColumn<R>>;
  /** Positions of the visible columns, in order. */
  visible: readonly number[];
  numeric: readonly boolean[];
  sorting: Sorting;
  messages: TableMessages;
  /** A heading's sort button was pressed; `multi` with shift (spec §4). */
  onSort: (id: string, multi: boolean) => void;
  columnSearch: (column: number) => string;
  onColumnSearch: (column: number, value: string) => void;
  /** Milliseconds a column search waits for a pause in typing (when the server searches); 0 applies each key. */
  searchDelay: number;
}

function SortButton({ id, sorting, onSort, children }: { id: string; sorting: Sorting; onSort: HeadProps<unknown>['onSort']; children: ReactNode }) {
  const at = sorting.findIndex((s) => s.id === id);
  const dir = at < 0 ? 'none' : sorting[at]?.desc ? 'desc' : 'asc';
  return (
    <button
      type="button"
      className="report-table-sort"
      onClick={(e) => onSort(id, e.shiftKey)}
      onKeyDown={(e: KeyboardEvent<HTMLButtonElement>) => {
        // Enter with shift adds the column, as shift-click does.
        if (e.key === 'Enter' && e.shiftKey) {
          e.preventDefault();
          onSort(id, true);
        }
      }}
    >
      {children}
      <span className={`sort-icon sort-${dir}`} aria-hidden="true">
        {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
      </span>
      {sorting.length > 1 && at >= 0 && (
        <span className="sort-order" aria-hidden="true">
          {at + 1}
        </span>
      )}
    </button>
  );
}

/**
 * A column's search box. What is typed shows at once; with a delay it is applied only once typing
 * pauses, so a table the server searches asks once per search rather than once per key.
 */
function ColumnSearchBox({ label, value, delay, onSearch }: { label: string; value: string; delay: number; onSearch: (value: string) => void }) {
  const [text, setText] = useState(value);
  // A search set from outside (restored, cleared) shows in the box.
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }
  useEffect(() => {
    if (delay === 0 || text === value) return undefined;
    const timer = setTimeout(() => onSearch(text), delay);
    return () => clearTimeout(timer);
  });
  return (
    <input
      type="search"
      aria-label={label}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        if (delay === 0) onSearch(e.target.value);
      }}
    />
  );
}

/** aria-sort of a heading: the first sort on any of its orders. */
function ariaSort(column: number, sorting: Sorting): 'ascending' | 'descending' | 'none' {
  const first = sorting.find((s) => parseSortId(s.id).column === column);
  return !first ? 'none' : first.desc ? 'descending' : 'ascending';
}

/** The headings (sort buttons, or a column's own content) and the row of per-column search boxes. */
export function ReportTableHead<R>({ columns, visible, numeric, sorting, messages, onSort, columnSearch, onColumnSearch, searchDelay }: HeadProps<R>) {
  const searchable = visible.some((i) => columns[i] && isSearchable(columns[i]));
  return (
    <thead>
      <tr>
        {visible.map((i) => {
          const column = columns[i];
          if (!column) return null;
          const sortable = isSortable(column);
          const label = column.headerHidden ? <span className="visually-hidden">{column.header}</span> : column.header;
          let content: ReactNode = column.heading ?? label;
          if (sortable && column.sortOptions?.length) {
            content = column.sortOptions.map((option, n) => (
              <span key={option.key} className="report-table-sort-option">
                {n > 0 && <span aria-hidden="true"> / </span>}
                <SortButton id={sortId(i, option.key)} sorting={sorting} onSort={onSort}>
                  {option.label}
                </SortButton>
              </span>
            ));
          } else if (sortable) {
            content = (
              <SortButton id={sortId(i)} sorting={sorting} onSort={onSort}>
                {label}
              </SortButton>
            );
          }
          return (
            <th
              key={i}
              scope="col"
              className={[numeric[i] ? 'numeric' : '', sortable ? '' : 'report-table-plain'].filter(Boolean).join(' ') || undefined}
              aria-sort={sortable ? ariaSort(i, sorting) : undefined}
            >
              {content}
            </th>
          );
        })}
      </tr>
      {searchable && (
        <tr className="report-table-filters">
          {visible.map((i) => {
            const column = columns[i];
            return (
              <td key={i}>
                {column && isSearchable(column) && (
                  <ColumnSearchBox label={messages.searchColumn(column.header)} value={columnSearch(i)} delay={searchDelay} onSearch={(value) => onColumnSearch(i, value)} />
                )}
              </td>
            );
          })}
        </tr>
      )}
    </thead>
  );
}
