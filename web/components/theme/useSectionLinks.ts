import { useEffect, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SECTION_SCROLL_MS, scrollWindowTo } from './scroll';

/** A course section's anchor: `#section-{n}`. */
export const SECTION_HASH = /^#section-\d+$/;
/** How long a section link waits for its section to appear (the course page loads its sections). */
const WAIT_FOR_SECTION_MS = 10_000;

/** The element with the id, as soon as it is in the page (or null after the wait). */
function whenPresent(id: string, signal: AbortSignal): Promise<HTMLElement | null> {
  const found = document.getElementById(id);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const done = (element: HTMLElement | null) => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(element);
    };
    const observer = new MutationObserver(() => {
      const element = document.getElementById(id);
      if (element) done(element);
    });
    const timer = setTimeout(() => done(null), WAIT_FOR_SECTION_MS);
    signal.addEventListener('abort', () => done(null));
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

/**
 * Section links (`#section-{n}`) scroll to their section over 500 ms, leaving room for the navbar
 * above it (twice its height when the navbar is not fixed), then give the section heading the focus.
 * Links on the page go through the router, so the address and the back button follow; an address that
 * arrives with a section anchor scrolls once the section has loaded.
 */
export function useSectionLinks(navbar: RefObject<HTMLElement | null>, fixed: boolean): void {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return;
      const url = new URL(link.href, window.location.href);
      const here = window.location;
      if (!SECTION_HASH.test(url.hash) || url.origin !== here.origin || url.pathname !== here.pathname || url.search !== here.search) return;
      event.preventDefault();
      void navigate(`${url.pathname}${url.search}${url.hash}`);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);

  useEffect(() => {
    if (!SECTION_HASH.test(location.hash)) return undefined;
    const abort = new AbortController();
    void whenPresent(location.hash.slice(1), abort.signal).then((section) => {
      if (!section || abort.signal.aborted) return;
      const offset = (navbar.current?.offsetHeight ?? 0) * (fixed ? 1 : 2);
      const top = section.getBoundingClientRect().top + window.scrollY - offset;
      void scrollWindowTo(top, SECTION_SCROLL_MS).then(() => {
        if (abort.signal.aborted) return;
        if (!section.hasAttribute('tabindex')) section.setAttribute('tabindex', '-1');
        section.focus({ preventScroll: true });
      });
    });
    return () => abort.abort();
    // location.key: following the same section link again scrolls again.
  }, [location.key, location.hash, navbar, fixed]);
}
