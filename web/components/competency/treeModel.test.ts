import { describe, expect, it } from 'vitest';
import type { TreeNode } from '../../../api/competency';
import { buildTree, withBranches } from './treeModel';

const node = (id: number, parentid: number, path: string, childcount: number, sortorder = 0): TreeNode => ({
  id,
  shortname: `C${id}`,
  idnumber: `C${id}`,
  parentid,
  sortorder,
  path,
  ruleoutcome: 0,
  ruletype: null,
  childcount,
});

describe('withBranches', () => {
  // The first load: two domains; the first one's children came with it, the second's did not.
  const first = [node(1, 0, '/0/', 1), node(2, 0, '/0/', 2, 1), node(10, 1, '/0/1/', 0)];
  const loaded = new Map([
    [2, [node(21, 2, '/0/2/', 0, 1), node(20, 2, '/0/2/', 3)]],
    [20, [node(200, 20, '/0/2/20/', 0)]],
  ]);

  it('asks for the branches of open nodes whose children the first load left out, walking down through those already loaded', () => {
    const { rows, wanted } = withBranches(first, new Set([1, 2, 20]), (id) => loaded.get(id));
    expect(wanted).toEqual([2, 20]);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 10, 21, 20, 200]);
    const roots = buildTree(rows);
    expect(roots[1]?.children.map((c) => c.id)).toEqual([20, 21]);
    expect(roots[1]?.children[0]?.children.map((c) => c.id)).toEqual([200]);
  });

  it('keeps the loaded branches of closed nodes, and loads none for a closed node', () => {
    expect(withBranches(first, new Set(), () => undefined)).toEqual({ rows: first, wanted: [] });
    const closed = withBranches(first, new Set(), (id) => loaded.get(id));
    expect(closed.wanted).toEqual([2, 20]);
    expect(closed.rows.map((r) => r.id)).toEqual([1, 2, 10, 21, 20, 200]);
    // 20 is open, but its parent is closed and not loaded, so 20 is not there to load for.
    expect(withBranches(first, new Set([20]), (id) => (id === 20 ? loaded.get(id) : undefined)).wanted).toEqual([]);
  });
});
