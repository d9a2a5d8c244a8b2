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
import { randomToken } from '../../platform/session';
import { defineMethod, type CallContext } from '../../ws/method';
import { requireCourseAccess } from '../course/access';
import { requireModuleAccess } from '../courseformat/access';
import { addModule } from '../courseformat/cms';
import { updateModuleGroupSettings } from '../courseformat/groupsettings';
import { visibleModulesByCourses } from '../courseformat/readers';
import { CAP_ADDINSTANCE, COMPONENT, requireToolAdmin } from './access';
import { syncGradeItem } from './outcomes';
import { toolAdminMethods } from './toolsexternal';
import { getToolType, toolDomain, toolTypeCards } from './tooltypes';

/** A chosen tool must be a configured site tool; a manual activity needs a launch URL. */
async function checkTool(ctx: CallContext, typeid: number, toolurl: string): Promise<void> {
  if (typeid) {
    const type = await ctx.db.selectFrom('lti_types').select(['id', 'state']).where('id', '=', typeid).executeTakeFirst();
    if (!type || type.state !== 1) throw new AppError('tooltypenotconfigured', { component: COMPONENT, fields: { typeid: ctx.platform.strings.get('tooltypenotconfigured', COMPONENT, undefined, ctx.lang) } });
  } else if (!toolurl) {
    throw new AppError('toolurlrequired', { component: COMPONENT, fields: { toolurl: ctx.platform.strings.get('toolurlrequired', COMPONENT, undefined, ctx.lang) } });
  }
}

const addInstance = defineMethod(modLtiAddInstance, async (ctx, args) => {
  const { context } = await requireCourseAccess(ctx, args.courseid);
  await ctx.access.requireCapability('moodle/course:manageactivities', context);
  await ctx.access.requireCapability(CAP_ADDINSTANCE, context);
  await checkTool(ctx, args.typeid, args.toolurl);
  const t = now();
  const { cmid, instance } = await addModule(ctx, args.courseid, args.section, 'lti', async (db) => {
    const row = await db
      .insertInto('lti')
      .values({
        course: args.courseid,
        name: args.name,
        intro: args.intro,
        typeid: args.typeid,
        toolurl: args.toolurl,
        resourcekey: args.resourcekey,
        password: args.password,
        instructorcustomparameters: args.instructorcustomparameters,
        launchcontainer: args.launchcontainer,
        instructorchoicesendname: args.instructorchoicesendname,
        instructorchoicesendemailaddr: args.instructorchoicesendemailaddr,
        instructorchoiceacceptgrades: args.instructorchoiceacceptgrades,
        grade: args.grade,
        servicesalt: randomToken(16).slice(0, 20),
        timecreated: t,
        timemodified: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }, { groupmode: args.groupmode, groupingid: args.groupingid });
  await syncGradeItem(ctx.db, await ctx.db.selectFrom('lti').selectAll().where('id', '=', instance).executeTakeFirstOrThrow(), cmid);
  return { cmid, instance };
});

const updateInstance = defineMethod(modLtiUpdateInstance, async (ctx, args) => {
  const { cm, course, modcontext } = await requireModuleAccess(ctx, args.cmid, 'lti');
  await ctx.access.requireCapability('moodle/course:manageactivities', modcontext);
  await checkTool(ctx, args.typeid, args.toolurl);
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
  const types = await ctx.db.selectFrom('lti_types').select(['id', 'name', 'ltiversion', 'baseurl', 'description']).where('state', '=', 1).where('coursevisible', '>', 0).orderBy('name').orderBy('id').execute();
  return types.map((t) => ({ id: t.id, name: formatString(t.name), ltiversion: t.ltiversion, baseurl: t.baseurl, description: formatString(t.description) }));
});

const saveToolType = defineMethod(modLtiSaveToolType, async (ctx, { id, ...settings }) => {
  await requireToolAdmin(ctx);
  const existing = id ? await getToolType(ctx.db, id) : undefined;
  if (existing && existing.toolproxyid) throw new AppError('cannoteditproxytool', { component: COMPONENT });
  const s = (key: string) => ctx.platform.strings.get(key, COMPONENT, undefined, ctx.lang);
  if (settings.ltiversion === '1.3.0') {
    const fields: Record<string, string> = {};
    if (!settings.initiatelogin) fields.initiatelogin = s('required');
    if (!settings.redirectionuris.trim()) fields.redirectionuris = s('required');
    else if (settings.redirectionuris.split(/\s+/).filter(Boolean).some((u) => !URL.canParse(u) || !['http:', 'https:'].includes(new URL(u).protocol))) fields.redirectionuris = s('invalidredirectionuris');
    if (Object.keys(fields).length) throw new AppError('formerrors', { component: COMPONENT, fields });
  }
  const t = now();
  const values = {
    ...settings,
    password: settings.password || existing?.password || '',
    redirectionuris: settings.redirectionuris.split(/\s+/).filter(Boolean).join('\n'),
    tooldomain: toolDomain(settings.baseurl),
    timemodified: t,
  };
  const row = existing
    ? await ctx.db.updateTable('lti_types').set(values).where('id', '=', existing.id).returningAll().executeTakeFirstOrThrow()
    : await ctx.db
        .insertInto('lti_types')
        .values({
          ...values,
          state: 1,
          course: 1,
          coursevisible: 1,
          clientid: settings.ltiversion === '1.3.0' ? randomToken(12) : '',
          servicesalt: randomToken(16).slice(0, 20),
          createdby: ctx.user?.id ?? 0,
          timecreated: t,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
  if (row.ltiversion === '1.3.0' && !row.clientid) {
    await ctx.db.updateTable('lti_types').set({ clientid: randomToken(12) }).where('id', '=', row.id).execute();
    return (await toolTypeCards(ctx, [await getToolType(ctx.db, row.id)]))[0]!;
  }
  return (await toolTypeCards(ctx, [row]))[0]!;
});

const getToolTypeSettings = defineMethod(modLtiGetToolTypeSettings, async (ctx, { id }) => {
  await requireToolAdmin(ctx);
  const t = await getToolType(ctx.db, id);
  const wwwroot = ctx.platform.config.wwwroot;
  const privacy = (v: number): 0 | 1 | 2 => (v === 0 || v === 1 ? v : 2);
  const container = (v: number): 1 | 2 | 3 | 4 | 5 => (v >= 1 && v <= 5 ? (v as 1 | 2 | 3 | 4 | 5) : 3);
  return {
    id: t.id,
    name: t.name,
    baseurl: t.baseurl,
    description: t.description,
    ltiversion: t.ltiversion === '1.3.0' ? ('1.3.0' as const) : ('LTI-1p0' as const),
    resourcekey: t.resourcekey,
    password: '' as const,
    hassecret: t.password !== '',
    publickeyseturl: t.publickeyseturl,
    initiatelogin: t.initiatelogin,
    redirectionuris: t.redirectionuris,
    parameter: t.parameter,
    sendname: privacy(t.sendname),
    sendemailaddr: privacy(t.sendemailaddr),
    acceptgrades: privacy(t.acceptgrades),
    launchcontainer: container(t.launchcontainer),
    icon: t.icon,
    clientid: t.clientid,
    deploymentid: String(t.id),
    platform: { issuer: wwwroot, jwksurl: `${wwwroot}/mod/lti/certs.php`, authurl: `${wwwroot}/mod/lti/auth.php` },
  };
});

export const ltiMethods = [...toolAdminMethods, saveToolType, getToolTypeSettings, getCourseTools, addInstance, updateInstance, getLtisByCourses];
