import { NAV_TYPE } from '../../../api/navigation';
import { AppError, invalidRecord } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import { requireCourseAccess } from '../course/access';
import { requireModuleAccess } from '../courseformat/access';
import { listableCourses, requireVisibleCategory } from './courses';
import { activityChildren, activityNode, courseChildren, courseNode, sectionNode, visibleSections } from './coursenodes';
import { categoryBranch, coursesBranch, myCoursesBranch } from './navtree';
import type { NavNode } from './nodes';

function numericId(id: string): number {
  if (!/^\d{1,15}$/.test(id)) throw new AppError('invalidparameter', { debuginfo: `id=${id}` });
  return Number(id);
}

/** A course branch: its essentials and sections when the caller may enter it, else the course alone (an empty branch). */
async function courseBranch(ctx: CallContext, courseid: number): Promise<NavNode> {
  const row = await ctx.db.selectFrom('course').selectAll().where('id', '=', courseid).executeTakeFirst();
  const [listed] = row ? await listableCourses(ctx, [row]) : [];
  // A course the caller may not even see listed is answered as missing, so its name stays private.
  if (!listed) throw invalidRecord('course', `course ${courseid}`);
  const course = courseNode(ctx, listed.row, listed.canenter);
  if (listed.canenter) course.children = await courseChildren(ctx, listed.row, listed.context, { kind: 'sections' });
  return course;
}

/** A section branch: its activities the caller may see. A section they may not see is missing. */
async function sectionBranch(ctx: CallContext, sectionid: number): Promise<NavNode> {
  const row = await ctx.db.selectFrom('course_sections').select(['id', 'course']).where('id', '=', sectionid).executeTakeFirst();
  if (!row) throw invalidRecord('course_sections', `section ${sectionid}`);
  const { context } = await requireCourseAccess(ctx, row.course);
  const section = (await visibleSections(ctx, row.course, context)).find((s) => s.id === sectionid);
  if (!section) throw invalidRecord('course_sections', `section ${sectionid}`);
  return sectionNode(
    ctx,
    row.course,
    section,
    section.modules.map((m) => activityNode(ctx, m)),
  );
}

/** An activity branch: the activity's own pages the caller may open. */
async function activityBranch(ctx: CallContext, cmid: number): Promise<NavNode> {
  const { cm, context, modcontext } = await requireModuleAccess(ctx, cmid);
  const section = (await visibleSections(ctx, cm.course, context)).find((s) => s.id === cm.section);
  const module = section?.modules.find((m) => m.id === cmid);
  if (!module) throw invalidRecord('course_modules', `course module ${cmid}`);
  const activity = activityNode(ctx, module);
  activity.children = await activityChildren(ctx, cm.modname, cmid, modcontext);
  return activity;
}

/**
 * One branch of the navigation tree with its children loaded (reference §5.2): type 0 with id
 * `mycourses` or `courses`, a category (10), a course (20), a section (30), or an activity (40, 50).
 * Whatever the caller may not see is answered as missing.
 */
export async function navigationBranch(ctx: CallContext, type: number, id: string): Promise<NavNode> {
  switch (type) {
    case NAV_TYPE.ROOTNODE:
      if (id === 'mycourses') return myCoursesBranch(ctx);
      if (id === 'courses') return coursesBranch(ctx);
      throw new AppError('invalidparameter', { debuginfo: `id=${id}` });
    case NAV_TYPE.CATEGORY:
      return categoryBranch(ctx, await requireVisibleCategory(ctx, numericId(id)));
    case NAV_TYPE.COURSE:
      return courseBranch(ctx, numericId(id));
    case NAV_TYPE.SECTION:
      return sectionBranch(ctx, numericId(id));
    case NAV_TYPE.ACTIVITY:
    case NAV_TYPE.RESOURCE:
      return activityBranch(ctx, numericId(id));
    default:
      throw new AppError('unknownbranchtype', { component: 'block_navigation', debuginfo: `type=${type}` });
  }
}
