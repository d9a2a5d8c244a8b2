import {
  modFeedbackAddInstance,
  modFeedbackDeleteResponse,
  modFeedbackDeleteItem,
  modFeedbackGetAnalysis,
  modFeedbackGetFeedback,
  modFeedbackGetFeedbackAccessInformation,
  modFeedbackGetItems,
  modFeedbackGetPageItems,
  modFeedbackGetResponsesAnalysis,
  modFeedbackGetUnfinishedResponses,
  modFeedbackLaunchFeedback,
  modFeedbackMoveItem,
  modFeedbackProcessPage,
  modFeedbackSaveItem,
  modFeedbackUpdateInstance,
} from '../../../api/feedback';
import { invalidRecord } from '../../platform/errors';
import { logContextEvent } from '../../platform/events';
import { now } from '../../platform/platform';
import { formatString, formatText } from '../../platform/sanitize';
import { defineMethod } from '../../ws/method';
import { requireCourseAccess } from '../course/access';
import { requireModuleAccess } from '../courseformat/access';
import { addModule } from '../courseformat/cms';
import { updateModuleGroupSettings } from '../courseformat/groupsettings';
import { CAP_ADDINSTANCE, CAP_DELETESUBMISSIONS, CAP_EDITITEMS, CAP_VIEWREPORTS, COMPONENT, requireFeedback } from './access';
import { analyseItem, valuesByItem } from './analysis';
import { accessInformation, requireAnalysis, requireCompletable, requireEditor } from './checks';
import { deleteItem, itemColumns, itemOfFeedback, itemOut, itemsOf, itemsOut, moveItem, pagebreakError, pagesOf, refuseItem } from './items';
import { responsesPage } from './report';
import { answersByItem, requirePageIndex, resumePage, saveTmpValues, submitResponse, tmpCompleted, validatePage } from './responses';
import { requireValidSettings, settingsColumns } from './service';
import { templateMethods } from './templatemethods';

const MANAGE = 'moodle/course:manageactivities';

const addInstance = defineMethod(modFeedbackAddInstance, async (ctx, args) => {
  const { context } = await requireCourseAccess(ctx, args.courseid);
  await ctx.access.requireCapability(MANAGE, context);
  await ctx.access.requireCapability(CAP_ADDINSTANCE, context);
  requireValidSettings(ctx.platform, args, ctx.lang);
  const { cmid, instance } = await addModule(
    ctx,
    args.courseid,
    args.section,
    'feedback',
    async (db) => (await db.insertInto('feedback').values({ course: args.courseid, ...settingsColumns(args) }).returning('id').executeTakeFirstOrThrow()).id,
    { groupmode: args.groupmode, groupingid: args.groupingid },
  );
  return { cmid, instance };
});

const updateInstance = defineMethod(modFeedbackUpdateInstance, async (ctx, args) => {
  const { cm, course, modcontext } = await requireModuleAccess(ctx, args.cmid, 'feedback');
  await ctx.access.requireCapability(MANAGE, modcontext);
  requireValidSettings(ctx.platform, args, ctx.lang);
  await updateModuleGroupSettings(ctx.db, course, cm.id, { groupmode: args.groupmode, groupingid: args.groupingid });
  await ctx.db.updateTable('feedback').set(settingsColumns(args)).where('id', '=', cm.instance).execute();
  return { cmid: cm.id, instance: cm.instance };
});

const getFeedback = defineMethod(modFeedbackGetFeedback, async (ctx, { cmid }) => {
  const { feedback: f, cm } = await requireFeedback(ctx, { cmid });
  return {
    feedback: {
      id: f.id,
      coursemodule: cm.id,
      course: f.course,
      name: formatString(f.name),
      intro: formatText(f.intro, f.introformat),
      introformat: 1,
      anonymous: f.anonymous,
      multiple_submit: f.multiple_submit === 1,
      autonumbering: f.autonumbering === 1,
      publish_stats: f.publish_stats === 1,
      timeopen: f.timeopen,
      timeclose: f.timeclose,
      timemodified: f.timemodified,
    },
  };
});

const getAccessInformation = defineMethod(modFeedbackGetFeedbackAccessInformation, async (ctx, { feedbackid }) => {
  const a = await requireFeedback(ctx, { feedbackid });
  return { ...(await accessInformation(ctx, a)), warnings: [] };
});

const getItems = defineMethod(modFeedbackGetItems, async (ctx, { feedbackid }) => {
  const a = await requireFeedback(ctx, { feedbackid });
  const info = await accessInformation(ctx, a);
  if (!info.canedititems && !info.canviewreports) await requireCompletable(ctx, a, { checkOpen: false, checkSubmitted: false });
  return { items: itemsOut(await itemsOf(ctx.db, a.feedback.id), a.feedback.autonumbering === 1), warnings: [] };
});

