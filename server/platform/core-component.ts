import { getSystemContext } from './access/contexts';
import { coreCapabilities } from './access/capabilities';
import type { ComponentDefinition } from './component';
import { coreMethods } from './external';
import { langMethods } from './lang/external';
import { platformMigrations } from './migrations';
import type { CallContext } from '../ws/method';

async function requireSiteConfig(ctx: CallContext): Promise<void> {
  await ctx.access.requireCapability('moodle/site:config', await getSystemContext(ctx.db));
}

/** Core (`moodle`): the platform's own tables, capabilities, strings and methods. */
export const coreComponent: ComponentDefinition = {
  name: 'moodle',
  dir: import.meta.dirname,
  migrations: platformMigrations.migrations,
  capabilities: coreCapabilities,
  methods: [...coreMethods, ...langMethods],
  pages: [
    { path: '/' },
    { path: '/my/' },
    { path: '/user/profile.php' },
    { path: '/user/preferences.php' },
    { path: '/admin/', guard: requireSiteConfig },
    { path: '/admin/search.php', guard: requireSiteConfig },
    { path: '/admin/settings.php', guard: requireSiteConfig },
    { path: '/admin/webservice/documentation.php', guard: requireSiteConfig },
  ],
};
