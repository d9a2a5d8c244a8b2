import { COMPLETION_INCOMPLETE, COMPLETION_TRACKING_AUTOMATIC, COMPLETION_TRACKING_NONE } from '../../../api/completion';
import { eventActor } from '../../platform/events';
import { invalidParameter } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import { enrolledUsers } from './learners';
import { completionError } from './access';
import { automaticRules } from './conditions';
import { evaluateModule } from './service';
import { courseActivities } from './status';

interface SettingsChange {
  cmids: readonly number[];
  completion: number;
  completionview: boolean;
  /** The assignments' "students must submit" rule; left as it is when undefined. */
  completionsubmit?: boolean;
}

/**
 * Sets the completion of several activities of the course in one go. Every activity must be in the
 * course, and automatic completion must have a rule to go by. An activity whose settings change
 * starts afresh: its learners' states are reset (what they viewed is kept) and, for automatic
 * completion, evaluated again from the rules. Answers how many activities changed.
 */
export async function applyModuleSettings(ctx: CallContext, courseid: number, change: SettingsChange): Promise<number> {
  const activities = new Map((await courseActivities(ctx.db, courseid)).map((a) => [a.id, a]));
  const targets = [...new Set(change.cmids)].map((cmid) => {
    const cm = activities.get(cmid);
    if (!cm) throw invalidParameter(`course module ${cmid} is not in course ${courseid}`);
    return cm;
  });
  const completionview = change.completion === COMPLETION_TRACKING_NONE ? 0 : change.completionview ? 1 : 0;
  let updated = 0;
  const automatic = [];
  for (const cm of targets) {
    if (cm.modname === 'assign' && change.completionsubmit !== undefined) {
      // The assignment keeps its own "students must submit" setting (assign.completionsubmit), as in Moodle.
      await ctx.db.updateTable('assign').set({ completionsubmit: change.completionsubmit ? 1 : 0 }).where('id', '=', cm.instance).execute();
    }
    const next = { ...cm, completion: change.completion, completionview };
    if (change.completion === COMPLETION_TRACKING_AUTOMATIC && (await automaticRules(ctx.db, next)).length === 0) throw completionError('completionnorules', cm.name);
    const rulesChanged = cm.completion !== next.completion || cm.completionview !== next.completionview || (cm.modname === 'assign' && change.completionsubmit !== undefined);
    if (!rulesChanged) continue;
    await ctx.db.updateTable('course_modules').set({ completion: next.completion, completionview }).where('id', '=', cm.id).execute();
    if (next.completion === COMPLETION_TRACKING_NONE) {
      await ctx.db.deleteFrom('course_modules_completion').where('coursemoduleid', '=', cm.id).execute();
    } else {
      await ctx.db.updateTable('course_modules_completion').set({ completionstate: COMPLETION_INCOMPLETE, overrideby: null }).where('coursemoduleid', '=', cm.id).execute();
    }
    if (next.completion === COMPLETION_TRACKING_AUTOMATIC) automatic.push(next);
    updated += 1;
  }
  if (automatic.length > 0) {
    const actor = eventActor(ctx);
    const learners = await enrolledUsers(ctx.db, courseid);
    for (const cm of automatic) for (const userid of learners) await evaluateModule(ctx.db, cm, userid, actor);
  }
  return updated;
}
