import type { ComponentDefinition } from '../../platform/component';
import { getSystemContext } from '../../platform/access/contexts';
import { tagMethods } from './external';
import { tagInplaceCurrent, tagInplaceEditable } from './inplace';
import { tagMigrations } from './migrations';
import { registerTagRoutes } from './routes';

/** Tags: collections, areas, tags on courses, activities and users' interests, and their management. */
export const tagComponent: ComponentDefinition = {
  name: 'core_tag',
  dir: import.meta.dirname,
  migrations: tagMigrations.migrations,
  methods: tagMethods,
  inplaceEditable: tagInplaceEditable,
  inplaceCurrent: tagInplaceCurrent,
  routes: registerTagRoutes,
  pages: [
    {
      path: '/tag/manage.php',
      guard: async (ctx) => {
        await ctx.access.requireCapability('moodle/tag:manage', await getSystemContext(ctx.db));
      },
    },
    { path: '/tag/index.php' },
  ],
};
