import {
  GRACE_PERIOD_MIN,
  modQuizGetAttemptAccessInformation,
  modQuizGetAttemptData,
  modQuizGetAttemptReview,
  modQuizGetAttemptSummary,
  modQuizGetUserAttempts,
  modQuizGetUserBestGrade,
  modQuizProcessAttempt,
  modQuizSaveAttempt,
  modQuizStartAttempt,
} from '../../../api/quiz';
import type { Warning } from '../../../api/types';
import { AppError, invalidRecord } from '../../platform/errors';
import { logContextEvent } from '../../platform/events';
import { now } from '../../platform/platform';
import { defineMethod, type CallContext } from '../../ws/method';
import { loadQuestions } from '../question/service';
import { CAP_ATTEMPT, CAP_IGNORETIMELIMITS, CAP_PREVIEW, CAP_REVIEWMYATTEMPTS, CAP_VIEWREPORTS, COMPONENT, requireQuiz, type QuizAccess } from './access';
import { attemptSlots, createAttempt, finishAttempt, isAnswered, pagesOf, saveResponses, userAttempts, type AttemptRow } from './attempts';
import { rescale } from './grades';
import { attemptEndTime, clearPasswordPassed, passwordKey, passwordPassed, preflightParts, preventAccessReasons, preventNewAttemptReasons, validatePreflight } from './rules';
import { abandonAttempt, applyExpiry, dueDate, expireUnfinished, expiryAction, markOverdue, timeupAction } from './expiry';
import { datesFor, sayFor } from './say';
import { attemptOut, FULL_REVIEW, placesOf, questionOut, reviewOptions, reviewTimeBit, type ReviewOptions } from './views';

const UNFINISHED = ['inprogress', 'overdue'];

async function ignoresTimeLimits(ctx: CallContext, qa: QuizAccess): Promise<boolean> {
  return ctx.access.hasCapability(CAP_IGNORETIMELIMITS, qa.modcontext);
}

async function endOf(ctx: CallContext, qa: QuizAccess, attempt: AttemptRow): Promise<number> {
  return attemptEndTime(qa.quiz, attempt, await ignoresTimeLimits(ctx, qa));
}

/**
 * Expiry (activities.md §3.2), run whenever an attempt is loaded: past its end, an unfinished attempt is
 * finished, made overdue or abandoned by the quiz's overdue handling. Answers the attempt as it is now.
 */
async function handleExpiry(ctx: CallContext, qa: QuizAccess, attempt: AttemptRow): Promise<AttemptRow> {
  if (!UNFINISHED.includes(attempt.state)) return attempt;
  const end = await endOf(ctx, qa, attempt);
  const action = expiryAction(qa.quiz, attempt.state, end, now());
  if (action === 'none') return attempt;
  if (await applyExpiry(ctx.db, qa.quiz, attempt, end, action)) await clearPasswordPassed(ctx.db, passwordKey(ctx), qa.quiz.id);
  return ctx.db.selectFrom('quiz_attempts').selectAll().where('id', '=', attempt.id).executeTakeFirstOrThrow();
}

/**
 * The caller's own attempt, with mod/quiz:attempt (or preview for a preview). Writers lock the row first
 * (an update that changes nothing takes the row lock on PostgreSQL and the write lock on SQLite), so two
 * submissions of one attempt are serialised and the second sees it finished.
 */
async function requireOwnAttempt(ctx: CallContext, attemptid: number, lock = false): Promise<{ qa: QuizAccess; attempt: AttemptRow }> {
  if (lock) await ctx.db.updateTable('quiz_attempts').set((eb) => ({ timemodified: eb.ref('timemodified') })).where('id', '=', attemptid).execute();
  const attempt = await ctx.db.selectFrom('quiz_attempts').selectAll().where('id', '=', attemptid).executeTakeFirst();
  if (!attempt) throw invalidRecord('quiz_attempts', `attempt ${attemptid}`);
  const qa = await requireQuiz(ctx, { quizid: attempt.quiz });
  if (attempt.userid !== ctx.user!.id) throw new AppError('notyourattempt', { component: COMPONENT, status: 403 });
  await ctx.access.requireCapability(attempt.preview ? CAP_PREVIEW : CAP_ATTEMPT, qa.modcontext);
  return { qa, attempt };
}

