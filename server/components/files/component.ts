import type { ComponentDefinition } from '../../platform/component';
import { registerDraftRoutes } from './draft';
import { fileMigrations } from './migrations';
import { registerUserPictureRoutes } from './userpicture';

/**
 * Stored files: metadata in the database, contents on disk under FILES_DIR by content hash. User
 * pictures, and users' draft areas (files being prepared for a form).
 */
export const filesComponent: ComponentDefinition = {
  name: 'core_files',
  dir: import.meta.dirname,
  migrations: fileMigrations.migrations,
  routes: (app, platform) => {
    registerUserPictureRoutes(app, platform);
    registerDraftRoutes(app, platform);
  },
};
