import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { scrollWindowTo } from './scroll';

function reducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
}

/** Animation frames the test runs by hand, each at the time it is given. */
let frames: FrameRequestCallback[] = [];
const runFrame = (time: number) => {
  const waiting = frames;
  frames = [];
  for (const frame of waiting) frame(time);
};

let scrollTo: Mock<(options: ScrollToOptions) => void>;

beforeEach(() => {
  frames = [];
  // A long page scrolled down to 900 px.
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 900 });
  scrollTo = vi.fn<(options: ScrollToOptions) => void>();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((frame) => frames.push(frame));
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('scrolling the window (back to top, section links)', () => {
  it('jumps straight to the place for people who prefer less motion', async () => {
    reducedMotion(true);
    await scrollWindowTo(0, 1200);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'instant' });
    expect(frames).toHaveLength(0);
  });

  it('glides there over the duration for everyone else, passing through the places between', async () => {
    reducedMotion(false);
    let ended = false;
    const scrolled = scrollWindowTo(0, 1200).then(() => {
      ended = true;
    });
    expect(scrollTo).not.toHaveBeenCalled();
    runFrame(1000);
    runFrame(1600);
    runFrame(2200);
    await scrolled;
    expect(ended).toBe(true);
    const tops = scrollTo.mock.calls.map(([options]) => options.top);
    expect(tops[0]).toBe(900);
    expect(tops[1]).toBeGreaterThan(0);
    expect(tops[1]).toBeLessThan(900);
    expect(tops.at(-1)).toBe(0);
  });
});