/**
 * An unfinished own attempt after expiry handling, with the password passed in this session. An overdue
 * attempt may only be summarised and submitted (`stateoverdue` elsewhere).
 */
async function requireOpenAttempt(ctx: CallContext, attemptid: number, preflight: ReadonlyArray<{ name: string; value: string }>, opts: { lock?: boolean; overdueAllowed?: boolean } = {}) {
  const own = await requireOwnAttempt(ctx, attemptid, opts.lock);
  const qa = own.qa;
  const attempt = await handleExpiry(ctx, qa, own.attempt);
  if (!UNFINISHED.includes(attempt.state)) throw new AppError('attemptalreadyclosed', { component: COMPONENT });
  if (attempt.state === 'overdue' && !opts.overdueAllowed) throw new AppError('stateoverdue', { component: COMPONENT });
  const end = await endOf(ctx, qa, attempt);
  await validatePreflight(ctx, qa.quiz, preflight);
  return { qa, attempt, end };
}

const startAttempt = defineMethod(modQuizStartAttempt, async (ctx, args) => {
  const qa = await requireQuiz(ctx, { quizid: args.quizid });
  const held = await ctx.access.hasCapabilities([CAP_ATTEMPT, CAP_PREVIEW], qa.modcontext);
  const preview = !held.has(CAP_ATTEMPT) && held.has(CAP_PREVIEW);
  if (!held.has(CAP_ATTEMPT) && !preview) await ctx.access.requireCapability(CAP_ATTEMPT, qa.modcontext);
  const userid = ctx.user!.id;
  const say = sayFor(ctx);
  const all = await ctx.db.selectFrom('quiz_attempts').selectAll().where('quiz', '=', qa.quiz.id).where('userid', '=', userid).where('preview', '=', preview ? 1 : 0).orderBy('attempt').execute();
  const last = all.at(-1);
  if (last && UNFINISHED.includes(last.state)) {
    const now_ = await handleExpiry(ctx, qa, last);
    if (UNFINISHED.includes(now_.state) && !(preview && args.forcenew)) throw new AppError(now_.state === 'overdue' ? 'stateoverdue' : 'attemptstillinprogress', { component: COMPONENT });
    if (preview && UNFINISHED.includes(now_.state)) await finishAttempt(ctx.db, qa.quiz, now_, now());
  }
  const hasSlots = await ctx.db.selectFrom('quiz_slots').select('id').where('quizid', '=', qa.quiz.id).executeTakeFirst();
  if (!hasSlots) throw new AppError('noquestionsfound', { component: COMPONENT });
  const reasons = [...preventAccessReasons(qa.quiz, now(), say, datesFor(ctx)), ...(preview ? [] : preventNewAttemptReasons(qa.quiz, all.length, say))];
  if (reasons.length) return { warnings: reasons.map((message): Warning => ({ item: 'quiz', itemid: qa.quiz.id, warningcode: 'attempterror', message })) };
  await validatePreflight(ctx, qa.quiz, args.preflightdata);
  const attempt = await createAttempt(ctx.db, qa.quiz, userid, (last?.attempt ?? 0) + 1, preview);
  await logContextEvent(ctx, qa.modcontext, { eventname: '\\mod_quiz\\event\\attempt_started', component: COMPONENT, action: 'started', target: 'attempt', crud: 'c', objectid: attempt.id, courseid: qa.course.id });
  return { attempt: attemptOut(attempt), warnings: [] };
});

