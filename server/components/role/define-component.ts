import { getSystemContext } from '../../platform/access/contexts';
import { invalidParameter } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import { assignMethods } from './assign-external';
import { findContext, requireAssignContext } from './assign';
import { getRole } from './define';
import { defineMethods } from './define-external';
import type { ComponentParts } from './parts';

async function requireManage(ctx: CallContext): Promise<void> {
  await ctx.access.requireCapability('moodle/role:manage', await getSystemContext(ctx.db));
}

function positiveId(value: string | undefined, name: string): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw invalidParameter(`${name} must be a positive integer`);
  return id;
}

/** Role definitions, the allow matrices and role assignment in a context: their methods and pages. */
export const defineParts: ComponentParts = {
  methods: [...defineMethods, ...assignMethods],
  pages: [
    { path: '/admin/roles/manage.php', guard: requireManage },
    {
      path: '/admin/roles/define.php',
      guard: async (ctx, query) => {
        await requireManage(ctx);
        if (query.action !== 'add') await getRole(ctx.db, positiveId(query.roleid, 'roleid'));
      },
    },
    { path: '/admin/roles/allow.php', guard: requireManage },
    {
      path: '/admin/roles/assign.php',
      guard: async (ctx, query) => {
        const context = await findContext(ctx, { contextid: positiveId(query.contextid, 'contextid') });
        await requireAssignContext(ctx, context);
      },
    },
  ],
};
