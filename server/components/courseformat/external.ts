import {
  coreCourseformatGetModule,
  coreCourseformatGetModuleForm,
  coreCourseformatGetState,
  coreCourseformatRename,
  coreCourseformatUpdateCourse,
  type UpdateCourseAction,
} from '../../../api/courseformat';
import type { Context } from '../../platform/access/types';
import { invalidParameter, invalidRecord } from '../../platform/errors';
import { logContextEvent } from '../../platform/events';
import { formatString } from '../../platform/sanitize';
import { defineMethod, type CallContext } from '../../ws/method';
import { requireCourseAccess } from '../course/access';
import { effectiveGroupMode } from '../group/service';
import { getModuleRecord, moduleContext, requireModuleAccess } from './access';
import { deleteModules, moveModules, renameModule, setModulesVisible } from './cms';
import { courseModuleActivity } from './modules';
import { lockCoursePage } from './sequence';
import { addSection, deleteSections, moveSectionsAfter, renameSection, setSectionsVisible } from './sections';
import { courseState } from './state';

/**
 * Capabilities each action needs, as Moodle's course format state actions check them: section actions
 * in the course context, module actions in each module's own context.
 */
const actionCapabilities: Record<UpdateCourseAction, string[]> = {
  section_add: ['moodle/course:update'],
  section_delete: ['moodle/course:update'],
  section_hide: ['moodle/course:update', 'moodle/course:sectionvisibility'],
  section_show: ['moodle/course:update', 'moodle/course:sectionvisibility'],
  section_move_after: ['moodle/course:movesections'],
  cm_hide: ['moodle/course:manageactivities', 'moodle/course:activityvisibility'],
  cm_show: ['moodle/course:manageactivities', 'moodle/course:activityvisibility'],
  cm_delete: ['moodle/course:manageactivities'],
  cm_move: ['moodle/course:manageactivities'],
};

async function logCourseChange(ctx: CallContext, context: Context, courseid: number, action: string, objecttable: string, ids: readonly number[]) {
  await logContextEvent(ctx, context, {
    eventname: `\\core_courseformat\\event\\${action}`,
    component: 'core_courseformat',
    action,
    target: objecttable,
    objecttable,
    objectid: ids[0] ?? 0,
    crud: action.endsWith('delete') ? 'd' : action.endsWith('add') ? 'c' : 'u',
    courseid,
    other: { ids },
  });
}

const getState = defineMethod(coreCourseformatGetState, async (ctx, { courseid }) => {
  const { context } = await requireCourseAccess(ctx, courseid);
  return courseState(ctx, courseid, context);
});

/**
 * Where a module action's capabilities are checked: the contexts of the course's modules among `ids`.
 * Ids that are not the course's modules are refused later as invalid; with none valid, the course
 * context decides, so a caller without the capability is refused before being told which ids are bad.
 */
async function actionContexts(ctx: CallContext, courseid: number, ids: readonly number[], context: Context): Promise<Context[]> {
  if (ids.length === 0) return [context];
  const cms = await ctx.db.selectFrom('course_modules').select('id').where('course', '=', courseid).where('id', 'in', ids).execute();
  if (cms.length === 0) return [context];
  return Promise.all(cms.map((cm) => moduleContext(ctx, cm.id)));
}

const updateCourse = defineMethod(coreCourseformatUpdateCourse, async (ctx, { action, courseid, ids, targetsectionid, targetcmid }) => {
  const { context } = await requireCourseAccess(ctx, courseid);
  const contexts = action.startsWith('cm_') ? await actionContexts(ctx, courseid, ids, context) : [context];
  for (const target of contexts) {
    for (const capability of actionCapabilities[action]) await ctx.access.requireCapability(capability, target);
  }
  await lockCoursePage(ctx.db, courseid);
  let changed: readonly number[] = ids;
  switch (action) {
    case 'section_add':
      changed = [await addSection(ctx, courseid, targetsectionid)];
      break;
    case 'section_delete':
      await deleteSections(ctx, courseid, ids);
      break;
    case 'section_hide':
    case 'section_show':
      await setSectionsVisible(ctx, courseid, ids, action === 'section_show');
      break;
    case 'section_move_after':
      await moveSectionsAfter(ctx, courseid, ids, targetsectionid);
      break;
    case 'cm_hide':
    case 'cm_show':
      await setModulesVisible(ctx, courseid, ids, action === 'cm_show');
      break;
    case 'cm_delete':
      await deleteModules(ctx, courseid, ids);
      break;
    case 'cm_move':
      await moveModules(ctx, courseid, ids, targetsectionid, targetcmid);
      break;
  }
  await logCourseChange(ctx, context, courseid, action, action.startsWith('cm_') ? 'course_modules' : 'course_sections', changed);
  return courseState(ctx, courseid, context);
});

