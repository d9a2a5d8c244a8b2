import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReportTable, type TableMessages, type TablePage, type TableRequest } from './ReportTable';
import { getJsonSource, tableQuery } from './tablesource';

const messages: TableMessages = {
  emptyTable: 'No data available in table',
  info: 'Showing _START_ to _END_ of _TOTAL_ entries',
  infoFiltered: '(filtered from _MAX_ total entries)',
  zeroRecords: 'No matching records found',
  processing: 'Processing...',
  search: 'Search',
  searchColumn: (column) => `Search ${column}`,
  pageLength: 'Entries per page',
  previous: 'Previous',
  next: 'Next',
  pagination: 'Pages',
  page: 'Page _PAGE_',
  columns: 'Columns',
  sortHelp: 'Click a heading to sort.',
  warningError: 'The server answered an error: _ERROR_',
  warningJson: "The server's answer could not be read.",
  warningSortData: 'Custom sort data does not match the number of rows (_GOT_ for _ROWS_ rows).',
};

const request: TableRequest = { start: 20, length: 10, sort: [{ column: 1, dir: 'desc' }, { column: 0, dir: 'asc' }], search: 'a b', columnsearch: ['', 'x'] };

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0]?.trim() ?? ''}=; max-age=0; path=/`));
});

describe('report table on screen', () => {
  it('shows the processing indicator only once a page has taken 500 ms', async () => {
    vi.useFakeTimers();
    let answer: (page: TablePage) => void = () => undefined;
    const fetchPage = () => new Promise<TablePage>((resolve) => (answer = resolve));
    render(<ReportTable stateId="processing" caption="Slow" columns={['a']} messages={messages} fetchPage={fetchPage} />);
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(screen.queryByRole('status')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('status').textContent).toBe('Processing...');
    await act(() => {
      answer({ data: [['one']], recordsTotal: 1, recordsFiltered: 1 });
      return vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Showing 1 to 1 of 1 entries')).toBeTruthy();
  });

  it('warns when custom sort data does not have one entry per row', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<ReportTable stateId="sortdata" caption="Rows" columns={['a']} rows={[['x'], ['y']]} sortData={[[1]]} messages={messages} />);
    expect(screen.getByRole('alert').textContent).toBe('Custom sort data does not match the number of rows (1 for 2 rows).');
    expect(warn).toHaveBeenCalledWith('Custom sort data does not match the number of rows (1 for 2 rows).');
  });

  it("shows the server's error field as a warning above an empty table", async () => {
    render(<ReportTable stateId="error" caption="Broken" columns={['a']} messages={messages} fetchPage={() => Promise.resolve({ data: [], recordsTotal: 0, recordsFiltered: 0, error: 'no such column' })} />);
    expect((await screen.findByRole('alert')).textContent).toBe('The server answered an error: no such column');
    expect(screen.getByText('No data available in table')).toBeTruthy();
  });

  it('warns when the server answer is not JSON', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('<html>gateway timeout</html>', { status: 504 }));
    render(<ReportTable stateId="json" caption="Proxy" columns={['a']} messages={messages} fetchPage={getJsonSource('/data.php', { id: 3 })} />);
    expect((await screen.findByRole('alert')).textContent).toBe("The server's answer could not be read.");
    expect(warn).toHaveBeenCalled();
  });
});

describe('table data address', () => {
  it('puts the request in the query: sort as column:dir pairs, one columnsearch per column', () => {
    expect(tableQuery(request, { id: 7 }).toString()).toBe('id=7&start=20&length=10&search=a+b&sort=1%3Adesc%2C0%3Aasc&columnsearch=&columnsearch=x');
    expect(tableQuery({ ...request, sort: [], search: '', columnsearch: ['', ''] }).toString()).toBe('start=20&length=10');
  });

  it('fetches by GET and turns a refusal into an empty page with its error', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ error: 'Sorry, no.', errorcode: 'nopermissions' }), { status: 403 }));
    const page = await getJsonSource('/blocks/configurable_reports/data.php', { id: 7 })(request);
    expect(page).toEqual({ data: [], recordsTotal: 0, recordsFiltered: 0, error: 'Sorry, no.' });
    expect(fetch.mock.calls[0]?.[0]).toMatch(/^\/blocks\/configurable_reports\/data\.php\?id=7&start=20/);
    expect(fetch.mock.calls[0]?.[1]?.method).toBeUndefined();
  });
});
