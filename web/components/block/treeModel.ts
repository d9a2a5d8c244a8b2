import { EXPANDED_MEMORY, type NavNodeJson } from '../../../api/navigation';
import { htmlToText } from '../../platform/text';

/** A node of a block's tree as the page holds it. */
export interface TreeNode {
  /** Unique in the tree: the way down to it (the same course may sit under "My courses" and "Courses"). */
  path: string;
  /** The node wherever it appears: what the expanded-branches preference remembers. */
  branchId: string;
  json: NavNodeJson;
  /** The name as text (the server sends it HTML-escaped). */
  name: string;
  title?: string;
  /** null: a branch whose children load on demand and have not been asked for yet. */
  children: TreeNode[] | null;
  branch: boolean;
  status: 'idle' | 'loading' | 'failed';
}

export function branchIdOf(json: Pick<NavNodeJson, 'type' | 'key'>): string {
  return `expandable_branch_${json.type ?? 'x'}_${json.key}`;
}

/** Tree nodes from node JSON; anything that is not a node (a hidden child is an empty string) is skipped. */
export function buildNodes(list: ReadonlyArray<NavNodeJson | ''>, parentPath = ''): TreeNode[] {
  return list.flatMap((json) => {
    if (typeof json !== 'object' || json === null) return [];
    const path = `${parentPath}/${json.type ?? 'x'}_${json.key}`;
    return [
      {
        path,
        branchId: branchIdOf(json),
        json,
        name: htmlToText(json.name),
        title: json.title ? htmlToText(json.title) : undefined,
        children: json.requiresajaxloading ? null : buildNodes(json.children ?? [], path),
        branch: json.expandable !== undefined || json.haschildren,
        status: 'idle',
      },
    ];
  });
}

/** A branch whose children were loaded and turned out to be none (reference §5.2: shown as empty). */
export function isEmptyBranch(node: TreeNode): boolean {
  return node.branch && node.children !== null && node.children.length === 0;
}

/** Can be opened: a branch with children, or with children still to load. */
export function isOpenable(node: TreeNode): boolean {
  return node.branch && (node.children === null || node.children.length > 0);
}

export function findNode(nodes: readonly TreeNode[], path: string): TreeNode | undefined {
  for (const node of nodes) {
    if (node.path === path) return node;
    if (node.children && path.startsWith(`${node.path}/`)) return findNode(node.children, path);
  }
  return undefined;
}

/** The tree with one node changed (the others shared, so React redraws only that branch). */
export function updateNode(nodes: readonly TreeNode[], path: string, change: (node: TreeNode) => TreeNode): TreeNode[] {
  return nodes.map((node) => {
    if (node.path === path) return change(node);
    if (node.children && path.startsWith(`${node.path}/`)) return { ...node, children: updateNode(node.children, path, change) };
    return node;
  });
}

/** A branch's children as loaded from the branch endpoint (whose answer is the branch itself). */
export function withLoadedChildren(node: TreeNode, answer: NavNodeJson): TreeNode {
  return { ...node, children: buildNodes(answer.children ?? [], node.path), status: 'idle' };
}

/** The paths of the branches to show open: those the server opens for the page, and those the user left open. */
export function initiallyOpen(nodes: readonly TreeNode[], remembered: ReadonlySet<string>): Set<string> {
  const open = new Set<string>();
  const visit = (list: readonly TreeNode[]) => {
    for (const node of list) {
      if (isOpenable(node) && (node.json.forceopen || remembered.has(node.branchId))) open.add(node.path);
      if (node.children) visit(node.children);
    }
  };
  visit(nodes);
  return open;
}

/** The remembered branches after one was opened (it goes last) or closed, keeping the most recent ones. */
export function remember(list: readonly string[], branchId: string, open: boolean): string[] {
  const rest = list.filter((id) => id !== branchId);
  return (open ? [...rest, branchId] : rest).slice(-EXPANDED_MEMORY);
}
