import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Collection, Tree, TreeItem, TreeItemContent, type Key } from 'react-aria-components';
import { useLocation } from 'react-router';
import { NAV_TYPE, type NavNodeJson } from '../../../api/navigation';
import { log } from '../../platform/log';
import { useStrings } from '../../platform/useStrings';
import { fetchBranch } from './branch';
import { NodeIcon } from './icons';
import { isCurrentLink } from './pageContext';
import { BLOCK_STRINGS } from './strings';
import { buildNodes, findNode, initiallyOpen, isEmptyBranch, isOpenable, remember, updateNode, withLoadedChildren, type TreeNode } from './treeModel';

interface NavTreeProps {
  label: string;
  instanceid: number;
  nodes: ReadonlyArray<NavNodeJson | ''>;
  /** The branches the user left open (their branch ids). */
  remembered: readonly string[];
  onRememberedChange: (list: string[]) => void;
  /** How the current page's own node shows: still a link (navigation), or plain text (settings). */
  current: 'link' | 'text';
}

/** A site link as the router takes it: a path on this site, or the whole address elsewhere. */
function routed(link: string): string {
  const url = new URL(link, window.location.origin);
  return url.origin === window.location.origin ? url.pathname + url.search + url.hash : link;
}

/** Branches show no icon (their arrow says what they are), except activities and resources, which keep theirs. */
function showsIcon(node: TreeNode): boolean {
  const type = node.json.type;
  return node.json.icon !== undefined && (!isOpenable(node) || type === NAV_TYPE.ACTIVITY || type === NAV_TYPE.RESOURCE);
}

/**
 * A block's tree (WAI-ARIA tree keyboard use through react-aria: arrows move, open and close, Home
 * and End jump, typing a name's first letters finds it, Enter follows a node's link). Branches the
 * server marks lazy load from the branch endpoints when first opened; one that turns out to hold
 * nothing becomes an empty branch. Opened branches are remembered through `onRememberedChange`.
 */
