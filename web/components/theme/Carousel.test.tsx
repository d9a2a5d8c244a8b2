import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Carousel as CarouselData } from '../../../api/theme';
import { Carousel } from './Carousel';

vi.mock('../../platform/useStrings', () => ({
  useStrings: () => (key: string, param?: unknown) => (param === undefined ? key : `${key} ${JSON.stringify(param)}`),
}));

const slides: CarouselData['slides'] = [
  { id: 1, title: 'First', caption: 'One', url: '/my/', imageurl: '/one.png' },
  { id: 2, title: 'Second', caption: '', url: '', imageurl: '/two.png' },
  { id: 3, title: 'Third', caption: 'Three', url: 'https://example.org/', imageurl: '/three.png' },
];

function show(overrides: Partial<CarouselData> = {}) {
  render(
    <MemoryRouter>
      <Carousel carousel={{ slides, slideinterval: 5000, slideright: false, ...overrides }} />
    </MemoryRouter>,
  );
  return document.getElementById('essentialCarousel') as HTMLElement;
}

/** The number (1-based) of the slide on show. */
const current = () => Number(document.querySelector('.carousel-slide.is-active')?.getAttribute('data-slide'));
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

function reducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  vi.useFakeTimers();
  reducedMotion(false);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the front page carousel', () => {
  it('advances at the interval and wraps from the last slide to the first', () => {
    show();
    expect(current()).toBe(1);
    wait(4999);
    expect(current()).toBe(1);
    wait(1);
    expect(current()).toBe(2);
    wait(5000);
    wait(5000);
    expect(current()).toBe(1);
  });

  it('runs backwards when the site reverses it', () => {
    show({ slideright: true });
    wait(5000);
    expect(current()).toBe(3);
    wait(5000);
    expect(current()).toBe(2);
  });

  it('stops while the mouse is over it and starts again when it leaves', () => {
    const carousel = show();
    fireEvent.pointerEnter(carousel, { pointerType: 'mouse' });
    wait(15_000);
    expect(current()).toBe(1);
    fireEvent.pointerLeave(carousel, { pointerType: 'mouse' });
    wait(5000);
    expect(current()).toBe(2);
  });

  it('moves with previous, next and the slide buttons, wrapping at both ends', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'previousslide' }));
    expect(current()).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: 'nextslide' }));
    expect(current()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'showslide 2' }));
    expect(current()).toBe(2);
    expect(screen.getByRole('button', { name: 'showslide 2' }).getAttribute('aria-current')).toBe('true');
  });

  it('does not turn by itself for people who prefer less motion, until they start it', () => {
    reducedMotion(true);
    show();
    wait(20_000);
    expect(current()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'startrotation' }));
    wait(5000);
    expect(current()).toBe(2);
  });

  it('hides the slides not on show from assistive technology', () => {
    show();
    const hidden = [...document.querySelectorAll('.carousel-slide')].filter((s) => s.getAttribute('aria-hidden') === 'true');
    expect(hidden.map((s) => s.getAttribute('data-slide'))).toEqual(['2', '3']);
  });
});
