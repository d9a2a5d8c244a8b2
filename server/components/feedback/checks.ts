import type { FeedbackAccessInfo } from '../../../api/feedback';
import { AppError } from '../../platform/errors';
import { now } from '../../platform/platform';
import type { CallContext } from '../../ws/method';
import {
  CAP_COMPLETE,
  CAP_DELETESUBMISSIONS,
  CAP_EDITITEMS,
  CAP_VIEWANALYSEPAGE,
  CAP_VIEWREPORTS,
  COMPONENT,
  FEEDBACK_ANONYMOUS,
  isOpen,
  requireFeedback,
  type FeedbackAccess,
} from './access';

async function hasItems(ctx: CallContext, feedbackid: number): Promise<boolean> {
  const row = await ctx.db.selectFrom('feedback_item').select('id').where('feedback', '=', feedbackid).where('template', '=', 0).where('hasvalue', '=', 1).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function alreadySubmitted(ctx: CallContext, feedbackid: number): Promise<boolean> {
  if (!ctx.user) return false;
  const row = await ctx.db.selectFrom('feedback_completed').select('id').where('feedback', '=', feedbackid).where('userid', '=', ctx.user.id).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** What the caller may do with the feedback, and its state (mod_feedback_get_feedback_access_information). */
export async function accessInformation(ctx: CallContext, a: FeedbackAccess): Promise<Omit<FeedbackAccessInfo, 'warnings'>> {
  const held = await ctx.access.hasCapabilities([CAP_COMPLETE, CAP_EDITITEMS, CAP_VIEWREPORTS, CAP_VIEWANALYSEPAGE, CAP_DELETESUBMISSIONS], a.modcontext);
  const submitted = await alreadySubmitted(ctx, a.feedback.id);
  const cancomplete = held.has(CAP_COMPLETE);
  const canviewreports = held.has(CAP_VIEWREPORTS);
  return {
    canviewanalysis: canviewreports || (a.feedback.publish_stats === 1 && held.has(CAP_VIEWANALYSEPAGE) && submitted),
    cancomplete,
    cansubmit: cancomplete && (a.feedback.multiple_submit === 1 || !submitted),
    candeletesubmissions: held.has(CAP_DELETESUBMISSIONS),
    canviewreports,
    canedititems: held.has(CAP_EDITITEMS),
    isempty: !(await hasItems(ctx, a.feedback.id)),
    isopen: isOpen(a.feedback, now()),
    isalreadysubmitted: submitted,
    isanonymous: a.feedback.anonymous === FEEDBACK_ANONYMOUS,
  };
}

/**
 * The caller may answer: mod/feedback:complete, and when asked the feedback is open, has questions,
 * and was not already answered by a caller who may answer once only.
 */
export async function requireCompletable(ctx: CallContext, a: FeedbackAccess, check: { checkOpen: boolean; checkSubmitted: boolean }): Promise<void> {
  await ctx.access.requireCapability(CAP_COMPLETE, a.modcontext);
  if (check.checkOpen && !isOpen(a.feedback, now())) throw new AppError('feedback_is_not_open', { component: COMPONENT, status: 403 });
  if (check.checkOpen && !(await hasItems(ctx, a.feedback.id))) throw new AppError('no_items_available_yet', { component: COMPONENT });
  if (check.checkSubmitted && a.feedback.multiple_submit !== 1 && (await alreadySubmitted(ctx, a.feedback.id))) {
    throw new AppError('this_feedback_is_already_submitted', { component: COMPONENT, status: 403 });
  }
}

/** The analysis: mod/feedback:viewreports, or published results for a caller with viewanalysepage who answered. */
export async function requireAnalysis(ctx: CallContext, a: FeedbackAccess): Promise<void> {
  if (await ctx.access.hasCapability(CAP_VIEWREPORTS, a.modcontext)) return;
  if (a.feedback.publish_stats === 1 && (await ctx.access.hasCapability(CAP_VIEWANALYSEPAGE, a.modcontext)) && (await alreadySubmitted(ctx, a.feedback.id))) return;
  await ctx.access.requireCapability(CAP_VIEWREPORTS, a.modcontext);
}

/** Item editing: the feedback, and mod/feedback:edititems in its module context. */
export async function requireEditor(ctx: CallContext, feedbackid: number): Promise<FeedbackAccess> {
  const a = await requireFeedback(ctx, { feedbackid });
  await ctx.access.requireCapability(CAP_EDITITEMS, a.modcontext);
  return a;
}
