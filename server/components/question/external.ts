import { sql } from 'kysely';
import {
  coreQuestionAddCategory,
  coreQuestionDeleteCategory,
  coreQuestionDeleteQuestion,
  coreQuestionGetCategories,
  coreQuestionGetQuestion,
  coreQuestionGetQuestions,
  coreQuestionImportGift,
  coreQuestionImportXml,
  coreQuestionSaveQuestion,
} from '../../../api/question';
import { AppError } from '../../platform/errors';
import { now } from '../../platform/platform';
import { formatString } from '../../platform/sanitize';
import { defineMethod, type CallContext } from '../../ws/method';
import { CAP_ADD, CAP_EDITALL, CAP_MANAGECATEGORY, CAP_VIEWALL, requireBank } from './access';
import { parseGift } from './gift';
import { importEntries } from './importer';
import { COMPONENT, defaultCategory, loadQuestions, questionErrors, requireQuestionInCourse, writeQuestion } from './service';
import { parseMoodleXml } from './xml';

const getCategories = defineMethod(coreQuestionGetCategories, async (ctx, { courseid }) => {
  await requireBank(ctx, courseid, CAP_VIEWALL);
  const rows = await ctx.db
    .selectFrom('question_categories as c')
    .leftJoin('question as q', 'q.category', 'c.id')
    .select(['c.id', 'c.name', 'c.info', (eb) => eb.fn.count<number>('q.id').as('n')])
    .where('c.courseid', '=', courseid)
    .groupBy(['c.id', 'c.name', 'c.info', 'c.sortorder'])
    .orderBy('c.sortorder')
    .orderBy('c.id')
    .execute();
  return { categories: rows.map((r) => ({ id: r.id, name: formatString(r.name), info: formatString(r.info), questioncount: Number(r.n) })) };
});

