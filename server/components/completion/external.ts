import {
  COMPLETION_COMPLETE,
  COMPLETION_INCOMPLETE,
  COMPLETION_TRACKING_AUTOMATIC,
  COMPLETION_TRACKING_MANUAL,
  COMPLETION_TRACKING_NONE,
  coreCompletionGetActivitiesCompletionStatus,
  coreCompletionGetCourseCompletionStatus,
  coreCompletionGetModuleSettings,
  coreCompletionOverrideActivityCompletionStatus,
  coreCompletionUpdateActivityCompletionStatusManually,
  coreCompletionUpdateModuleSettings,
} from '../../../api/completion';
import { eventActor } from '../../platform/events';
import { invalidRecord } from '../../platform/errors';
import { defineMethod, type CallContext } from '../../ws/method';
import { requireCourseAccess } from '../course/access';
import { requireModuleAccess } from '../courseformat/access';
import { CAP_MANAGE, CAP_OVERRIDE, CAP_PROGRESS, COMPONENT, completionEnabled, completionError, isTrackedUser } from './access';
import { completionModule, isCompleteState, ownRule } from './conditions';
import { saveModuleState } from './service';
import { applyModuleSettings } from './settings';
import { activityStatus, courseActivities } from './status';

/** The course, entered by the caller, and for another user's data the progress report capability there. */
async function requireProgressAccess(ctx: CallContext, courseid: number, userid: number) {
  const access = await requireCourseAccess(ctx, courseid);
  if (userid !== ctx.user?.id) await ctx.access.requireCapability(CAP_PROGRESS, access.context);
  const user = await ctx.db.selectFrom('user').select('id').where('id', '=', userid).where('deleted', '=', 0).executeTakeFirst();
  if (!user) throw invalidRecord('user', `user ${userid}`);
  return access;
}

/** An activity the caller may open, in a course that tracks completion. */
async function trackedActivity(ctx: CallContext, cmid: number) {
  const access = await requireModuleAccess(ctx, cmid);
  if (!(await completionEnabled(ctx.db, access.cm.course))) throw completionError('completionnotenabled');
  const cm = await completionModule(ctx.db, cmid);
  if (!cm) throw invalidRecord('course_modules', `course module ${cmid}`);
  return { ...access, completion: cm };
}

const updateManually = defineMethod(coreCompletionUpdateActivityCompletionStatusManually, async (ctx, { cmid, completed }) => {
  const { completion, context } = await trackedActivity(ctx, cmid);
  if (completion.completion !== COMPLETION_TRACKING_MANUAL) throw completionError('cannotmanualctrack');
  const userid = ctx.user!.id;
  if (!(await isTrackedUser(ctx.db, completion.course, userid, context))) throw completionError('nottracked');
  await saveModuleState(ctx.db, completion, userid, { completionstate: completed ? COMPLETION_COMPLETE : COMPLETION_INCOMPLETE, overrideby: null }, eventActor(ctx));
  return { status: true, warnings: [] };
});

/** A user's completion rows for the given activities, by course module id. */
async function completionRows(ctx: CallContext, userid: number, activities: ReadonlyArray<{ id: number }>) {
  const rows = await ctx.db
    .selectFrom('course_modules_completion')
    .selectAll()
    .where('userid', '=', userid)
    .where(
      'coursemoduleid',
      'in',
      activities.map((a) => a.id),
    )
    .execute();
  return new Map(rows.map((r) => [r.coursemoduleid, r]));
}

const getActivitiesStatus = defineMethod(coreCompletionGetActivitiesCompletionStatus, async (ctx, { courseid, userid }) => {
  const { context } = await requireProgressAccess(ctx, courseid, userid);
  if (!(await completionEnabled(ctx.db, courseid))) return { statuses: [], warnings: [] };
  const activities = (await courseActivities(ctx.db, courseid)).filter((cm) => cm.completion !== COMPLETION_TRACKING_NONE);
  if (activities.length === 0) return { statuses: [], warnings: [] };
  const tracked = await isTrackedUser(ctx.db, courseid, userid, context);
  const byCm = await completionRows(ctx, userid, activities);
  // Hidden activities are left out unless the caller may see them (as the course page does).
  const seesHidden = await ctx.access.hasCapability('moodle/course:viewhiddenactivities', context);
  const statuses = [];
  for (const cm of activities) {
    if (!seesHidden && (!cm.visible || !cm.sectionvisible)) continue;
    statuses.push(await activityStatus(ctx.db, ctx.platform.strings, ctx.lang, cm, userid, byCm.get(cm.id), tracked));
  }
  return { statuses, warnings: [] };
});

