import type { Key } from 'react-aria-components';
import type { TaxonomyTerm, TreeNode } from '../../../api/competency';
import { TAXONOMY_TERMS } from '../../../api/competency';

/** A competency with its children, as the tree draws it. */
export interface CompetencyNode {
  id: number;
  node: TreeNode;
  level: number;
  children: CompetencyNode[];
}

/** Builds the forest from flat rows (any order): children by sort order under their parent. */
export function buildTree(rows: readonly TreeNode[]): CompetencyNode[] {
  const byId = new Map<number, CompetencyNode>();
  for (const r of rows) byId.set(r.id, { id: r.id, node: r, level: r.path.split('/').filter(Boolean).length, children: [] });
  const roots: CompetencyNode[] = [];
  for (const n of byId.values()) {
    const parent = n.node.parentid ? byId.get(n.node.parentid) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  const sort = (list: CompetencyNode[]) => {
    list.sort((a, b) => a.node.sortorder - b.node.sortorder);
    for (const n of list) if (n.children.length) sort(n.children);
  };
  sort(roots);
  return roots;
}

/** The ids of every node whose children are loaded (to open what is there without loading more). */
export function parentIds(rows: readonly TreeNode[]): Set<number> {
  return new Set(rows.filter((r) => r.parentid).map((r) => r.parentid));
}

/**
 * The nodes a tree shows: the first load, then the children the first load left out of each node that
 * is open or was loaded before (`loaded` answers those fetched), top down, so closing a node keeps what
 * is below it. `wanted` lists those nodes: their branches are the ones to load and keep fresh.
 */
export function withBranches(first: readonly TreeNode[], open: ReadonlySet<Key>, loaded: (parentid: number) => readonly TreeNode[] | undefined): { rows: TreeNode[]; wanted: number[] } {
  const rows = [...first];
  const present = new Set(first.map((n) => n.id));
  const firstHasChildren = parentIds(first);
  const wanted: number[] = [];
  // `rows` grows while it is walked, so loaded children are looked at in turn.
  for (let i = 0; i < rows.length; i++) {
    const node = rows[i]!;
    if (node.childcount === 0 || firstHasChildren.has(node.id)) continue;
    const children = loaded(node.id);
    if (!children && !open.has(node.id)) continue;
    wanted.push(node.id);
    for (const child of children ?? []) {
      if (present.has(child.id)) continue;
      present.add(child.id);
      rows.push(child);
    }
  }
  return { rows, wanted };
}

/** The taxonomy term of a level from the framework's comma list ('competency' when unset). */
export function taxonomyAt(taxonomies: string, level: number): TaxonomyTerm {
  const term = taxonomies.split(',')[level - 1]?.trim() ?? '';
  return (TAXONOMY_TERMS as readonly string[]).includes(term) ? (term as TaxonomyTerm) : 'competency';
}

/** Whether `candidate` lies below `ancestor`, told through the path. */
export function isBelow(candidate: TreeNode, ancestor: TreeNode): boolean {
  return candidate.path.startsWith(`${ancestor.path}${ancestor.id}/`);
}
