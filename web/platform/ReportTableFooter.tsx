import { fill, pageWindow } from './ReportTableColumns';
import type { TableMessages } from './ReportTableMessages';

interface FooterProps {
  messages: TableMessages;
  /** 0-based. */
  page: number;
  pageSize: number;
  /** Rows on this page. */
  shown: number;
  filtered: number;
  /** Rows before the search, when the source counts them. */
  total: number | undefined;
  filtering: boolean;
  onPage: (page: number) => void;
}

/** "Showing 11 to 20 of 57 entries" and full-number paging: previous, 5 page links, next (spec §2, §9). */
export function ReportTableFooter({ messages, page, pageSize, shown, filtered, total, filtering, onPage }: FooterProps) {
  const start = filtered === 0 ? 0 : page * pageSize + 1;
  const end = Math.min(filtered, page * pageSize + shown);
  const pages = Math.max(1, Math.ceil(filtered / pageSize));
  return (
    <div className="report-table-footer">
      <p className="report-table-info" aria-live="polite">
        {fill(messages.info, { START: start, END: end, TOTAL: filtered })}
        {filtering && total !== undefined && filtered !== total ? ` ${fill(messages.infoFiltered, { MAX: total })}` : ''}
      </p>
      <nav aria-label={messages.pagination}>
        <ul className="report-table-pages">
          <li>
            <button type="button" className="btn btn-link" disabled={page === 0} onClick={() => onPage(page - 1)}>
              {messages.previous}
            </button>
          </li>
          {pageWindow(page, pages).map((n) => (
            <li key={n}>
              <button
                type="button"
                className={`btn ${n === page ? 'btn-primary' : 'btn-link'}`}
                aria-label={fill(messages.page, { PAGE: n + 1 })}
                aria-current={n === page ? 'page' : undefined}
                onClick={() => onPage(n)}
              >
                {n + 1}
              </button>
            </li>
          ))}
          <li>
            <button type="button" className="btn btn-link" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
              {messages.next}
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
