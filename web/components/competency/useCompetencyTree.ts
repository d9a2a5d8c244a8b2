import { keepPreviousData, useQueries, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Key } from 'react-aria-components';
import { toolLpDataForCompetenciesManagePage, toolLpListCompetencyTreeBranch, TREE_OPEN_ALL_BELOW, type TreeNode } from '../../../api/competency';
import type { ResultOf } from '../../../api/contract';
import { call } from '../../platform/ajax';
import { useWsQuery } from '../../platform/query';
import { buildTree, parentIds, withBranches, type CompetencyNode } from './treeModel';

/** The most branches one press of "Expand all" loads (each is a request); the rest open with further presses. */
export const EXPAND_ALL_MAX_LOADS = 20;

/** Where a node's children stand: loading (or not asked for yet), here, or failed with the server's message. */
export type BranchState = 'loading' | 'loaded' | { error: string };

/** A framework's tree as the screens show it, with its open nodes, loading branches as they are opened. */
export interface CompetencyTreeState {
  /** The manage page answer (framework, canmanage…), once it is there for this framework. */
  page: ResultOf<typeof toolLpDataForCompetenciesManagePage> | undefined;
  rows: TreeNode[];
  byId: Map<number, TreeNode>;
  roots: CompetencyNode[];
  childrenOf: (parentid: number) => TreeNode[];
  expandedKeys: ReadonlySet<Key>;
  setExpandedKeys: (keys: Set<Key>) => void;
  expandAll: () => void;
  collapseAll: () => void;
  branchState: (id: number) => BranchState;
  retry: (id: number) => void;
  /** Changes whenever a branch starts or ends loading, so rows that show it are drawn again. */
  branchVersion: string;
  isFetching: boolean;
}

const NO_NODES: TreeNode[] = [];
const NOTHING_OPEN: ReadonlySet<Key> = new Set();

/** What a screen needs of each branch query; kept structurally equal between renders by TanStack Query. */
function summarise(results: ReadonlyArray<UseQueryResult<TreeNode[]>>) {
  return results.map((r) => ({ data: r.data, error: r.error ? r.error.message : null, isFetching: r.isFetching }));
}

const branchKey = (competencyframeworkid: number, parentid: number) => [toolLpListCompetencyTreeBranch.name, { competencyframeworkid, parentid }];

/**
 * The competency tree of a framework for a search: the manage page's answer first (whole levels, or
 * the matches with their ancestors), then the children of each node opened whose children are not
 * there, one branch request each. Branches are queries keyed by the method's name, so the mutations
 * that invalidate it refresh every loaded branch too.
 */
export function useCompetencyTree({ frameworkid, search = '', enabled = true }: { frameworkid: number; search?: string; enabled?: boolean }): CompetencyTreeState {
  const client = useQueryClient();
  const pageQuery = useWsQuery(toolLpDataForCompetenciesManagePage, { competencyframeworkid: frameworkid, search }, { enabled, placeholderData: keepPreviousData });
  // The previous answer stays while a new search loads, but never another framework's.
  const page = pageQuery.data?.framework.id === frameworkid ? pageQuery.data : undefined;
  const first = page?.competencies ?? NO_NODES;
  const scope = `${frameworkid}\n${search}`;
  const [chosen, setChosen] = useState<{ scope: string; keys: Set<Key> } | null>(null);
  const opened = chosen?.scope === scope ? chosen.keys : null;

  // Which open nodes need a branch, walking down through the branches already in the cache.
  const { wanted } = withBranches(first, opened ?? NOTHING_OPEN, (parentid) => client.getQueryData<TreeNode[]>(branchKey(frameworkid, parentid)));
  const branches = useQueries({
    queries: wanted.map((parentid) => ({
      queryKey: branchKey(frameworkid, parentid),
      queryFn: () => call(toolLpListCompetencyTreeBranch, { competencyframeworkid: frameworkid, parentid }),
      // A failed branch shows in its row, not in the exception dialogue.
      meta: { quiet: true },
    })),
    combine: summarise,
  });
  const rows = useMemo(() => {
    const loaded = new Map<number, TreeNode[]>();
    for (const { data } of branches) for (const node of data ?? []) loaded.set(node.parentid, [...(loaded.get(node.parentid) ?? []), node]);
    return withBranches(first, opened ?? NOTHING_OPEN, (parentid) => loaded.get(parentid)).rows;
  }, [first, opened, branches]);
  const states = new Map<number, BranchState>(
    wanted.map((id, i) => {
      const b = branches[i];
      return [id, b?.data ? 'loaded' : b?.error && !b.isFetching ? { error: b.error } : 'loading'];
    }),
  );
  const branchVersion = [...states].map(([id, state]) => `${id}:${typeof state === 'string' ? state : 'error'}`).join(',');

  const byId = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  const roots = useMemo(() => buildTree(rows), [rows]);
  const loadedParents = useMemo(() => parentIds(rows), [rows]);
  const whole = rows.every((r) => r.childcount === 0 || loadedParents.has(r.id));
  // A small tree that arrived whole (or a search result) opens fully; otherwise the first level shows.
  const expandedKeys: ReadonlySet<Key> = opened ?? (search || (whole && rows.length < TREE_OPEN_ALL_BELOW) ? loadedParents : NOTHING_OPEN);
  const setExpandedKeys = (keys: Set<Key>) => setChosen({ scope, keys });

  return {
    page,
    rows,
    byId,
    roots,
    childrenOf: (parentid) => rows.filter((r) => r.parentid === parentid).sort((a, b) => a.sortorder - b.sortorder),
    expandedKeys,
    setExpandedKeys,
    expandAll: () => {
      // Every loaded branch opens; of those still to load, the highest ones up to the limit, so each press goes further down.
      const toLoad = rows.filter((r) => r.childcount > 0 && !loadedParents.has(r.id));
      const next = toLoad.sort((a, b) => a.path.split('/').length - b.path.split('/').length).slice(0, EXPAND_ALL_MAX_LOADS);
      setExpandedKeys(new Set([...loadedParents, ...next.map((r) => r.id)]));
    },
    collapseAll: () => setExpandedKeys(new Set()),
    branchState: (id) => states.get(id) ?? (loadedParents.has(id) ? 'loaded' : 'loading'),
    retry: (id) => void client.refetchQueries({ queryKey: branchKey(frameworkid, id) }),
    branchVersion,
    isFetching: pageQuery.isFetching || branches.some((b) => b.isFetching),
  };
}
