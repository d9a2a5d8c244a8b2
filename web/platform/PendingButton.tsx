import { useEffect, type ReactNode, type Ref } from 'react';
import { Button, type ButtonProps } from 'react-aria-components';
import { announce, withdraw } from './announcer';
import { useStrings } from './useStrings';

/** The usual things a pending action is doing, each said by a core string ("Saving…", "Working…", "Uploading…"). */
export type PendingKind = 'saving' | 'working' | 'uploading';

/**
 * Says through the page's live region that an action is under way (`label`, else what `kind` says)
 * when `isPending` turns on, and withdraws it when the action ends: the notification tells what came of it.
 */
export function useAnnouncePending(isPending: boolean, label?: string, kind: PendingKind = 'saving'): void {
  const s = useStrings('moodle', ['saving', 'working', 'uploading']);
  const said = label ?? (kind === 'working' ? s('working') : kind === 'uploading' ? s('uploading') : s('saving'));
  useEffect(() => {
    if (!isPending || !said) return;
    const id = announce(said);
    return () => withdraw(id);
  }, [isPending, said]);
}

export interface PendingButtonProps extends Omit<ButtonProps, 'children' | 'isPending' | 'render'> {
  /** Whether the button's action is under way. */
  isPending: boolean;
  /** What the action is doing, said to screen readers while it is pending: saving unless told otherwise. */
  pendingKind?: PendingKind;
  /** Words of the action's own for screen readers while it is pending, instead of `pendingKind`'s. */
  pendingLabel?: string;
  /** An icon before the label, which the spinner replaces while pending. */
  icon?: ReactNode;
  children?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button whose action takes a moment (a save, an upload, a preview). While pending it keeps the
 * keyboard focus and its place in the tab order (react-aria's pending state: aria-disabled, presses
 * and implicit form submission refused), says it is busy (aria-busy), shows a spinner, and announces
 * "Saving…" (or what `pendingKind` or `pendingLabel` says). A disabled button would drop the focus, so pending wins over
 * `isDisabled`.
 */
export function PendingButton({ isPending, pendingKind, pendingLabel, icon, children, isDisabled, ...props }: PendingButtonProps) {
  useAnnouncePending(isPending, pendingLabel, pendingKind);
  return (
    <Button
      {...props}
      isDisabled={!isPending && isDisabled}
      isPending={isPending}
      // react-aria passes no aria-busy through to the element; its render hook lets us set it.
      render={(dom, { isPending: busy }) => <button {...dom} aria-busy={busy || undefined} />}
    >
      {isPending ? <span className="spinner" aria-hidden="true" /> : icon}
      {children}
    </Button>
  );
}
