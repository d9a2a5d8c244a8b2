import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveAnnouncer } from './announcer';
import { PendingButton } from './PendingButton';
import { press } from './testPress';

// Each string id answers itself, so the tests can tell which one was said.
vi.mock('./useStrings', () => ({ useStrings: () => (key: string) => key }));

afterEach(cleanup);

/** A form whose save the test finishes by hand, with the page's live region beside it. */
function SaveForm({ onPress, onSubmit, disabled = false }: { onPress: () => void; onSubmit: () => void; disabled?: boolean }) {
  const [pending, setPending] = useState(false);
  return (
    <>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <input aria-label="Name" />
        <PendingButton
          type="submit"
          isPending={pending}
          isDisabled={disabled}
          onPress={() => {
            onPress();
            setPending(true);
          }}
        >
          Save changes
        </PendingButton>
      </form>
      <button type="button" onClick={() => setPending(false)}>
        finish
      </button>
      <LiveAnnouncer />
    </>
  );
}

describe('PendingButton', () => {
  it('keeps the focus while pending, says it is busy and announces saving until the action ends', () => {
    const onPress = vi.fn();
    render(<SaveForm onPress={onPress} onSubmit={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Save changes' });
    const region = screen.getByRole('status');
    act(() => button.focus());
    press(button);
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(button);
    expect(button.querySelector('.spinner[aria-hidden="true"]')).not.toBeNull();
    expect(region.textContent).toBe('saving');

    fireEvent.click(screen.getByRole('button', { name: 'finish' }));
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    expect(button.querySelector('.spinner')).toBeNull();
    expect(region.textContent).toBe('');
  });

  it('refuses presses and the form’s submission while pending', () => {
    const onPress = vi.fn();
    const onSubmit = vi.fn();
    render(<SaveForm onPress={onPress} onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: 'Save changes' });
    press(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    press(button);
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    // Enter in a field submits through the form's submit button, which is no submit button while pending.
    expect(button.getAttribute('type')).toBe('button');
  });

  it('stays focusable while pending even when its own condition would disable it', () => {
    const { rerender } = render(
      <PendingButton isPending isDisabled>
        Save changes
      </PendingButton>,
    );
    const button = screen.getByRole('button', { name: 'Save changes' });
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    rerender(
      <PendingButton isPending={false} isDisabled>
        Save changes
      </PendingButton>,
    );
    expect(button.hasAttribute('disabled')).toBe(true);
  });

  it('announces what the action does: uploading, working, or words of its own', () => {
    const { rerender } = render(
      <>
        <PendingButton isPending pendingKind="uploading">
          Upload picture
        </PendingButton>
        <LiveAnnouncer />
      </>,
    );
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('uploading');
    rerender(
      <>
        <PendingButton isPending={false} pendingKind="working">
          Preview
        </PendingButton>
        <LiveAnnouncer />
      </>,
    );
    expect(region.textContent).toBe('');
    rerender(
      <>
        <PendingButton isPending pendingKind="working">
          Preview
        </PendingButton>
        <LiveAnnouncer />
      </>,
    );
    expect(region.textContent).toBe('working');
    rerender(
      <>
        <PendingButton isPending={false} pendingLabel="Saving the grade…">
          Save changes
        </PendingButton>
        <LiveAnnouncer />
      </>,
    );
    rerender(
      <>
        <PendingButton isPending pendingLabel="Saving the grade…">
          Save changes
        </PendingButton>
        <LiveAnnouncer />
      </>,
    );
    expect(region.textContent).toBe('Saving the grade…');
  });

  it('shows the spinner in place of its icon while pending', () => {
    const { rerender } = render(
      <PendingButton isPending={false} aria-label="Delete" icon={<span data-testid="icon">✕</span>}>
        Delete
      </PendingButton>,
    );
    expect(screen.getByTestId('icon')).toBeTruthy();
    rerender(
      <PendingButton isPending aria-label="Delete" icon={<span data-testid="icon">✕</span>}>
        Delete
      </PendingButton>,
    );
    expect(screen.queryByTestId('icon')).toBeNull();
    expect(screen.getByRole('button').querySelector('.spinner')).not.toBeNull();
  });
});
