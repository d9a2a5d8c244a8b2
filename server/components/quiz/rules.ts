import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import { COMPONENT, type QuizRow } from './access';

/** Where the quiz password was accepted: the session, or for token calls the user. */
export function passwordKey(ctx: CallContext): string {
  return ctx.session?.sid ?? `user:${ctx.user?.id ?? 0}`;
}

export async function passwordPassed(ctx: CallContext, quiz: QuizRow): Promise<boolean> {
  if (quiz.password === '') return true;
  const row = await ctx.db.selectFrom('quiz_password_passed').select('id').where('sid', '=', passwordKey(ctx)).where('quiz', '=', quiz.id).executeTakeFirst();
  return row !== undefined;
}

export async function clearPasswordPassed(db: Kysely<DB>, sid: string, quizid: number): Promise<void> {
  await db.deleteFrom('quiz_password_passed').where('sid', '=', sid).where('quiz', '=', quizid).execute();
}

/** The rules that apply to this quiz, by Moodle's plugin names. */
export function activeRuleNames(quiz: QuizRow, ignoreTimeLimits: boolean): string[] {
  const names: string[] = [];
  if (quiz.timeopen || quiz.timeclose) names.push('quizaccess_openclosedate');
  if (quiz.attempts > 0) names.push('quizaccess_numattempts');
  if (quiz.timelimit > 0 && !ignoreTimeLimits) names.push('quizaccess_timelimit');
  if (quiz.password !== '') names.push('quizaccess_password');
  if (quiz.browsersecurity === 'securewindow') names.push('quizaccess_securewindow');
  return names;
}

type Say = (id: string, a?: unknown) => string;

/** The rules as sentences for the quiz page. */
export function ruleDescriptions(quiz: QuizRow, ignoreTimeLimits: boolean, say: Say, date: (t: number) => string, duration: (s: number) => string): string[] {
  const out: string[] = [];
  if (quiz.timeopen) out.push(say(quiz.timeopen > Date.now() / 1000 ? 'quizwillopen' : 'quizopenedon', date(quiz.timeopen)));
  if (quiz.timeclose) out.push(say(quiz.timeclose > Date.now() / 1000 ? 'quizcloseson' : 'quizclosed', date(quiz.timeclose)));
  if (quiz.attempts > 0) out.push(say('attemptsallowedn', quiz.attempts));
  if (quiz.timelimit > 0 && !ignoreTimeLimits) out.push(say('timelimitn', duration(quiz.timelimit)));
  const timed = (quiz.timelimit > 0 && !ignoreTimeLimits) || quiz.timeclose > 0;
  if (timed && quiz.overduehandling === 'graceperiod') out.push(say('overduehandlingrule_graceperiod', duration(quiz.graceperiod)));
  if (timed && quiz.overduehandling === 'autoabandon') out.push(say('overduehandlingrule_autoabandon'));
  if (quiz.password !== '') out.push(say('requirepasswordmessage'));
  if (quiz.browsersecurity === 'securewindow') out.push(say('popupwithjavascriptsupport'));
  return out;
}

/** The open/close window (activities.md §3.4): reasons access is prevented now. */
export function preventAccessReasons(quiz: QuizRow, t: number, say: Say, date: (t: number) => string): string[] {
  if (quiz.timeopen && t < quiz.timeopen) return [say('notavailable', date(quiz.timeopen))];
  if (quiz.timeclose && t > quiz.timeclose) return [say('quizclosedat', date(quiz.timeclose))];
  return [];
}

/** The attempt limit: why no new attempt may start. */
export function preventNewAttemptReasons(quiz: QuizRow, attemptsUsed: number, say: Say): string[] {
  return quiz.attempts > 0 && attemptsUsed >= quiz.attempts ? [say('nomoreattempts')] : [];
}

/**
 * Which pre-flight parts a user must pass: the password until accepted once in this session, the
 * time-limit notice before a new attempt, and the pop-up notice (activities.md §3.4).
 */
export function preflightParts(quiz: QuizRow, opts: { passwordPassed: boolean; newAttempt: boolean; ignoreTimeLimits: boolean; preview: boolean }): string[] {
  const parts: string[] = [];
  if (quiz.password !== '' && !opts.passwordPassed) parts.push('quizpassword');
  if (opts.newAttempt && quiz.timelimit > 0 && !opts.ignoreTimeLimits) parts.push('timelimit');
  if (opts.newAttempt && quiz.browsersecurity === 'securewindow' && !opts.preview) parts.push('securewindow');
  return parts;
}

/** Checks the pre-flight data: a password must match exactly; then it counts for this session. */
export async function validatePreflight(ctx: CallContext, quiz: QuizRow, data: ReadonlyArray<{ name: string; value: string }>): Promise<void> {
  if (await passwordPassed(ctx, quiz)) return;
  const given = data.find((d) => d.name === 'quizpassword')?.value;
  if (given === undefined || given !== quiz.password) {
    const message = ctx.platform.strings.get('passworderror', COMPONENT, undefined, ctx.lang);
    throw new AppError('passworderror', { component: COMPONENT, fields: { quizpassword: message } });
  }
  await ctx.db
    .insertInto('quiz_password_passed')
    .values({ sid: passwordKey(ctx), quiz: quiz.id })
    .onConflict((oc) => oc.columns(['sid', 'quiz']).doNothing())
    .execute();
}

/** The attempt's end: start + time limit, capped by the close time; 0 = none. Previews are not timed. */
export function attemptEndTime(quiz: QuizRow, attempt: { timestart: number; preview: number }, ignoreTimeLimits: boolean): number {
  if (attempt.preview) return 0;
  const ends: number[] = [];
  if (quiz.timelimit > 0 && !ignoreTimeLimits) ends.push(attempt.timestart + quiz.timelimit);
  if (quiz.timeclose) ends.push(quiz.timeclose);
  return ends.length ? Math.min(...ends) : 0;
}
