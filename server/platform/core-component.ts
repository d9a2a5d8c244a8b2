import type { ComponentDefinition } from './component';
import { platformMigrations } from './migrations';

/** Core (`moodle`): the platform's own tables, capabilities, strings and methods. */
export const coreComponent: ComponentDefinition = {
  name: 'moodle',
  dir: import.meta.dirname,
  migrations: platformMigrations.migrations,
};