export function NavTree({ label, instanceid, nodes: initial, remembered, onRememberedChange, current }: NavTreeProps) {
  const s = useStrings('block_navigation', BLOCK_STRINGS);
  const location = useLocation();
  const queryClient = useQueryClient();
  const [nodes, setNodes] = useState(() => buildNodes(initial));
  const [open, setOpen] = useState(() => initiallyOpen(nodes, new Set(remembered)));
  const rememberedRef = useRef([...remembered]);
  const nodesRef = useRef(nodes);
  nodesRef.current = nodes;
  const onRememberedRef = useRef(onRememberedChange);
  onRememberedRef.current = onRememberedChange;

  const load = useCallback(
    async (path: string) => {
      const node = findNode(nodesRef.current, path);
      if (!node || node.children !== null || node.status === 'loading') return;
      setNodes((list) => updateNode(list, path, (n) => ({ ...n, status: 'loading' })));
      try {
        // Cached for a minute, so moving between pages does not fetch the same branches again.
        const answer = await queryClient.fetchQuery({
          queryKey: ['navbranch', instanceid, node.json.type, node.json.key],
          queryFn: () => fetchBranch(node.json, node.json.id ?? node.branchId, instanceid),
          staleTime: 60_000,
        });
        const remembered = new Set(rememberedRef.current);
        const loaded = withLoadedChildren(node, answer);
        setNodes((list) => updateNode(list, path, (n) => withLoadedChildren(n, answer)));
        setOpen((keys) => {
          const next = new Set(keys);
          // A branch that turned out empty cannot stay open; branches the user left open inside it open again.
          if (isEmptyBranch(loaded)) next.delete(path);
          for (const key of initiallyOpen(loaded.children ?? [], remembered)) next.add(key);
          return next;
        });
        if (isEmptyBranch(loaded) && remembered.has(node.branchId)) {
          rememberedRef.current = remember(rememberedRef.current, node.branchId, false);
          onRememberedRef.current(rememberedRef.current);
        }
      } catch (error) {
        log.warn('navigation branch failed', error);
        setNodes((list) => updateNode(list, path, (n) => ({ ...n, status: 'failed' })));
      }
    },
    [instanceid, queryClient],
  );

  // Open branches whose children are not here yet (remembered ones, and those just opened) load now.
  useEffect(() => {
    for (const path of open) {
      const node = findNode(nodes, path);
      if (node && node.children === null && node.status === 'idle') void load(path);
    }
  }, [open, nodes, load]);

  function onExpandedChange(keys: Set<Key>) {
    const next = new Set([...keys].map(String));
    let list = rememberedRef.current;
    for (const path of new Set([...next, ...open])) {
      if (next.has(path) === open.has(path)) continue;
      const node = findNode(nodes, path);
      if (node) list = remember(list, node.branchId, next.has(path));
    }
    setOpen(next);
    if (list !== rememberedRef.current) {
      rememberedRef.current = list;
      onRememberedChange(list);
    }
  }

  function toggle(path: string) {
    const next = new Set(open);
    if (next.has(path)) next.delete(path);
    else next.add(path);
    onExpandedChange(next);
  }

  function retry(path: string) {
    setNodes((list) => updateNode(list, path, (n) => ({ ...n, status: 'idle' })));
  }

  // Rows are drawn again when what they show besides their node changes: open branches, the page, the strings.
  const dependencies = [open, location.pathname, location.search, current, s('loadingbranch')];

  function placeholder(node: TreeNode) {
    const failed = node.status === 'failed';
    return (
      <TreeItem
        id={`${node.path}/__placeholder`}
        textValue={failed ? s('branchfailed') : s('loadingbranch')}
        className={`nav-tree-item nav-tree-placeholder${failed ? ' is-failed' : ''}`}
        onAction={failed ? () => retry(node.path) : undefined}
      >
        <TreeItemContent>
          <div className="nav-row">
            <span className="nav-chevron-space" aria-hidden="true" />
            {failed ? <span className="nav-failed">{s('branchfailed')}</span> : <span className="nav-loading"><span className="spinner" aria-hidden="true" />{s('loadingbranch')}</span>}
          </div>
        </TreeItemContent>
      </TreeItem>
    );
  }

  function render(node: TreeNode) {
    const link = node.json.link;
    const isCurrent = link !== undefined && isCurrentLink(link, location, window.location.origin);
    const asText = isCurrent && current === 'text';
    const href = link && !asText ? routed(link) : undefined;
    const openable = isOpenable(node);
    const empty = isEmptyBranch(node);
    const classes = ['nav-tree-item', node.json.class, empty ? 'emptybranch' : '', node.json.hidden ? 'dimmed' : '', isCurrent ? 'active_tree_node' : ''].filter(Boolean).join(' ');
    return (
      <TreeItem
        id={node.path}
        textValue={node.name}
        className={classes}
        href={href}
        hasChildItems={openable}
        // react-aria does not pass aria-current on to the row, so it is set on the row's element here.
        ref={(element) => {
          if (element && isCurrent) element.setAttribute('aria-current', 'page');
          else element?.removeAttribute('aria-current');
        }}
        data-branch-id={node.json.id ?? undefined}
        // A branch without a page of its own opens and closes on Enter.
        onAction={!href && openable ? () => toggle(node.path) : undefined}
      >
        <TreeItemContent>
          {({ isExpanded }) => (
            <div className="nav-row" title={[node.title, node.json.hidden ? s('hiddenfromstudents') : ''].filter(Boolean).join(' · ') || undefined}>
              {openable ? (
                <Button slot="chevron" className="nav-chevron" excludeFromTabOrder>
                  <span aria-hidden="true" className={isExpanded ? 'is-open' : undefined}>
                    ▸
                  </span>
                </Button>
              ) : (
                <span className={empty ? 'nav-chevron-space nav-empty-mark' : 'nav-chevron-space'} aria-hidden="true" />
              )}
              {showsIcon(node) && node.json.icon && <NodeIcon icon={node.json.icon} />}
              <span className={asText ? 'nav-name nav-current-text' : 'nav-name'}>{node.name}</span>
              {empty && <span className="nav-empty">{s('emptybranch')}</span>}
              {isCurrent && <span className="visually-hidden">{`(${s('currentpage')})`}</span>}
            </div>
          )}
        </TreeItemContent>
        {/* An unloaded branch holds its loading row even while closed: react-aria tells branches from
            leaves by their child rows (it does not pass hasChildItems on to the keyboard handling). */}
        {node.children === null ? (
          placeholder(node)
        ) : (
          <Collection items={node.children} dependencies={dependencies}>
            {render}
          </Collection>
        )}
      </TreeItem>
    );
  }

  return (
    <Tree aria-label={label} className="nav-tree" items={nodes} dependencies={dependencies} expandedKeys={open} onExpandedChange={onExpandedChange} selectionMode="none">
      {render}
    </Tree>
  );
}