const getCourseStatus = defineMethod(coreCompletionGetCourseCompletionStatus, async (ctx, { courseid, userid }) => {
  const { context } = await requireProgressAccess(ctx, courseid, userid);
  if (!(await completionEnabled(ctx.db, courseid))) throw completionError('completionnotenabled');
  if (!(await isTrackedUser(ctx.db, courseid, userid, context))) throw completionError('nottracked');
  const activities = (await courseActivities(ctx.db, courseid)).filter((cm) => cm.completion !== COMPLETION_TRACKING_NONE);
  if (activities.length === 0) throw completionError('nocriteriaset');
  const byCm = await completionRows(ctx, userid, activities);
  const s = (id: string, a?: unknown) => ctx.platform.strings.get(id, COMPONENT, a, ctx.lang);
  const course = await ctx.db.selectFrom('course_completions').select('timecompleted').where('userid', '=', userid).where('course', '=', courseid).executeTakeFirst();
  const completions = activities.map((cm) => {
    const row = byCm.get(cm.id);
    const complete = row !== undefined && isCompleteState(row.completionstate);
    const status = s(complete ? 'yes' : 'no');
    return {
      // Moodle's criteria type 4: activity completion.
      type: 4,
      title: s('activitycompletion'),
      status,
      complete,
      timecompleted: complete ? row.timemodified : null,
      details: {
        type: s('activitycompletion'),
        criteria: cm.name,
        requirement: s(cm.completion === COMPLETION_TRACKING_MANUAL ? 'requirement:manual' : 'requirement:automatic'),
        status,
      },
    };
  });
  // Aggregation 1: every criterion must be met.
  return { completionstatus: { completed: Boolean(course?.timecompleted), aggregation: 1, completions }, warnings: [] };
});

const override = defineMethod(coreCompletionOverrideActivityCompletionStatus, async (ctx, { userid, cmid, newstate }) => {
  const { completion, context } = await trackedActivity(ctx, cmid);
  await ctx.access.requireCapability(CAP_OVERRIDE, context);
  if (completion.completion === COMPLETION_TRACKING_NONE) throw completionError('cannotoverridenotracking');
  if (!(await isTrackedUser(ctx.db, completion.course, userid, context))) throw completionError('nottracked');
  const row = await saveModuleState(ctx.db, completion, userid, { completionstate: newstate, overrideby: ctx.user!.id }, eventActor(ctx));
  return { cmid, userid, state: row.completionstate, timecompleted: isCompleteState(row.completionstate) ? row.timemodified : 0, overrideby: row.overrideby, tracking: completion.completion };
});

const getModuleSettings = defineMethod(coreCompletionGetModuleSettings, async (ctx, { courseid }) => {
  const { course, context } = await requireCourseAccess(ctx, courseid);
  await ctx.access.requireCapability(CAP_MANAGE, context);
  const activities = await courseActivities(ctx.db, courseid);
  const modules = [];
  for (const cm of activities) {
    const rule = await ownRule(ctx.db, { ...cm, completion: COMPLETION_TRACKING_AUTOMATIC });
    const assign = cm.modname === 'assign' ? await ctx.db.selectFrom('assign').select('completionsubmit').where('id', '=', cm.instance).executeTakeFirst() : undefined;
    modules.push({
      cmid: cm.id,
      name: cm.name,
      modname: cm.modname,
      section: cm.section,
      sectionname: cm.sectionname,
      completion: cm.completion,
      completionview: cm.completionview === 1,
      ownrule: cm.modname === 'assign' ? 'completionsubmit' : rule,
      completionsubmit: assign ? assign.completionsubmit === 1 : null,
    });
  }
  return { enablecompletion: course.enablecompletion === 1, modules };
});

const updateModuleSettings = defineMethod(coreCompletionUpdateModuleSettings, async (ctx, args) => {
  const { context } = await requireCourseAccess(ctx, args.courseid);
  await ctx.access.requireCapability(CAP_MANAGE, context);
  const updated = await applyModuleSettings(ctx, args.courseid, args);
  return { updated, warnings: [] };
});

export const completionMethods = [updateManually, getActivitiesStatus, getCourseStatus, override, getModuleSettings, updateModuleSettings];
