import { useId, type ReactNode } from 'react';
import { TABLE_PAGE_LENGTHS } from './ReportTableColumns';
import type { TableMessages } from './ReportTableMessages';

/** A column the list of columns can show or hide. */
export interface HideableColumn {
  id: string;
  label: string;
  visible: boolean;
  toggle: () => void;
}

interface ToolbarProps {
  messages: TableMessages;
  pageSize: number;
  onPageSize: (length: number) => void;
  columns: readonly HideableColumn[];
  /** The screen's own controls, between the column list and the search. */
  extra?: ReactNode;
  search: string;
  onSearch: (text: string) => void;
}

/** Above the table: page length, the columns to show, the screen's filters and the global search (spec §2). */
export function ReportTableToolbar({ messages, pageSize, onPageSize, columns, extra, search, onSearch }: ToolbarProps) {
  const help = useId();
  return (
    <div className="report-table-toolbar">
      <label className="report-table-length">
        <span>{messages.pageLength}</span>
        <select value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
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
          {columns.map((column) => (
            <label key={column.id}>
              <input type="checkbox" checked={column.visible} onChange={column.toggle} />
              {column.label}
            </label>
          ))}
        </fieldset>
      </details>
      {extra}
      <div className="report-table-search">
        <label>
          <span>{messages.search}</span>
          <input type="search" value={search} aria-describedby={messages.searchHelp ? help : undefined} onChange={(e) => onSearch(e.target.value)} />
        </label>
        {messages.searchHelp && (
          <small id={help} className="muted">
            {messages.searchHelp}
          </small>
        )}
      </div>
    </div>
  );
}
