import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { moveButtonId, refocusMoveButton } from './moveButtons';

/** Two move buttons of item 7 of list "x", the up one disabled when `atTop`. */
function buttons(atTop: boolean): { up: HTMLButtonElement; down: HTMLButtonElement } {
  document.body.innerHTML = '';
  const up = document.createElement('button');
  up.id = moveButtonId('x', 7, 'up');
  up.disabled = atTop;
  const down = document.createElement('button');
  down.id = moveButtonId('x', 7, 'down');
  document.body.append(up, down);
  return { up, down };
}

/** Runs the frames the watch asks for, one at a time. */
function runFrames(count: number): void {
  for (let i = 0; i < count; i++) vi.advanceTimersToNextFrame();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame'] });
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('moveButtonId', () => {
  it('names the list, the item and the direction', () => {
    expect(moveButtonId('role', 12, 'up')).toBe('move-role-12-up');
    expect(moveButtonId('slide', 'k3', 'down')).toBe('move-slide-k3-down');
  });
});

describe('refocusMoveButton', () => {
  it('gives focus back to the pressed button when the new order has dropped it', () => {
    const { up } = buttons(false);
    refocusMoveButton('x', 7, 'up');
    runFrames(2);
    expect(document.activeElement).toBe(up);
  });

  it('moves focus to the other button once the item has reached the end of the list', () => {
    const { up, down } = buttons(false);
    up.focus();
    refocusMoveButton('x', 7, 'up');
    runFrames(1);
    // The list re-renders a frame later with the item at the top: its up button is disabled.
    up.disabled = true;
    up.blur();
    runFrames(2);
    expect(document.activeElement).toBe(down);
  });

  it('leaves alone focus the user has taken elsewhere', () => {
    buttons(false);
    const elsewhere = document.createElement('input');
    document.body.append(elsewhere);
    elsewhere.focus();
    refocusMoveButton('x', 7, 'up');
    runFrames(3);
    expect(document.activeElement).toBe(elsewhere);
  });
});
