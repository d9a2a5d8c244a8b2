import { describe, expect, it } from 'vitest';
import { durationParts } from './dates';
import { countWords, htmlToPlain, textToHtml } from './onlinetext';

describe('online text', () => {
  it('turns paragraphs and line breaks into HTML, escaping markup', () => {
    expect(textToHtml('First line\nsecond line\n\n<b>Next</b> & more')).toBe('<p>First line<br>second line</p><p>&lt;b&gt;Next&lt;/b&gt; &amp; more</p>');
    expect(textToHtml('  \n\n ')).toBe('');
  });

  it('reads stored HTML back as the same text', () => {
    const text = 'First line\nsecond line\n\n<b>Next</b> & more';
    expect(htmlToPlain(textToHtml(text))).toBe(text);
    expect(htmlToPlain('<p>One <em>two</em></p><ul><li>three</li><li>four</li></ul>')).toBe('One two\n\nthree\n\nfour');
  });

  it('counts words as runs of non-space characters', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  Organisms with useful traits  survive.\n\nYes ')).toBe(6);
  });
});

describe('assignment dates', () => {
  it('gives the two largest units of a span', () => {
    expect(durationParts(6 * 86_400 + 23 * 3_600 + 59)).toEqual([
      { unit: 'day', count: 6 },
      { unit: 'hour', count: 23 },
    ]);
    expect(durationParts(2 * 3_600 + 5 * 60)).toEqual([
      { unit: 'hour', count: 2 },
      { unit: 'min', count: 5 },
    ]);
    expect(durationParts(20)).toEqual([{ unit: 'min', count: 1 }]);
  });
});
