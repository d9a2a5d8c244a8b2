import { describe, expect, it } from 'vitest';
import { percentile, steadyLatency, type Answer } from './latency';

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBe(0);
  });
});

describe('steadyLatency', () => {
  const a = { id: 'a' };
  const b = { id: 'b' };

  it('leaves out the requests sent before every connection had its first answer, and reports that ramp', () => {
    const answers: Answer[] = [
      { connection: a, sentAt: 0, doneAt: 10 },
      { connection: a, sentAt: 10, doneAt: 20 },
      // b waited for its connection to be accepted: its first answer ends the ramp.
      { connection: b, sentAt: 0, doneAt: 3_000 },
      { connection: a, sentAt: 2_990, doneAt: 3_010 },
      { connection: a, sentAt: 3_010, doneAt: 3_030 },
      { connection: b, sentAt: 3_000, doneAt: 3_040 },
    ];
    expect(steadyLatency(answers, 2)).toEqual({ counted: 2, p50ms: 20, p99ms: 40, rampMs: 3_000 });
  });

  it('copes with as many answers as a fast scenario gives', () => {
    const answers: Answer[] = Array.from({ length: 300_000 }, (_, i) => ({ connection: i % 2 === 0 ? a : b, sentAt: i, doneAt: i + 2 }));
    expect(steadyLatency(answers, 2)).toEqual({ counted: 299_997, p50ms: 2, p99ms: 2, rampMs: 3 });
  });

  it('counts every answer when some connection never had one', () => {
    const answers: Answer[] = [
      { connection: a, sentAt: 0, doneAt: 10 },
      { connection: a, sentAt: 10, doneAt: 30 },
    ];
    expect(steadyLatency(answers, 2)).toEqual({ counted: 2, p50ms: 10, p99ms: 20, rampMs: null });
  });
});
