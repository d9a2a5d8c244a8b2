import type { PageDefinition } from '../../platform/component';
import { AppError } from '../../platform/errors';
import { requireCourseAccess } from '../course/access';
import { getModuleRecord, requireModuleAccess } from './access';

/** `/mod/<modname>/view.php?id=<cmid>`: served only to users who may enter the course and see the module. */
export function moduleViewPage(modname: string): PageDefinition {
  return {
    path: `/mod/${modname}/view.php`,
    guard: async (ctx, query) => {
      const id = Number(query.id);
      if (!Number.isInteger(id) || id <= 0) throw new AppError('invalidcoursemodule', { component: 'core_courseformat', status: 400 });
      await requireModuleAccess(ctx, id, modname);
    },
  };
}

/** `/course/modedit.php?update=<cmid>`: an activity's settings form, for people who may manage the course's activities. */
export const moduleEditPage: PageDefinition = {
  path: '/course/modedit.php',
  guard: async (ctx, query) => {
    const id = Number(query.update);
    if (!Number.isInteger(id) || id <= 0) throw new AppError('invalidcoursemodule', { component: 'core_courseformat', status: 400 });
    const cm = await getModuleRecord(ctx, id);
    const { context } = await requireCourseAccess(ctx, cm.course);
    await ctx.access.requireCapability('moodle/course:manageactivities', context);
  },
};
