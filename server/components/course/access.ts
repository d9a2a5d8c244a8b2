import type { Kysely, Selectable } from 'kysely';
import type { CourseTable, DB } from '../../db/schema';
import { getContext } from '../../platform/access/contexts';
import { loginAsState } from '../../platform/auth/loginas';
import { CONTEXT_COURSE, CONTEXT_MODULE, type Context } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import { now } from '../../platform/platform';
import type { CallContext } from '../../ws/method';

export const SITEID = 1;

export type CourseRow = Selectable<CourseTable>;

/** The ids of the given courses the user is actively enrolled in (instance and enrolment active, within dates). */
export async function enrolledCourseIds(db: Kysely<DB>, userid: number, courseids?: readonly number[]): Promise<Set<number>> {
  if (userid <= 0 || courseids?.length === 0) return new Set();
  const t = now();
  let query = db
    .selectFrom('user_enrolments as ue')
    .innerJoin('enrol as e', 'e.id', 'ue.enrolid')
    .select('e.courseid')
    .distinct()
    .where('ue.userid', '=', userid)
    .where('ue.status', '=', 0)
    .where('e.status', '=', 0)
    .where('ue.timestart', '<=', t)
    .where((eb) => eb.or([eb('ue.timeend', '=', 0), eb('ue.timeend', '>', t)]));
  if (courseids) query = query.where('e.courseid', 'in', courseids);
  const rows = await query.execute();
  return new Set(rows.map((r) => r.courseid));
}

export async function getCourse(db: Kysely<DB>, courseid: number): Promise<CourseRow> {
  const course = await db.selectFrom('course').selectAll().where('id', '=', courseid).executeTakeFirst();
  if (!course) throw new AppError('invalidrecord', { a: 'course', debuginfo: `course ${courseid}`, status: 404 });
  return course;
}

export async function courseContext(db: Kysely<DB>, courseid: number): Promise<Context> {
  const context = await getContext(db, CONTEXT_COURSE, courseid);
  if (!context) throw new AppError('invalidrecord', { a: 'context', debuginfo: `course ${courseid}`, status: 404 });
  return context;
}

/**
 * Moodle's require_login for a course: the course exists, is visible to this user, and the user is
 * enrolled or may view it without enrolment (moodle/course:view). The front page is open to every user.
 */
export async function requireCourseAccess(ctx: CallContext, courseid: number): Promise<{ course: CourseRow; context: Context }> {
  const course = await getCourse(ctx.db, courseid);
  const context = await courseContext(ctx.db, courseid);
  if (course.id === SITEID) return { course, context };
  // A "log in as" granted in one course keeps the session in that course (Moodle's loginasonecourse).
  const limitedTo = loginAsState(ctx.session)?.courseid ?? 0;
  if (limitedTo > 0 && limitedTo !== course.id) throw new AppError('loginasonecourse', { status: 403, link: `${ctx.platform.config.wwwroot}/course/view.php?id=${limitedTo}` });
  const refuse = () => new AppError('requireloginerror', { status: 403, link: `${ctx.platform.config.wwwroot}/` });
  if (!ctx.user) throw refuse();
  if (!course.visible && !(await ctx.access.hasCapability('moodle/course:viewhiddencourses', context))) throw refuse();
  if ((await enrolledCourseIds(ctx.db, ctx.user.id, [course.id])).has(course.id)) return { course, context };
  if (await ctx.access.hasCapability('moodle/course:view', context)) return { course, context };
  throw refuse();
}

/** The contexts of many courses in one query, by course id. */
export async function courseContexts(db: Kysely<DB>, courseids: readonly number[]): Promise<Map<number, Context>> {
  if (courseids.length === 0) return new Map();
  const rows = await db.selectFrom('context').selectAll().where('contextlevel', '=', CONTEXT_COURSE).where('instanceid', 'in', courseids).execute();
  return new Map(rows.map((r) => [r.instanceid, r as Context]));
}

/**
 * Which of the given hidden course modules the user may still see. moodle/course:viewhiddenactivities
 * is a module capability, so it is checked in each module's own context, where an override on that
 * one activity counts.
 */
export async function hiddenModulesSeen(ctx: CallContext, cmids: readonly number[]): Promise<Set<number>> {
  if (cmids.length === 0) return new Set();
  const contexts = await ctx.db.selectFrom('context').selectAll().where('contextlevel', '=', CONTEXT_MODULE).where('instanceid', 'in', cmids).execute();
  const seen = new Set<number>();
  for (const context of contexts) {
    if (await ctx.access.hasCapability('moodle/course:viewhiddenactivities', context)) seen.add(context.instanceid);
  }
  return seen;
}
