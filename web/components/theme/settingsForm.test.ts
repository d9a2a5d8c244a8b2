import { describe, expect, it } from 'vitest';
import type { ThemeSettings } from '../../../api/theme';
import { comparable, emptySlide, formValues, imageProblem, saveArgs, validate } from './settingsForm';

const messages = { intervalrange: 'range', scrolluprange: 'scroll', invalidlink: 'link', toolong: 'long' };
const stored: ThemeSettings = {
  slideinterval: 5000,
  slideright: false,
  oldnavbar: false,
  navbarscrollupamount: 250,
  defaultcolours: 'default',
  colourswitcher: true,
  revision: 3,
  slides: [{ id: 4, title: 'Welcome', caption: 'Hello', url: '/my/', imageurl: '/theme/essential/slideimage.php?slide=4', imagename: 'a.png', imagesize: 10 }],
};

describe('the theme settings form', () => {
  it('shows the interval in seconds and sends it in milliseconds, with the slides in order', () => {
    const values = formValues(stored);
    expect(values.interval).toBe('5');
    const next = { ...values, interval: '2.5', slides: [emptySlide(), ...values.slides] };
    const args = saveArgs(next, stored.revision);
    expect(args.slideinterval).toBe(2500);
    expect(args.revision).toBe(3);
    expect(args.slides.map((s) => [s.id, s.image])).toEqual([
      [0, { action: 'keep' }],
      [4, { action: 'keep' }],
    ]);
  });

  it('checks the limits the server holds, naming each field', () => {
    const values = formValues(stored);
    expect(validate(values, messages)).toEqual({});
    expect(validate({ ...values, interval: '0.5', scrollup: '2001' }, messages)).toEqual({ slideinterval: 'range', navbarscrollupamount: 'scroll' });
    expect(validate({ ...values, interval: '', scrollup: '12.5' }, messages)).toEqual({ slideinterval: 'range', navbarscrollupamount: 'scroll' });
    const bad = { ...values, slides: [{ ...emptySlide(), url: 'javascript:alert(1)', title: 'x'.repeat(256) }] };
    expect(validate(bad, messages)).toEqual({ 'slides.0.url': 'link', 'slides.0.title': 'long' });
  });

  it('notices changes, but not new keys for the same slides', () => {
    const a = formValues(stored);
    const b = formValues(stored);
    expect(comparable(a)).toBe(comparable(b));
    expect(comparable({ ...a, slideright: true })).not.toBe(comparable(b));
  });

  it('accepts PNG, JPEG, GIF and WebP images up to 4 MB', () => {
    expect(imageProblem(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(imageProblem(new File(['x'], 'a.svg', { type: 'image/svg+xml' }))).toBe('notimage');
    expect(imageProblem(new File([new Uint8Array(4 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }))).toBe('toolarge');
  });
});
