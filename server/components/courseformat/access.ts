import { getContext } from '../../platform/access/contexts';
import { CONTEXT_MODULE, type Context } from '../../platform/access/types';
import { AppError, invalidRecord } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import { requireCourseAccess, type CourseRow } from '../course/access';

export interface ModuleRecord {
  id: number;
  course: number;
  instance: number;
  section: number;
  visible: number;
  modname: string;
  sectionnum: number;
  sectionvisible: number;
  groupmode: number;
  groupingid: number;
}

/** A course module with its type and section, or invalidrecord. */
export async function getModuleRecord(ctx: CallContext, cmid: number): Promise<ModuleRecord> {
  const cm = await ctx.db
    .selectFrom('course_modules as cm')
    .innerJoin('modules as m', 'm.id', 'cm.module')
    .innerJoin('course_sections as s', 's.id', 'cm.section')
    .select(['cm.id', 'cm.course', 'cm.instance', 'cm.section', 'cm.visible', 'm.name as modname', 's.section as sectionnum', 's.visible as sectionvisible', 'cm.groupmode', 'cm.groupingid'])
    .where('cm.id', '=', cmid)
    .executeTakeFirst();
  if (!cm) throw invalidRecord('course_modules', `course module ${cmid}`);
  return cm;
}

/** A course module's own context, where overrides for that one activity live. */
export async function moduleContext(ctx: CallContext, cmid: number): Promise<Context> {
  const context = await getContext(ctx.db, CONTEXT_MODULE, cmid);
  if (!context) throw invalidRecord('context', `course module ${cmid}`);
  return context;
}

/**
 * Moodle's require_login for a course module: the course may be entered, and the module and its
 * section are visible, or the user may see hidden ones there. Answers the course context and the
 * module's own: module capabilities (moodle/course:manageactivities, …) are checked in the latter, so
 * an override on one activity counts.
 */
export async function requireModuleAccess(
  ctx: CallContext,
  cmid: number,
  modname?: string,
): Promise<{ cm: ModuleRecord; course: CourseRow; context: Context; modcontext: Context }> {
  const cm = await getModuleRecord(ctx, cmid);
  if (modname !== undefined && cm.modname !== modname) throw invalidRecord('course_modules', `course module ${cmid} is not a ${modname}`);
  const { course, context } = await requireCourseAccess(ctx, cm.course);
  const modcontext = await moduleContext(ctx, cm.id);
  const hidden = !cm.visible || !cm.sectionvisible;
  if (hidden && !(await ctx.access.hasCapability('moodle/course:viewhiddenactivities', modcontext))) {
    throw new AppError('activityiscurrentlyhidden', { component: 'core_courseformat', status: 403 });
  }
  return { cm, course, context, modcontext };
}
