import { act, cleanup, render, screen } from '@testing-library/react';
import { Dialog, Modal } from 'react-aria-components';
import { afterEach, describe, expect, it } from 'vitest';
import { announce, LiveAnnouncer, withdraw } from './announcer';

afterEach(cleanup);

/** Whether the element or an ancestor is inert or aria-hidden, as a modal makes the page behind it. */
function hiddenFromAssistiveTech(element: HTMLElement): boolean {
  for (let node: HTMLElement | null = element; node; node = node.parentElement) {
    if (node.inert || node.getAttribute('aria-hidden') === 'true') return true;
  }
  return false;
}

describe('LiveAnnouncer', () => {
  it('is one polite status region that says the last announcement', () => {
    render(<LiveAnnouncer />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.getAttribute('aria-atomic')).toBe('true');
    act(() => {
      announce('Alpha moved to position 2.');
    });
    expect(region.textContent).toBe('Alpha moved to position 2.');
    act(() => {
      announce('Alpha moved to position 1.');
    });
    expect(region.textContent).toBe('Alpha moved to position 1.');
  });

  it('puts the same words said twice in a new node, so screen readers say them again', () => {
    render(<LiveAnnouncer />);
    const region = screen.getByRole('status');
    act(() => {
      announce('Beta moved to position 3.');
    });
    const first = region.firstElementChild;
    act(() => {
      announce('Beta moved to position 3.');
    });
    expect(region.textContent).toBe('Beta moved to position 3.');
    expect(region.firstElementChild).not.toBe(first);
  });

  it('withdraws an announcement that is over, but not one said after it', () => {
    render(<LiveAnnouncer />);
    const region = screen.getByRole('status');
    let saving = 0;
    act(() => {
      saving = announce('Saving…');
    });
    expect(region.textContent).toBe('Saving…');
    act(() => withdraw(saving));
    expect(region.textContent).toBe('');

    act(() => {
      saving = announce('Saving…');
    });
    act(() => {
      announce('Gamma moved to position 1.');
    });
    act(() => withdraw(saving));
    expect(region.textContent).toBe('Gamma moved to position 1.');
  });

  it('stays audible while a modal dialogue hides the rest of the page', () => {
    render(
      <>
        <p>Page content</p>
        <LiveAnnouncer />
        <Modal isOpen>
          <Dialog aria-label="Edit group">Form</Dialog>
        </Modal>
      </>,
    );
    expect(hiddenFromAssistiveTech(screen.getByText('Page content'))).toBe(true);
    const region = screen.getByRole('status');
    expect(hiddenFromAssistiveTech(region)).toBe(false);
    act(() => {
      announce('Saving…');
    });
    expect(region.textContent).toBe('Saving…');
  });
});
