import { Button, Menu, MenuItem, MenuTrigger, Popover, Tree, TreeItem, TreeItemContent, type Key } from 'react-aria-components';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import type { CategoryNode } from './categories';

export type CategoryAction = 'up' | 'down' | 'move' | 'toggle' | 'delete';

interface CategoryTreeProps {
  nodes: CategoryNode[];
  selected: number;
  onSelect: (id: number) => void;
  onAction: (action: CategoryAction, node: CategoryNode) => void;
  expanded: Set<Key>;
  onExpandedChange: (keys: Set<Key>) => void;
}

/** The category tree: arrow keys move and expand, Enter selects, each row has its actions menu. */
export function CategoryTree({ nodes, selected, onSelect, onAction, expanded, onExpandedChange }: CategoryTreeProps) {
  const s = useStrings('core_course', ['categories', 'categoryactions', 'edit', 'moveup', 'movedown', 'moveto', 'hide', 'show', 'delete', 'hidden']);

  function renderNode(node: CategoryNode, index: number, siblings: CategoryNode[]) {
    const { category } = node;
    const first = index === 0;
    const last = index === siblings.length - 1;
    return (
      <TreeItem key={category.id} id={category.id} textValue={node.name} className="category-tree-item">
        <TreeItemContent>
          {({ hasChildItems, isExpanded }) => (
            <div className={`category-row${category.visible ? '' : ' is-hidden'}`}>
              {hasChildItems ? (
                <Button slot="chevron" className="tree-chevron">
                  <span aria-hidden="true">{isExpanded ? '▾' : '▸'}</span>
                </Button>
              ) : (
                <span className="tree-chevron-space" aria-hidden="true" />
              )}
              <span className="category-name">{node.name}</span>
              {!category.visible && <span className="badge badge-muted">{s('hidden')}</span>}
              <span className="badge" aria-hidden="true">
                {category.coursecount}
              </span>
              <MenuTrigger>
                <Button className="btn btn-secondary btn-small" aria-label={s('categoryactions', node.name)}>
                  ⋮
                </Button>
                <Popover className="menu-popover" placement="bottom end">
                  <Menu className="menu" onAction={(key) => key !== 'edit' && onAction(key as CategoryAction, node)}>
                    <MenuItem id="edit" className="menu-item" href={relativeUrl('/course/editcategory.php', { id: category.id })}>
                      {s('edit')}
                    </MenuItem>
                    {!first && (
                      <MenuItem id="up" className="menu-item">
                        {s('moveup')}
                      </MenuItem>
                    )}
                    {!last && (
                      <MenuItem id="down" className="menu-item">
                        {s('movedown')}
                      </MenuItem>
                    )}
                    <MenuItem id="move" className="menu-item">
                      {s('moveto')}
                    </MenuItem>
                    <MenuItem id="toggle" className="menu-item">
                      {category.visible ? s('hide') : s('show')}
                    </MenuItem>
                    <MenuItem id="delete" className="menu-item">
                      {s('delete')}
                    </MenuItem>
                  </Menu>
                </Popover>
              </MenuTrigger>
            </div>
          )}
        </TreeItemContent>
        {node.children.map((child, i, all) => renderNode(child, i, all))}
      </TreeItem>
    );
  }

  return (
    <Tree
      aria-label={s('categories')}
      className="category-tree"
      selectionMode="single"
      selectionBehavior="replace"
      disallowEmptySelection
      selectedKeys={selected ? [selected] : []}
      onSelectionChange={(keys) => {
        if (keys === 'all') return;
        const [first] = [...keys];
        if (first !== undefined) onSelect(Number(first));
      }}
      expandedKeys={expanded}
      onExpandedChange={onExpandedChange}
    >
      {nodes.map((node, i, all) => renderNode(node, i, all))}
    </Tree>
  );
}
