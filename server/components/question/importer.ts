import type { Context } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import { now } from '../../platform/platform';
import { CAP_MANAGECATEGORY } from './access';
import type { CallContext } from '../../ws/method';
import { COMPONENT, questionErrors, writeQuestion, type QuestionArgs } from './service';

/** A question as an import file gives it, before it has a course and a category. */
export type ImportedQuestion = Omit<QuestionArgs, 'courseid' | 'id' | 'category'>;

/** What an import file holds, in order: category switches, questions, and questions that could not be read (numbered from 1). */
export type ImportEntry = { category: string } | { question: ImportedQuestion; block: number } | { error: string; block: number; a?: string };

/**
 * The category a path names. Tessera's categories are flat, so `$course$/top/Unit 1/Cells` (Moodle XML)
 * or `$course$/Cells` (GIFT) goes to the course's category named by the last part ("Cells"); `//` is a
 * literal slash inside a name. Answers '' when the path names no category (just the top).
 */
export function categoryName(path: string): string {
  const parts = path
    .trim()
    .split(/(?<!\/)\/(?!\/)/)
    .map((p) => p.replace(/\/\//g, '/').trim())
    .filter((p) => p !== '' && p !== '$course$' && p !== '$system$' && p !== '$module$' && p !== '$coursecategory$' && p !== 'top');
  return (parts.at(-1) ?? '').slice(0, 255);
}

/** The course's category of that name, made (with moodle/question:managecategory) when missing. */
async function categoryNamed(ctx: CallContext, courseid: number, context: Context, name: string): Promise<number> {
  const found = await ctx.db.selectFrom('question_categories').select('id').where('courseid', '=', courseid).where('name', '=', name).orderBy('id').executeTakeFirst();
  if (found) return found.id;
  await ctx.access.requireCapability(CAP_MANAGECATEGORY, context);
  const last = await ctx.db.selectFrom('question_categories').select((eb) => eb.fn.max('sortorder').as('m')).where('courseid', '=', courseid).executeTakeFirst();
  const row = await ctx.db
    .insertInto('question_categories')
    .values({ courseid, contextid: context.id, name, sortorder: Number(last?.m ?? 0) + 1, timecreated: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Writes an import all or nothing: every question is checked first (as the editor would check it), and
 * any problem refuses the whole file with `errorcode`, each problem named by its question's number.
 * Questions go to the given category until a category entry switches it. Answers the new questions' ids.
 */
export async function importEntries(
  ctx: CallContext,
  target: { courseid: number; context: Context; category: number },
  entries: readonly ImportEntry[],
  errorcode: string,
): Promise<number[]> {
  const say = (id: string, a?: unknown) => ctx.platform.strings.get(id, COMPONENT, a, ctx.lang);
  const problems: string[] = [];
  for (const entry of entries) {
    if ('error' in entry) problems.push(say('giftblockerror', { block: entry.block, error: say(entry.error, entry.a) }));
    else if ('question' in entry) {
      for (const code of Object.values(questionErrors({ ...entry.question, courseid: target.courseid, id: 0, category: target.category }))) problems.push(say('giftblockerror', { block: entry.block, error: say(code) }));
    }
  }
  if (!entries.some((e) => 'question' in e || 'error' in e)) problems.push(say('importnoquestions'));
  if (problems.length) throw new AppError(errorcode, { component: COMPONENT, a: problems.join(' '), fields: { text: problems.join(' ') } });
  let category = target.category;
  const ids: number[] = [];
  for (const entry of entries) {
    if ('category' in entry) {
      const name = categoryName(entry.category);
      if (name !== '') category = await categoryNamed(ctx, target.courseid, target.context, name);
    } else if ('question' in entry) {
      ids.push(await writeQuestion(ctx.db, { ...entry.question, courseid: target.courseid, id: 0, category }, category, ctx.user!.id));
    }
  }
  return ids;
}
