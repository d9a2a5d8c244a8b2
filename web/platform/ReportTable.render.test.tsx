import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReportTable, SEARCH_DELAY_MS } from './ReportTable';
import { cellColumns, type TableCell, type TablePage, type TableRequest } from './ReportTableColumns';
import type { TableMessages } from './ReportTableMessages';
import { getJsonSource, tableQuery } from './tablesource';
import { saveState } from './tablestate';

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

  it('asks the server for a column search once typing pauses, from the first page', async () => {
    vi.useFakeTimers();
    const requests: TableRequest[] = [];
    const fetchPage = (asked: TableRequest) => {
      requests.push(asked);
      return Promise.resolve({ data: [[1, 'row 1']], recordsTotal: 40, recordsFiltered: 40 });
    };
    render(<ReportTable stateId="columnsearch" caption="Rows" columns={cellColumns(['n', 'label'])} messages={messages} fetchPage={fetchPage} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    const box = screen.getByRole('searchbox', { name: 'Search label' });
    fireEvent.change(box, { target: { value: 'r' } });
    fireEvent.change(box, { target: { value: 'ro' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1));
    expect(box).toHaveProperty('value', 'ro');
    expect(requests.map((r) => [r.start, r.columnsearch])).toEqual([
      [0, ['', '']],
      [20, ['', '']],
    ]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(requests.at(-1)).toMatchObject({ start: 0, columnsearch: ['', 'ro'] });
    expect(requests).toHaveLength(3);
    expect(box).toHaveProperty('value', 'ro');
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

/** The shown cells of one column, top to bottom. */
const columnCells = (column: number) => [...document.querySelectorAll('tbody tr')].map((row) => row.querySelectorAll('td')[column]?.textContent);

describe('report table in client mode', () => {
  it('sorts in the browser with an ascending and a descending icon, numbers as numbers', () => {
    const rows = [[9, 'nine'], ['10', 'ten'], [100, 'hundred'], [2, 'two']];
    render(<ReportTable stateId="client" caption="Numbers" columns={cellColumns(['n', 'word'])} rows={rows} messages={messages} />);
    const heading = screen.getByRole('columnheader', { name: 'n' });
    const icon = () => heading.querySelector('.sort-icon')?.textContent;
    expect(heading.getAttribute('aria-sort')).toBe('none');
    expect(icon()).toBe('↕');
    fireEvent.click(within(heading).getByRole('button'));
    expect(heading.getAttribute('aria-sort')).toBe('ascending');
    expect(icon()).toBe('▲');
    // The column's values are all numbers (one given as text): 9 before 10, not after 100.
    expect(columnCells(0)).toEqual(['2', '9', '10', '100']);
    fireEvent.click(within(heading).getByRole('button'));
    expect(heading.getAttribute('aria-sort')).toBe('descending');
    expect(icon()).toBe('▼');
    expect(columnCells(0)).toEqual(['100', '10', '9', '2']);
    // Without the no-sort step, a third click sorts ascending again.
    fireEvent.click(within(heading).getByRole('button'));
    expect(icon()).toBe('▲');
  });

  it('pages ten rows by default, offers 10, 25, 50 and 100, and shows five page links between previous and next', () => {
    const rows = Array.from({ length: 100 }, (_, i) => [i + 1]);
    render(<ReportTable stateId="paging" caption="Rows" columns={cellColumns(['n'])} rows={rows} messages={messages} />);
    const length = screen.getByRole('combobox', { name: 'Entries per page' });
    expect(within(length).getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '25', '50', '100']);
    expect(length).toHaveProperty('value', '10');
    const links = () => screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent);
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(links()).toEqual(['1', '2', '3', '4', '5']);
    expect(previous).toHaveProperty('disabled', true);
    expect(next).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(links()).toEqual(['3', '4', '5', '6', '7']);
    expect(screen.getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(next);
    expect(screen.getByText('Showing 51 to 60 of 100 entries')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 8' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(links()).toEqual(['6', '7', '8', '9', '10']);
    expect(screen.getByText('Showing 91 to 100 of 100 entries')).toBeTruthy();
    expect(next).toHaveProperty('disabled', true);
    expect(previous).toHaveProperty('disabled', false);
    fireEvent.change(length, { target: { value: '25' } });
    expect(screen.getByText('Showing 1 to 25 of 100 entries')).toBeTruthy();
    expect(links()).toEqual(['1', '2', '3', '4']);
  });

  it('restores the saved page, page length, order, per-column search and hidden columns on return', () => {
    const rows = Array.from({ length: 60 }, (_, i) => [i + 1, `row ${i + 1}`, 'extra']);
    saveState('restore', {
      time: Date.now(),
      start: 10,
      end: 15,
      length: 10,
      sort: [{ column: 0, dir: 'desc' }],
      search: '',
      columns: [
        { search: '', visible: true },
        { search: '1', visible: true },
        { search: '', visible: false },
      ],
    });
    render(<ReportTable stateId="restore" caption="Rows" columns={cellColumns(['n', 'word', 'more'])} rows={rows} messages={messages} />);
    // Rows whose word holds a 1 (1, 10–19, 21, 31, 41, 51), newest first, second page of ten.
    expect(screen.getByText('Showing 11 to 15 of 15 entries (filtered from 60 total entries)')).toBeTruthy();
    expect(columnCells(0)).toEqual(['13', '12', '11', '10', '1']);
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('combobox', { name: 'Entries per page' })).toHaveProperty('value', '10');
    expect(screen.getByRole('columnheader', { name: 'n' }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('searchbox', { name: 'Search word' })).toHaveProperty('value', '1');
    expect(screen.queryByRole('columnheader', { name: 'more' })).toBeNull();
    // The column list is folded away until opened.
    expect(screen.getByRole('checkbox', { name: 'more', hidden: true })).toHaveProperty('checked', false);
  });

  it('forgets a saved state older than its lifetime', () => {
    const rows = Array.from({ length: 30 }, (_, i) => [i + 1]);
    saveState('stale', { time: Date.now() - 7201 * 1000, start: 20, end: 30, length: 10, sort: [], search: '', columns: [{ search: '', visible: true }] });
    render(<ReportTable stateId="stale" caption="Rows" columns={cellColumns(['n'])} rows={rows} messages={messages} />);
    expect(screen.getByText('Showing 1 to 10 of 30 entries')).toBeTruthy();
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
