import { getSystemContext } from '../../platform/access/contexts';
import type { ComponentDefinition } from '../../platform/component';
import { invalidRecord } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import { userCapabilities } from './capabilities';
import { requireBrowseUsers, userMethods } from './external';
import { identityMethods } from './identity-external';
import { loginAsMethods, registerLoginAsRoutes } from './loginas';
import { userMigrations } from './migrations';
import { requireUploadUsers, uploadMethods } from './upload-external';

/** New user (no id or id=-1): moodle/user:create; an existing, not deleted user: moodle/user:update. */
async function requireEditUser(ctx: CallContext, query: Record<string, string | undefined>): Promise<void> {
  const system = await getSystemContext(ctx.db);
  const id = Number(query.id ?? -1);
  if (!Number.isInteger(id) || id === -1) return ctx.access.requireCapability('moodle/user:create', system);
  await ctx.access.requireCapability('moodle/user:update', system);
  const user = await ctx.db.selectFrom('user').select('id').where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
  if (!user) throw invalidRecord('user');
}

async function requireEditOwnProfile(ctx: CallContext): Promise<void> {
  await ctx.access.requireCapability('moodle/user:editownprofile', await getSystemContext(ctx.db));
}

/** Users: browsing and administering accounts, profiles and preferences. */
export const userComponent: ComponentDefinition = {
  name: 'core_user',
  dir: import.meta.dirname,
  migrations: userMigrations.migrations,
  capabilities: userCapabilities,
  methods: [...userMethods, ...uploadMethods, ...identityMethods, ...loginAsMethods],
  routes: registerLoginAsRoutes,
  pages: [
    { path: '/admin/user.php', guard: requireBrowseUsers },
    { path: '/user/editadvanced.php', guard: requireEditUser },
    { path: '/user/edit.php', guard: requireEditOwnProfile },
    { path: '/user/language.php', guard: requireEditOwnProfile },
    { path: '/admin/tool/uploaduser/index.php', guard: requireUploadUsers },
  ],
};
