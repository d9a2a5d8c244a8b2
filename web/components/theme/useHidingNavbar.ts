import { useEffect, type RefObject } from 'react';
import { nextNavbarScroll, type NavbarScroll } from './navbar';

/**
 * Makes the fixed navbar slide out of sight while the page scrolls down and come back after the user
 * scrolls up by `threshold` pixels or nears the top. Keyboard focus entering the navbar brings it
 * back at once. The position is written straight to the element (one update per animation frame), so
 * scrolling never re-renders the page.
 */
export function useHidingNavbar(ref: RefObject<HTMLElement | null>, enabled: boolean, threshold: number): void {
  useEffect(() => {
    const bar = ref.current;
    if (!bar || !enabled) return undefined;
    let state: NavbarScroll = { y: window.scrollY, shift: 0, upTravel: 0 };
    let frame = 0;
    const show = (shift: number) => {
      bar.style.transform = shift > 0 ? `translateY(${-shift}px)` : '';
      bar.toggleAttribute('data-hidden', shift > bar.offsetHeight);
    };
    const update = () => {
      frame = 0;
      const next = nextNavbarScroll(state, window.scrollY, bar.offsetHeight, threshold);
      if (next.shift !== state.shift) show(next.shift);
      state = next;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    const onFocus = () => {
      state = { ...state, shift: 0, upTravel: 0 };
      show(0);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    bar.addEventListener('focusin', onFocus);
    return () => {
      window.removeEventListener('scroll', onScroll);
      bar.removeEventListener('focusin', onFocus);
      if (frame) cancelAnimationFrame(frame);
      show(0);
    };
  }, [ref, enabled, threshold]);
}