const getAttemptAccessInformation = defineMethod(modQuizGetAttemptAccessInformation, async (ctx, args) => {
  const qa = await requireQuiz(ctx, { quizid: args.quizid });
  const userid = ctx.user!.id;
  let attempt: AttemptRow | undefined;
  if (args.attemptid) attempt = (await requireOwnAttempt(ctx, args.attemptid)).attempt;
  else attempt = await ctx.db.selectFrom('quiz_attempts').selectAll().where('quiz', '=', qa.quiz.id).where('userid', '=', userid).orderBy('attempt', 'desc').limit(1).executeTakeFirst();
  if (attempt) attempt = await handleExpiry(ctx, qa, attempt);
  const unfinished = attempt !== undefined && UNFINISHED.includes(attempt.state);
  const say = sayFor(ctx);
  const ignore = await ignoresTimeLimits(ctx, qa);
  const used = (await userAttempts(ctx.db, qa.quiz.id, userid)).length;
  const preview = !(await ctx.access.hasCapability(CAP_ATTEMPT, qa.modcontext));
  const parts = preflightParts(qa.quiz, { passwordPassed: await passwordPassed(ctx, qa.quiz), newAttempt: !unfinished, ignoreTimeLimits: ignore, preview });
  const end = attempt && unfinished ? attemptEndTime(qa.quiz, attempt, ignore) : 0;
  return {
    ...(unfinished ? { endtime: end } : {}),
    isfinished: !unfinished,
    ...(parts.length ? { ispreflightcheckrequired: true } : {}),
    preflightparts: parts,
    preventnewattemptreasons: [...preventAccessReasons(qa.quiz, now(), say, datesFor(ctx)), ...(preview ? [] : preventNewAttemptReasons(qa.quiz, used, say))],
    warnings: [],
  };
});

/** The questions of an attempt (all, or one page) as the page, summary or review shows them. */
async function questionsOf(ctx: CallContext, attempt: AttemptRow, page: number | null, review?: ReviewOptions) {
  const pages = pagesOf(attempt.layout);
  const places = placesOf(pages);
  const rows = await attemptSlots(ctx.db, attempt.id);
  const defs = await loadQuestions(ctx.db, rows.map((r) => r.questionid));
  const say = sayFor(ctx);
  const ordered = pages.flat().flatMap((slot) => rows.filter((r) => r.slot === slot));
  const questions = ordered.flatMap((row) => {
    const place = places.get(row.slot)!;
    const q = defs.get(row.questionid);
    if (!q || (page !== null && place.page !== page)) return [];
    return [questionOut(q, row, { ...place, uniqueid: attempt.id }, say, review)];
  });
  return { pages, places, rows, questions };
}

const getAttemptData = defineMethod(modQuizGetAttemptData, async (ctx, args) => {
  const { attempt, end } = await requireOpenAttempt(ctx, args.attemptid, args.preflightdata);
  const pages = pagesOf(attempt.layout);
  if (args.page >= pages.length) throw new AppError('invalidpage', { component: COMPONENT, a: args.page });
  const { places, rows, questions } = await questionsOf(ctx, attempt, args.page);
  const navigation = pages.flat().flatMap((slot) => {
    const row = rows.find((r) => r.slot === slot);
    const place = places.get(slot)!;
    return row ? [{ slot, page: place.page, number: place.number, state: isAnswered(row) ? 'answered' : 'notyetanswered', flagged: row.flagged === 1 }] : [];
  });
  return {
    attempt: attemptOut(attempt),
    messages: [],
    nextpage: args.page + 1 >= pages.length ? -1 : args.page + 1,
    numpages: pages.length,
    endtime: end,
    navigation,
    questions,
    warnings: [],
  };
});

const getAttemptSummary = defineMethod(modQuizGetAttemptSummary, async (ctx, args) => {
  const { qa, attempt, end } = await requireOpenAttempt(ctx, args.attemptid, args.preflightdata, { overdueAllowed: true });
  const { questions } = await questionsOf(ctx, attempt, null);
  const overdue = attempt.state === 'overdue';
  return { questions, endtime: end, state: overdue ? ('overdue' as const) : ('inprogress' as const), duedate: overdue ? dueDate(qa.quiz, end) : 0, warnings: [] };
});

