import { describe, expect, it } from 'vitest';
import { LINE_WRAP_RATIO, PLACEHOLDER_THEME_NAMES, placeholderFontPx, wrapText } from './placeholder';

/** Every character 10 px wide. */
const measure = (text: string) => text.length * 10;

describe('placeholder images', () => {
  it('has the six themes', () => {
    expect(PLACEHOLDER_THEME_NAMES).toEqual(['gray', 'social', 'industrial', 'sky', 'vine', 'lava']);
  });

  it('wraps words at the width it is given', () => {
    expect(wrapText('Welcome to the new term', 100, measure)).toEqual(['Welcome to', 'the new', 'term']);
    expect(wrapText('  spaced   out  ', 200, measure)).toEqual(['spaced out']);
    expect(wrapText('', 100, measure)).toEqual([]);
  });

  it('breaks a word longer than a line between characters', () => {
    expect(wrapText('Supercalifragilistic day', 80, measure)).toEqual(['Supercal', 'ifragili', 'stic day']);
  });

  it('wraps at 0.9 of the image width', () => {
    expect(LINE_WRAP_RATIO).toBe(0.9);
    const width = 120;
    const lines = wrapText('aaaa bbbb cccc dddd', width * LINE_WRAP_RATIO, measure);
    expect(lines).toEqual(['aaaa bbbb', 'cccc dddd']);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(108);
  });

  it('sizes the text from 10 pt up, growing with the image', () => {
    expect(placeholderFontPx(60, 40)).toBeCloseTo(13.333, 2);
    expect(placeholderFontPx(1200, 400)).toBe(60);
    expect(placeholderFontPx(300, 1600)).toBe(80);
  });
});
