import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ImportedQuestion, ImportEntry } from './importer';

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'question' || name === 'answer',
});

const IMPORTED_TYPES = new Set(['multichoice', 'truefalse', 'shortanswer', 'numerical']);

/** A child's text: the element's own text, or the text of its `<text>` child (Moodle XML wraps most texts so). */
function textOf(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  const n = node as Node;
  if ('text' in n) return textOf(n.text);
  if ('#text' in n) return String(n['#text']);
  return '';
}

const escapeHtml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A formatted text (`format="plain_text"` is escaped so it reads as written). */
function formatted(node: unknown): string {
  const text = textOf(node);
  const format = node && typeof node === 'object' ? textOf((node as Node)['@format']) || 'html' : 'html';
  return format === 'plain_text' ? escapeHtml(text) : text;
}

/** Moodle writes flags as 1/0 or true/false. */
function flag(node: unknown, fallback: boolean): boolean {
  const t = textOf(node).trim().toLowerCase();
  if (t === '') return fallback;
  return t === '1' || t === 'true';
}

function number(node: unknown, fallback: number): number {
  const t = textOf(node).trim();
  const n = Number(t);
  return t !== '' && Number.isFinite(n) ? n : fallback;
}

function readQuestion(q: Node, qtype: string): ImportedQuestion {
  const questiontext = formatted(q.questiontext);
  const name = textOf(q.name).trim() || questiontext.replace(/<[^>]*>/g, '').trim().slice(0, 60);
  const answers = ((q.answer as Node[] | undefined) ?? []).map((a) => ({
    answer: textOf(a).trim(),
    // Fractions are percentages in the file.
    fraction: Math.max(-1, Math.min(1, number(a['@fraction'], 0) / 100)),
    feedback: formatted(a.feedback),
    tolerance: qtype === 'numerical' ? Math.abs(number(a.tolerance, 0)) : 0,
  }));
  return {
    qtype: qtype as ImportedQuestion['qtype'],
    name: name.slice(0, 255),
    questiontext,
    generalfeedback: formatted(q.generalfeedback),
    defaultmark: Math.max(0, Math.min(1000, number(q.defaultgrade, 1))),
    single: qtype === 'multichoice' ? flag(q.single, true) : true,
    shuffleanswers: flag(q.shuffleanswers, true),
    usecase: qtype === 'shortanswer' && flag(q.usecase, false),
    answers,
  };
}

/**
 * Reads Moodle XML (`<quiz><question type="…">…</question></quiz>`): category switches, and questions of
 * the four types Tessera has; any other type is named as not importable. Answers 'xmlinvalid' when the
 * text is not such a file. Document type declarations are refused, so no entity can expand.
 */
export function parseMoodleXml(source: string): ImportEntry[] | 'xmlinvalid' {
  if (/<!DOCTYPE|<!ENTITY/i.test(source) || XMLValidator.validate(source) !== true) return 'xmlinvalid';
  const doc = parser.parse(source) as Node;
  const quiz = doc.quiz;
  if (quiz === undefined || typeof quiz !== 'object' || quiz === null) return 'xmlinvalid';
  const entries: ImportEntry[] = [];
  let block = 0;
  for (const q of ((quiz as Node).question as Node[] | undefined) ?? []) {
    const type = textOf(q['@type']);
    if (type === 'category') {
      entries.push({ category: textOf(q.category) });
      continue;
    }
    block += 1;
    if (!IMPORTED_TYPES.has(type)) entries.push({ error: 'xmlunsupported', block, a: type || '?' });
    else entries.push({ question: readQuestion(q, type), block });
  }
  return entries;
}
