import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { press } from '../../platform/testPress';
import { PlanActionBar } from './PlanActionBar';
import type { RowAction } from './RowMenu';

vi.mock('../../platform/useStrings', () => ({ useStrings: () => (key: string) => key }));

afterEach(cleanup);

const action = (id: string, label: string, onAction = vi.fn()): RowAction => ({ id, label, onAction });

describe('PlanActionBar', () => {
  it('shows the action under way on its button, which keeps the focus while the others wait', () => {
    const { rerender } = render(<PlanActionBar label="Plan actions" actions={[action('complete', 'Complete plan'), action('delete', 'Delete')]} pending={null} />);
    const complete = screen.getByRole('button', { name: 'Complete plan' });
    act(() => complete.focus());
    rerender(<PlanActionBar label="Plan actions" actions={[action('complete', 'Complete plan'), action('delete', 'Delete')]} pending="complete" />);
    expect(complete.getAttribute('aria-busy')).toBe('true');
    expect(complete.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(complete);
    expect(screen.getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(true);
  });

  it('gives the focus to the first action when the one pressed is gone once done', () => {
    const complete = action('complete', 'Complete plan');
    const { rerender } = render(<PlanActionBar label="Plan actions" actions={[action('edit', 'Edit plan'), complete, action('delete', 'Delete')]} pending={null} />);
    const button = screen.getByRole('button', { name: 'Complete plan' });
    act(() => button.focus());
    press(button);
    expect(complete.onAction).toHaveBeenCalledTimes(1);
    rerender(<PlanActionBar label="Plan actions" actions={[action('edit', 'Edit plan'), complete, action('delete', 'Delete')]} pending="complete" />);
    rerender(<PlanActionBar label="Plan actions" actions={[action('reopen', 'Reopen plan'), action('delete', 'Delete')]} pending={null} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reopen plan' }));
  });

  it('leaves a focus the user took elsewhere where it is', () => {
    const { rerender } = render(
      <>
        <input aria-label="Elsewhere" />
        <PlanActionBar label="Plan actions" actions={[action('complete', 'Complete plan')]} pending={null} />
      </>,
    );
    press(screen.getByRole('button', { name: 'Complete plan' }));
    const elsewhere = screen.getByRole('textbox', { name: 'Elsewhere' });
    act(() => elsewhere.focus());
    rerender(
      <>
        <input aria-label="Elsewhere" />
        <PlanActionBar label="Plan actions" actions={[action('reopen', 'Reopen plan')]} pending={null} />
      </>,
    );
    expect(document.activeElement).toBe(elsewhere);
  });
});
