import { describe, expect, it } from 'vitest';
import { SharedCalls } from './sharedCalls';

const later = <T>(value: T, ms = 20) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('SharedCalls', () => {
  it('runs the work once for callers of the same key that arrive while it runs', async () => {
    const shared = new SharedCalls<number>();
    let runs = 0;
    const work = () => ((runs += 1), later(42));
    const answers = await Promise.all([shared.run('a', work), shared.run('a', work), shared.run('a', work)]);
    expect(answers).toEqual([42, 42, 42]);
    expect(runs).toBe(1);
  });

  it('runs different keys separately, and the same key again once the first run ended', async () => {
    const shared = new SharedCalls<string>();
    let runs = 0;
    const work = (value: string) => () => ((runs += 1), later(value));
    expect(await Promise.all([shared.run('a', work('x')), shared.run('b', work('y'))])).toEqual(['x', 'y']);
    expect(shared.size).toBe(0);
    expect(await shared.run('a', work('z'))).toBe('z');
    expect(runs).toBe(3);
  });

  it('gives a failure to every joined caller and forgets it, so the next call runs afresh', async () => {
    const shared = new SharedCalls<number>();
    const failing = () => later(0).then(() => Promise.reject(new Error('broken')));
    const results = await Promise.allSettled([shared.run('a', failing), shared.run('a', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await shared.run('a', () => later(7))).toBe(7);
  });
});
