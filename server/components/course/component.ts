import type { ComponentDefinition } from '../../platform/component';
import { courseMigrations } from './migrations';

export const courseComponent: ComponentDefinition = {
  name: 'core_course',
  dir: import.meta.dirname,
  migrations: courseMigrations.migrations,
};