const saveItem = defineMethod(modFeedbackSaveItem, async (ctx, args) => {
  const a = await requireEditor(ctx, args.feedbackid);
  const { columns, errors } = itemColumns(args);
  const items = await itemsOf(ctx.db, a.feedback.id);
  if (args.itemid === 0) {
    if (args.typ === 'pagebreak') {
      const error = pagebreakError(items);
      if (error) errors.typ = error;
    }
    if (Object.keys(errors).length) refuseItem(ctx.platform.strings, errors, ctx.lang);
    const row = await ctx.db
      .insertInto('feedback_item')
      .values({ feedback: a.feedback.id, template: 0, typ: args.typ, position: items.length + 1, ...columns })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { item: itemOut(await itemOfFeedback(ctx.db, a.feedback.id, row.id)) };
  }
  const existing = await itemOfFeedback(ctx.db, a.feedback.id, args.itemid);
  if (existing.typ !== args.typ) errors.typ = 'typecannotchange';
  if (Object.keys(errors).length) refuseItem(ctx.platform.strings, errors, ctx.lang);
  await ctx.db.updateTable('feedback_item').set(columns).where('id', '=', existing.id).execute();
  await ctx.db.updateTable('feedback').set({ timemodified: now() }).where('id', '=', a.feedback.id).execute();
  return { item: itemOut(await itemOfFeedback(ctx.db, a.feedback.id, existing.id)) };
});

const deleteItemMethod = defineMethod(modFeedbackDeleteItem, async (ctx, { feedbackid, itemid }) => {
  const a = await requireEditor(ctx, feedbackid);
  await itemOfFeedback(ctx.db, a.feedback.id, itemid);
  await deleteItem(ctx.db, a.feedback.id, itemid);
  return { items: itemsOut(await itemsOf(ctx.db, a.feedback.id), a.feedback.autonumbering === 1) };
});

const moveItemMethod = defineMethod(modFeedbackMoveItem, async (ctx, { feedbackid, itemid, position }) => {
  const a = await requireEditor(ctx, feedbackid);
  await moveItem(ctx.db, a.feedback.id, itemid, position);
  return { items: itemsOut(await itemsOf(ctx.db, a.feedback.id), a.feedback.autonumbering === 1) };
});

const launch = defineMethod(modFeedbackLaunchFeedback, async (ctx, { feedbackid }) => {
  const a = await requireFeedback(ctx, { feedbackid });
  await requireCompletable(ctx, a, { checkOpen: true, checkSubmitted: true });
  const pages = pagesOf(await itemsOf(ctx.db, a.feedback.id));
  const answered = await ctx.db
    .selectFrom('feedback_valuetmp as v')
    .innerJoin('feedback_completedtmp as c', 'c.id', 'v.completed')
    .select('v.item')
    .where('c.feedback', '=', a.feedback.id)
    .where('c.userid', '=', ctx.user!.id)
    .execute();
  return { gopage: resumePage(pages, new Set(answered.map((r) => r.item))), warnings: [] };
});

const getPageItems = defineMethod(modFeedbackGetPageItems, async (ctx, { feedbackid, page }) => {
  const a = await requireFeedback(ctx, { feedbackid });
  if (!(await ctx.access.hasCapability(CAP_EDITITEMS, a.modcontext))) await requireCompletable(ctx, a, { checkOpen: false, checkSubmitted: false });
  const all = itemsOut(await itemsOf(ctx.db, a.feedback.id), a.feedback.autonumbering === 1);
  const pages = pagesOf(all);
  requirePageIndex(pages, page);
  return { items: pages[page]!, hasprevpage: page > 0, hasnextpage: page < pages.length - 1, pagecount: pages.length, warnings: [] };
});

const getUnfinished = defineMethod(modFeedbackGetUnfinishedResponses, async (ctx, { feedbackid }) => {
  const a = await requireFeedback(ctx, { feedbackid });
  await requireCompletable(ctx, a, { checkOpen: false, checkSubmitted: false });
  const responses = await ctx.db
    .selectFrom('feedback_valuetmp as v')
    .innerJoin('feedback_completedtmp as c', 'c.id', 'v.completed')
    .select(['v.id', 'v.course_id', 'v.item', 'v.completed', 'v.value'])
    .where('c.feedback', '=', a.feedback.id)
    .where('c.userid', '=', ctx.user!.id)
    .execute();
  return { responses, warnings: [] };
});

