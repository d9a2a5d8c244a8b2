import { describe, expect, it } from 'vitest';
import { meetsFilters, neighbour, parseFilters } from './navigation';

describe('grader navigation', () => {
  it('reads the filters from the address, ignoring unknown ones', () => {
    expect(parseFilters('requiregrading,bogus,submitted')).toEqual(['submitted', 'requiregrading']);
    expect(parseFilters(null)).toEqual([]);
  });

  it('keeps a participant only when every chosen filter holds', () => {
    const graded = { submitted: true, requiregrading: false };
    const waiting = { submitted: true, requiregrading: true };
    const none = { submitted: false, requiregrading: false };
    expect([graded, waiting, none].filter((p) => meetsFilters(p, []))).toHaveLength(3);
    expect([graded, waiting, none].filter((p) => meetsFilters(p, ['submitted']))).toEqual([graded, waiting]);
    expect([graded, waiting, none].filter((p) => meetsFilters(p, ['submitted', 'requiregrading']))).toEqual([waiting]);
    expect([graded, waiting, none].filter((p) => meetsFilters(p, ['notsubmitted']))).toEqual([none]);
    expect([graded, waiting, none].filter((p) => meetsFilters(p, ['submitted', 'notsubmitted']))).toEqual([]);
  });

  it('steps to the next and previous user, wrapping around at both ends', () => {
    const ids = [4, 9, 12];
    expect(neighbour(ids, 4, 1)).toBe(9);
    expect(neighbour(ids, 12, 1)).toBe(4);
    expect(neighbour(ids, 4, -1)).toBe(12);
    expect(neighbour(ids, 9, -1)).toBe(4);
    expect(neighbour([7], 7, 1)).toBe(7);
  });

  it('steps from a user outside the list to its first or last user, and nowhere in an empty list', () => {
    expect(neighbour([4, 9], 30, 1)).toBe(4);
    expect(neighbour([4, 9], 30, -1)).toBe(9);
    expect(neighbour([], 30, 1)).toBeUndefined();
  });
});
