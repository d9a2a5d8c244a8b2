import { randomInt } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DB, QuizAttemptSlotTable, QuizAttemptTable } from '../../db/schema';
import { AppError, invalidParameter } from '../../platform/errors';
import { now } from '../../platform/platform';
import { gradeResponse, responseFields, type QuestionDef, type Response } from '../question/grading';
import { loadQuestions } from '../question/service';
import { COMPONENT, type QuizRow } from './access';
import { updateBestGrade } from './grades';

export type AttemptRow = Selectable<QuizAttemptTable>;
export type AttemptSlotRow = Selectable<QuizAttemptSlotTable>;

function shuffle<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Pages of a layout: slots with 0 as the page break ("1,2,0,3,0" = [[1,2],[3]]). */
export function pagesOf(layout: string): number[][] {
  const pages: number[][] = [];
  let current: number[] = [];
  for (const part of layout.split(',').filter((p) => p !== '')) {
    if (part === '0') {
      pages.push(current);
      current = [];
    } else current.push(Number(part));
  }
  if (current.length) pages.push(current);
  return pages;
}

/** The layout of a new attempt: the slots (shuffled when asked), a page break after every `perpage`. */
export function makeLayout(slots: readonly number[], perpage: number, shuffled: boolean): string {
  const order = shuffled ? shuffle(slots) : [...slots];
  const parts: string[] = [];
  order.forEach((slot, i) => {
    parts.push(String(slot));
    if (perpage > 0 && (i + 1) % perpage === 0) parts.push('0');
  });
  if (parts.at(-1) !== '0') parts.push('0');
  return parts.join(',');
}

/** The attempts that count towards the limit: every non-preview attempt of the user. */
export async function userAttempts(db: Kysely<DB>, quizid: number, userid: number): Promise<AttemptRow[]> {
  return db.selectFrom('quiz_attempts').selectAll().where('quiz', '=', quizid).where('userid', '=', userid).where('preview', '=', 0).orderBy('attempt').execute();
}

