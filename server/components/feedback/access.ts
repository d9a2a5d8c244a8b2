import type { Kysely, Selectable } from 'kysely';
import type { DB, FeedbackTable } from '../../db/schema';
import type { Context } from '../../platform/access/types';
import { invalidRecord } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import type { CourseRow } from '../course/access';
import { requireModuleAccess, type ModuleRecord } from '../courseformat/access';

export type FeedbackRow = Selectable<FeedbackTable>;

export const COMPONENT = 'mod_feedback';
export const CAP_VIEW = 'mod/feedback:view';
export const CAP_COMPLETE = 'mod/feedback:complete';
export const CAP_VIEWANALYSEPAGE = 'mod/feedback:viewanalysepage';
export const CAP_VIEWREPORTS = 'mod/feedback:viewreports';
export const CAP_EDITITEMS = 'mod/feedback:edititems';
export const CAP_CREATEPRIVATETEMPLATE = 'mod/feedback:createprivatetemplate';
export const CAP_CREATEPUBLICTEMPLATE = 'mod/feedback:createpublictemplate';
export const CAP_DELETETEMPLATE = 'mod/feedback:deletetemplate';
export const CAP_ADDINSTANCE = 'mod/feedback:addinstance';
export const CAP_DELETESUBMISSIONS = 'mod/feedback:deletesubmissions';

/** anonymous column values. */
export const FEEDBACK_ANONYMOUS = 1;
export const FEEDBACK_NAMED = 2;

/** A feedback with its course module, course and contexts: what every method works with. */
export interface FeedbackAccess {
  feedback: FeedbackRow;
  cm: ModuleRecord;
  course: CourseRow;
  context: Context;
  /** The module context, where mod/feedback capabilities are checked. */
  modcontext: Context;
}

export async function cmidOfFeedback(db: Kysely<DB>, feedbackid: number): Promise<number> {
  const row = await db
    .selectFrom('course_modules as cm')
    .innerJoin('modules as m', 'm.id', 'cm.module')
    .select('cm.id')
    .where('m.name', '=', 'feedback')
    .where('cm.instance', '=', feedbackid)
    .executeTakeFirst();
  if (!row) throw invalidRecord('feedback', `feedback ${feedbackid}`);
  return row.id;
}

/** Course and module access (by instance id or course module id), then mod/feedback:view in the module context. */
export async function requireFeedback(ctx: CallContext, ref: { feedbackid: number } | { cmid: number }): Promise<FeedbackAccess> {
  const cmid = 'cmid' in ref ? ref.cmid : await cmidOfFeedback(ctx.db, ref.feedbackid);
  const { cm, course, context, modcontext } = await requireModuleAccess(ctx, cmid, 'feedback');
  const feedback = await ctx.db.selectFrom('feedback').selectAll().where('id', '=', cm.instance).executeTakeFirst();
  if (!feedback) throw invalidRecord('feedback', `feedback of course module ${cmid}`);
  await ctx.access.requireCapability(CAP_VIEW, modcontext);
  return { feedback, cm, course, context, modcontext };
}

/** Open when (timeopen = 0 or ≤ now) and (timeclose = 0 or ≥ now). */
export function isOpen(feedback: Pick<FeedbackRow, 'timeopen' | 'timeclose'>, at: number): boolean {
  return (feedback.timeopen === 0 || feedback.timeopen <= at) && (feedback.timeclose === 0 || feedback.timeclose >= at);
}
