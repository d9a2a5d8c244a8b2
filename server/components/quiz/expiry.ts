import type { Kysely } from 'kysely';
import { GRACE_PERIOD_MIN } from '../../../api/quiz';
import type { DB } from '../../db/schema';
import { createAccess } from '../../platform/access/checker';
import type { Context } from '../../platform/access/types';
import { now } from '../../platform/platform';
import { CAP_IGNORETIMELIMITS, type QuizRow } from './access';
import { finishAttempt, type AttemptRow } from './attempts';
import { attemptEndTime } from './rules';

/** What the passing of time does to an attempt (activities.md §3.2). */
export type ExpiryAction = 'none' | 'finish' | 'overdue' | 'abandon';

/** The last moment an overdue attempt may still be submitted: its end, the grace period and the silent minimum. */
export function dueDate(quiz: Pick<QuizRow, 'graceperiod'>, end: number): number {
  return end + quiz.graceperiod + GRACE_PERIOD_MIN;
}

/**
 * An unfinished attempt whose end (plus the silent minimum, so a submission the browser sent at zero
 * still counts) has passed: autosubmit finishes it, graceperiod makes it overdue until its due date and
 * abandons it after, autoabandon abandons it. An overdue attempt past its due date is abandoned.
 */
export function expiryAction(quiz: Pick<QuizRow, 'overduehandling' | 'graceperiod'>, state: string, end: number, t: number): ExpiryAction {
  if (!end || t <= end + GRACE_PERIOD_MIN) return 'none';
  if (state === 'overdue') return t > dueDate(quiz, end) ? 'abandon' : 'none';
  if (state !== 'inprogress') return 'none';
  if (quiz.overduehandling === 'graceperiod') return t > dueDate(quiz, end) ? 'abandon' : 'overdue';
  return quiz.overduehandling === 'autoabandon' ? 'abandon' : 'finish';
}

/** What a "time is up" submission does: with a grace period the attempt becomes overdue (abandoned once past due); otherwise it finishes. */
export function timeupAction(quiz: Pick<QuizRow, 'overduehandling' | 'graceperiod'>, end: number, t: number): 'finish' | 'overdue' | 'abandon' {
  if (quiz.overduehandling !== 'graceperiod') return 'finish';
  return end > 0 && t > dueDate(quiz, end) ? 'abandon' : 'overdue';
}

/** The attempt becomes overdue: only submitting it remains, until its due date. */
export async function markOverdue(db: Kysely<DB>, quiz: QuizRow, attempt: AttemptRow, end: number): Promise<void> {
  await db.updateTable('quiz_attempts').set({ state: 'overdue', timemodified: now(), timecheckstate: dueDate(quiz, end) }).where('id', '=', attempt.id).execute();
}

/** The attempt is abandoned: never graded, and it still counts towards the attempts allowed. */
export async function abandonAttempt(db: Kysely<DB>, attempt: AttemptRow): Promise<void> {
  await db.updateTable('quiz_attempts').set({ state: 'abandoned', timemodified: now(), timecheckstate: null }).where('id', '=', attempt.id).execute();
}

/** Applies an expiry action; answers whether the attempt is now closed (finished or abandoned). */
export async function applyExpiry(db: Kysely<DB>, quiz: QuizRow, attempt: AttemptRow, end: number, action: ExpiryAction): Promise<boolean> {
  switch (action) {
    case 'finish':
      await finishAttempt(db, quiz, attempt, end);
      return true;
    case 'overdue':
      await markOverdue(db, quiz, attempt, end);
      return false;
    case 'abandon':
      await abandonAttempt(db, attempt);
      return true;
    default:
      return false;
  }
}

/**
 * Expiry for every unfinished attempt of the quiz (of one user when given), as Moodle's cron would do:
 * the reads that list attempts (the learner's list, the teacher's report) run it first, so an attempt
 * whose time ran out while nobody was looking is shown, graded or abandoned, as it now stands. A call
 * that fails rolls its own expiry back; these reads do not fail, so the outcome is kept.
 */
export async function expireUnfinished(db: Kysely<DB>, quiz: QuizRow, modcontext: Context, userid?: number): Promise<void> {
  let query = db.selectFrom('quiz_attempts').selectAll().where('quiz', '=', quiz.id).where('state', 'in', ['inprogress', 'overdue']).where('preview', '=', 0);
  if (userid !== undefined) query = query.where('userid', '=', userid);
  const t = now();
  for (const attempt of await query.execute()) {
    const ignore = await createAccess(db, attempt.userid).hasCapability(CAP_IGNORETIMELIMITS, modcontext);
    const end = attemptEndTime(quiz, attempt, ignore);
    const action = expiryAction(quiz, attempt.state, end, t);
    if (action !== 'none') await applyExpiry(db, quiz, attempt, end, action);
  }
}
