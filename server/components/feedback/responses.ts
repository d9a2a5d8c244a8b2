import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { parseMultichoice, parseNumericRange, parsePair } from '../../../api/feedback';
import type { DB } from '../../db/schema';
import { AppError, invalidParameter } from '../../platform/errors';
import { now } from '../../platform/platform';
import { COMPONENT, FEEDBACK_NAMED, type FeedbackRow } from './access';
import { fieldName, type ItemRow } from './items';

/** A refused answer: the item's field name and the string id of what is wrong. */
type AnswerErrors = Record<string, string>;

const NAME = /^([a-z]+)_(\d+)(?:\[(\d*)\])?$/;

/**
 * Reads a page's answers by item: every name must be an item of this page of this feedback, of its
 * type; anything else is refused as a whole (`invalidresponses`), before anything is stored.
 */
export function answersByItem(page: readonly ItemRow[], responses: ReadonlyArray<{ name: string; value: string }>): Map<number, string[]> {
  const byId = new Map(page.map((i) => [i.id, i]));
  const answers = new Map<number, string[]>();
  for (const { name, value } of responses) {
    const match = NAME.exec(name);
    const item = match ? byId.get(Number(match[2])) : undefined;
    if (!match || !item || item.typ !== match[1] || item.hasvalue !== 1 || item.typ === 'info') {
      throw new AppError('unknownitem', { component: COMPONENT, a: name, debuginfo: `${name} is not an item of this page` });
    }
    const list = answers.get(item.id) ?? [];
    list.push(value);
    answers.set(item.id, list);
  }
  return answers;
}

