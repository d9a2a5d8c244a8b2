import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { announce, LiveAnnouncer } from './announcer';

afterEach(cleanup);

describe('LiveAnnouncer', () => {
  it('is one polite status region that says the last announcement', () => {
    render(<LiveAnnouncer />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.getAttribute('aria-atomic')).toBe('true');
    act(() => announce('Alpha moved to position 2.'));
    expect(region.textContent).toBe('Alpha moved to position 2.');
    act(() => announce('Alpha moved to position 1.'));
    expect(region.textContent).toBe('Alpha moved to position 1.');
  });

  it('puts the same words said twice in a new node, so screen readers say them again', () => {
    render(<LiveAnnouncer />);
    const region = screen.getByRole('status');
    act(() => announce('Beta moved to position 3.'));
    const first = region.firstElementChild;
    act(() => announce('Beta moved to position 3.'));
    expect(region.textContent).toBe('Beta moved to position 3.');
    expect(region.firstElementChild).not.toBe(first);
  });
});
