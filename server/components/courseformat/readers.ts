import type { Warning } from '../../../api/types';
import { AppError } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import { enrolledCourseIds, hiddenModulesSeen, requireCourseAccess } from '../course/access';

export interface VisibleModule {
  id: number;
  course: number;
  instance: number;
  visible: number;
  sectionnum: number;
}

/**
 * The modules of one type that the user may see in the given courses (their enrolled courses when
 * none are given), in course-page order; courses they cannot enter become warnings, as Moodle's
 * mod_*_get_*_by_courses answer.
 */
export async function visibleModulesByCourses(ctx: CallContext, courseids: readonly number[], modname: string): Promise<{ modules: VisibleModule[]; warnings: Warning[] }> {
  const ids = courseids.length ? [...new Set(courseids)] : [...(await enrolledCourseIds(ctx.db, ctx.user?.id ?? 0))];
  const warnings: Warning[] = [];
  const allowed: number[] = [];
  for (const courseid of ids) {
    try {
      await requireCourseAccess(ctx, courseid);
      allowed.push(courseid);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      warnings.push({ item: 'course', itemid: courseid, warningcode: '1', message: 'No access rights in course context' });
    }
  }
  if (allowed.length === 0) return { modules: [], warnings };
  const rows = await ctx.db
    .selectFrom('course_modules as cm')
    .innerJoin('modules as m', 'm.id', 'cm.module')
    .innerJoin('course_sections as s', 's.id', 'cm.section')
    .select(['cm.id', 'cm.course', 'cm.instance', 'cm.visible', 's.visible as sectionvisible', 's.section as sectionnum'])
    .where('m.name', '=', modname)
    .where('cm.course', 'in', allowed)
    .orderBy('cm.course')
    .orderBy('s.section')
    .orderBy('cm.id')
    .execute();
  const seenHidden = await hiddenModulesSeen(ctx, rows.filter((r) => !r.visible || !r.sectionvisible).map((r) => r.id));
  const modules = rows
    .filter((r) => (r.visible && r.sectionvisible) || seenHidden.has(r.id))
    .map((r) => ({ id: r.id, course: r.course, instance: r.instance, visible: r.visible, sectionnum: r.sectionnum }));
  return { modules, warnings };
}
