/**
 * Move up / move down buttons of a reorderable list (the keyboard's way to do what dragging does).
 * After a move the list renders in its new order, and the focused button may be gone or disabled:
 * focus goes back to the moved item's button, so the next press moves it again.
 */
export type MoveDirection = 'up' | 'down';

/** The DOM id of an item's move button; `list` names the list on the page. */
export function moveButtonId(list: string, item: number | string, direction: MoveDirection): string {
  return `move-${list}-${item}-${direction}`;
}

/** How long (in frames) focus is watched after a move: the new order may render a little later. */
const WATCH_FRAMES = 30;

/**
 * Keeps focus with the moved item while the list renders its new order: on its button for
 * `direction`, or on its other one once the item has reached the end of the list (and the pressed
 * button is disabled, which drops focus to the page). Focus the user has moved elsewhere is left alone.
 */
export function refocusMoveButton(list: string, item: number | string, direction: MoveDirection): void {
  const find = (d: MoveDirection) => document.getElementById(moveButtonId(list, item, d));
  const usable = (el: HTMLElement | null): el is HTMLButtonElement => el instanceof HTMLButtonElement && !el.disabled;
  let frames = 0;
  const watch = () => {
    const pressed = find(direction);
    const other = find(direction === 'up' ? 'down' : 'up');
    const target = usable(pressed) ? pressed : usable(other) ? other : null;
    const active = document.activeElement;
    const lost = active === null || active === document.body || active === pressed || active === other;
    if (target && lost && active !== target) target.focus();
    if (++frames < WATCH_FRAMES) requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}
