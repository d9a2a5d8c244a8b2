import type { ComponentDefinition } from '../../platform/component';
import { AppError } from '../../platform/errors';
import { requireCourseAccess } from './access';
import { courseMethods } from './external';
import { courseMigrations } from './migrations';

export const courseComponent: ComponentDefinition = {
  name: 'core_course',
  dir: import.meta.dirname,
  migrations: courseMigrations.migrations,
  methods: courseMethods,
  pages: [
    {
      path: '/course/view.php',
      guard: async (ctx, query) => {
        const id = Number(query.id);
        if (!Number.isInteger(id) || id <= 0) throw new AppError('missingcourseid', { component: 'core_course', status: 400 });
        await requireCourseAccess(ctx, id);
      },
    },
    { path: '/course/search.php' },
  ],
};
