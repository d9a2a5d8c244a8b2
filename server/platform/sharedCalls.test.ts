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

  it("does not let a caller join a run that started before the caller's own latest change, and lets the others join", async () => {
    let writes = 0;
    const shared = new SharedCalls<number>(() => writes);
    let runs = 0;
    const work = () => ((runs += 1), later(runs));
    const before = shared.run('a', work);
    // Someone saves something: the write count is now 1, and 1 is that person's latest change.
    writes += 1;
    const someoneElse = shared.run('a', work, 0);
    const writer = shared.run('a', work, 1);
    const afterWriter = shared.run('a', work, 0);
    expect(await Promise.all([before, someoneElse, writer, afterWriter])).toEqual([1, 1, 2, 2]);
    expect(runs).toBe(2);
    // The older run ending does not remove the newer one's entry; both are gone once done.
    expect(shared.size).toBe(0);
  });

  it('keeps the newer run joinable while an older run of the same key is still finishing', async () => {
    let writes = 0;
    const shared = new SharedCalls<string>(() => writes);
    let runs = 0;
    const older = shared.run('a', () => ((runs += 1), later('old', 5)));
    writes += 1;
    const newer = shared.run('a', () => ((runs += 1), later('new', 40)), 1);
    expect(await older).toBe('old');
    expect(await shared.run('a', () => ((runs += 1), later('third')))).toBe('new');
    expect(await newer).toBe('new');
    expect(runs).toBe(2);
  });

  it('with keepMs, answers from a finished run for that long, then runs again', async () => {
    let writes = 0;
    const shared = new SharedCalls<number>(() => writes, 60);
    let runs = 0;
    const work = () => ((runs += 1), later(runs, 1));
    expect(await shared.run('a', work)).toBe(1);
    expect(await shared.run('a', work)).toBe(1);
    expect(shared.size).toBe(1);
    // Not for someone whose change came after the kept run started.
    writes += 1;
    expect(await shared.run('a', work, 1)).toBe(2);
    await later(null, 90);
    expect(shared.size).toBe(0);
    expect(await shared.run('a', work)).toBe(3);
  });

  it('keeps no failed run, even with keepMs', async () => {
    const shared = new SharedCalls<number>(() => 0, 1_000);
    await expect(shared.run('a', () => later(0).then(() => Promise.reject(new Error('broken'))))).rejects.toThrow('broken');
    expect(shared.size).toBe(0);
    expect(await shared.run('a', () => later(5))).toBe(5);
  });
});
