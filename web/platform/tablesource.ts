import type { TablePage, TableRequest } from './ReportTable';

/** The server's answer could not be read as the table's JSON: the table shows its own warning for it. */
export class TableJsonError extends Error {}

/**
 * The table's request as query parameters: `start`, `length`, `search`, `sort=<column>:<asc|desc>,…`
 * and one `columnsearch` per column, in order (empty ones too, so positions hold).
 */
export function tableQuery(request: TableRequest, params: Record<string, string | number> = {}): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) query.set(key, String(value));
  query.set('start', String(request.start));
  query.set('length', String(request.length));
  if (request.search !== '') query.set('search', request.search);
  if (request.sort.length) query.set('sort', request.sort.map((s) => `${s.column}:${s.dir}`).join(','));
  if (request.columnsearch.some((s) => s !== '')) for (const s of request.columnsearch) query.append('columnsearch', s);
  return query;
}

function isPage(value: unknown): value is TablePage {
  if (typeof value !== 'object' || value === null) return false;
  const page = value as Partial<TablePage>;
  return Array.isArray(page.data) && typeof page.recordsTotal === 'number' && typeof page.recordsFiltered === 'number';
}

/**
 * Server mode over GET (the table's default): each page is fetched from `path` with the request in
 * the address, and answered as JSON with the rows under `data` and an optional `error`, which the
 * table shows as a warning. A refusal's `{error}` answer becomes an empty page with that warning.
 */
export function getJsonSource(path: string, params: Record<string, string | number> = {}): (request: TableRequest) => Promise<TablePage> {
  return async (request) => {
    const response = await fetch(`${path}?${tableQuery(request, params).toString()}`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new TableJsonError(text.slice(0, 200));
    }
    if (isPage(json)) return json;
    const error = typeof json === 'object' && json !== null && typeof (json as { error?: unknown }).error === 'string' ? (json as { error: string }).error : '';
    if (!error) throw new TableJsonError(text.slice(0, 200));
    return { data: [], recordsTotal: 0, recordsFiltered: 0, error };
  };
}