/** Numbers may use a decimal comma, as people type them. */
export function parseNumber(value: string): number | null {
  const text = value.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

/** Checks one item's answer; answers the value to store ('' = no answer) or an error string id. */
function checkAnswer(item: ItemRow, raw: string[]): { value: string } | { error: string } {
  const given = raw.map((v) => v.trim()).filter((v) => v !== '');
  switch (item.typ) {
    case 'textfield': {
      const [, maxlength] = parsePair(item.presentation, [30, 255]);
      if (raw.length > 1) return { error: 'invalidanswer' };
      const text = (raw[0] ?? '').trim();
      return [...text].length > maxlength ? { error: 'answertoolong' } : { value: text };
    }
    case 'textarea':
      if (raw.length > 1) return { error: 'invalidanswer' };
      return { value: (raw[0] ?? '').trim() };
    case 'numeric': {
      if (raw.length > 1) return { error: 'invalidanswer' };
      const text = (raw[0] ?? '').trim();
      if (text === '') return { value: '' };
      const n = parseNumber(text);
      if (n === null) return { error: 'invalidnum' };
      const { min, max } = parseNumericRange(item.presentation);
      if ((min !== null && n < min) || (max !== null && n > max)) return { error: 'numberoutofrange' };
      return { value: String(n) };
    }
    case 'multichoice': {
      const { subtype, choices } = parseMultichoice(item.presentation);
      // 0 is "not selected" of a radio list or drop-down.
      const picked = given.filter((v) => v !== '0');
      if (picked.some((v) => !/^\d+$/.test(v) || Number(v) < 1 || Number(v) > choices.length)) return { error: 'invalidanswer' };
      if (subtype !== 'c' && picked.length > 1) return { error: 'invalidanswer' };
      return { value: [...new Set(picked.map(Number))].sort((a, b) => a - b).join('|') };
    }
    default:
      return { value: '' };
  }
}

/** Validates a page's answers: answers the values to store by item id, or refuses with every item's error. */
export function validatePage(strings: { get(id: string, component: string, a?: unknown, lang?: string): string }, lang: string, page: readonly ItemRow[], answers: Map<number, string[]>): Map<number, string> {
  const values = new Map<number, string>();
  const errors: AnswerErrors = {};
  for (const item of page) {
    if (item.hasvalue !== 1 || item.typ === 'info') continue;
    const checked = checkAnswer(item, answers.get(item.id) ?? []);
    if ('error' in checked) errors[fieldName(item)] = checked.error;
    else if (checked.value === '' && item.required === 1) errors[fieldName(item)] = 'required';
    else values.set(item.id, checked.value);
  }
  const fields = Object.keys(errors);
  if (fields.length > 0) {
    const messages = Object.fromEntries(fields.map((f) => [f, strings.get(errors[f]!, COMPONENT, undefined, lang)]));
    throw new AppError('invalidresponses', { component: COMPONENT, a: fields.length, fields: messages });
  }
  return values;
}

/** The caller's response in progress, created on first use. */
export async function tmpCompleted(db: Kysely<DB>, feedback: FeedbackRow, userid: number, courseid: number): Promise<number> {
  const existing = await db.selectFrom('feedback_completedtmp').select('id').where('feedback', '=', feedback.id).where('userid', '=', userid).executeTakeFirst();
  if (existing) {
    await db.updateTable('feedback_completedtmp').set({ timemodified: now() }).where('id', '=', existing.id).execute();
    return existing.id;
  }
  const row = await db
    .insertInto('feedback_completedtmp')
    .values({ feedback: feedback.id, userid, courseid, anonymous_response: feedback.anonymous, timemodified: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces the in-progress answers of a page's items. */
export async function saveTmpValues(db: Kysely<DB>, completed: number, courseid: number, page: readonly ItemRow[], values: Map<number, string>): Promise<void> {
  const ids = page.filter((i) => i.hasvalue === 1).map((i) => i.id);
  if (ids.length) await db.deleteFrom('feedback_valuetmp').where('completed', '=', completed).where('item', 'in', ids).execute();
  const rows = [...values.entries()].map(([item, value]) => ({ completed, item, course_id: courseid, value }));
  if (rows.length) await db.insertInto('feedback_valuetmp').values(rows).execute();
}

/** What an information item records at submission: the time, the course's name or its category's. */
async function infoValue(db: Kysely<DB>, item: ItemRow, courseid: number, at: number): Promise<string> {
  if (item.presentation === '1') return String(at);
  const course = await db.selectFrom('course').select(['shortname', 'category']).where('id', '=', courseid).executeTakeFirst();
  if (!course) return '';
  if (item.presentation === '2') return course.shortname;
  const category = await db.selectFrom('course_categories').select('name').where('id', '=', course.category).executeTakeFirst();
  return category?.name ?? '';
}

/**
 * Submits the response in progress: every required item must be answered (a page skipped by a
 * crafted call is refused), then the answers become a response — a named user's earlier response is
 * replaced — and the temporary rows go.
 */
export async function submitResponse(
  db: Kysely<DB>,
  strings: { get(id: string, component: string, a?: unknown, lang?: string): string },
  lang: string,
  feedback: FeedbackRow,
  items: readonly ItemRow[],
  tmpid: number,
  userid: number,
  courseid: number,
  submissionkey: string,
): Promise<void> {
  const saved = await db.selectFrom('feedback_valuetmp').select(['item', 'value']).where('completed', '=', tmpid).execute();
  const values = new Map(saved.map((v) => [v.item, v.value]));
  const missing = items.filter((i) => i.required === 1 && i.hasvalue === 1 && i.typ !== 'info' && (values.get(i.id) ?? '') === '');
  if (missing.length > 0) {
    const fields = Object.fromEntries(missing.map((i) => [fieldName(i), strings.get('required', COMPONENT, undefined, lang)]));
    throw new AppError('invalidresponses', { component: COMPONENT, a: missing.length, fields });
  }
  const at = now();
  for (const item of items) if (item.typ === 'info') values.set(item.id, await infoValue(db, item, courseid, at));
  const itemIds = new Set(items.map((i) => i.id));
  let completedid: number;
  const earlier =
    feedback.anonymous === FEEDBACK_NAMED
      ? await db.selectFrom('feedback_completed').select('id').where('feedback', '=', feedback.id).where('userid', '=', userid).orderBy('id', 'desc').executeTakeFirst()
      : undefined;
  if (earlier) {
    completedid = earlier.id;
    await db.updateTable('feedback_completed').set({ timemodified: at, submissionkey, anonymous_response: feedback.anonymous }).where('id', '=', completedid).execute();
    await db.deleteFrom('feedback_value').where('completed', '=', completedid).execute();
  } else {
    const row = await db
      .insertInto('feedback_completed')
      .values({ feedback: feedback.id, userid, timemodified: at, random_response: randomInt(1, 2 ** 31 - 1), anonymous_response: feedback.anonymous, courseid, submissionkey })
      .returning('id')
      .executeTakeFirstOrThrow();
    completedid = row.id;
  }
  const rows = [...values.entries()].filter(([item, value]) => itemIds.has(item) && value !== '').map(([item, value]) => ({ completed: completedid, item, course_id: courseid, value }));
  if (rows.length) await db.insertInto('feedback_value').values(rows).execute();
  await db.deleteFrom('feedback_valuetmp').where('completed', '=', tmpid).execute();
  await db.deleteFrom('feedback_completedtmp').where('id', '=', tmpid).execute();
}

/** The page a caller resumes on: after the last page with saved answers (0 when nothing is saved). */
export function resumePage(pages: readonly ItemRow[][], answered: ReadonlySet<number>): number {
  let last = -1;
  pages.forEach((page, i) => {
    if (page.some((item) => answered.has(item.id))) last = i;
  });
  return Math.min(last + 1, pages.length - 1);
}

export function requirePageIndex(pages: readonly unknown[], page: number): void {
  if (page >= pages.length) throw invalidParameter(`page ${page} does not exist (the feedback has ${pages.length})`);
}
