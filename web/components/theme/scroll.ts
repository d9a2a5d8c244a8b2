import { prefersReducedMotion } from './page';

/** Back-to-top (spec §9): it appears past this many pixels and scrolls up over this long. */
export const BACK_TO_TOP_AFTER_PX = 480;
export const BACK_TO_TOP_SCROLL_MS = 1200;
/** Section links (spec §9) scroll over this long. */
export const SECTION_SCROLL_MS = 500;

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/** The scroll under way: its next frame, and how to settle its promise when a newer one replaces it. */
let running: { frame: number; done: () => void } | undefined;

function stopRunning() {
  if (!running) return;
  cancelAnimationFrame(running.frame);
  running.done();
  running = undefined;
}

/**
 * Scrolls the window to `top` over `duration` ms, easing in and out; at once when the user prefers
 * less motion. A newer scroll cancels one still running. Resolves when the scroll has ended.
 */
export function scrollWindowTo(top: number, duration: number): Promise<void> {
  stopRunning();
  const target = Math.max(0, Math.min(top, document.documentElement.scrollHeight - window.innerHeight));
  const start = window.scrollY;
  if (prefersReducedMotion() || duration <= 0 || Math.abs(target - start) < 1) {
    window.scrollTo({ top: target, behavior: 'instant' });
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    let began: number | undefined;
    const step = (time: number) => {
      began ??= time;
      const progress = Math.min(1, (time - began) / duration);
      window.scrollTo({ top: start + (target - start) * easeInOut(progress), behavior: 'instant' });
      if (progress < 1) {
        running = { frame: requestAnimationFrame(step), done: resolve };
      } else {
        running = undefined;
        resolve();
      }
    };
    running = { frame: requestAnimationFrame(step), done: resolve };
  });
}
