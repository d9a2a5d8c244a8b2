import { useEffect, useRef } from 'react';

export interface GraderShortcutActions {
  previous: () => void;
  next: () => void;
  save: () => void;
  help: () => void;
}

/** Whether typing here means text (so single-letter shortcuts must not fire). */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return false;
}

/** Which action a key press asks for, if any. */
export function shortcutFor(event: Pick<KeyboardEvent, 'key' | 'code' | 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'target'>): keyof GraderShortcutActions | undefined {
  const { key, code, altKey, shiftKey, ctrlKey, metaKey } = event;
  if (altKey && shiftKey && !ctrlKey && !metaKey) {
    if (key === 'ArrowLeft') return 'previous';
    if (key === 'ArrowRight') return 'next';
    // Alt changes the typed letter on some layouts; the key's position is what counts.
    if (code === 'KeyS') return 'save';
    return undefined;
  }
  if ((ctrlKey || metaKey) && !altKey && !shiftKey && key.toLowerCase() === 's') return 'save';
  if (altKey || ctrlKey || metaKey || isTextEntry(event.target)) return undefined;
  if (key === 'k' || key === 'K') return 'previous';
  if (key === 'j' || key === 'J') return 'next';
  if (key === '?') return 'help';
  return undefined;
}

/**
 * The grading screen's keyboard shortcuts: Alt+Shift+←/→ (or K/J outside text fields) for the previous
 * and next user, Ctrl+S or Alt+Shift+S to save, ? for the list. Inactive while a dialogue is open.
 */
export function useGraderShortcuts(actions: GraderShortcutActions): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      if (document.querySelector('.modal-overlay')) return;
      const action = shortcutFor(event);
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
