import { modPageAddInstance, modPageGetPagesByCourses, modPageUpdateInstance, modPageViewPage } from '../../../api/page';
import { now } from '../../platform/platform';
import { formatString, formatText } from '../../platform/sanitize';
import { defineMethod } from '../../ws/method';
import { requireCourseAccess } from '../course/access';
import { logModuleViewed, requireModuleAccess } from '../courseformat/access';
import { addModule } from '../courseformat/cms';
import { updateModuleGroupSettings } from '../courseformat/groupsettings';
import { visibleModulesByCourses } from '../courseformat/readers';

const addInstance = defineMethod(modPageAddInstance, async (ctx, args) => {
  const { context } = await requireCourseAccess(ctx, args.courseid);
  await ctx.access.requireCapability('moodle/course:manageactivities', context);
  await ctx.access.requireCapability('mod/page:addinstance', context);
  const { cmid, instance } = await addModule(ctx, args.courseid, args.section, 'page', async (db) => {
    const row = await db
      .insertInto('page')
      .values({ course: args.courseid, name: args.name, intro: args.intro, content: args.content, timemodified: now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }, { groupmode: args.groupmode, groupingid: args.groupingid });
  return { cmid, instance };
});

const updateInstance = defineMethod(modPageUpdateInstance, async (ctx, args) => {
  const { cm, course, modcontext } = await requireModuleAccess(ctx, args.cmid, 'page');
  await ctx.access.requireCapability('moodle/course:manageactivities', modcontext);
  await updateModuleGroupSettings(ctx.db, course, cm.id, { groupmode: args.groupmode, groupingid: args.groupingid });
  await ctx.db.updateTable('page').set({ name: args.name, intro: args.intro, content: args.content, timemodified: now() }).where('id', '=', cm.instance).execute();
  return { cmid: cm.id, instance: cm.instance };
});

const getPagesByCourses = defineMethod(modPageGetPagesByCourses, async (ctx, { courseids }) => {
  const { modules, warnings } = await visibleModulesByCourses(ctx, courseids, 'page');
  const rows = modules.length ? await ctx.db.selectFrom('page').selectAll().where('id', 'in', modules.map((m) => m.instance)).execute() : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pages = modules.flatMap((m) => {
    const page = byId.get(m.instance);
    if (!page) return [];
    return [
      {
        id: page.id,
        coursemodule: m.id,
        course: page.course,
        name: formatString(page.name),
        intro: formatText(page.intro, page.introformat),
        introformat: 1,
        content: formatText(page.content, page.contentformat),
        contentformat: 1,
        section: m.sectionnum,
        visible: m.visible === 1,
        timemodified: page.timemodified,
      },
    ];
  });
  return { pages, warnings };
});

const viewPage = defineMethod(modPageViewPage, (ctx, { pageid }) => logModuleViewed(ctx, 'page', pageid));

export const pageMethods = [viewPage, addInstance, updateInstance, getPagesByCourses];
