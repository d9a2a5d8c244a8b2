import {
  modLtiAddInstance,
  modLtiGetCourseTools,
  modLtiGetLtisByCourses,
  modLtiGetToolTypeSettings,
  modLtiSaveToolType,
  modLtiUpdateInstance,
} from '../../../api/lti';
import { AppError } from '../../platform/errors';
import { now } from '../../platform/platform';
import { formatString, formatText } from '../../platform/sanitize';
import { defineMethod, type CallContext } from '../../ws/method';
import { requireCourseAccess } from '../course/access';
import { requireModuleAccess } from '../courseformat/access';
import { updateModuleGroupSettings } from '../courseformat/groupsettings';
import { visibleModulesByCourses } from '../courseformat/readers';
import { CAP_ADDINSTANCE, COMPONENT, requireToolAdmin } from './access';
import { syncGradeItem } from './outcomes';
import { insertActivity } from './service';
import { toolAdminMethods } from './toolsexternal';
import { courseToolMethods } from './coursetools';
import { storeToolType, toolTypeSettings } from './toolstore';
import { getToolType, toolTypeCards } from './tooltypes';

/** A chosen tool must be a configured site tool or a tool of this course; a manual activity needs a launch URL. */
async function checkTool(ctx: CallContext, courseid: number, typeid: number, toolurl: string): Promise<void> {
  if (typeid) {
    const type = await ctx.db.selectFrom('lti_types').select(['id', 'state', 'course']).where('id', '=', typeid).executeTakeFirst();
    // A course tool is offered only in its own course.
    if (!type || type.state !== 1 || (type.course !== 1 && type.course !== courseid)) throw new AppError('tooltypenotconfigured', { component: COMPONENT, fields: { typeid: ctx.platform.strings.get('tooltypenotconfigured', COMPONENT, undefined, ctx.lang) } });
  } else if (!toolurl) {
    throw new AppError('toolurlrequired', { component: COMPONENT, fields: { toolurl: ctx.platform.strings.get('toolurlrequired', COMPONENT, undefined, ctx.lang) } });
  }
}

const addInstance = defineMethod(modLtiAddInstance, async (ctx, args) => {
  const { context } = await requireCourseAccess(ctx, args.courseid);
  await ctx.access.requireCapability('moodle/course:manageactivities', context);
  await ctx.access.requireCapability(CAP_ADDINSTANCE, context);
  await checkTool(ctx, args.courseid, args.typeid, args.toolurl);
  const { courseid, section, groupmode, groupingid, ...values } = args;
  const { cmid, instance } = await insertActivity(ctx, courseid, section, values, { groupmode, groupingid });
  return { cmid, instance };
});

const updateInstance = defineMethod(modLtiUpdateInstance, async (ctx, args) => {
  const { cm, course, modcontext } = await requireModuleAccess(ctx, args.cmid, 'lti');
  await ctx.access.requireCapability('moodle/course:manageactivities', modcontext);
  await checkTool(ctx, course.id, args.typeid, args.toolurl);
  await updateModuleGroupSettings(ctx.db, course, cm.id, { groupmode: args.groupmode, groupingid: args.groupingid });
  await ctx.db
    .updateTable('lti')
    .set({
      name: args.name,
      intro: args.intro,
      typeid: args.typeid,
      toolurl: args.toolurl,
      resourcekey: args.resourcekey,
      ...(args.password ? { password: args.password } : {}),
      instructorcustomparameters: args.instructorcustomparameters,
      launchcontainer: args.launchcontainer,
      instructorchoicesendname: args.instructorchoicesendname,
      instructorchoicesendemailaddr: args.instructorchoicesendemailaddr,
      instructorchoiceacceptgrades: args.instructorchoiceacceptgrades,
      grade: args.grade,
      timemodified: now(),
    })
    .where('id', '=', cm.instance)
    .execute();
  await syncGradeItem(ctx.db, await ctx.db.selectFrom('lti').selectAll().where('id', '=', cm.instance).executeTakeFirstOrThrow(), cm.id);
  return { cmid: cm.id, instance: cm.instance };
});

const getLtisByCourses = defineMethod(modLtiGetLtisByCourses, async (ctx, { courseids }) => {
  const { modules, warnings } = await visibleModulesByCourses(ctx, courseids, 'lti');
  const rows = modules.length
    ? await ctx.db
        .selectFrom('lti')
        .leftJoin('lti_types', 'lti_types.id', 'lti.typeid')
        .select(['lti.id', 'lti.course', 'lti.name', 'lti.intro', 'lti.introformat', 'lti.typeid', 'lti.toolurl', 'lti.launchcontainer', 'lti.timemodified', 'lti_types.name as toolname', 'lti_types.ltiversion', 'lti_types.launchcontainer as toolcontainer'])
        .where('lti.id', 'in', modules.map((m) => m.instance))
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ltis = modules.flatMap((m) => {
    const lti = byId.get(m.instance);
    if (!lti) return [];
    return [
      {
        id: lti.id,
        coursemodule: m.id,
        course: lti.course,
        name: formatString(lti.name),
        intro: formatText(lti.intro, lti.introformat),
        introformat: 1,
        typeid: lti.typeid,
        toolname: formatString(lti.toolname ?? ''),
        ltiversion: lti.ltiversion ?? 'LTI-1p0',
        toolurl: lti.toolurl,
        // The activity's own choice, else the tool's default, else embedded (as at launch).
        launchcontainer: lti.launchcontainer !== 1 ? lti.launchcontainer : lti.toolcontainer && lti.toolcontainer !== 1 ? lti.toolcontainer : 2,
        section: m.sectionnum,
        visible: m.visible === 1,
        timemodified: lti.timemodified,
      },
    ];
  });
  return { ltis, warnings };
});

const getCourseTools = defineMethod(modLtiGetCourseTools, async (ctx, { courseid }) => {
  const { context } = await requireCourseAccess(ctx, courseid);
  await ctx.access.requireCapability(CAP_ADDINSTANCE, context);
  const types = await ctx.db
    .selectFrom('lti_types')
    .select(['id', 'name', 'ltiversion', 'baseurl', 'description', 'contentitem', 'initiatelogin'])
    .where('state', '=', 1)
    .where('coursevisible', '>', 0)
    // Site tools, and the tools of this course only.
    .where('course', 'in', [1, courseid])
    .orderBy('name')
    .orderBy('id')
    .execute();
  return types.map((t) => ({
    id: t.id,
    name: formatString(t.name),
    ltiversion: t.ltiversion,
    baseurl: t.baseurl,
    description: formatString(t.description),
    deeplinking: t.ltiversion === '1.3.0' && t.contentitem === 1 && t.initiatelogin !== '',
  }));
});

const saveToolType = defineMethod(modLtiSaveToolType, async (ctx, { id, ...settings }) => {
  await requireToolAdmin(ctx);
  const existing = id ? await getToolType(ctx.db, id) : undefined;
  const row = await storeToolType(ctx, existing, settings, existing?.course ?? 1);
  return (await toolTypeCards(ctx, [row]))[0]!;
});

const getToolTypeSettings = defineMethod(modLtiGetToolTypeSettings, async (ctx, { id }) => {
  await requireToolAdmin(ctx);
  return toolTypeSettings(ctx, await getToolType(ctx.db, id));
});

export const ltiMethods = [...toolAdminMethods, saveToolType, getToolTypeSettings, getCourseTools, addInstance, updateInstance, getLtisByCourses, ...courseToolMethods];
