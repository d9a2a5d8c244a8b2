import type { ImportEntry } from './importer';
import type { QuestionArgs } from './service';

type Answer = QuestionArgs['answers'][number];

const ESCAPED = /\\([~=#{}:])/g;
const unescape = (text: string) => text.replace(ESCAPED, '$1').trim();

/** Splits on a character that is not escaped with a backslash. */
function splitUnescaped(text: string, marks: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      current += c + text[i + 1];
      i++;
    } else if (marks.includes(c)) {
      parts.push(current);
      current = c;
    } else current += c;
  }
  parts.push(current);
  return parts;
}

function indexUnescaped(text: string, mark: string, from = 0): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text.startsWith(mark, i)) return i;
  }
  return -1;
}

/** `%50%text#feedback` → weight 0.5, text, feedback. */
function weighted(raw: string, fallback: number): { fraction: number; text: string; feedback: string } {
  let body = raw;
  let fraction = fallback;
  const m = /^%(-?\d+(?:\.\d+)?)%/.exec(body);
  if (m) {
    fraction = Number(m[1]) / 100;
    body = body.slice(m[0].length);
  }
  const hash = indexUnescaped(body, '#');
  const text = hash < 0 ? body : body.slice(0, hash);
  const feedback = hash < 0 ? '' : body.slice(hash + 1);
  return { fraction, text: unescape(text), feedback: unescape(feedback) };
}

function numericalAnswer(raw: string): Answer | null {
  const { fraction, text, feedback } = weighted(raw, 1);
  const range = /^(-?[\d.]+)\s*\.\.\s*(-?[\d.]+)$/.exec(text);
  if (range) {
    const [min, max] = [Number(range[1]), Number(range[2])];
    return { answer: String((min + max) / 2), fraction, feedback, tolerance: Math.abs(max - min) / 2 };
  }
  const [value, tolerance = '0'] = text.split(':');
  if (value === undefined || value.trim() === '' || Number.isNaN(Number(tolerance))) return null;
  return { answer: value.trim(), fraction, feedback, tolerance: Math.abs(Number(tolerance)) };
}

/** Reads one block (a question) of GIFT text (activities.md §4, GIFT basics). */
function readBlock(block: string): Omit<QuestionArgs, 'courseid' | 'id' | 'category'> | string {
  let text = block.trim();
  let name = '';
  const named = /^::(.*?)::/s.exec(text);
  if (named) {
    name = unescape(named[1]!);
    text = text.slice(named[0].length).trim();
  }
  text = text.replace(/^\[(html|moodle|plain|markdown)\]/, '');
  const open = indexUnescaped(text, '{');
  const close = open < 0 ? -1 : indexUnescaped(text, '}', open);
  if (open < 0 || close < 0) return 'giftnoanswers';
  if (text.slice(close + 1).trim() !== '') return 'giftunsupported';
  const questiontext = unescape(text.slice(0, open));
  let inside = text.slice(open + 1, close).trim();
  let generalfeedback = '';
  const general = indexUnescaped(inside, '####');
  if (general >= 0) {
    generalfeedback = unescape(inside.slice(general + 4));
    inside = inside.slice(0, general).trim();
  }
  const base = { name: name || questiontext.slice(0, 60), questiontext, generalfeedback, defaultmark: 1, single: true, shuffleanswers: true, usecase: false };
  if (inside === '') return 'giftunsupported';
  if (inside.startsWith('#')) {
    const body = inside.slice(1).trim();
    const parts = body.startsWith('=') ? splitUnescaped(body, '=').filter((p) => p.trim() !== '').map((p) => p.replace(/^=/, '').trim()) : [body];
    const answers = parts.map(numericalAnswer);
    if (answers.some((a) => a === null)) return 'giftbadnumber';
    return { ...base, qtype: 'numerical', answers: answers as Answer[] };
  }
  const tf = /^(T|TRUE|F|FALSE)(#.*)?$/s.exec(inside);
  if (tf) {
    const right = tf[1]!.startsWith('T');
    const [wrongFeedback = '', rightFeedback = ''] = (tf[2] ?? '').split('#').slice(1).map(unescape);
    return {
      ...base,
      qtype: 'truefalse',
      answers: [
        { answer: 'true', fraction: right ? 1 : 0, feedback: right ? rightFeedback : wrongFeedback, tolerance: 0 },
        { answer: 'false', fraction: right ? 0 : 1, feedback: right ? wrongFeedback : rightFeedback, tolerance: 0 },
      ],
    };
  }
  if (indexUnescaped(inside, '->') >= 0) return 'giftunsupported';
  const parts = splitUnescaped(inside, '=~').filter((p) => p.trim() !== '');
  if (parts.some((p) => !p.startsWith('=') && !p.startsWith('~'))) return 'giftunsupported';
  if (parts.some((p) => p.startsWith('~'))) {
    const hasRight = parts.some((p) => p.startsWith('='));
    const answers = parts.map((p) => {
      const { fraction, text: answer, feedback } = weighted(p.slice(1).trim(), p.startsWith('=') ? 1 : 0);
      return { answer, fraction, feedback, tolerance: 0 };
    });
    if (answers.length < 2) return 'giftnoanswers';
    // With no "=" answer at all it becomes a multiple-answer question.
    return { ...base, qtype: 'multichoice', single: hasRight, answers };
  }
  const answers = parts.map((p) => {
    const { fraction, text: answer, feedback } = weighted(p.slice(1).trim(), 1);
    return { answer, fraction, feedback, tolerance: 0 };
  });
  return { ...base, qtype: 'shortanswer', answers };
}

/**
 * Reads GIFT text: blocks separated by blank lines, `//` comment lines skipped, `$CATEGORY: path` lines
 * switching the category of the questions after them. Questions are numbered from 1 in the file.
 */
export function parseGift(source: string): ImportEntry[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n').filter((l) => !/^\s*\/\//.test(l));
  const blocks = lines.join('\n').split(/\n\s*\n/).map((b) => b.trim()).filter((b) => b !== '');
  const entries: ImportEntry[] = [];
  let number = 0;
  for (const block of blocks) {
    const rest: string[] = [];
    for (const line of block.split('\n')) {
      const category = /^\s*\$CATEGORY:\s*(.*)$/.exec(line);
      if (category && rest.length === 0) entries.push({ category: category[1]!.trim() });
      else rest.push(line);
    }
    if (rest.join('').trim() === '') continue;
    number += 1;
    const read = readBlock(rest.join('\n'));
    entries.push(typeof read === 'string' ? { error: read, block: number } : { question: read, block: number });
  }
  return entries;
}
