import { describe, expect, it } from 'vitest';
import { bestGrade, rescale } from './grades';
import { makeLayout, pagesOf } from './attempts';

describe('quiz grades', () => {
  it('attempts 4, 8, 6 (sumgrades 10, quiz grade 20) give 16 highest, 12 average, 8 first, 12 last', () => {
    const grades = [4, 8, 6].map((s) => rescale({ grade: 20, sumgrades: 10 }, s));
    expect(bestGrade(1, grades)).toBe(16);
    expect(bestGrade(2, grades)).toBe(12);
    expect(bestGrade(3, grades)).toBe(8);
    expect(bestGrade(4, grades)).toBe(12);
  });

  it('lays out pages with 0 as the page break', () => {
    expect(makeLayout([1, 2, 3], 2, false)).toBe('1,2,0,3,0');
    expect(makeLayout([1, 2, 3], 0, false)).toBe('1,2,3,0');
    expect(pagesOf('1,2,0,3,0')).toEqual([[1, 2], [3]]);
  });
});
