import { describe, expect, it } from 'vitest';
import { parseGift } from './gift';

const questions = (text: string) => parseGift(text).map((r) => ('question' in r ? r.question : r));

describe('GIFT import', () => {
  it('reads the four types, names, weights, feedback and comments', () => {
    const [mc, multi, tf, sa, num, range] = questions(`// a comment
::Capital::What is the capital of France? {=Paris#Yes ~Lyon#No ~%-50%Nice}

Tick the noble gases {~%50%Neon ~%50%Argon ~%-100%Iron}

The sky is blue. {T#Look again#Right}

Name a cat. {=cat =%50%kitten}

::Pi::Pi to two places? {#3.14:0.01}

Between one and five? {#1..5}`);
    expect(mc).toMatchObject({ qtype: 'multichoice', single: true, name: 'Capital', answers: [{ answer: 'Paris', fraction: 1, feedback: 'Yes' }, { answer: 'Lyon', fraction: 0 }, { answer: 'Nice', fraction: -0.5 }] });
    // "~" without "=" imports as multiple-answer.
    expect(multi).toMatchObject({ qtype: 'multichoice', single: false, answers: [{ fraction: 0.5 }, { fraction: 0.5 }, { fraction: -1 }] });
    expect(tf).toMatchObject({ qtype: 'truefalse', answers: [{ answer: 'true', fraction: 1, feedback: 'Right' }, { answer: 'false', fraction: 0, feedback: 'Look again' }] });
    expect(sa).toMatchObject({ qtype: 'shortanswer', answers: [{ answer: 'cat', fraction: 1 }, { answer: 'kitten', fraction: 0.5 }] });
    expect(num).toMatchObject({ qtype: 'numerical', name: 'Pi', answers: [{ answer: '3.14', tolerance: 0.01 }] });
    // {#1..5} imports as 3 ± 2.
    expect(range).toMatchObject({ qtype: 'numerical', answers: [{ answer: '3', tolerance: 2 }] });
  });

  it('names the blocks it cannot read', () => {
    expect(questions('No answers here\n\nMatch {=a -> b =c -> d}')).toEqual([
      { error: 'giftnoanswers', block: 1 },
      { error: 'giftunsupported', block: 2 },
    ]);
  });
});
