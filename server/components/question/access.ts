import type { CallContext } from '../../ws/method';
import { requireCourseAccess } from '../course/access';

export const CAP_VIEWALL = 'moodle/question:viewall';
export const CAP_ADD = 'moodle/question:add';
export const CAP_EDITALL = 'moodle/question:editall';
export const CAP_MANAGECATEGORY = 'moodle/question:managecategory';

/** Question banks live in course contexts: entering the course and the capability there. */
export async function requireBank(ctx: CallContext, courseid: number, capability: string) {
  const { course, context } = await requireCourseAccess(ctx, courseid);
  await ctx.access.requireCapability(capability, context);
  return { course, context };
}
