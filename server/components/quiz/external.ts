import type { z } from 'zod';
import {
  modQuizAddInstance,
  modQuizAddQuestions,
  modQuizGetAttemptsReport,
  modQuizGetQuizAccessInformation,
  modQuizGetQuizzesByCourses,
  modQuizGetStructure,
  modQuizRegradeAttempts,
  modQuizRemoveSlot,
  modQuizSetMaxmark,
  modQuizUpdateInstance,
  modQuizViewQuiz,
} from '../../../api/quiz';
import { AppError } from '../../platform/errors';
import { logContextEvent } from '../../platform/events';
import { now } from '../../platform/platform';
import { formatString, formatText } from '../../platform/sanitize';
import { defineMethod, type CallContext } from '../../ws/method';
import { requireCourseAccess } from '../course/access';
import { requireModuleAccess } from '../courseformat/access';
import { addModule } from '../courseformat/cms';
import { updateModuleGroupSettings } from '../courseformat/groupsettings';
import { visibleModulesByCourses } from '../courseformat/readers';
import { CAP_ADDINSTANCE, CAP_ATTEMPT, CAP_IGNORETIMELIMITS, CAP_MANAGE, CAP_PREVIEW, CAP_REGRADE, CAP_REVIEWMYATTEMPTS, CAP_VIEWREPORTS, COMPONENT, requireQuiz, type QuizAccess } from './access';
import { gradeAttemptSlots } from './attempts';
import { expireUnfinished } from './expiry';
import { syncGradeItem, updateBestGrades, updateSumgrades } from './grades';
import { attemptsReport } from './report';
import { activeRuleNames, preventAccessReasons, ruleDescriptions } from './rules';
import { datesFor, durationText, sayFor } from './say';
import { afterGradeChange, requireValidSettings, settingsColumns, type QuizSettings } from './service';

const MANAGEACTIVITIES = 'moodle/course:manageactivities';

/** The quiz's own settings out of the method's arguments (where it goes and the group settings aside). */
function settingsOf(args: QuizSettings & { groupmode?: number; groupingid?: number }): QuizSettings {
  const { groupmode: _groupmode, groupingid: _groupingid, ...settings } = args;
  return settings;
}

const addInstance = defineMethod(modQuizAddInstance, async (ctx, args) => {
  const { context } = await requireCourseAccess(ctx, args.courseid);
  await ctx.access.requireCapability(MANAGEACTIVITIES, context);
  await ctx.access.requireCapability(CAP_ADDINSTANCE, context);
  const settings = settingsOf(args);
  requireValidSettings(ctx.platform, settings, ctx.lang);
  const { cmid, instance } = await addModule(
    ctx,
    args.courseid,
    args.section,
    'quiz',
    async (db) => (await db.insertInto('quiz').values({ course: args.courseid, ...settingsColumns(settings), timecreated: now() }).returning('id').executeTakeFirstOrThrow()).id,
    { groupmode: args.groupmode, groupingid: args.groupingid },
  );
  const quiz = await ctx.db.selectFrom('quiz').selectAll().where('id', '=', instance).executeTakeFirstOrThrow();
  await syncGradeItem(ctx.db, quiz, cmid);
  return { cmid, instance };
});

const updateInstance = defineMethod(modQuizUpdateInstance, async (ctx, args) => {
  const { cm, course, modcontext } = await requireModuleAccess(ctx, args.cmid, 'quiz');
  await ctx.access.requireCapability(MANAGEACTIVITIES, modcontext);
  const settings = settingsOf(args);
  requireValidSettings(ctx.platform, settings, ctx.lang);
  const before = await ctx.db.selectFrom('quiz').selectAll().where('id', '=', cm.instance).executeTakeFirstOrThrow();
  await updateModuleGroupSettings(ctx.db, course, cm.id, { groupmode: args.groupmode, groupingid: args.groupingid });
  await ctx.db.updateTable('quiz').set(settingsColumns(settings)).where('id', '=', cm.instance).execute();
  const after = await ctx.db.selectFrom('quiz').selectAll().where('id', '=', cm.instance).executeTakeFirstOrThrow();
  await syncGradeItem(ctx.db, after, cm.id);
  await afterGradeChange(ctx.db, before, after);
  if (before.questionsperpage !== after.questionsperpage) await repaginate(ctx, after.id, after.questionsperpage);
  return { cmid: cm.id, instance: cm.instance };
});

