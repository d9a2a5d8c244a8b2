import { describe, expect, it } from 'vitest';
import { gradeResponse, type QuestionDef } from './grading';

const base = { id: 1, name: 'Q', questiontext: 'Q?', generalfeedback: '', defaultmark: 1, single: 1, shuffleanswers: 0, usecase: 0 };
const answer = (id: number, text: string, fraction: number, tolerance = 0) => ({ id, answer: text, fraction, feedback: `fb${id}`, tolerance });

describe('question grading', () => {
  it('multiple answers +50/+50/−100: all ticked scores 0, the two right ones score 1', () => {
    const q: QuestionDef = { ...base, qtype: 'multichoice', single: 0, answers: [answer(1, 'a', 0.5), answer(2, 'b', 0.5), answer(3, 'c', -1)] };
    expect(gradeResponse(q, [1, 2, 3], { choice0: '1', choice1: '1', choice2: '1' }).fraction).toBe(0);
    expect(gradeResponse(q, [1, 2, 3], { choice0: '1', choice1: '1', choice2: '0' }).fraction).toBe(1);
    expect(gradeResponse(q, [3, 2, 1], { choice1: '1' }).fraction).toBe(0.5);
    expect(gradeResponse(q, [1, 2, 3], {}).fraction).toBeNull();
  });

  it('one answer: the chosen index in the shuffled order decides, negative grades count', () => {
    const q: QuestionDef = { ...base, qtype: 'multichoice', answers: [answer(1, 'a', 1), answer(2, 'b', -0.5)] };
    expect(gradeResponse(q, [2, 1], { answer: '1' }).fraction).toBe(1);
    expect(gradeResponse(q, [2, 1], { answer: '0' }).fraction).toBe(-0.5);
  });

  it('short answer *cat* (case-insensitive) accepts "Black CAT"; the first matching answer in order decides', () => {
    const q: QuestionDef = { ...base, qtype: 'shortanswer', answers: [answer(1, '*cat*', 1), answer(2, '*', 0.2)] };
    expect(gradeResponse(q, [], { answer: ' Black CAT ' }).fraction).toBe(1);
    expect(gradeResponse(q, [], { answer: 'dog' }).fraction).toBe(0.2);
    const strict: QuestionDef = { ...q, usecase: 1, answers: [answer(1, 'Paris', 1), answer(3, 'a\\*b', 0.5)] };
    expect(gradeResponse(strict, [], { answer: 'paris' }).fraction).toBe(0);
    expect(gradeResponse(strict, [], { answer: 'a*b' }).fraction).toBe(0.5);
    expect(gradeResponse(strict, [], { answer: 'axxb' }).fraction).toBe(0);
  });

  it('numerical 3.14 ± 0.01 accepts 3.149 and refuses 3.151', () => {
    const q: QuestionDef = { ...base, qtype: 'numerical', answers: [answer(1, '3.14', 1, 0.01)] };
    expect(gradeResponse(q, [], { answer: '3.149' }).fraction).toBe(1);
    expect(gradeResponse(q, [], { answer: '3,135' }).fraction).toBe(1);
    expect(gradeResponse(q, [], { answer: '3.151' }).fraction).toBe(0);
    expect(gradeResponse(q, [], { answer: 'pi' }).fraction).toBe(0);
  });

  it('true/false matches the right answer', () => {
    const q: QuestionDef = { ...base, qtype: 'truefalse', answers: [answer(1, 'true', 0), answer(2, 'false', 1)] };
    expect(gradeResponse(q, [], { answer: '0' })).toEqual({ fraction: 1, answerids: [2] });
    expect(gradeResponse(q, [], { answer: '1' }).fraction).toBe(0);
    expect(gradeResponse(q, [], {}).fraction).toBeNull();
  });
});
