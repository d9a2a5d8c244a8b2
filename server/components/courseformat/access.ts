import { logContextEvent } from '../../platform/events';
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

/** The course module of an activity instance (a page, a URL, …), or invalidrecord. */
export async function cmidOfInstance(ctx: CallContext, modname: string, instance: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('course_modules as cm')
    .innerJoin('modules as m', 'm.id', 'cm.module')
    .select('cm.id')
    .where('m.name', '=', modname)
    .where('cm.instance', '=', instance)
    .executeTakeFirst();
  if (!row) throw invalidRecord(modname, `${modname} ${instance}`);
  return row.id;
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

/**
 * A resource's view method (mod_page_view_page, mod_url_view_url, …): checks the caller may see the
 * activity and holds its view capability, then logs `course_module_viewed` in the module's context,
 * which is what completion on viewing listens for.
 */
export async function logModuleViewed(ctx: CallContext, modname: string, instance: number): Promise<{ status: boolean; warnings: never[] }> {
  const { course, modcontext } = await requireModuleAccess(ctx, await cmidOfInstance(ctx, modname, instance), modname);
  await ctx.access.requireCapability(`mod/${modname}:view`, modcontext);
  await logContextEvent(ctx, modcontext, {
    eventname: `\\mod_${modname}\\event\\course_module_viewed`,
    component: `mod_${modname}`,
    action: 'viewed',
    target: 'course_module',
    objecttable: modname,
    objectid: instance,
    crud: 'r',
    courseid: course.id,
  });
  return { status: true, warnings: [] };
}