type QuizOut = z.input<typeof modQuizGetQuizzesByCourses.returns>['quizzes'][number];

const getQuizzesByCourses = defineMethod(modQuizGetQuizzesByCourses, async (ctx, { courseids }) => {
  const { modules, warnings } = await visibleModulesByCourses(ctx, courseids, 'quiz');
  const ids = modules.map((m) => m.instance);
  const rows = ids.length ? await ctx.db.selectFrom('quiz').selectAll().where('id', 'in', ids).execute() : [];
  const slotCounts = ids.length
    ? await ctx.db.selectFrom('quiz_slots').select(['quizid', (eb) => eb.fn.countAll<number>().as('n')]).where('quizid', 'in', ids).groupBy('quizid').execute()
    : [];
  const hasQuestions = new Set(slotCounts.filter((r) => Number(r.n) > 0).map((r) => r.quizid));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const contexts = modules.length ? await ctx.db.selectFrom('context').selectAll().where('contextlevel', '=', 70).where('instanceid', 'in', modules.map((m) => m.id)).execute() : [];
  const contextOf = new Map(contexts.map((c) => [c.instanceid, c]));
  const quizzes: QuizOut[] = [];
  for (const m of modules) {
    const q = byId.get(m.instance);
    const context = contextOf.get(m.id);
    if (!q || !context) continue;
    if (!(await ctx.access.hasCapability('mod/quiz:view', context))) continue;
    const manager = await ctx.access.hasCapability(MANAGEACTIVITIES, context);
    quizzes.push({
      id: q.id,
      coursemodule: m.id,
      course: q.course,
      name: formatString(q.name),
      intro: formatText(q.intro, q.introformat),
      introformat: 1,
      timeopen: q.timeopen,
      timeclose: q.timeclose,
      timelimit: q.timelimit,
      attempts: q.attempts,
      grademethod: q.grademethod,
      questionsperpage: q.questionsperpage,
      shufflequestions: q.shufflequestions,
      browsersecurity: q.browsersecurity,
      overduehandling: q.overduehandling,
      graceperiod: q.graceperiod,
      sumgrades: Number(q.sumgrades),
      grade: Number(q.grade),
      decimalpoints: q.decimalpoints,
      hasquestions: hasQuestions.has(q.id) ? 1 : 0,
      reviewattempt: q.reviewattempt,
      reviewcorrectness: q.reviewcorrectness,
      reviewmarks: q.reviewmarks,
      reviewspecificfeedback: q.reviewspecificfeedback,
      reviewgeneralfeedback: q.reviewgeneralfeedback,
      reviewrightanswer: q.reviewrightanswer,
      ...(manager ? { password: q.password, shuffleanswers: q.shuffleanswers } : {}),
    });
  }
  return { quizzes, warnings };
});

const viewQuiz = defineMethod(modQuizViewQuiz, async (ctx, { quizid }) => {
  const qa = await requireQuiz(ctx, { quizid });
  await logContextEvent(ctx, qa.modcontext, { eventname: '\\mod_quiz\\event\\course_module_viewed', component: COMPONENT, action: 'viewed', target: 'course_module', crud: 'r', objectid: quizid, courseid: qa.course.id });
  return { status: true, warnings: [] };
});