const processPage = defineMethod(modFeedbackProcessPage, async (ctx, args) => {
  const a = await requireFeedback(ctx, { feedbackid: args.feedbackid });
  const userid = ctx.user!.id;
  const done = { jumpto: -1, completed: true, completionpagecontents: formatText(a.feedback.page_after_submit, a.feedback.page_after_submitformat), siteaftersubmit: '', warnings: [] };
  // The same final submit sent twice (a double click, a retried request) answers as the first did.
  if (args.submissionkey !== '') {
    const same = await ctx.db.selectFrom('feedback_completed').select('id').where('feedback', '=', a.feedback.id).where('userid', '=', userid).where('submissionkey', '=', args.submissionkey).executeTakeFirst();
    if (same) {
      await requireCompletable(ctx, a, { checkOpen: false, checkSubmitted: false });
      return done;
    }
  }
  await requireCompletable(ctx, a, { checkOpen: true, checkSubmitted: true });
  const items = await itemsOf(ctx.db, a.feedback.id);
  const pages = pagesOf(items);
  requirePageIndex(pages, args.page);
  const page = pages[args.page]!;
  const answers = answersByItem(page, args.responses);
  if (args.goprevious) return { jumpto: Math.max(0, args.page - 1), completed: false, completionpagecontents: '', siteaftersubmit: '', warnings: [] };
  const values = validatePage(ctx.platform.strings, ctx.lang, page, answers);
  const tmpid = await tmpCompleted(ctx.db, a.feedback, userid, a.course.id);
  await saveTmpValues(ctx.db, tmpid, a.course.id, page, values);
  if (args.page < pages.length - 1) return { jumpto: args.page + 1, completed: false, completionpagecontents: '', siteaftersubmit: '', warnings: [] };
  await submitResponse(ctx.db, ctx.platform.strings, ctx.lang, a.feedback, items, tmpid, userid, a.course.id, args.submissionkey);
  // Completion (a feedback is complete once answered) listens for this event.
  await logContextEvent(ctx, a.modcontext, {
    eventname: '\\mod_feedback\\event\\response_submitted',
    component: COMPONENT,
    action: 'submitted',
    target: 'response',
    crud: 'c',
    objectid: a.feedback.id,
    courseid: a.course.id,
    relateduserid: userid,
  });
  return done;
});

const getAnalysis = defineMethod(modFeedbackGetAnalysis, async (ctx, { feedbackid }) => {
  const a = await requireFeedback(ctx, { feedbackid });
  await requireAnalysis(ctx, a);
  const items = (await itemsOf(ctx.db, a.feedback.id)).filter((i) => i.hasvalue === 1);
  const counted = await ctx.db.selectFrom('feedback_completed').select((eb) => eb.fn.countAll<string | number>().as('n')).where('feedback', '=', a.feedback.id).executeTakeFirstOrThrow();
  const completedcount = Number(counted.n);
  const values = await valuesByItem(ctx.db, a.feedback.id, items.map((i) => i.id));
  const numbered = itemsOut(items, a.feedback.autonumbering === 1);
  return {
    completedcount,
    itemscount: items.length,
    itemsdata: items.map((item, i) => ({ item: numbered[i]!, ...analyseItem(item, values.get(item.id) ?? [], completedcount) })),
    warnings: [],
  };
});

const getResponsesAnalysis = defineMethod(modFeedbackGetResponsesAnalysis, async (ctx, { feedbackid, page, perpage }) => {
  const a = await requireFeedback(ctx, { feedbackid });
  await ctx.access.requireCapability(CAP_VIEWREPORTS, a.modcontext);
  const items = (await itemsOf(ctx.db, a.feedback.id)).filter((i) => i.hasvalue === 1);
  const named = await responsesPage(ctx.db, a.feedback.id, items, { anonymous: false, page, perpage });
  const anon = await responsesPage(ctx.db, a.feedback.id, items, { anonymous: true, page, perpage });
  return {
    attempts: named.rows.map((r) => ({ id: r.id, courseid: r.courseid, userid: r.userid, timemodified: r.timemodified, fullname: r.fullname, responses: r.responses })),
    totalattempts: named.total,
    anonattempts: anon.rows.map((r) => ({ id: r.id, courseid: r.courseid, number: r.number, responses: r.responses })),
    totalanonattempts: anon.total,
    warnings: [],
  };
});

const deleteResponse = defineMethod(modFeedbackDeleteResponse, async (ctx, { feedbackid, completedid }) => {
  const a = await requireFeedback(ctx, { feedbackid });
  await ctx.access.requireCapability(CAP_DELETESUBMISSIONS, a.modcontext);
  const completed = await ctx.db.selectFrom('feedback_completed').select('id').where('id', '=', completedid).where('feedback', '=', a.feedback.id).executeTakeFirst();
  if (!completed) throw invalidRecord('feedback_completed', `response ${completedid} of feedback ${a.feedback.id}`);
  await ctx.db.deleteFrom('feedback_value').where('completed', '=', completed.id).execute();
  await ctx.db.deleteFrom('feedback_completed').where('id', '=', completed.id).execute();
  await logContextEvent(ctx, a.modcontext, { eventname: '\\mod_feedback\\event\\response_deleted', component: COMPONENT, action: 'deleted', target: 'response', crud: 'd', objectid: completed.id, courseid: a.course.id });
  return { status: true, warnings: [] };
});

export const feedbackMethods = [
  addInstance,
  updateInstance,
  getFeedback,
  getAccessInformation,
  getItems,
  saveItem,
  deleteItemMethod,
  moveItemMethod,
  launch,
  getPageItems,
  getUnfinished,
  processPage,
  getAnalysis,
  getResponsesAnalysis,
  deleteResponse,
  ...templateMethods,
];
