import { getContext, getSystemContext } from '../../platform/access/contexts';
import { CONTEXT_COURSE, CONTEXT_MODULE, CONTEXT_USER, type Context } from '../../platform/access/types';
import { AppError, invalidRecord, noPermissions } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import { requireCourseAccess } from '../course/access';
import { maySeeProfile } from '../user/profiles';

/** A taggable item the caller may see, its context, and whether they may change its tags. */
export interface ItemAccess {
  context: Context;
  canedit: boolean;
}

async function contextOf(ctx: CallContext, level: number, instanceid: number, what: string): Promise<Context> {
  const context = await getContext(ctx.db, level, instanceid);
  if (!context) throw invalidRecord('context', `${what} ${instanceid}`);
  return context;
}

async function seeCourse(ctx: CallContext, courseid: number, context: Context): Promise<void> {
  const course = await ctx.db.selectFrom('course').select(['id', 'visible']).where('id', '=', courseid).executeTakeFirst();
  if (!course) throw invalidRecord('course', `course ${courseid}`);
  if (!course.visible && !(await ctx.access.hasCapability('moodle/course:viewhiddencourses', context))) throw new AppError('requireloginerror', { status: 403 });
}

/** Whether the caller may enter the course (Moodle's require_login for it); refusals answer false. */
export async function mayEnterCourse(ctx: CallContext, courseid: number): Promise<boolean> {
  try {
    await requireCourseAccess(ctx, courseid);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status === 403) return false;
    throw error;
  }
}

/**
 * Who may tag what: a course needs moodle/course:update in it, an activity
 * moodle/course:manageactivities in its module context, a user's interests their own profile edit
 * (moodle/user:editownprofile) or moodle/user:update for someone else. Reading needs the item to be
 * visible to the caller: a course's tags are part of its public description, an activity's need
 * access to its course (as its page would), a user's need their profile.
 */
export async function itemAccess(ctx: CallContext, itemtype: 'course' | 'course_modules' | 'user', itemid: number): Promise<ItemAccess> {
  if (itemtype === 'course') {
    const context = await contextOf(ctx, CONTEXT_COURSE, itemid, 'course');
    await seeCourse(ctx, itemid, context);
    return { context, canedit: await ctx.access.hasCapability('moodle/course:update', context) };
  }
  if (itemtype === 'course_modules') {
    const cm = await ctx.db.selectFrom('course_modules').select(['id', 'course', 'visible']).where('id', '=', itemid).executeTakeFirst();
    if (!cm) throw invalidRecord('course_modules', `cm ${itemid}`);
    const context = await contextOf(ctx, CONTEXT_MODULE, itemid, 'cm');
    await requireCourseAccess(ctx, cm.course);
    const canedit = await ctx.access.hasCapability('moodle/course:manageactivities', context);
    if (!cm.visible && !canedit && !(await ctx.access.hasCapability('moodle/course:viewhiddenactivities', context))) throw new AppError('requireloginerror', { status: 403 });
    return { context, canedit };
  }
  const user = await ctx.db.selectFrom('user').select('id').where('id', '=', itemid).where('deleted', '=', 0).executeTakeFirst();
  if (!user) throw invalidRecord('user', `user ${itemid}`);
  // A user's interests are part of their profile: only those who may see it read them.
  if (!(await maySeeProfile(ctx, itemid))) throw noPermissions('moodle/user:viewdetails');
  const context = await contextOf(ctx, CONTEXT_USER, itemid, 'user');
  const system = await getSystemContext(ctx.db);
  const own = itemid === ctx.access.userid && (await ctx.access.hasCapability('moodle/user:editownprofile', system));
  return { context, canedit: own || (await ctx.access.hasCapability('moodle/user:update', system)) };
}
