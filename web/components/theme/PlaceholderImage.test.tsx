import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlaceholderImage } from './PlaceholderImage';

let boxWidth = 600;

beforeEach(() => {
  vi.useFakeTimers();
  boxWidth = 600;
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ width: boxWidth, height: 200, top: 0, left: 0, right: boxWidth, bottom: 200, x: 0, y: 0, toJSON: () => ({}) }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the placeholder image', () => {
  it('is drawn at the size of its box, and drawn again 100 ms after resizing stops', () => {
    render(<PlaceholderImage text="Open day" theme="sky" />);
    const canvas = document.querySelector('canvas') as HTMLCanvasElement;
    expect(canvas.getAttribute('aria-hidden')).toBe('true');
    expect(canvas.width).toBe(600);

    boxWidth = 320;
    act(() => {
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(60);
      window.dispatchEvent(new Event('resize'));
      vi.advanceTimersByTime(99);
    });
    expect(canvas.width).toBe(600);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(canvas.width).toBe(320);
  });
});
