import type { ComponentDefinition } from '../../platform/component';
import { registerBranchRoutes } from './branchroutes';
import { navigationMethods } from './external';
import { navigationMigrations } from './migrations';

/**
 * block_navigation with block_settings: the blocks beside every page, the navigation tree (its
 * branches served by /lib/ajax/getnavbranch.php and getsiteadminbranch.php) and the settings tree.
 */
export const navigationComponent: ComponentDefinition = {
  name: 'block_navigation',
  dir: import.meta.dirname,
  migrations: navigationMigrations.migrations,
  methods: navigationMethods,
  routes: registerBranchRoutes,
};
