import type { ComponentDefinition, PageDefinition } from '../../platform/component';
import { AppError } from '../../platform/errors';
import { courseContext, getCourse } from '../course/access';
import { copyGroups } from './copy';
import { groupMethods } from './external';
import { groupingMethods } from './groupings-external';
import { groupMigrations } from './migrations';

/** A page about one course's groups, for people who may manage them. */
function courseGroupsPage(path: string): PageDefinition {
  return {
    path,
    guard: async (ctx, query) => {
      const id = Number(query.id);
      if (!Number.isInteger(id) || id <= 1) throw new AppError('coursenotfound', { component: 'core_group', status: 404 });
      await getCourse(ctx.db, id);
      await ctx.access.requireCapability('moodle/course:managegroups', await courseContext(ctx.db, id));
    },
  };
}

/** Course groups and groupings: creating, editing, members, and auto-creating from the participants. */
export const groupComponent: ComponentDefinition = {
  name: 'core_group',
  dir: import.meta.dirname,
  migrations: groupMigrations.migrations,
  methods: [...groupMethods, ...groupingMethods, copyGroups],
  pages: [courseGroupsPage('/group/index.php'), courseGroupsPage('/group/groupings.php')],
};
