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

/** The ids of every node that has children (to expand all). */
export function parentIds(rows: readonly TreeNode[]): Set<number> {
  return new Set(rows.filter((r) => r.parentid).map((r) => r.parentid));
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