const addCategory = defineMethod(coreQuestionAddCategory, async (ctx, args) => {
  const { context } = await requireBank(ctx, args.courseid, CAP_MANAGECATEGORY);
  const last = await ctx.db.selectFrom('question_categories').select((eb) => eb.fn.max('sortorder').as('m')).where('courseid', '=', args.courseid).executeTakeFirst();
  const row = await ctx.db
    .insertInto('question_categories')
    .values({ courseid: args.courseid, contextid: context.id, name: args.name, info: args.info, sortorder: Number(last?.m ?? 0) + 1, timecreated: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
});

async function categoryOf(ctx: CallContext, categoryid: number) {
  const category = await ctx.db.selectFrom('question_categories').selectAll().where('id', '=', categoryid).executeTakeFirst();
  if (!category) throw new AppError('invalidcategory', { component: COMPONENT, status: 404, debuginfo: `category ${categoryid}` });
  return category;
}

const deleteCategory = defineMethod(coreQuestionDeleteCategory, async (ctx, { categoryid }) => {
  const category = await categoryOf(ctx, categoryid);
  await requireBank(ctx, category.courseid, CAP_MANAGECATEGORY);
  const used = await ctx.db.selectFrom('question').select('id').where('category', '=', categoryid).executeTakeFirst();
  if (used) throw new AppError('categorynotempty', { component: COMPONENT });
  await ctx.db.deleteFrom('question_categories').where('id', '=', categoryid).execute();
  return { status: true };
});

/** Quizzes using each question, in one query. */
async function usageOf(db: Parameters<typeof loadQuestions>[0], ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('quiz_slots')
    .select(['questionid', (eb) => eb.fn.count<number>(sql`distinct quizid`).as('n')])
    .where('questionid', 'in', ids)
    .groupBy('questionid')
    .execute();
  return new Map(rows.map((r) => [r.questionid, Number(r.n)]));
}

const getQuestions = defineMethod(coreQuestionGetQuestions, async (ctx, args) => {
  await requireBank(ctx, args.courseid, CAP_VIEWALL);
  let query = ctx.db.selectFrom('question as q').innerJoin('question_categories as c', 'c.id', 'q.category').where('c.courseid', '=', args.courseid);
  if (args.categoryid) query = query.where('q.category', '=', args.categoryid);
  const search = args.search.trim().toLowerCase();
  if (search) query = query.where(sql<string>`lower(q.name)`, 'like', `%${search.replace(/[\\%_]/g, '\\$&')}%`);
  const total = Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await query
    .select(['q.id', 'q.category', 'q.qtype', 'q.name', 'q.questiontext', 'q.defaultmark', 'q.timemodified'])
    .orderBy('q.name')
    .orderBy('q.id')
    .limit(args.perpage)
    .offset(args.page * args.perpage)
    .execute();
  const usage = await usageOf(ctx.db, rows.map((r) => r.id));
  return {
    total,
    questions: rows.map((r) => {
      const plain = formatString(r.questiontext).replace(/\s+/g, ' ').trim();
      return {
        id: r.id,
        category: r.category,
        qtype: r.qtype as 'multichoice',
        name: formatString(r.name),
        preview: plain.length > 120 ? `${plain.slice(0, 117)}…` : plain,
        defaultmark: Number(r.defaultmark),
        timemodified: r.timemodified,
        usage: usage.get(r.id) ?? 0,
      };
    }),
  };
});

const getQuestion = defineMethod(coreQuestionGetQuestion, async (ctx, { questionid }) => {
  const { courseid } = await requireQuestionInCourse(ctx.db, questionid);
  await requireBank(ctx, courseid, CAP_VIEWALL);
  const q = (await loadQuestions(ctx.db, [questionid])).get(questionid)!;
  const row = await ctx.db.selectFrom('question').select(['category', 'timemodified']).where('id', '=', questionid).executeTakeFirstOrThrow();
  return { ...q, category: row.category, timemodified: row.timemodified, single: q.single === 1, shuffleanswers: q.shuffleanswers === 1, usecase: q.usecase === 1 };
});

const saveQuestion = defineMethod(coreQuestionSaveQuestion, async (ctx, args) => {
  const { context, course } = await requireBank(ctx, args.courseid, args.id ? CAP_EDITALL : CAP_ADD);
  if (args.id) {
    const existing = await requireQuestionInCourse(ctx.db, args.id);
    if (existing.courseid !== args.courseid) throw new AppError('invalidquestionid', { component: COMPONENT, status: 404 });
  }
  let category = args.category;
  if (category) {
    if ((await categoryOf(ctx, category)).courseid !== args.courseid) throw new AppError('invalidcategory', { component: COMPONENT, status: 404 });
  } else {
    category = await defaultCategory(ctx.db, args.courseid, context.id, ctx.platform.strings.get('defaultfor', COMPONENT, course.shortname, ctx.lang));
  }
  const errors = questionErrors(args);
  const fields = Object.keys(errors);
  if (fields.length) {
    const messages = Object.fromEntries(fields.map((f) => [f, ctx.platform.strings.get(errors[f]!, COMPONENT, undefined, ctx.lang)]));
    throw new AppError('invalidquestion', { component: COMPONENT, a: Object.values(messages).join(' '), fields: messages });
  }
  return { id: await writeQuestion(ctx.db, args, category, ctx.user!.id) };
});

const deleteQuestion = defineMethod(coreQuestionDeleteQuestion, async (ctx, { questionid }) => {
  const { courseid } = await requireQuestionInCourse(ctx.db, questionid);
  await requireBank(ctx, courseid, CAP_EDITALL);
  const used = await ctx.db.selectFrom('quiz_slots').select('id').where('questionid', '=', questionid).executeTakeFirst();
  const attempted = used ? used : await ctx.db.selectFrom('quiz_attempt_slots').select('id').where('questionid', '=', questionid).executeTakeFirst();
  if (attempted) throw new AppError('questioninuse', { component: COMPONENT });
  await ctx.db.deleteFrom('question_answers').where('question', '=', questionid).execute();
  await ctx.db.deleteFrom('question').where('id', '=', questionid).execute();
  return { status: true };
});

/** The category a question goes to: the given one of this course, or the course's default. */
async function targetCategory(ctx: CallContext, courseid: number, contextid: number, shortname: string, categoryid: number): Promise<number> {
  if (categoryid) {
    if ((await categoryOf(ctx, categoryid)).courseid !== courseid) throw new AppError('invalidcategory', { component: COMPONENT, status: 404 });
    return categoryid;
  }
  return defaultCategory(ctx.db, courseid, contextid, ctx.platform.strings.get('defaultfor', COMPONENT, shortname, ctx.lang));
}

const importGift = defineMethod(coreQuestionImportGift, async (ctx, args) => {
  const { context, course } = await requireBank(ctx, args.courseid, CAP_ADD);
  const category = await targetCategory(ctx, args.courseid, context.id, course.shortname, args.categoryid);
  return { questionids: await importEntries(ctx, { courseid: args.courseid, context, category }, parseGift(args.text), 'giftimporterror') };
});

const importXml = defineMethod(coreQuestionImportXml, async (ctx, args) => {
  const { context, course } = await requireBank(ctx, args.courseid, CAP_ADD);
  const category = await targetCategory(ctx, args.courseid, context.id, course.shortname, args.categoryid);
  const entries = parseMoodleXml(args.text);
  if (entries === 'xmlinvalid') {
    const message = ctx.platform.strings.get('xmlinvalid', COMPONENT, undefined, ctx.lang);
    throw new AppError('xmlimporterror', { component: COMPONENT, a: message, fields: { text: message } });
  }
  return { questionids: await importEntries(ctx, { courseid: args.courseid, context, category }, entries, 'xmlimporterror') };
});

export const questionMethods = [getCategories, addCategory, deleteCategory, getQuestions, getQuestion, saveQuestion, deleteQuestion, importGift, importXml];
