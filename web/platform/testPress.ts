import { fireEvent } from '@testing-library/react';

/** Presses a react-aria button the way a mouse does (pointer down, up, then the click), for unit tests. */
export function press(element: HTMLElement): void {
  fireEvent.pointerDown(element, { pointerId: 1, pointerType: 'mouse', button: 0 });
  fireEvent.pointerUp(element, { pointerId: 1, pointerType: 'mouse', button: 0 });
  fireEvent.click(element, { detail: 1 });
}
