import type { Kysely, Selectable } from 'kysely';
import type { DB, QuizTable } from '../../db/schema';
import type { Context } from '../../platform/access/types';
import { invalidRecord } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import type { CourseRow } from '../course/access';
import { requireModuleAccess, type ModuleRecord } from '../courseformat/access';

export type QuizRow = Selectable<QuizTable>;

export const COMPONENT = 'mod_quiz';
export const CAP_VIEW = 'mod/quiz:view';
export const CAP_ATTEMPT = 'mod/quiz:attempt';
export const CAP_REVIEWMYATTEMPTS = 'mod/quiz:reviewmyattempts';
export const CAP_PREVIEW = 'mod/quiz:preview';
export const CAP_MANAGE = 'mod/quiz:manage';
export const CAP_VIEWREPORTS = 'mod/quiz:viewreports';
export const CAP_REGRADE = 'mod/quiz:regrade';
export const CAP_IGNORETIMELIMITS = 'mod/quiz:ignoretimelimits';
export const CAP_ADDINSTANCE = 'mod/quiz:addinstance';

/** A quiz with its course module, course and contexts. */
export interface QuizAccess {
  quiz: QuizRow;
  cm: ModuleRecord;
  course: CourseRow;
  context: Context;
  modcontext: Context;
}

export async function cmidOfQuiz(db: Kysely<DB>, quizid: number): Promise<number> {
  const row = await db
    .selectFrom('course_modules as cm')
    .innerJoin('modules as m', 'm.id', 'cm.module')
    .select('cm.id')
    .where('m.name', '=', 'quiz')
    .where('cm.instance', '=', quizid)
    .executeTakeFirst();
  if (!row) throw invalidRecord('quiz', `quiz ${quizid}`);
  return row.id;
}

/** require_login for the quiz's course module, then mod/quiz:view in its context. */
export async function requireQuiz(ctx: CallContext, ref: { quizid: number } | { cmid: number }): Promise<QuizAccess> {
  const cmid = 'cmid' in ref ? ref.cmid : await cmidOfQuiz(ctx.db, ref.quizid);
  const { cm, course, context, modcontext } = await requireModuleAccess(ctx, cmid, 'quiz');
  const quiz = await ctx.db.selectFrom('quiz').selectAll().where('id', '=', cm.instance).executeTakeFirst();
  if (!quiz) throw invalidRecord('quiz', `quiz of course module ${cmid}`);
  await ctx.access.requireCapability(CAP_VIEW, modcontext);
  return { quiz, cm, course, context, modcontext };
}
