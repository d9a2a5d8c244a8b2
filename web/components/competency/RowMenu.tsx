import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';

export interface RowAction {
  id: string;
  label: string;
  onAction: () => void;
}

/** A row's "⋮" menu of actions, named for its row. */
export function RowMenu({ label, items }: { label: string; items: readonly RowAction[] }) {
  return (
    <MenuTrigger>
      <Button className="btn btn-secondary btn-small" aria-label={label}>
        <span aria-hidden="true">⋮</span>
      </Button>
      <Popover className="menu-popover" placement="bottom end">
        <Menu className="menu" aria-label={label} items={items} onAction={(key) => items.find((i) => i.id === key)?.onAction()}>
          {(item) => (
            <MenuItem className="menu-item" id={item.id}>
              {item.label}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
