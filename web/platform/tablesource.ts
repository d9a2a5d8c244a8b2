import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { ArgsOf, MethodContract, ResultOf } from '../../api/contract';
import { call } from './ajax';
import type { TableCell, TableFetch, TablePage, TableRequest } from './ReportTableColumns';

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

function isPage(value: unknown): value is TablePage<TableCell[]> {
  if (typeof value !== 'object' || value === null) return false;
  const page = value as Partial<TablePage<unknown>>;
  return Array.isArray(page.data) && typeof page.recordsTotal === 'number' && typeof page.recordsFiltered === 'number';
}

/**
 * Server mode over GET (the table's default): each page is fetched from `path` with the request in
 * the address, and answered as JSON with the rows under `data` and an optional `error`, which the
 * table shows as a warning. A refusal's `{error}` answer becomes an empty page with that warning.
 */
export function getJsonSource(path: string, params: Record<string, string | number> = {}): TableFetch<TableCell[]> {
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

/** The table's sorts in a web-service method's terms: the server's key of each sorted column that has one. */
export function wsSorts<K extends string>(request: TableRequest, keys: readonly K[]): Array<{ column: K; direction: 'asc' | 'desc' }> {
  return request.sort.flatMap((s) => {
    const key = keys.find((k) => k === s.key);
    return key ? [{ column: key, direction: s.dir }] : [];
  });
}

/** The table's page as a web-service method's `page` and `perpage`. */
export const wsPage = (request: TableRequest) => ({ page: Math.floor(request.start / request.length), perpage: request.length });

/** What a table needs from a source: the page fetcher and a key that changes when its rows may have. */
export interface TableSource<R> {
  fetchPage: TableFetch<R>;
  refreshKey: number;
}

/**
 * Server mode fed by a web-service method: each page is one call, its arguments built from the
 * table's request and the screen's own `filters` (`toArgs`), its answer turned into rows
 * (`toPage`). Both functions should live outside the component, as they are not watched; a change
 * of `filters` is a new source (the table starts again at the first page). The calls go through the
 * query cache, so when a change elsewhere invalidates the method's queries the table fetches its
 * page again; a failed call shows as the table's warning rather than the exception dialogue.
 */
export function useWsTableSource<C extends MethodContract, F, R>(
  contract: C,
  filters: F,
  toArgs: (request: TableRequest, filters: F) => ArgsOf<C>,
  toPage: (answer: ResultOf<C>) => TablePage<R>,
): TableSource<R> {
  const client = useQueryClient();
  const [refreshKey, setRefreshKey] = useState(0);
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'invalidate' && (event.query.queryKey as readonly unknown[])[0] === contract.name) setRefreshKey((n) => n + 1);
      }),
    [client, contract.name],
  );
  const filterKey = JSON.stringify(filters);
  const fetchPage = useMemo<TableFetch<R>>(() => {
    const fixed = JSON.parse(filterKey) as F;
    return async (request) => {
      const args = toArgs(request, fixed);
      const answer = await client.fetchQuery({ queryKey: [contract.name, args], queryFn: () => call(contract, args), staleTime: 0, meta: { quiet: true } });
      return toPage(answer);
    };
  }, [client, contract, filterKey, toArgs, toPage]);
  return { fetchPage, refreshKey };
}
