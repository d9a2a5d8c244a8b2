import { Button, Collection, ListLayout, Tree, TreeItem, TreeItemContent, Virtualizer, type Key, type Selection } from 'react-aria-components';
import type { CompetencyNode } from './treeModel';

interface CompetencyTreeProps {
  label: string;
  roots: CompetencyNode[];
  selectionMode: 'single' | 'multiple';
  selectedKeys: Iterable<Key>;
  onSelectionChange: (keys: Set<Key>) => void;
  expandedKeys: Iterable<Key>;
  onExpandedChange: (keys: Set<Key>) => void;
  disabledKeys?: Iterable<Key>;
  /** Something to show after a row's name (a rule badge, "not allowed"). */
  badge?: (node: CompetencyNode) => string;
  /** The tree's greatest height; rows outside it are not rendered (the tree is virtualised). */
  height?: string;
  empty?: string;
}

const ROW_HEIGHT = 34;

/** A competency tree: virtualised rows, arrow keys move and expand, Space/Enter select. */
export function CompetencyTree({ label, roots, selectionMode, selectedKeys, onSelectionChange, expandedKeys, onExpandedChange, disabledKeys, badge, height = '60vh', empty }: CompetencyTreeProps) {
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
        <Collection items={item.children}>{render}</Collection>
      </TreeItem>
    );
  }

  // A short tree takes only the room its open rows need.
  const open = new Set([...expandedKeys].map(Number));
  const visibleRows = (list: CompetencyNode[]): number => list.reduce((n, item) => n + 1 + (open.has(item.id) ? visibleRows(item.children) : 0), 0);
  const rows = Math.max(3, visibleRows(roots));
  return (
    <div className="competency-tree-scroll" style={{ height: `min(${height}, ${rows * ROW_HEIGHT + 2}px)` }}>
      <Virtualizer layout={ListLayout} layoutOptions={{ rowHeight: ROW_HEIGHT }}>
        <Tree
          aria-label={label}
          className="competency-tree"
          items={roots}
          selectionMode={selectionMode}
          selectionBehavior={selectionMode === 'single' ? 'replace' : 'toggle'}
          selectedKeys={selectedKeys}
          onSelectionChange={(keys: Selection) => onSelectionChange(keys === 'all' ? new Set() : new Set(keys))}
          expandedKeys={expandedKeys}
          onExpandedChange={onExpandedChange}
          // Enter chooses the focused row too, as Space does.
          onAction={selectionMode === 'single' ? (key) => onSelectionChange(new Set([key])) : undefined}
          disabledKeys={disabledKeys}
          disabledBehavior="selection"
          renderEmptyState={() => <p className="muted competency-tree-empty">{empty}</p>}
        >
          {render}
        </Tree>
      </Virtualizer>
    </div>
  );
}
