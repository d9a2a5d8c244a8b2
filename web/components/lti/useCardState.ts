import { useEffect, useRef, useState } from 'react';

/** A tool card's visual state: idle, working, or the outcome shown for a moment (spec §4, §9). */
export type CardStatus = 'idle' | 'loading' | 'success' | 'fail';

/** How long a card shows success or failure. */
export const OUTCOME_MS = 2000;

/**
 * Runs an action with the card's loading display, then shows success or failure for OUTCOME_MS
 * before `after` (for example removing a deleted card) and going back to idle.
 */
export function useCardState() {
  const [status, setStatus] = useState<CardStatus>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  async function run<T>(action: () => Promise<T>, after?: (ok: boolean) => void): Promise<T | undefined> {
    setStatus('loading');
    let ok = false;
    let result: T | undefined;
    try {
      result = await action();
      ok = true;
    } catch {
      ok = false;
    }
    setStatus(ok ? 'success' : 'fail');
    timer.current = window.setTimeout(() => {
      setStatus('idle');
      after?.(ok);
    }, OUTCOME_MS);
    return result;
  }
  return { status, loading: status === 'loading', run };
}