const saveAttempt = defineMethod(modQuizSaveAttempt, async (ctx, args) => {
  const { attempt } = await requireOpenAttempt(ctx, args.attemptid, args.preflightdata, { lock: true });
  await saveResponses(ctx.db, attempt, args.data);
  return { status: true, warnings: [] };
});

/**
 * process_attempt (activities.md §3.3): past the end (less 2 s) time is up; answers arriving more than
 * the silent minimum after the end are discarded; time up with a grace period makes the attempt overdue
 * (abandoned past its due date), otherwise it finishes. An overdue attempt takes no answers, only submission.
 */
const processAttempt = defineMethod(modQuizProcessAttempt, async (ctx, args) => {
  const own = await requireOwnAttempt(ctx, args.attemptid, true);
  const qa = own.qa;
  const attempt = own.attempt.state === 'overdue' ? await handleExpiry(ctx, qa, own.attempt) : own.attempt;
  if (!UNFINISHED.includes(attempt.state)) throw new AppError('attemptalreadyclosed', { component: COMPONENT });
  await validatePreflight(ctx, qa.quiz, args.preflightdata);
  const end = await endOf(ctx, qa, attempt);
  const t = now();
  const timeup = args.timeup || (end > 0 && t > end - 2);
  const toolate = end > 0 && t > end + GRACE_PERIOD_MIN;
  if (!toolate && attempt.state === 'inprogress') await saveResponses(ctx.db, attempt, args.data);
  const action = timeup ? timeupAction(qa.quiz, end, t) : 'none';
  if (!args.finishattempt && action !== 'finish') {
    if (action === 'none') return { state: attempt.state as 'inprogress' | 'overdue', warnings: [] };
    if (action === 'overdue') {
      if (attempt.state !== 'overdue') await markOverdue(ctx.db, qa.quiz, attempt, end);
      return { state: 'overdue' as const, warnings: [] };
    }
    await abandonAttempt(ctx.db, attempt);
    await clearPasswordPassed(ctx.db, passwordKey(ctx), qa.quiz.id);
    return { state: 'abandoned' as const, warnings: [] };
  }
  await finishAttempt(ctx.db, qa.quiz, attempt, end > 0 ? Math.min(t, end) : t);
  await clearPasswordPassed(ctx.db, passwordKey(ctx), qa.quiz.id);
  await logContextEvent(ctx, qa.modcontext, { eventname: '\\mod_quiz\\event\\attempt_submitted', component: COMPONENT, action: 'submitted', target: 'attempt', crud: 'u', objectid: attempt.id, courseid: qa.course.id });
  return { state: 'finished' as const, warnings: [] };
});

