/** One answer of a question, as the grading needs it. */
export interface AnswerDef {
  id: number;
  answer: string;
  fraction: number;
  feedback: string;
  tolerance: number;
}

/** A question definition: what grading and display read. */
export interface QuestionDef {
  id: number;
  qtype: QuestionType;
  name: string;
  questiontext: string;
  generalfeedback: string;
  defaultmark: number;
  single: number;
  shuffleanswers: number;
  usecase: number;
  answers: AnswerDef[];
}

export const QUESTION_TYPES = ['multichoice', 'truefalse', 'shortanswer', 'numerical'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** A response as the attempt form posts it: `answer`, `choice0..n` (Moodle's sub-field names). */
export type Response = Record<string, string>;

/** The outcome of grading one response: fraction null = not answered; the answers that decided it. */
export interface Graded {
  fraction: number | null;
  answerids: number[];
}

const EPSILON = 1e-9;

/** Short-answer pattern to a regular expression: `*` is any run of characters, `\*` a literal asterisk. */
export function wildcardRegExp(pattern: string, caseSensitive: boolean): RegExp {
  const parts = pattern.normalize('NFC').split(/(\\\*|\*)/);
  const source = parts.map((p) => (p === '*' ? '.*' : p === '\\*' ? '\\*' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${source}$`, caseSensitive ? 'su' : 'isu');
}

/** A number as typed: a dot or a comma as the decimal mark, optional exponent. */
export function parseNumber(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return null;
  return Number(t);
}

function gradeMultichoice(q: QuestionDef, order: readonly number[], r: Response): Graded {
  const byId = new Map(q.answers.map((a) => [a.id, a]));
  if (q.single) {
    if (r.answer === undefined || r.answer === '') return { fraction: null, answerids: [] };
    const chosen = byId.get(order[Number(r.answer)] ?? -1);
    return chosen ? { fraction: chosen.fraction, answerids: [chosen.id] } : { fraction: null, answerids: [] };
  }
  const chosen = order.flatMap((id, i) => (r[`choice${i}`] === '1' && byId.has(id) ? [byId.get(id)!] : []));
  if (chosen.length === 0) return { fraction: null, answerids: [] };
  const sum = chosen.reduce((total, a) => total + a.fraction, 0);
  return { fraction: Math.min(1, Math.max(0, sum)), answerids: chosen.map((a) => a.id) };
}

function gradeTruefalse(q: QuestionDef, r: Response): Graded {
  if (r.answer !== '0' && r.answer !== '1') return { fraction: null, answerids: [] };
  const chosen = q.answers.find((a) => a.answer.toLowerCase() === (r.answer === '1' ? 'true' : 'false'));
  return chosen ? { fraction: chosen.fraction >= 1 - EPSILON ? 1 : 0, answerids: [chosen.id] } : { fraction: 0, answerids: [] };
}

function gradeShortanswer(q: QuestionDef, r: Response): Graded {
  const text = (r.answer ?? '').trim().normalize('NFC');
  if (text === '') return { fraction: null, answerids: [] };
  const match = q.answers.find((a) => wildcardRegExp(a.answer.trim(), q.usecase === 1).test(text));
  return match ? { fraction: match.fraction, answerids: [match.id] } : { fraction: 0, answerids: [] };
}

function gradeNumerical(q: QuestionDef, r: Response): Graded {
  const raw = (r.answer ?? '').trim();
  if (raw === '') return { fraction: null, answerids: [] };
  const value = parseNumber(raw);
  if (value === null) return { fraction: 0, answerids: [] };
  const match = q.answers.find((a) => {
    if (a.answer.trim() === '*') return true;
    const target = parseNumber(a.answer);
    return target !== null && Math.abs(value - target) <= Math.abs(a.tolerance) + EPSILON * Math.max(1, Math.abs(target));
  });
  return match ? { fraction: match.fraction, answerids: [match.id] } : { fraction: 0, answerids: [] };
}

/** Grades a response against the question's current definition (activities.md §4). */
export function gradeResponse(q: QuestionDef, order: readonly number[], r: Response): Graded {
  switch (q.qtype) {
    case 'multichoice':
      return gradeMultichoice(q, order, r);
    case 'truefalse':
      return gradeTruefalse(q, r);
    case 'shortanswer':
      return gradeShortanswer(q, r);
    case 'numerical':
      return gradeNumerical(q, r);
  }
}

/** The right answer as a learner reads it in the review. */
export function rightAnswerText(q: QuestionDef): string {
  if (q.qtype === 'multichoice') return q.answers.filter((a) => a.fraction > 0).map((a) => a.answer).join('; ');
  const best = [...q.answers].sort((a, b) => b.fraction - a.fraction)[0];
  if (!best) return '';
  if (q.qtype === 'numerical' && best.tolerance > 0) return `${best.answer} ± ${best.tolerance}`;
  return best.answer;
}

/** Which response sub-fields a question accepts, for the given number of choices. */
export function responseFields(q: QuestionDef, choices: number): string[] {
  if (q.qtype === 'multichoice' && !q.single) return Array.from({ length: choices }, (_, i) => `choice${i}`);
  return ['answer'];
}
