import { Button, Collection, ListLayout, Tree, TreeItem, TreeItemContent, Virtualizer, type Key, type Selection } from 'react-aria-components';
import { useStrings } from '../../platform/useStrings';
import { COMPETENCY_STRINGS } from './strings';
import type { CompetencyNode } from './treeModel';
import type { CompetencyTreeState } from './useCompetencyTree';

interface CompetencyTreeProps {
  label: string;
  tree: CompetencyTreeState;
  selectionMode: 'single' | 'multiple';
  selectedKeys: Iterable<Key>;
  onSelectionChange: (keys: Set<Key>) => void;
  disabledKeys?: Iterable<Key>;
  /** Something to show after a row's name (a rule badge, "not allowed"). */
  badge?: (node: CompetencyNode) => string;
  /** The tree's greatest height; rows outside it are not rendered (the tree is virtualised). */
  height?: string;
  empty?: string;
}

const ROW_HEIGHT = 34;

/** The key of the row that stands for a competency's children while they load (or failed to). */
const placeholderKey = (id: number) => `branch-${id}`;

/**
 * A competency tree: virtualised rows, arrow keys move and expand, Space/Enter select. Children that
 * are not loaded yet load when their parent opens; a loading row (or the failure, Enter to try again)
 * stands in for them meanwhile.
 */
export function CompetencyTree({ label, tree, selectionMode, selectedKeys, onSelectionChange, disabledKeys = [], badge, height = '60vh', empty }: CompetencyTreeProps) {
  const s = useStrings('core_competency', COMPETENCY_STRINGS);
  const awaitsBranch = (item: CompetencyNode) => item.node.childcount > 0 && item.children.length === 0 && tree.branchState(item.id) !== 'loaded';
  // Rows are drawn again when a branch starts or stops loading, not only when the nodes change.
  const dependencies = [tree.branchVersion, s('loading')];

  function placeholder(item: CompetencyNode) {
    const state = tree.branchState(item.id);
    const failed = typeof state === 'object' ? s('branchfailed', { name: item.node.shortname, message: state.error }) : '';
    return (
      <TreeItem
        id={placeholderKey(item.id)}
        textValue={failed || s('loading')}
        className={`competency-tree-item competency-tree-placeholder${failed ? ' is-failed' : ''}`}
        onAction={failed ? () => tree.retry(item.id) : undefined}
      >
        <TreeItemContent>
          <div className="competency-row">
            <span className="tree-chevron-space" aria-hidden="true" />
            {failed ? (
              <span className="competency-branch-failed" title={failed}>
                {failed}
              </span>
            ) : (
              <span className="competency-branch-loading muted">
                <span className="spinner" aria-hidden="true" />
                {s('loading')}
              </span>
            )}
          </div>
        </TreeItemContent>
      </TreeItem>
    );
  }

  function render(item: CompetencyNode) {
    const extra = badge?.(item);
    return (
      <TreeItem id={item.id} textValue={`${item.node.shortname} ${item.node.idnumber}`} className="competency-tree-item">
        <TreeItemContent>
          {({ hasChildItems, isExpanded, isDisabled }) => (
            <div className={`competency-row${isDisabled ? ' is-disabled' : ''}`}>
              {hasChildItems ? (
                <Button slot="chevron" className="tree-chevron" excludeFromTabOrder>
                  <span aria-hidden="true">{isExpanded ? '▾' : '▸'}</span>
                </Button>
              ) : (
                <span className="tree-chevron-space" aria-hidden="true" />
              )}
              <span className="competency-name">{item.node.shortname}</span>
              <span className="competency-idnumber muted">{item.node.idnumber}</span>
              {extra && <span className="badge badge-muted">{extra}</span>}
            </div>
          )}
        </TreeItemContent>
        {/* Unloaded children keep a stand-in row even while closed: react-aria tells branches from
            leaves by their child rows, for the chevron and for ArrowRight alike. */}
        {awaitsBranch(item) ? (
          placeholder(item)
        ) : (
          <Collection items={item.children} dependencies={dependencies}>
            {render}
          </Collection>
        )}
      </TreeItem>
    );
  }

  // A short tree takes only the room its open rows need.
  const open = tree.expandedKeys;
  const visibleRows = (list: CompetencyNode[]): number =>
    list.reduce((n, item) => n + 1 + (!open.has(item.id) ? 0 : awaitsBranch(item) ? 1 : visibleRows(item.children)), 0);
  const rows = Math.max(3, visibleRows(tree.roots));
  // The stand-in rows can be focused (to read them, or retry) but never chosen.
  const placeholders = tree.rows.filter((r) => r.childcount > 0).map((r) => placeholderKey(r.id));
  const chosen = (keys: Iterable<Key>) => new Set([...keys].filter((key) => typeof key === 'number'));
  return (
    <div className="competency-tree-scroll" style={{ height: `min(${height}, ${rows * ROW_HEIGHT + 2}px)` }}>
      <Virtualizer layout={ListLayout} layoutOptions={{ rowHeight: ROW_HEIGHT }}>
        <Tree
          aria-label={label}
          className="competency-tree"
          items={tree.roots}
          dependencies={dependencies}
          selectionMode={selectionMode}
          selectionBehavior={selectionMode === 'single' ? 'replace' : 'toggle'}
          selectedKeys={selectedKeys}
          onSelectionChange={(keys: Selection) => onSelectionChange(keys === 'all' ? new Set() : chosen(keys))}
          expandedKeys={tree.expandedKeys}
          onExpandedChange={tree.setExpandedKeys}
          // Enter chooses the focused row too, as Space does.
          onAction={selectionMode === 'single' ? (key) => typeof key === 'number' && onSelectionChange(new Set([key])) : undefined}
          disabledKeys={[...disabledKeys, ...placeholders]}
          disabledBehavior="selection"
          renderEmptyState={() => <p className="muted competency-tree-empty">{empty}</p>}
        >
          {render}
        </Tree>
      </Virtualizer>
    </div>
  );
}