const getAttemptReview = defineMethod(modQuizGetAttemptReview, async (ctx, args) => {
  const found = await ctx.db.selectFrom('quiz_attempts').selectAll().where('id', '=', args.attemptid).executeTakeFirst();
  if (!found) throw invalidRecord('quiz_attempts', `attempt ${args.attemptid}`);
  const qa = await requireQuiz(ctx, { quizid: found.quiz });
  // An attempt whose time ran out is closed first, so the page a timed-out learner lands on can show it.
  await expireUnfinished(ctx.db, qa.quiz, qa.modcontext, found.userid);
  const attempt = await ctx.db.selectFrom('quiz_attempts').selectAll().where('id', '=', found.id).executeTakeFirstOrThrow();
  const say = sayFor(ctx);
  let options: ReviewOptions;
  if (attempt.userid === ctx.user!.id && !(await ctx.access.hasCapability(CAP_VIEWREPORTS, qa.modcontext))) {
    if (UNFINISHED.includes(attempt.state)) throw new AppError('attemptclosed', { component: COMPONENT });
    await ctx.access.requireCapability(CAP_REVIEWMYATTEMPTS, qa.modcontext);
    options = reviewOptions(qa.quiz, reviewTimeBit(qa.quiz, attempt, now()));
    if (!options.attempt) throw new AppError('noreview', { component: COMPONENT, status: 403 });
  } else {
    if (!(await ctx.access.hasCapability(CAP_VIEWREPORTS, qa.modcontext))) throw new AppError('noreviewattempt', { component: COMPONENT, status: 403 });
    if (UNFINISHED.includes(attempt.state)) throw new AppError('attemptclosed', { component: COMPONENT });
    options = FULL_REVIEW;
  }
  const pages = pagesOf(attempt.layout);
  if (args.page >= pages.length) throw new AppError('invalidpage', { component: COMPONENT, a: args.page });
  const { questions } = await questionsOf(ctx, attempt, args.page < 0 ? null : args.page, options);
  const sumgrades = attempt.sumgrades === null ? null : Number(attempt.sumgrades);
  const dp = qa.quiz.decimalpoints;
  const grade = rescale(qa.quiz, sumgrades);
  const additionaldata = [{ id: 'state', title: say('attemptstate'), content: say(`state${attempt.state}`) }];
  if (options.marks && sumgrades !== null) {
    additionaldata.push({ id: 'marks', title: say('marks'), content: say('outof', { grade: sumgrades.toFixed(dp), maxgrade: Number(qa.quiz.sumgrades).toFixed(dp) }) });
    additionaldata.push({ id: 'grade', title: say('grade'), content: say('outof', { grade: (grade ?? 0).toFixed(dp), maxgrade: Number(qa.quiz.grade).toFixed(dp) }) });
  }
  return {
    grade: options.marks && grade !== null ? grade.toFixed(dp) : '',
    attempt: attemptOut(attempt),
    additionaldata,
    questions,
    options: { marks: options.marks, correctness: options.correctness, feedback: options.feedback, generalfeedback: options.generalfeedback, rightanswer: options.rightanswer },
    warnings: [],
  };
});

/** The user whose data is asked: the caller, or another with mod/quiz:viewreports. */
async function targetUser(ctx: CallContext, qa: QuizAccess, userid: number): Promise<number> {
  if (userid === 0 || userid === ctx.user!.id) return ctx.user!.id;
  await ctx.access.requireCapability(CAP_VIEWREPORTS, qa.modcontext);
  return userid;
}

const getUserAttempts = defineMethod(modQuizGetUserAttempts, async (ctx, args) => {
  const qa = await requireQuiz(ctx, { quizid: args.quizid });
  const userid = await targetUser(ctx, qa, args.userid);
  await expireUnfinished(ctx.db, qa.quiz, qa.modcontext, userid);
  let query = ctx.db.selectFrom('quiz_attempts').selectAll().where('quiz', '=', qa.quiz.id).where('userid', '=', userid);
  if (!args.includepreviews) query = query.where('preview', '=', 0);
  if (args.status === 'finished') query = query.where('state', 'in', ['finished', 'abandoned']);
  if (args.status === 'unfinished') query = query.where('state', 'in', UNFINISHED);
  const rows = await query.orderBy('attempt').execute();
  return { attempts: rows.map(attemptOut), warnings: [] };
});

const getUserBestGrade = defineMethod(modQuizGetUserBestGrade, async (ctx, args) => {
  const qa = await requireQuiz(ctx, { quizid: args.quizid });
  const userid = await targetUser(ctx, qa, args.userid);
  await expireUnfinished(ctx.db, qa.quiz, qa.modcontext, userid);
  const row = await ctx.db.selectFrom('quiz_grades').select('grade').where('quiz', '=', qa.quiz.id).where('userid', '=', userid).executeTakeFirst();
  if (!row) return { hasgrade: false, warnings: [] };
  const factor = 10 ** qa.quiz.decimalpoints;
  return { hasgrade: true, grade: Math.round(Number(row.grade) * factor) / factor, warnings: [] };
});

export const quizAttemptMethods = [startAttempt, getAttemptAccessInformation, getAttemptData, getAttemptSummary, saveAttempt, processAttempt, getAttemptReview, getUserAttempts, getUserBestGrade];
