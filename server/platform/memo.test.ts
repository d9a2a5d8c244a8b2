import { describe, expect, it } from 'vitest';
import { memoizeText } from './memo';

describe('memoizeText', () => {
  it('computes each input once while it stays among the most recently used', () => {
    const seen: string[] = [];
    const upper = memoizeText((t) => {
      seen.push(t);
      return t.toUpperCase();
    }, 2);
    expect(upper('a')).toBe('A');
    expect(upper('b')).toBe('B');
    expect(upper('a')).toBe('A');
    expect(seen).toEqual(['a', 'b']);
    // 'b' is now the least recently used, so 'c' pushes it out and 'a' stays.
    expect(upper('c')).toBe('C');
    expect(upper('a')).toBe('A');
    expect(upper('b')).toBe('B');
    expect(seen).toEqual(['a', 'b', 'c', 'b']);
  });

  it('does not keep inputs longer than the limit', () => {
    let calls = 0;
    const same = memoizeText((t) => {
      calls += 1;
      return t;
    }, 10, 3);
    same('long text');
    same('long text');
    expect(calls).toBe(2);
  });
});
