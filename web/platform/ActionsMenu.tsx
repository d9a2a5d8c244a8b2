import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useStrings } from './useStrings';

export interface ActionsMenuItem {
  id: string;
  label: string;
  href: string;
}

/** The "⋮" menu of a page's heading: links to the page's other screens. Nothing when there are none. */
export function ActionsMenu({ items }: { items: readonly ActionsMenuItem[] }) {
  const s = useStrings('moodle', ['moreactions']);
  if (items.length === 0) return null;
  return (
    <MenuTrigger>
      <Button className="btn btn-secondary" aria-label={s('moreactions')}>
        <span aria-hidden="true">⋮</span>
      </Button>
      <Popover className="menu-popover" placement="bottom end">
        <Menu className="menu" aria-label={s('moreactions')} items={items}>
          {(item) => (
            <MenuItem className="menu-item" id={item.id} href={item.href}>
              {item.label}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
