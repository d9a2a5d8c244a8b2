import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answercache';

describe('AnswerCache', () => {
  it('keeps answers per language and body', () => {
    const cache = new AnswerCache();
    cache.set(AnswerCache.key('en', '[1]'), 'english');
    cache.set(AnswerCache.key('es', '[1]'), 'spanish');
    expect(cache.get(AnswerCache.key('en', '[1]'))).toBe('english');
    expect(cache.get(AnswerCache.key('es', '[1]'))).toBe('spanish');
    expect(cache.get(AnswerCache.key('en', '[2]'))).toBeUndefined();
  });

  it('drops the oldest entries past its entry limit', () => {
    const cache = new AnswerCache(3);
    for (const n of [1, 2, 3, 4]) cache.set(AnswerCache.key('en', String(n)), `a${n}`);
    expect(cache.size).toBe(3);
    expect(cache.get(AnswerCache.key('en', '1'))).toBeUndefined();
    expect(cache.get(AnswerCache.key('en', '4'))).toBe('a4');
  });

  it('drops the oldest entries past its byte limit, and never keeps an oversized one', () => {
    const cache = new AnswerCache(100, 800);
    cache.set(AnswerCache.key('en', 'a'), 'x'.repeat(90));
    cache.set(AnswerCache.key('en', 'b'), 'x'.repeat(90));
    expect(cache.size).toBe(2);
    cache.set(AnswerCache.key('en', 'c'), 'x'.repeat(200));
    expect(cache.get(AnswerCache.key('en', 'c'))).toBeUndefined();
    for (const key of ['d', 'e', 'f', 'g', 'h', 'i', 'j', 'k']) cache.set(AnswerCache.key('en', key), 'x'.repeat(90));
    expect(cache.size).toBeLessThanOrEqual(8);
    expect(cache.get(AnswerCache.key('en', 'a'))).toBeUndefined();
    expect(cache.get(AnswerCache.key('en', 'k'))).toBe('x'.repeat(90));
  });

  it('does not keep answers to very long bodies', () => {
    const cache = new AnswerCache(10, 1024 * 1024, 100);
    cache.set(AnswerCache.key('en', 'b'.repeat(500)), 'answer');
    expect(cache.size).toBe(0);
  });
});