const getQuizAccessInformation = defineMethod(modQuizGetQuizAccessInformation, async (ctx, { quizid }) => {
  const qa = await requireQuiz(ctx, { quizid });
  const held = await ctx.access.hasCapabilities([CAP_ATTEMPT, CAP_MANAGE, CAP_PREVIEW, CAP_REVIEWMYATTEMPTS, CAP_VIEWREPORTS, CAP_IGNORETIMELIMITS], qa.modcontext);
  const say = sayFor(ctx);
  const ignore = held.has(CAP_IGNORETIMELIMITS);
  return {
    canattempt: held.has(CAP_ATTEMPT),
    canmanage: held.has(CAP_MANAGE),
    canpreview: held.has(CAP_PREVIEW),
    canreviewmyattempts: held.has(CAP_REVIEWMYATTEMPTS),
    canviewreports: held.has(CAP_VIEWREPORTS),
    accessrules: ruleDescriptions(qa.quiz, ignore, say, datesFor(ctx), (s) => durationText(say, s)),
    activerulenames: activeRuleNames(qa.quiz, ignore),
    preventaccessreasons: preventAccessReasons(qa.quiz, now(), say, datesFor(ctx)),
    warnings: [],
  };
});

/** The quiz for people who manage it: mod/quiz:manage in its context. */
async function requireManage(ctx: CallContext, quizid: number): Promise<QuizAccess> {
  const qa = await requireQuiz(ctx, { quizid });
  await ctx.access.requireCapability(CAP_MANAGE, qa.modcontext);
  return qa;
}

async function hasAttempts(ctx: CallContext, quizid: number): Promise<boolean> {
  return (await ctx.db.selectFrom('quiz_attempts').select('id').where('quiz', '=', quizid).where('preview', '=', 0).executeTakeFirst()) !== undefined;
}

async function slotsOf(ctx: CallContext, quizid: number) {
  const rows = await ctx.db
    .selectFrom('quiz_slots as s')
    .innerJoin('question as q', 'q.id', 's.questionid')
    .select(['s.slot', 's.page', 's.questionid', 's.maxmark', 'q.name', 'q.qtype'])
    .where('s.quizid', '=', quizid)
    .orderBy('s.slot')
    .execute();
  return rows.map((r) => ({ slot: r.slot, page: r.page, questionid: r.questionid, name: formatString(r.name), qtype: r.qtype, maxmark: Number(r.maxmark) }));
}

const getStructure = defineMethod(modQuizGetStructure, async (ctx, { quizid }) => {
  const qa = await requireManage(ctx, quizid);
  return { slots: await slotsOf(ctx, quizid), sumgrades: Number(qa.quiz.sumgrades), grade: Number(qa.quiz.grade), canedit: !(await hasAttempts(ctx, quizid)), courseid: qa.course.id };
});

/** Page numbers follow questions per page: slot n is on page ceil(n / perpage). */
async function repaginate(ctx: CallContext, quizid: number, perpage: number): Promise<void> {
  const slots = await ctx.db.selectFrom('quiz_slots').select(['id', 'slot']).where('quizid', '=', quizid).orderBy('slot').execute();
  for (const [i, s] of slots.entries()) {
    const page = perpage > 0 ? Math.floor(i / perpage) + 1 : 1;
    await ctx.db.updateTable('quiz_slots').set({ page, slot: i + 1 }).where('id', '=', s.id).execute();
  }
}

const addQuestions = defineMethod(modQuizAddQuestions, async (ctx, args) => {
  const qa = await requireManage(ctx, args.quizid);
  if (await hasAttempts(ctx, args.quizid)) throw new AppError('cannoteditafterattempts', { component: COMPONENT });
  const ids = [...new Set(args.questionids)];
  const found = await ctx.db
    .selectFrom('question as q')
    .innerJoin('question_categories as c', 'c.id', 'q.category')
    .select(['q.id', 'q.defaultmark'])
    .where('q.id', 'in', ids)
    .where('c.courseid', '=', qa.course.id)
    .execute();
  if (found.length !== ids.length) throw new AppError('invalidquestionid', { component: 'core_question', status: 404 });
  const marks = new Map(found.map((f) => [f.id, Number(f.defaultmark)]));
  const last = await ctx.db.selectFrom('quiz_slots').select((eb) => eb.fn.max('slot').as('m')).where('quizid', '=', args.quizid).executeTakeFirst();
  let slot = Number(last?.m ?? 0);
  await ctx.db
    .insertInto('quiz_slots')
    .values(ids.map((questionid) => ({ quizid: args.quizid, slot: ++slot, page: 1, questionid, maxmark: args.maxmark ?? marks.get(questionid) ?? 1 })))
    .execute();
  await repaginate(ctx, args.quizid, qa.quiz.questionsperpage);
  await updateSumgrades(ctx.db, args.quizid);
  return { status: true };
});

