import type { ComponentDefinition } from '../../platform/component';
import { fileMigrations } from './migrations';
import { registerUserPictureRoutes } from './userpicture';

/** Stored files: for now user pictures, kept in the database so every process serves them. */
export const filesComponent: ComponentDefinition = {
  name: 'core_files',
  dir: import.meta.dirname,
  migrations: fileMigrations.migrations,
  routes: registerUserPictureRoutes,
};
