import type { Kysely } from 'kysely';
import { COMPLETION_COMPLETE, COMPLETION_COMPLETE_PASS } from '../../../api/completion';
import type { DB } from '../../db/schema';

/** An activity as completion sees it. */
export interface CompletionModule {
  id: number;
  course: number;
  instance: number;
  modname: string;
  /** 0 none, 1 manual, 2 automatic. */
  completion: number;
  completionview: number;
}

export const isCompleteState = (state: number) => state === COMPLETION_COMPLETE || state === COMPLETION_COMPLETE_PASS;

/** The activity's own rule (besides viewing), named as Moodle names it in completion details. */
export type OwnRule = 'completionsubmit' | 'completionattempt';

/*
 * Moodle asks each activity module for its completion state through a callback. Tessera's modules
 * have no completion code of their own, so their rules are read here, straight from their tables:
 * an assignment with "students must submit" (assign.completionsubmit) needs a submitted submission;
 * a feedback needs a response (feedback_completed); a quiz needs a finished attempt (quiz_attempts).
 */

/** The rule the activity adds to automatic completion, or null when only viewing can count. */
export async function ownRule(db: Kysely<DB>, cm: CompletionModule): Promise<OwnRule | null> {
  if (cm.modname === 'assign') {
    const assign = await db.selectFrom('assign').select('completionsubmit').where('id', '=', cm.instance).executeTakeFirst();
    return assign?.completionsubmit === 1 ? 'completionsubmit' : null;
  }
  if (cm.modname === 'feedback') return 'completionsubmit';
  if (cm.modname === 'quiz') return 'completionattempt';
  return null;
}

/** Whether the user has met the activity's own rule. */
export async function ownRuleMet(db: Kysely<DB>, cm: CompletionModule, userid: number): Promise<boolean> {
  if (cm.modname === 'assign') return assignSubmitted(db, cm.instance, userid);
  if (cm.modname === 'feedback') {
    const row = await db.selectFrom('feedback_completed').select('id').where('feedback', '=', cm.instance).where('userid', '=', userid).executeTakeFirst();
    return row !== undefined;
  }
  if (cm.modname === 'quiz') {
    const row = await db.selectFrom('quiz_attempts').select('id').where('quiz', '=', cm.instance).where('userid', '=', userid).where('state', '=', 'finished').where('preview', '=', 0).executeTakeFirst();
    return row !== undefined;
  }
  return true;
}

/** The learner's latest own submission, or (team submissions) their group's, is submitted. */
async function assignSubmitted(db: Kysely<DB>, assignid: number, userid: number): Promise<boolean> {
  const own = await db
    .selectFrom('assign_submission')
    .select('id')
    .where('assignment', '=', assignid)
    .where('userid', '=', userid)
    .where('latest', '=', 1)
    .where('status', '=', 'submitted')
    .executeTakeFirst();
  if (own) return true;
  const team = await db
    .selectFrom('assign_submission as s')
    .innerJoin('groups_members as gm', 'gm.groupid', 's.groupid')
    .select('s.id')
    .where('s.assignment', '=', assignid)
    .where('s.userid', '=', 0)
    .where('s.groupid', '>', 0)
    .where('s.latest', '=', 1)
    .where('s.status', '=', 'submitted')
    .where('gm.userid', '=', userid)
    .executeTakeFirst();
  return team !== undefined;
}

/** The rules automatic completion checks for this activity, in display order. */
export async function automaticRules(db: Kysely<DB>, cm: CompletionModule): Promise<Array<'completionview' | OwnRule>> {
  const own = await ownRule(db, cm);
  return [...(cm.completionview === 1 ? (['completionview'] as const) : []), ...(own ? [own] : [])];
}

/** The course module with its type and completion settings, or undefined. */
export async function completionModule(db: Kysely<DB>, cmid: number): Promise<CompletionModule | undefined> {
  return db
    .selectFrom('course_modules as cm')
    .innerJoin('modules as m', 'm.id', 'cm.module')
    .select(['cm.id', 'cm.course', 'cm.instance', 'm.name as modname', 'cm.completion', 'cm.completionview'])
    .where('cm.id', '=', cmid)
    .executeTakeFirst();
}
