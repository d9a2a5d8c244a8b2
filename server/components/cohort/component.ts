import type { ComponentDefinition } from '../../platform/component';
import { getContextById, getSystemContext } from '../../platform/access/contexts';
import { AppError } from '../../platform/errors';
import { cohortCapabilities } from './capabilities';
import { cohortMethods } from './external';
import { cohortMigrations } from './migrations';

/** Cohorts: site-wide and category-wide sets of users. */
export const cohortComponent: ComponentDefinition = {
  name: 'core_cohort',
  dir: import.meta.dirname,
  migrations: cohortMigrations.migrations,
  capabilities: cohortCapabilities,
  methods: cohortMethods,
  pages: [
    {
      path: '/cohort/index.php',
      guard: async (ctx, query) => {
        const context = query.contextid ? await getContextById(ctx.db, Number(query.contextid) || 0) : await getSystemContext(ctx.db);
        if (!context) throw new AppError('invalidrecord', { a: 'context', status: 404 });
        if (!(await ctx.access.hasCapability('moodle/cohort:manage', context))) await ctx.access.requireCapability('moodle/cohort:view', context);
      },
    },
    {
      path: '/cohort/assign.php',
      guard: async (ctx, query) => {
        const cohort = await ctx.db.selectFrom('cohort').select('contextid').where('id', '=', Number(query.id) || 0).executeTakeFirst();
        if (!cohort) throw new AppError('cohortnotfound', { component: 'core_cohort', status: 404 });
        const context = await getContextById(ctx.db, cohort.contextid);
        if (!context) throw new AppError('invalidrecord', { a: 'context', status: 404 });
        await ctx.access.requireCapability('moodle/cohort:assign', context);
      },
    },
  ],
};
