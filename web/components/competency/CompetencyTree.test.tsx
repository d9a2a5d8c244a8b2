import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import type { Key } from 'react-aria-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TreeNode } from '../../../api/competency';
import type { MethodContract } from '../../../api/contract';
import { CompetencyTree } from './CompetencyTree';
import { useCompetencyTree } from './useCompetencyTree';

// Each string id answers itself with its parameters, so the tests find rows by it.
vi.mock('../../platform/useStrings', () => ({ useStrings: () => (key: string, a?: unknown) => (a === undefined ? key : `${key} ${JSON.stringify(a)}`) }));

const calls: Array<{ method: string; args: unknown }> = [];
/** Answers of the fake server to a branch request, by parent id: nodes, or an error message. */
const branches = new Map<number, TreeNode[] | string>();

const node = (id: number, parentid: number, sortorder: number, childcount: number): TreeNode => ({
  id,
  shortname: `Competency ${id}`,
  idnumber: `C${id}`,
  parentid,
  sortorder,
  path: parentid ? `/0/${parentid}/` : '/0/',
  ruleoutcome: 0,
  ruletype: null,
  childcount,
});

vi.mock('../../platform/ajax', () => ({
  call: (contract: MethodContract, args: { parentid?: number }) => {
    calls.push({ method: contract.name, args });
    if (contract.name === 'tool_lp_data_for_competencies_manage_page') {
      // A framework larger than the first load: its two domains, their children left for later.
      return Promise.resolve({ framework: { id: 7, taxonomies: '' }, canmanage: true, pagecontextid: 1, search: '', rulesmodules: '[]', pluginbaseurl: '', competencies: [node(1, 0, 0, 2), node(2, 0, 1, 1)] });
    }
    const answer = branches.get(args.parentid ?? -1);
    return typeof answer === 'string' ? Promise.reject(new Error(answer)) : Promise.resolve(answer ?? []);
  },
}));

// The tree is virtualised: give its scroll box room, which happy-dom does not lay out, for every row.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(1000);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  calls.length = 0;
  branches.clear();
});

function Harness() {
  const tree = useCompetencyTree({ frameworkid: 7 });
  const [selected, setSelected] = useState<Set<Key>>(new Set());
  if (!tree.page) return <p>waiting</p>;
  return <CompetencyTree label="Competency tree" tree={tree} selectionMode="single" selectedKeys={selected} onSelectionChange={setSelected} />;
}

function renderTree() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}\\b`) });
const branchCalls = () => calls.filter((c) => c.method === 'tool_lp_list_competency_tree_branch').map((c) => c.args);

describe('CompetencyTree with branches loaded on demand', () => {
  it('shows a domain whose children are not loaded as expandable, and ArrowRight loads and shows them', async () => {
    branches.set(1, [node(11, 1, 1, 0), node(10, 1, 0, 4)]);
    renderTree();
    const domain = await screen.findByRole('row', { name: /^Competency 1 C1/ });
    expect(domain.getAttribute('aria-expanded')).toBe('false');
    expect(row('Competency 2').getAttribute('aria-expanded')).toBe('false');
    expect(branchCalls()).toEqual([]);

    act(() => domain.focus());
    fireEvent.keyDown(domain, { key: 'ArrowRight' });
    await waitFor(() => expect(row('Competency 10')).toBeTruthy());
    expect(domain.getAttribute('aria-expanded')).toBe('true');
    expect(branchCalls()).toEqual([{ competencyframeworkid: 7, parentid: 1 }]);
    // In sort order, one level down; the one with children of its own can open in turn.
    const names = screen.getAllByRole('row').map((r) => r.getAttribute('aria-label') ?? r.textContent);
    expect(names.slice(0, 3).map((n) => n?.split(' C')[0])).toEqual(['Competency 1', 'Competency 10', 'Competency 11']);
    expect(row('Competency 10').getAttribute('aria-level')).toBe('2');
    expect(row('Competency 10').getAttribute('aria-expanded')).toBe('false');
    expect(row('Competency 11').hasAttribute('aria-expanded')).toBe(false);
  });

  it('shows a branch that failed to load in its row, and loads it again when that row is chosen', async () => {
    branches.set(2, 'The server is away.');
    renderTree();
    const domain = await screen.findByRole('row', { name: /^Competency 2 C2/ });
    act(() => domain.focus());
    fireEvent.keyDown(domain, { key: 'ArrowRight' });
    const failed = await screen.findByRole('row', { name: /^branchfailed/ });
    expect(within(failed).getByText(/The server is away\./)).toBeTruthy();
    expect(failed.textContent).toContain('"name":"Competency 2"');

    branches.set(2, [node(20, 2, 0, 0)]);
    act(() => failed.focus());
    fireEvent.keyDown(failed, { key: 'Enter' });
    fireEvent.keyUp(failed, { key: 'Enter' });
    await waitFor(() => expect(row('Competency 20')).toBeTruthy());
    expect(screen.queryByRole('row', { name: /^branchfailed/ })).toBeNull();
    expect(branchCalls()).toEqual([
      { competencyframeworkid: 7, parentid: 2 },
      { competencyframeworkid: 7, parentid: 2 },
    ]);
  });
});
