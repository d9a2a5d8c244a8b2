import { CAP_COURSECOMPETENCY_GRADABLE, CAP_COURSECOMPETENCY_MANAGE, CAP_COURSECOMPETENCY_VIEW, CAP_UC_VIEW } from '../../../api/competencyshapes';
import type { Context } from '../../platform/access/types';
import { noPermissions } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import { enrolledWithCapability } from '../assign/participants';
import { requireCourseAccess, type CourseRow } from '../course/access';
import { courseSections } from '../course/service';
import { competencyError } from './access';
import type { UserRights } from './rights';

export interface CourseAccess {
  course: CourseRow;
  context: Context;
  canmanage: boolean;
}

/** A course whose competencies the caller may see: course access, and coursecompetencyview or coursecompetencymanage there. */
export async function viewableCourse(ctx: CallContext, courseid: number): Promise<CourseAccess> {
  const { course, context } = await requireCourseAccess(ctx, courseid);
  const held = await ctx.access.hasCapabilities([CAP_COURSECOMPETENCY_VIEW, CAP_COURSECOMPETENCY_MANAGE], context);
  if (held.size === 0) await ctx.access.requireCapability(CAP_COURSECOMPETENCY_VIEW, context);
  return { course, context, canmanage: held.has(CAP_COURSECOMPETENCY_MANAGE) };
}

/** A course whose competencies the caller may change. */
export async function managedCourse(ctx: CallContext, courseid: number): Promise<CourseAccess> {
  const { course, context } = await requireCourseAccess(ctx, courseid);
  await ctx.access.requireCapability(CAP_COURSECOMPETENCY_MANAGE, context);
  return { course, context, canmanage: true };
}

/** Whether the competency is linked to the course; refuses when not. */
export async function requireCourseCompetency(ctx: CallContext, courseid: number, competencyid: number) {
  const link = await ctx.db.selectFrom('competency_coursecomp').selectAll().where('courseid', '=', courseid).where('competencyid', '=', competencyid).executeTakeFirst();
  if (!link) throw competencyError('competencynotincourse');
  return link;
}

/** The enrolled users of the course who can be rated there (coursecompetencygradable), as a query of user rows. */
export function gradableUsers(ctx: CallContext, course: CourseAccess) {
  return enrolledWithCapability(ctx.db, course.course.id, course.context, CAP_COURSECOMPETENCY_GRADABLE);
}

/** Refuses a learner who is not enrolled and gradable in the course. */
export async function requireGradable(ctx: CallContext, course: CourseAccess, userid: number): Promise<void> {
  const found = await (await gradableUsers(ctx, course)).select('u.id').where('u.id', '=', userid).executeTakeFirst();
  if (!found) throw competencyError('invaliduser');
}

/**
 * Whether the caller may see this learner's competencies in the course: usercompetencyview in the
 * course, or in the learner's context (which includes the learner reading their own through their plans).
 */
export async function requireUserInCourseRead(ctx: CallContext, course: CourseAccess, rights: UserRights): Promise<void> {
  if (rights.viewUserCompetencies) return;
  if (await ctx.access.hasCapability(CAP_UC_VIEW, course.context)) return;
  throw noPermissions(CAP_UC_VIEW);
}

/** The course's activities in course order, with their names and addresses. */
export async function courseActivities(ctx: CallContext, courseid: number): Promise<Array<{ id: number; name: string; modname: string; url: string }>> {
  const sections = await courseSections(ctx.db, courseid, ctx.platform.components);
  const wwwroot = ctx.platform.config.wwwroot;
  return sections.flatMap((s) => s.modules.map((m) => ({ id: m.id, name: m.name, modname: m.modname, url: `${wwwroot}/mod/${m.modname}/view.php?id=${m.id}` })));
}