/** Creates the attempt with its question order and each question's choice order (shuffled when the quiz and question allow). */
export async function createAttempt(db: Kysely<DB>, quiz: QuizRow, userid: number, number: number, preview: boolean): Promise<AttemptRow> {
  const slots = await db.selectFrom('quiz_slots').selectAll().where('quizid', '=', quiz.id).orderBy('slot').execute();
  if (slots.length === 0) throw new AppError('noquestionsfound', { component: COMPONENT });
  const questions = await loadQuestions(db, slots.map((s) => s.questionid));
  const t = now();
  const attempt = await db
    .insertInto('quiz_attempts')
    .values({
      quiz: quiz.id,
      userid,
      attempt: number,
      layout: makeLayout(slots.map((s) => s.slot), quiz.questionsperpage, quiz.shufflequestions === 1),
      preview: preview ? 1 : 0,
      state: 'inprogress',
      timestart: t,
      timemodified: t,
    })
    // A start sent twice at once: the second finds the number taken and continues the first.
    .onConflict((oc) => oc.columns(['quiz', 'userid', 'attempt']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!attempt) throw new AppError('attemptstillinprogress', { component: COMPONENT });
  await db
    .insertInto('quiz_attempt_slots')
    .values(
      slots.map((s) => {
        const q = questions.get(s.questionid);
        const ids = q && q.qtype === 'multichoice' ? q.answers.map((a) => a.id) : [];
        const order = quiz.shuffleanswers && q?.shuffleanswers ? shuffle(ids) : ids;
        return { attemptid: attempt.id, slot: s.slot, questionid: s.questionid, maxmark: Number(s.maxmark), choiceorder: JSON.stringify(order) };
      }),
    )
    .execute();
  return attempt;
}

export async function attemptSlots(db: Kysely<DB>, attemptid: number): Promise<AttemptSlotRow[]> {
  return db.selectFrom('quiz_attempt_slots').selectAll().where('attemptid', '=', attemptid).orderBy('slot').execute();
}

export const choiceOrder = (row: AttemptSlotRow): number[] => JSON.parse(row.choiceorder) as number[];
export const responseOf = (row: AttemptSlotRow): Response => JSON.parse(row.response) as Response;

/** Whether a response holds an answer (for the navigation and summary). */
export function isAnswered(row: AttemptSlotRow): boolean {
  return Object.entries(responseOf(row)).some(([k, v]) => (k.startsWith('choice') ? v === '1' : v.trim() !== ''));
}

function validValue(q: QuestionDef, field: string, value: string, choices: number): boolean {
  if (q.qtype === 'multichoice' && !q.single) return value === '0' || value === '1';
  if (q.qtype === 'multichoice') return value === '' || (/^\d+$/.test(value) && Number(value) < choices);
  if (q.qtype === 'truefalse') return value === '' || value === '0' || value === '1';
  return field === 'answer' && value.length <= 5000;
}

/**
 * Stores posted responses (`q<attempt>:<slot>_<field>`, `…_:sequencecheck`, `…_:flagged`). A field of
 * another attempt, an unknown slot or field, or a value a question cannot take is refused; a stale
 * sequence check is `submissionoutofsequence`. Nothing is graded here.
 */
export async function saveResponses(db: Kysely<DB>, attempt: AttemptRow, data: ReadonlyArray<{ name: string; value: string }>): Promise<void> {
  if (data.length === 0) return;
  const rows = await attemptSlots(db, attempt.id);
  const bySlot = new Map(rows.map((r) => [r.slot, r]));
  const questions = await loadQuestions(db, rows.map((r) => r.questionid));
  const posted = new Map<number, Record<string, string>>();
  for (const { name, value } of data) {
    const m = /^q(\d+):(\d+)_(.+)$/.exec(name);
    if (!m || Number(m[1]) !== attempt.id || !bySlot.has(Number(m[2]))) throw invalidParameter(`unknown response field ${name}`);
    const slot = Number(m[2]);
    posted.set(slot, { ...(posted.get(slot) ?? {}), [m[3]!]: value });
  }
  for (const [slot, fields] of posted) {
    const row = bySlot.get(slot)!;
    const q = questions.get(row.questionid);
    if (!q) continue;
    const order = choiceOrder(row);
    const allowed = responseFields(q, order.length);
    if (fields[':sequencecheck'] !== undefined && Number(fields[':sequencecheck']) !== row.sequencecheck) throw new AppError('submissionoutofsequence', { component: COMPONENT });
    const response: Response = {};
    let touched = false;
    for (const [field, value] of Object.entries(fields)) {
      if (field === ':sequencecheck' || field === ':flagged') continue;
      if (!allowed.includes(field) || !validValue(q, field, value, q.qtype === 'multichoice' ? order.length : 2)) throw invalidParameter(`invalid value for ${field} of slot ${slot}`);
      response[field] = value;
      touched = true;
    }
    const flagged = fields[':flagged'] === undefined ? row.flagged : fields[':flagged'] === '1' ? 1 : 0;
    const merged = touched ? { ...responseOf(row), ...response } : responseOf(row);
    const changed = JSON.stringify(merged) !== row.response;
    if (!changed && flagged === row.flagged) continue;
    await db
      .updateTable('quiz_attempt_slots')
      .set({ response: JSON.stringify(merged), flagged, sequencecheck: changed ? row.sequencecheck + 1 : row.sequencecheck })
      .where('id', '=', row.id)
      .execute();
  }
  await db.updateTable('quiz_attempts').set({ timemodified: now() }).where('id', '=', attempt.id).execute();
}

/** Grades every question of an attempt on the current definitions (storing the fractions unless `write` is false); answers the total mark. */
export async function gradeAttemptSlots(db: Kysely<DB>, attemptid: number, write = true): Promise<{ sumgrades: number; changed: boolean }> {
  const rows = await attemptSlots(db, attemptid);
  const questions = await loadQuestions(db, rows.map((r) => r.questionid));
  let sumgrades = 0;
  let changed = false;
  for (const row of rows) {
    const q = questions.get(row.questionid);
    const fraction = q ? gradeResponse(q, choiceOrder(row), responseOf(row)).fraction : null;
    sumgrades += (fraction ?? 0) * Number(row.maxmark);
    const before = row.fraction === null ? null : Number(row.fraction);
    if (before !== fraction) {
      changed = true;
      if (write) await db.updateTable('quiz_attempt_slots').set({ fraction }).where('id', '=', row.id).execute();
    }
  }
  return { sumgrades: Math.round(sumgrades * 1e7) / 1e7, changed };
}

/** Finishes an attempt: grades it, records the time, and recalculates the user's best grade. */
export async function finishAttempt(db: Kysely<DB>, quiz: QuizRow, attempt: AttemptRow, timefinish: number): Promise<void> {
  const { sumgrades } = await gradeAttemptSlots(db, attempt.id);
  await db.updateTable('quiz_attempts').set({ state: 'finished', timefinish, timemodified: now(), sumgrades, timecheckstate: null }).where('id', '=', attempt.id).execute();
  if (!attempt.preview) await updateBestGrade(db, quiz, attempt.userid);
}
