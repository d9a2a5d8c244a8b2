import { modUrlAddInstance, modUrlGetUrlsByCourses, modUrlUpdateInstance, modUrlViewUrl } from '../../../api/url';
import { now } from '../../platform/platform';
import { formatString, formatText } from '../../platform/sanitize';
import { defineMethod } from '../../ws/method';
import { requireCourseAccess } from '../course/access';
import { logModuleViewed, requireModuleAccess } from '../courseformat/access';
import { addModule } from '../courseformat/cms';
import { updateModuleGroupSettings } from '../courseformat/groupsettings';
import { visibleModulesByCourses } from '../courseformat/readers';

const addInstance = defineMethod(modUrlAddInstance, async (ctx, args) => {
  const { context } = await requireCourseAccess(ctx, args.courseid);
  await ctx.access.requireCapability('moodle/course:manageactivities', context);
  await ctx.access.requireCapability('mod/url:addinstance', context);
  const { cmid, instance } = await addModule(ctx, args.courseid, args.section, 'url', async (db) => {
    const row = await db
      .insertInto('url')
      .values({ course: args.courseid, name: args.name, intro: args.intro, externalurl: args.externalurl, timemodified: now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }, { groupmode: args.groupmode, groupingid: args.groupingid });
  return { cmid, instance };
});

const updateInstance = defineMethod(modUrlUpdateInstance, async (ctx, args) => {
  const { cm, course, modcontext } = await requireModuleAccess(ctx, args.cmid, 'url');
  await ctx.access.requireCapability('moodle/course:manageactivities', modcontext);
  await updateModuleGroupSettings(ctx.db, course, cm.id, { groupmode: args.groupmode, groupingid: args.groupingid });
  await ctx.db.updateTable('url').set({ name: args.name, intro: args.intro, externalurl: args.externalurl, timemodified: now() }).where('id', '=', cm.instance).execute();
  return { cmid: cm.id, instance: cm.instance };
});

const getUrlsByCourses = defineMethod(modUrlGetUrlsByCourses, async (ctx, { courseids }) => {
  const { modules, warnings } = await visibleModulesByCourses(ctx, courseids, 'url');
  const rows = modules.length ? await ctx.db.selectFrom('url').selectAll().where('id', 'in', modules.map((m) => m.instance)).execute() : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const urls = modules.flatMap((m) => {
    const url = byId.get(m.instance);
    if (!url) return [];
    return [
      {
        id: url.id,
        coursemodule: m.id,
        course: url.course,
        name: formatString(url.name),
        intro: formatText(url.intro, url.introformat),
        introformat: 1,
        externalurl: url.externalurl,
        section: m.sectionnum,
        visible: m.visible === 1,
        timemodified: url.timemodified,
      },
    ];
  });
  return { urls, warnings };
});

const viewUrl = defineMethod(modUrlViewUrl, (ctx, { urlid }) => logModuleViewed(ctx, 'url', urlid));

export const urlMethods = [viewUrl, addInstance, updateInstance, getUrlsByCourses];
