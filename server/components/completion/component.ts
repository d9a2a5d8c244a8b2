import type { ComponentDefinition } from '../../platform/component';
import { AppError } from '../../platform/errors';
import { requireCourseAccess } from '../course/access';
import { CAP_MANAGE, completionCapabilities } from './access';
import { completionMethods } from './external';
import { completionMigrations } from './migrations';
import { observeCompletion } from './observer';

observeCompletion();

/** core_completion: activity and course completion, and what completing them means for competencies. */
export const completionComponent: ComponentDefinition = {
  name: 'core_completion',
  dir: import.meta.dirname,
  migrations: completionMigrations.migrations,
  capabilities: completionCapabilities,
  methods: completionMethods,
  pages: [
    {
      // The teacher's bulk editing of the course's activity completion settings.
      path: '/course/bulkcompletion.php',
      guard: async (ctx, query) => {
        const id = Number(query.id);
        if (!Number.isInteger(id) || id <= 0) throw new AppError('missingcourseid', { component: 'core_course', status: 400 });
        const { context } = await requireCourseAccess(ctx, id);
        await ctx.access.requireCapability(CAP_MANAGE, context);
      },
    },
  ],
};
