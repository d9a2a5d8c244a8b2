import { useEffect, useRef } from 'react';
import { PendingButton } from '../../platform/PendingButton';
import type { RowAction } from './RowMenu';

interface PlanActionBarProps {
  label: string;
  actions: readonly RowAction[];
  /** The id of the action under way, if any: its button shows it and keeps the focus; the others wait. */
  pending: string | null;
}

/**
 * The plan page's actions as a row of buttons. An action that changes the plan's status usually takes
 * its own button away (Complete gives way to Reopen): the focus then goes to the bar's first action
 * rather than being dropped on the page.
 */
export function PlanActionBar({ label, actions, pending }: PlanActionBarProps) {
  const bar = useRef<HTMLDivElement>(null);
  /** The action last pressed, until its button is seen gone. */
  const pressed = useRef<string | null>(null);
  const ids = actions.map((a) => a.id).join(' ');
  useEffect(() => {
    if (pressed.current === null || pending !== null || ids.split(' ').includes(pressed.current)) return;
    pressed.current = null;
    // Only a focus that was lost with the button moves; one the user took elsewhere stays there.
    if (document.activeElement === document.body) bar.current?.querySelector<HTMLElement>('button:not([disabled])')?.focus();
  }, [pending, ids]);
  return (
    <div ref={bar} className="plan-action-bar" role="toolbar" aria-label={label}>
      {actions.map((a) => (
        <PendingButton
          key={a.id}
          className={`btn ${a.id === 'delete' ? 'btn-secondary danger-text' : 'btn-secondary'}`}
          isPending={pending === a.id}
          pendingKind="working"
          isDisabled={pending !== null}
          onPress={() => {
            pressed.current = a.id;
            a.onAction();
          }}
        >
          {a.label}
        </PendingButton>
      ))}
    </div>
  );
}