const rename = defineMethod(coreCourseformatRename, async (ctx, { type, id, name }) => {
  if (type === 'section') {
    const section = await ctx.db.selectFrom('course_sections').select(['id', 'course']).where('id', '=', id).executeTakeFirst();
    if (!section) throw invalidRecord('course_sections', `section ${id}`);
    const { context } = await requireCourseAccess(ctx, section.course);
    await ctx.access.requireCapability('moodle/course:update', context);
    await renameSection(ctx, id, name);
    await logCourseChange(ctx, context, section.course, 'section_rename', 'course_sections', [id]);
    return courseState(ctx, section.course, context);
  }
  const cm = await getModuleRecord(ctx, id);
  const { context } = await requireCourseAccess(ctx, cm.course);
  await ctx.access.requireCapability('moodle/course:manageactivities', await moduleContext(ctx, cm.id));
  await renameModule(ctx, cm, name);
  await logCourseChange(ctx, context, cm.course, 'cm_rename', 'course_modules', [id]);
  return courseState(ctx, cm.course, context);
});

const getModule = defineMethod(coreCourseformatGetModule, async (ctx, { cmid }) => {
  const { cm, course } = await requireModuleAccess(ctx, cmid);
  const names = await ctx.platform.components.find((c) => c.activity?.modname === cm.modname)?.activity?.instances(ctx.db, [cm.instance]);
  return {
    id: cm.id,
    courseid: course.id,
    coursename: formatString(course.fullname),
    modname: cm.modname,
    instance: cm.instance,
    name: formatString(names?.get(cm.instance)?.name ?? ''),
    sectionnum: cm.sectionnum,
    visible: cm.visible,
    groupmode: effectiveGroupMode(course, cm),
    groupingid: cm.groupingid,
  };
});

const getModuleForm = defineMethod(coreCourseformatGetModuleForm, async (ctx, args) => {
  const cm = args.cmid > 0 ? await getModuleRecord(ctx, args.cmid) : undefined;
  if (cm && args.courseid > 0 && args.courseid !== cm.course) throw invalidParameter(`course module ${cm.id} is not in course ${args.courseid}`);
  const courseid = cm?.course ?? args.courseid;
  if (courseid <= 0) throw invalidParameter('courseid or cmid is required');
  const { course, context } = await requireCourseAccess(ctx, courseid);
  await ctx.access.requireCapability('moodle/course:manageactivities', cm ? await moduleContext(ctx, cm.id) : context);
  const groupings = await ctx.db.selectFrom('groupings').select(['id', 'name']).where('courseid', '=', course.id).orderBy('name').orderBy('id').execute();
  let module;
  if (cm) {
    const activity = courseModuleActivity(ctx.platform.components, cm.modname);
    if (!activity) throw invalidParameter(`modules of type ${cm.modname} have no settings form`);
    const values = await activity.formValues(ctx.db, cm.instance);
    module = {
      id: cm.id,
      modname: cm.modname,
      modulename: ctx.platform.strings.get('modulename', `mod_${cm.modname}`, undefined, ctx.lang),
      instance: cm.instance,
      name: values.name ?? '',
      sectionnum: cm.sectionnum,
      groupmode: cm.groupmode,
      groupingid: cm.groupingid,
      values,
    };
  }
  return {
    course: { id: course.id, fullname: formatString(course.fullname), groupmode: course.groupmode, groupmodeforce: course.groupmodeforce, defaultgroupingid: course.defaultgroupingid },
    groupings: groupings.map((g) => ({ id: g.id, name: formatString(g.name) })),
    ...(module ? { cm: module } : {}),
  };
});

export const courseformatMethods = [getState, updateCourse, rename, getModule, getModuleForm];