const removeSlot = defineMethod(modQuizRemoveSlot, async (ctx, args) => {
  const qa = await requireManage(ctx, args.quizid);
  if (await hasAttempts(ctx, args.quizid)) throw new AppError('cannoteditafterattempts', { component: COMPONENT });
  const removed = await ctx.db.deleteFrom('quiz_slots').where('quizid', '=', args.quizid).where('slot', '=', args.slot).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw new AppError('invalidslot', { component: COMPONENT, status: 404 });
  await repaginate(ctx, args.quizid, qa.quiz.questionsperpage);
  await updateSumgrades(ctx.db, args.quizid);
  return { status: true };
});

/** Regrades every finished attempt (a dry run only counts); answers how many and how many changed. */
async function regradeAll(ctx: CallContext, qa: QuizAccess, dryrun: boolean): Promise<{ regraded: number; changed: number }> {
  const attempts = await ctx.db.selectFrom('quiz_attempts').select(['id', 'sumgrades']).where('quiz', '=', qa.quiz.id).where('state', '=', 'finished').execute();
  let changed = 0;
  for (const a of attempts) {
    const { sumgrades, changed: slotChanged } = await gradeAttemptSlots(ctx.db, a.id, !dryrun);
    if (slotChanged || Number(a.sumgrades) !== sumgrades) changed++;
    if (!dryrun) await ctx.db.updateTable('quiz_attempts').set({ sumgrades }).where('id', '=', a.id).execute();
  }
  if (!dryrun) {
    const quiz = await ctx.db.selectFrom('quiz').selectAll().where('id', '=', qa.quiz.id).executeTakeFirstOrThrow();
    await updateBestGrades(ctx.db, quiz);
  }
  return { regraded: attempts.length, changed };
}

const setMaxmark = defineMethod(modQuizSetMaxmark, async (ctx, args) => {
  const qa = await requireManage(ctx, args.quizid);
  const updated = await ctx.db.updateTable('quiz_slots').set({ maxmark: args.maxmark }).where('quizid', '=', args.quizid).where('slot', '=', args.slot).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new AppError('invalidslot', { component: COMPONENT, status: 404 });
  const attemptIds = (await ctx.db.selectFrom('quiz_attempts').select('id').where('quiz', '=', args.quizid).execute()).map((a) => a.id);
  if (attemptIds.length) await ctx.db.updateTable('quiz_attempt_slots').set({ maxmark: args.maxmark }).where('attemptid', 'in', attemptIds).where('slot', '=', args.slot).execute();
  const sumgrades = await updateSumgrades(ctx.db, args.quizid);
  await regradeAll(ctx, qa, false);
  return { sumgrades };
});

const regradeAttempts = defineMethod(modQuizRegradeAttempts, async (ctx, args) => {
  const qa = await requireQuiz(ctx, { quizid: args.quizid });
  await ctx.access.requireCapability(CAP_REGRADE, qa.modcontext);
  return regradeAll(ctx, qa, args.dryrun);
});

const getAttemptsReport = defineMethod(modQuizGetAttemptsReport, async (ctx, args) => {
  const qa = await requireQuiz(ctx, { quizid: args.quizid });
  await ctx.access.requireCapability(CAP_VIEWREPORTS, qa.modcontext);
  await expireUnfinished(ctx.db, qa.quiz, qa.modcontext);
  return {
    ...(await attemptsReport(ctx, qa, args)),
    slots: await slotsOf(ctx, args.quizid),
    grade: Number(qa.quiz.grade),
    sumgrades: Number(qa.quiz.sumgrades),
    decimalpoints: qa.quiz.decimalpoints,
  };
});

export const quizSettingsMethods = [addInstance, updateInstance, getQuizzesByCourses, viewQuiz, getQuizAccessInformation, getStructure, addQuestions, removeSlot, setMaxmark, regradeAttempts, getAttemptsReport];
