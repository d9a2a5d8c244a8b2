import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReportTable } from './ReportTable';
import { cellColumns, type TableCell, type TablePage, type TableRequest } from './ReportTableColumns';
import type { TableMessages } from './ReportTableMessages';
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
  warningFit: 'This table is wider than the space for it.',
  warningTwice: 'Another table on this page already keeps its settings as "_ID_".',
  warningNonTable: 'There is no table to show.',
};

const request: TableRequest = { start: 20, length: 10, sort: [{ column: 1, dir: 'desc' }, { column: 0, dir: 'asc' }], search: 'a b', columnsearch: ['', 'x'] };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0]?.trim() ?? ''}=; max-age=0; path=/`));
});

describe('report table on screen', () => {
  it('shows the processing indicator only once a page has taken 500 ms', async () => {
    vi.useFakeTimers();
    let answer: (page: TablePage<TableCell[]>) => void = () => undefined;
    const fetchPage = () => new Promise<TablePage<TableCell[]>>((resolve) => (answer = resolve));
    render(<ReportTable stateId="processing" caption="Slow" columns={cellColumns(['a'])} messages={messages} fetchPage={fetchPage} />);
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
    render(<ReportTable stateId="sortdata" caption="Rows" columns={cellColumns(['a'])} rows={[['x'], ['y']]} sortData={[[1]]} messages={messages} />);
    expect(screen.getByRole('alert').textContent).toBe('Custom sort data does not match the number of rows (1 for 2 rows).');
    expect(warn).toHaveBeenCalledWith('Custom sort data does not match the number of rows (1 for 2 rows).');
  });

  it("shows the server's error field as a warning above an empty table", async () => {
    render(<ReportTable stateId="error" caption="Broken" columns={cellColumns(['a'])} messages={messages} fetchPage={() => Promise.resolve({ data: [], recordsTotal: 0, recordsFiltered: 0, error: 'no such column' })} />);
    expect((await screen.findByRole('alert')).textContent).toBe('The server answered an error: no such column');
    expect(screen.getByText('No data available in table')).toBeTruthy();
  });

  it('warns when the server answer is not JSON', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('<html>gateway timeout</html>', { status: 504 }));
    render(<ReportTable stateId="json" caption="Proxy" columns={cellColumns(['a'])} messages={messages} fetchPage={getJsonSource('/data.php', { id: 3 })} />);
    expect((await screen.findByRole('alert')).textContent).toBe("The server's answer could not be read.");
    expect(warn).toHaveBeenCalled();
  });
});

describe('table library warnings', () => {
  it('warns when the table cannot fit its container, and stops once it fits again', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let report: () => void = () => undefined;
    // jsdom lays nothing out: the observer reports as a browser's would, the widths are set by hand.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          report = callback;
        }
        observe() {
          report();
        }
        disconnect() {}
      },
    );
    let scrollWidth = 900;
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(() => scrollWidth);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => 320);
    render(<ReportTable stateId="wide" caption="Wide" columns={cellColumns(['a', 'b', 'c'])} rows={[['x', 'y', 'z']]} messages={messages} />);
    expect(screen.getByRole('status').textContent).toBe('This table is wider than the space for it.');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('cannot fit its container'));
    scrollWidth = 320;
    act(() => report());
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('warns in the second table that keeps its state under a name already in use, until the first goes', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const table = (caption: string) => <ReportTable stateId="twice" caption={caption} columns={cellColumns(['a'])} rows={[['x']]} messages={messages} />;
    const first = render(table('First'));
    expect(screen.queryByRole('alert')).toBeNull();
    render(table('Second'));
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Another table on this page already keeps its settings as "twice".']);
    expect(within(screen.getByRole('table', { name: /^Second/ }).closest('.report-table') as HTMLElement).getByRole('alert')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"twice"'));
    first.unmount();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns instead of drawing a table when there are no columns', () => {
    render(<ReportTable stateId="nocolumns" caption="Empty" columns={[]} rows={[]} messages={messages} />);
    expect(screen.getByRole('alert').textContent).toBe('There is no table to show.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('warns when the server answers rows that are not rows', async () => {
    const page = { data: ['not a row'] as unknown as TableCell[][], recordsTotal: 1, recordsFiltered: 1 };
    render(<ReportTable stateId="nonrows" caption="Odd" columns={cellColumns(['a'])} messages={messages} fetchPage={() => Promise.resolve(page)} />);
    expect((await screen.findByRole('alert')).textContent).toBe('There is no table to show.');
    expect(screen.queryByRole('table')).toBeNull();
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
