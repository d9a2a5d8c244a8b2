import type { ComponentDefinition } from '../../platform/component';
import { AppError } from '../../platform/errors';
import { requireCourseAccess } from './access';
import { courseCapabilities } from './capabilities';
import { courseMethods } from './external';
import { courseManagementMethods } from './management-external';
import { managementPages } from './management-pages';
import { courseMigrations } from './migrations';

export const courseComponent: ComponentDefinition = {
  name: 'core_course',
  dir: import.meta.dirname,
  migrations: courseMigrations.migrations,
  capabilities: courseCapabilities,
  methods: [...courseMethods, ...courseManagementMethods],
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
    ...managementPages,
  ],
};
