import { PostgresAdapter, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { getContext } from '../../platform/access/contexts';
import { CONTEXT_COURSE, CONTEXT_MODULE } from '../../platform/access/types';
import { logEvent, type EventActor } from '../../platform/events';
import { now } from '../../platform/platform';
import { completionEnabled, isTrackedUser } from './access';
import { COMPLETION_COMPLETE, COMPLETION_INCOMPLETE, COMPLETION_TRACKING_AUTOMATIC, COMPLETION_TRACKING_NONE } from '../../../api/completion';
import { automaticRules, isCompleteState, ownRuleMet, type CompletionModule } from './conditions';
import { applyCompletionOutcomes, courseOutcomeLinks, moduleOutcomeLinks } from './outcomes';
import { activityNames } from './status';
import type { ModuleCompletionRow } from './tables';

/** What changes in a learner's completion of an activity. */
interface StateChange {
  completionstate?: number;
  viewed?: number;
  /** The teacher who overrode the state; null when the learner or the rules set it. */
  overrideby?: number | null;
}

/** The learner's completion row for the activity, if any. */
export function moduleState(db: Kysely<DB>, cmid: number, userid: number): Promise<ModuleCompletionRow | undefined> {
  return db.selectFrom('course_modules_completion').selectAll().where('coursemoduleid', '=', cmid).where('userid', '=', userid).executeTakeFirst();
}

/** Whether completion applies to this learner in this activity: tracked activity, course with completion on, learner tracked. */
export async function tracksCompletion(db: Kysely<DB>, cm: CompletionModule, userid: number): Promise<boolean> {
  if (cm.completion === COMPLETION_TRACKING_NONE) return false;
  return (await completionEnabled(db, cm.course)) && isTrackedUser(db, cm.course, userid);
}

/**
 * Writes the learner's completion of the activity (made when missing; the unique key keeps two
 * writers to one row) and, when it becomes complete, applies what that means: the activity's
 * competency outcomes, then the course's completion.
 */
export async function saveModuleState(db: Kysely<DB>, cm: CompletionModule, userid: number, change: StateChange, actor: EventActor): Promise<ModuleCompletionRow> {
  const t = now();
  await db
    .insertInto('course_modules_completion')
    .values({ coursemoduleid: cm.id, userid, completionstate: COMPLETION_INCOMPLETE, viewed: 0, overrideby: null, timemodified: t })
    .onConflict((oc) => oc.columns(['coursemoduleid', 'userid']).doNothing())
    .execute();
  // Locks the row on PostgreSQL, so two requests completing one activity apply its outcomes once.
  const before = await db
    .selectFrom('course_modules_completion')
    .selectAll()
    .where('coursemoduleid', '=', cm.id)
    .where('userid', '=', userid)
    .$if(db.getExecutor().adapter instanceof PostgresAdapter, (q) => q.forUpdate())
    .executeTakeFirstOrThrow();
  const after = { ...before, ...change, timemodified: t };
  const changed = after.completionstate !== before.completionstate || after.viewed !== before.viewed || after.overrideby !== before.overrideby;
  if (!changed) return before;
  await db
    .updateTable('course_modules_completion')
    .set({ completionstate: after.completionstate, viewed: after.viewed, overrideby: after.overrideby, timemodified: t })
    .where('id', '=', before.id)
    .execute();
  if (after.completionstate !== before.completionstate) {
    const context = await getContext(db, CONTEXT_MODULE, cm.id);
    await logEvent(db, actor, {
      eventname: '\\core\\event\\course_module_completion_updated',
      component: 'core',
      action: 'updated',
      target: 'course_module_completion',
      objecttable: 'course_modules_completion',
      objectid: before.id,
      crud: 'u',
      contextid: context?.id ?? 0,
      contextlevel: CONTEXT_MODULE,
      contextinstanceid: cm.id,
      courseid: cm.course,
      relateduserid: userid,
      other: { completionstate: after.completionstate, overrideby: after.overrideby },
    });
    if (isCompleteState(after.completionstate) && !isCompleteState(before.completionstate)) await moduleCompleted(db, cm, userid, actor);
  }
  return after;
}

/** Every rule of automatic completion met? (Viewing from the row, the activity's own rule from its tables.) */
export async function automaticRulesMet(db: Kysely<DB>, cm: CompletionModule, userid: number, viewed: boolean): Promise<boolean> {
  const rules = await automaticRules(db, cm);
  if (rules.length === 0) return false;
  for (const rule of rules) {
    if (rule === 'completionview' ? !viewed : !(await ownRuleMet(db, cm, userid))) return false;
  }
  return true;
}

/**
 * Re-evaluates a learner's automatic completion of the activity from its rules. A state a teacher
 * set by hand stays until a teacher changes it.
 */
export async function evaluateModule(db: Kysely<DB>, cm: CompletionModule, userid: number, actor: EventActor): Promise<void> {
  if (cm.completion !== COMPLETION_TRACKING_AUTOMATIC || !(await tracksCompletion(db, cm, userid))) return;
  const row = await moduleState(db, cm.id, userid);
  if (row?.overrideby) return;
  const met = await automaticRulesMet(db, cm, userid, row?.viewed === 1);
  const state = met ? COMPLETION_COMPLETE : COMPLETION_INCOMPLETE;
  if (!row && state === COMPLETION_INCOMPLETE) return;
  await saveModuleState(db, cm, userid, { completionstate: state }, actor);
}

/** The learner opened the activity: remembered when viewing is one of its rules, then re-evaluated. */
export async function markViewed(db: Kysely<DB>, cm: CompletionModule, userid: number, actor: EventActor): Promise<void> {
  if (cm.completionview !== 1 || !(await tracksCompletion(db, cm, userid))) return;
  const row = await moduleState(db, cm.id, userid);
  if (row?.viewed !== 1) await saveModuleState(db, cm, userid, { viewed: 1 }, actor);
  await evaluateModule(db, cm, userid, actor);
}

/** An activity became complete: its competency outcomes apply, then the course may be complete. */
async function moduleCompleted(db: Kysely<DB>, cm: CompletionModule, userid: number, actor: EventActor): Promise<void> {
  const context = await getContext(db, CONTEXT_MODULE, cm.id);
  if (context) {
    await applyCompletionOutcomes(db, userid, await moduleOutcomeLinks(db, cm.id), {
      context,
      descidentifier: 'evidence_coursemodulecompleted',
      desca: (await activityNames(db, [cm])).get(cm.id) ?? '',
      url: `/mod/${cm.modname}/view.php?id=${cm.id}`,
    });
  }
  await aggregateCourse(db, cm.course, userid, actor);
}

/**
 * The course is complete for the learner once every activity with completion tracking is complete
 * (when the course tracks completion). Completion is recorded once; its competency outcomes apply then.
 */
export async function aggregateCourse(db: Kysely<DB>, courseid: number, userid: number, actor: EventActor): Promise<boolean> {
  const course = await db.selectFrom('course').select(['id', 'shortname', 'enablecompletion']).where('id', '=', courseid).executeTakeFirst();
  if (!course || course.enablecompletion !== 1) return false;
  const tracked = await db.selectFrom('course_modules').select('id').where('course', '=', courseid).where('completion', '>', COMPLETION_TRACKING_NONE).execute();
  if (tracked.length === 0) return false;
  const states = await db
    .selectFrom('course_modules_completion')
    .select(['coursemoduleid', 'completionstate'])
    .where('userid', '=', userid)
    .where(
      'coursemoduleid',
      'in',
      tracked.map((m) => m.id),
    )
    .execute();
  const complete = new Set(states.filter((s) => isCompleteState(s.completionstate)).map((s) => s.coursemoduleid));
  if (!tracked.every((m) => complete.has(m.id))) return false;
  const t = now();
  await db
    .insertInto('course_completions')
    .values({ userid, course: courseid, timeenrolled: 0, timestarted: t, timecompleted: null, reaggregate: 0 })
    .onConflict((oc) => oc.columns(['userid', 'course']).doNothing())
    .execute();
  const updated = await db.updateTable('course_completions').set({ timecompleted: t }).where('userid', '=', userid).where('course', '=', courseid).where('timecompleted', 'is', null).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  const context = await getContext(db, CONTEXT_COURSE, courseid);
  if (context) {
    await logEvent(db, actor, {
      eventname: '\\core\\event\\course_completed',
      component: 'core',
      action: 'completed',
      target: 'course',
      objecttable: 'course_completions',
      objectid: courseid,
      crud: 'u',
      contextid: context.id,
      contextlevel: CONTEXT_COURSE,
      contextinstanceid: courseid,
      courseid,
      relateduserid: userid,
    });
    await applyCompletionOutcomes(db, userid, await courseOutcomeLinks(db, courseid), {
      context,
      descidentifier: 'evidence_coursecompleted',
      desca: course.shortname,
      url: `/course/view.php?id=${courseid}`,
    });
  }
  return true;
}
