import { describe, expect, it } from 'vitest';
import { batchJson, checkedOnce, sharedAnswer } from './sharedanswers';

describe('shared answers', () => {
  it('checks a shared answer once and hands every caller the same checked object', () => {
    const answer = sharedAnswer([{ id: 1, extra: 'x' }]);
    let checks = 0;
    const check = (raw: unknown) => ((checks += 1), (raw as Array<{ id: number }>).map(({ id }) => ({ id })));
    const first = checkedOnce(answer, check);
    const second = checkedOnce(answer, check);
    expect(second).toBe(first);
    expect(first).toEqual([{ id: 1 }]);
    expect(checks).toBe(1);
  });

  it('checks an answer that is not shared every time', () => {
    const answer = [{ id: 1 }];
    let checks = 0;
    const check = (raw: unknown) => ((checks += 1), raw);
    checkedOnce(answer, check);
    checkedOnce(answer, check);
    expect(checks).toBe(2);
  });

  it('does not remember a failed check', () => {
    const answer = sharedAnswer({ id: 'bad' });
    let checks = 0;
    const check = () => {
      checks += 1;
      throw new Error('invalid');
    };
    expect(() => checkedOnce(answer, check)).toThrow('invalid');
    expect(() => checkedOnce(answer, check)).toThrow('invalid');
    expect(checks).toBe(2);
  });

  it('writes a batch with shared answers as the same text JSON.stringify gives, the shared part written once', () => {
    const data = sharedAnswer([{ id: 1, name: 'Ana "A"' }, { id: 2, name: null }]);
    const results = [
      { error: false, data: { plain: true } },
      { error: false, data },
      { error: false, data: null },
      { error: true, exception: { errorcode: 'nopermissions', message: 'No' } },
    ];
    expect(batchJson(results)).toBe(JSON.stringify(results));
    // Changing the shared object afterwards would be a misuse; it shows the text is kept, not rewritten.
    data.push({ id: 3, name: 'later' });
    expect(batchJson([{ error: false, data }])).toBe(JSON.stringify([{ error: false, data: data.slice(0, 2) }]));
  });
});
