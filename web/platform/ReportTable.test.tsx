import { describe, expect, it } from 'vitest';
import { detectNumeric, nextSorting, pageWindow } from './ReportTableColumns';

describe('report table', () => {
  it('cycles a column ascending, descending and (when allowed) none; a plain click replaces the sort', () => {
    expect(nextSorting([], '0', false, true)).toEqual([{ id: '0', desc: false }]);
    expect(nextSorting([{ id: '0', desc: false }], '0', false, true)).toEqual([{ id: '0', desc: true }]);
    expect(nextSorting([{ id: '0', desc: true }], '0', false, true)).toEqual([]);
    expect(nextSorting([{ id: '0', desc: true }], '0', false, false)).toEqual([{ id: '0', desc: false }]);
    expect(nextSorting([{ id: '0', desc: false }, { id: '1', desc: false }], '1', false, true)).toEqual([{ id: '1', desc: true }]);
  });

  it('shift-click adds a column or advances its order, keeping the others', () => {
    const one = [{ id: '0', desc: false }];
    expect(nextSorting(one, '1', true, true)).toEqual([{ id: '0', desc: false }, { id: '1', desc: false }]);
    expect(nextSorting([...one, { id: '1', desc: false }], '1', true, true)).toEqual([{ id: '0', desc: false }, { id: '1', desc: true }]);
    expect(nextSorting([...one, { id: '1', desc: true }], '1', true, true)).toEqual(one);
  });

  it('shows at most 5 page links around the current page', () => {
    expect(pageWindow(0, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(0, 20)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(19, 20)).toEqual([15, 16, 17, 18, 19]);
  });

  it('detects number columns from up to 50 rows', () => {
    expect(detectNumeric([[1, 'a'], ['2', 'b'], [null, '3']], 2)).toEqual([true, false]);
    const rows = [...Array.from({ length: 50 }, () => [1]), ['text']];
    expect(detectNumeric(rows, 1)).toEqual([true]);
  });
});
