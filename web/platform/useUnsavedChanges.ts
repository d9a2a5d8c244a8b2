import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { confirmDialog } from './dialogs';
import { useStrings } from './useStrings';

/** Keys of the strings the guard shows (core "moodle" pack). */
const KEYS = ['unsavedchanges', 'unsavedchangesleave', 'leavepage', 'stayonpage'] as const;

/**
 * Keeps a form's unsaved changes from being lost by accident while `dirty` is true: closing or
 * reloading the tab asks through the browser, and following a link inside the app asks first with
 * the site's own dialogue. Links marked `data-discard` (a form's Cancel) leave without asking, as
 * does the form's own navigation after saving (made in code, not by a link).
 */
export function useUnsavedChanges(dirty: boolean): void {
  const s = useStrings('moodle', KEYS);
  const navigate = useNavigate();
  // Read by the listeners when they fire, so they are attached once per dirty period.
  const latest = useRef({ s, navigate });
  useEffect(() => {
    latest.current = { s, navigate };
  });

  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('data-discard') || link.hasAttribute('download')) return;
      if (link.target && link.target !== '_self') return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return;
      // Capture phase: stopped before the router's own handler navigates.
      event.preventDefault();
      event.stopPropagation();
      const { s: strings, navigate: go } = latest.current;
      void confirmDialog({
        title: strings('unsavedchanges'),
        message: strings('unsavedchangesleave'),
        confirmLabel: strings('leavepage'),
        cancelLabel: strings('stayonpage'),
        destructive: true,
      }).then((leave) => {
        if (leave) void go(url.pathname + url.search + url.hash);
      });
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty]);
}
