import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { contract } from '../../api/contract';
import { ReportTable, SEARCH_DELAY_MS } from './ReportTable';
import type { TableColumn, TablePage, TableRequest } from './ReportTableColumns';
import type { TableMessages } from './ReportTableMessages';
import { useWsTableSource, wsPage, wsSorts } from './tablesource';

const calls = vi.hoisted(() => [] as Array<{ name: string; args: unknown }>);
vi.mock('./ajax', () => ({
  call: (c: { name: string }, args: { page: number; perpage: number }) => {
    calls.push({ name: c.name, args });
    return Promise.resolve({ total: 42, people: [{ id: args.page + 1, name: `Person ${args.page + 1}` }] });
  },
}));

const messages: TableMessages = {
  emptyTable: 'No data available in table',
  info: 'Showing _START_ to _END_ of _TOTAL_ entries',
  infoFiltered: '(filtered from _MAX_ total entries)',
  zeroRecords: 'No matching records found',
  processing: 'Processing...',
  search: 'Search people',
  searchHelp: 'Names and e-mail addresses',
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
  warningFit: 'Too wide.',
  warningTwice: 'Twice: _ID_',
  warningNonTable: 'Not a table.',
};

type Person = { id: number; first: string; last: string };
const people: Array<TableColumn<Person>> = [
  { header: 'Name', value: (p) => `${p.first} ${p.last}`, sortOptions: [{ key: 'first', label: 'First name' }, { key: 'last', label: 'Last name' }], searchable: false },
  { header: 'Id', key: 'id', value: (p) => p.id, searchable: false },
];

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  calls.length = 0;
  document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0]?.trim() ?? ''}=; max-age=0; path=/`));
});

describe('report table over other lists', () => {
  it('sorts a heading with several orders by the one pressed, sending its key; shift-click adds the next', async () => {
    const requests: TableRequest[] = [];
    const fetchPage = (request: TableRequest): Promise<TablePage<Person>> => {
      requests.push(request);
      return Promise.resolve({ data: [{ id: 1, first: 'Ann', last: 'Lee' }], recordsFiltered: 1 });
    };
    render(<ReportTable stateId="people" caption="People" columns={people} messages={messages} fetchPage={fetchPage} />);
    await screen.findByText('Ann Lee');
    fireEvent.click(screen.getByRole('button', { name: /^Last name/ }));
    await act(() => Promise.resolve());
    expect(requests.at(-1)?.sort).toEqual([{ column: 0, dir: 'asc', key: 'last' }]);
    expect(screen.getByRole('columnheader', { name: /First name/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /^Id/ }), { shiftKey: true });
    await act(() => Promise.resolve());
    expect(requests.at(-1)?.sort).toEqual([
      { column: 0, dir: 'asc', key: 'last' },
      { column: 1, dir: 'asc', key: 'id' },
    ]);
    // No searchable column: no row of column search boxes.
    expect(screen.queryByRole('searchbox', { name: /^Search Name/ })).toBeNull();
  });

  it('a search kept by the screen is reported after a pause in typing, and follows the screen when it changes', async () => {
    vi.useFakeTimers();
    const changes: string[] = [];
    const rows = [{ id: 1, first: 'Ann', last: 'Lee' }];
    const named: Array<TableColumn<Person>> = [{ header: 'Name', value: (p) => `${p.first} ${p.last}` }];
    const view = (search: string) => (
      <ReportTable stateId="controlled" caption="People" columns={named} messages={messages} rows={rows} search={search} onSearchChange={(value) => changes.push(value)} />
    );
    const { rerender } = render(view('lee'));
    const box = screen.getByRole('searchbox', { name: 'Search people' });
    expect(box).toHaveProperty('value', 'lee');
    expect(box.getAttribute('aria-describedby')).toBe(screen.getByText('Names and e-mail addresses').id);
    fireEvent.change(box, { target: { value: 'ann ' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1));
    expect(changes).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(changes).toEqual(['ann']);
    // The screen writes it back trimmed; what is typed stays as typed.
    rerender(view('ann'));
    expect((box as HTMLInputElement).value).toBe('ann ');
    rerender(view('bob'));
    expect(box).toHaveProperty('value', 'bob');
    expect(screen.getByText('No matching records found')).toBeTruthy();
  });
});

describe('a table source fed by a web-service method', () => {
  const listPeople = contract({
    name: 'test_list_people',
    component: 'test',
    description: 'People, a page at a time.',
    type: 'read',
    loginRequired: true,
    capabilities: [],
    args: z.strictObject({ page: z.number(), perpage: z.number(), group: z.string(), sorts: z.array(z.object({ column: z.enum(['id', 'last']), direction: z.enum(['asc', 'desc']) })) }),
    returns: z.object({ total: z.number(), people: z.array(z.object({ id: z.number(), name: z.string() })) }),
  });
  const toArgs = (request: TableRequest, filters: { group: string }) => ({ ...wsPage(request), group: filters.group, sorts: wsSorts(request, ['id', 'last'] as const) });
  const toPage = (answer: { total: number; people: Array<{ id: number; name: string }> }) => ({ data: answer.people, recordsFiltered: answer.total });

  it('calls the method with the page, the sorts it knows and the filters, and fetches again when its queries are invalidated', async () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useWsTableSource(listPeople, { group: 'a' }, toArgs, toPage), { wrapper });
    const page = await result.current.fetchPage({ start: 20, length: 10, sort: [{ column: 1, dir: 'desc', key: 'id' }, { column: 0, dir: 'asc', key: 'nickname' }], search: '', columnsearch: [] });
    expect(calls).toEqual([{ name: 'test_list_people', args: { page: 2, perpage: 10, group: 'a', sorts: [{ column: 'id', direction: 'desc' }] } }]);
    expect(page).toEqual({ data: [{ id: 3, name: 'Person 3' }], recordsFiltered: 42 });
    const before = result.current.refreshKey;
    await act(() => client.invalidateQueries({ queryKey: ['test_list_people'] }));
    expect(result.current.refreshKey).toBeGreaterThan(before);
  });
});
