import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { questionInput } from '../../../api/question';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { now } from '../../platform/platform';
import { parseNumber, type QuestionDef, type QuestionType } from './grading';

export const COMPONENT = 'core_question';
export type QuestionArgs = z.output<typeof questionInput>;

/** Question definitions with their answers, by id: two queries for any number of questions. */
export async function loadQuestions(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, QuestionDef>> {
  if (ids.length === 0) return new Map();
  const unique = [...new Set(ids)];
  const rows = await db.selectFrom('question').selectAll().where('id', 'in', unique).execute();
  const answers = await db.selectFrom('question_answers').selectAll().where('question', 'in', unique).orderBy('question').orderBy('sortorder').orderBy('id').execute();
  const out = new Map<number, QuestionDef>();
  for (const r of rows) {
    out.set(r.id, {
      id: r.id,
      qtype: r.qtype as QuestionType,
      name: r.name,
      questiontext: r.questiontext,
      generalfeedback: r.generalfeedback,
      defaultmark: Number(r.defaultmark),
      single: r.single,
      shuffleanswers: r.shuffleanswers,
      usecase: r.usecase,
      answers: [],
    });
  }
  for (const a of answers) out.get(a.question)?.answers.push({ id: a.id, answer: a.answer, fraction: Number(a.fraction), feedback: a.feedback, tolerance: Number(a.tolerance) });
  return out;
}

const close = (a: number, b: number) => Math.abs(a - b) < 1e-4;

/**
 * The editing rules of each type (activities.md §4): answers that are filled in, one of them worth 100 %
 * (multiple answers: the positive grades add up to 100 %), numbers for numerical answers. Answers
 * {field: string id}; empty = valid.
 */
export function questionErrors(q: QuestionArgs): Record<string, string> {
  const errors: Record<string, string> = {};
  if (q.questiontext.replace(/<[^>]*>/g, '').trim() === '') errors.questiontext = 'questiontextrequired';
  const answers = q.answers.filter((a) => a.answer.trim() !== '');
  const fractions = answers.map((a) => a.fraction);
  switch (q.qtype) {
    case 'multichoice':
      if (answers.length < 2) errors.answers = 'notenoughanswers';
      else if (q.single && !fractions.some((f) => close(f, 1))) errors.answers = 'fractionsnomax';
      else if (!q.single && !close(fractions.filter((f) => f > 0).reduce((s, f) => s + f, 0), 1)) errors.answers = 'fractionsaddwrong';
      break;
    case 'truefalse': {
      const names = q.answers.map((a) => a.answer.trim().toLowerCase()).sort();
      if (q.answers.length !== 2 || names[0] !== 'false' || names[1] !== 'true' || !(fractions.filter((f) => close(f, 1)).length === 1 && fractions.some((f) => close(f, 0)))) errors.answers = 'truefalseanswers';
      break;
    }
    case 'shortanswer':
      if (answers.length < 1) errors.answers = 'notenoughanswers';
      else if (!fractions.some((f) => close(f, 1))) errors.answers = 'fractionsnomax';
      break;
    case 'numerical':
      if (answers.length < 1) errors.answers = 'notenoughanswers';
      else if (answers.some((a) => a.answer.trim() !== '*' && parseNumber(a.answer) === null)) errors.answers = 'answermustbenumberorstar';
      else if (!fractions.some((f) => close(f, 1))) errors.answers = 'fractionsnomax';
      break;
  }
  return errors;
}

/** The course's default category ("Default for …"), made when the bank has none. */
export async function defaultCategory(db: Kysely<DB>, courseid: number, contextid: number, name: string): Promise<number> {
  const first = await db.selectFrom('question_categories').select('id').where('courseid', '=', courseid).orderBy('sortorder').orderBy('id').executeTakeFirst();
  if (first) return first.id;
  const row = await db.insertInto('question_categories').values({ courseid, contextid, name, sortorder: 0, timecreated: now() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Writes a question and replaces its answers (blank answers are dropped). */
export async function writeQuestion(db: Kysely<DB>, q: QuestionArgs, category: number, userid: number): Promise<number> {
  const t = now();
  const columns = {
    category,
    qtype: q.qtype,
    name: q.name,
    questiontext: q.questiontext,
    generalfeedback: q.generalfeedback,
    defaultmark: q.defaultmark,
    single: q.qtype === 'multichoice' && !q.single ? 0 : 1,
    shuffleanswers: q.shuffleanswers ? 1 : 0,
    usecase: q.usecase ? 1 : 0,
    timemodified: t,
  };
  let id = q.id;
  if (id) await db.updateTable('question').set(columns).where('id', '=', id).execute();
  else id = (await db.insertInto('question').values({ ...columns, createdby: userid, timecreated: t }).returning('id').executeTakeFirstOrThrow()).id;
  await db.deleteFrom('question_answers').where('question', '=', id).execute();
  const answers = q.answers.filter((a) => a.answer.trim() !== '');
  if (answers.length) {
    await db
      .insertInto('question_answers')
      .values(answers.map((a, i) => ({ question: id, answer: a.answer.trim(), fraction: a.fraction, feedback: a.feedback, tolerance: q.qtype === 'numerical' ? a.tolerance : 0, sortorder: i })))
      .execute();
  }
  return id;
}

/** Refuses a question (or category) id that is not in the course's bank. */
export async function requireQuestionInCourse(db: Kysely<DB>, questionid: number) {
  const row = await db
    .selectFrom('question as q')
    .innerJoin('question_categories as c', 'c.id', 'q.category')
    .select(['q.id', 'q.category', 'c.courseid'])
    .where('q.id', '=', questionid)
    .executeTakeFirst();
  if (!row) throw new AppError('invalidquestionid', { component: COMPONENT, status: 404, debuginfo: `question ${questionid}` });
  return row;
}
