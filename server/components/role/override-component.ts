import { getSystemContext } from '../../platform/access/contexts';
import type { PageDefinition } from '../../platform/component';
import { AppError } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import { registerRoleAjaxRoutes } from './ajax';
import { overrideMethods, reviewContext } from './override-external';
import type { ComponentParts } from './parts';

/** A page about one context (`?contextid=`, the system context without it), for people with moodle/role:review there. */
function reviewPage(path: string): PageDefinition {
  return {
    path,
    guard: async (ctx: CallContext, query) => {
      const raw = query.contextid;
      if (raw !== undefined && !/^\d{1,15}$/.test(raw)) throw new AppError('invalidparameter', { debuginfo: `contextid=${raw}` });
      await reviewContext(ctx, raw === undefined ? (await getSystemContext(ctx.db)).id : Number(raw));
    },
  };
}

/** Permission overrides in a context (the permission manager and its ajax endpoint) and the permission check. */
export const overrideParts: ComponentParts = {
  methods: overrideMethods,
  pages: [reviewPage('/admin/roles/permissions.php'), reviewPage('/admin/roles/check.php')],
  routes: registerRoleAjaxRoutes,
};
