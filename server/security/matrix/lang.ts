import { ADMIN_ONLY, type PermissionDeclarations } from './types';

export const langDeclarations: PermissionDeclarations = {
  core_get_language_settings: {
    allowed: ADMIN_ONLY,
    why: 'A site setting: moodle/site:config, which no archetype holds.',
    args: () => ({}),
  },
  core_update_language_settings: {
    allowed: ADMIN_ONLY,
    why: 'A site setting: moodle/site:config. Saves English, the default, so later declarations see the usual site.',
    args: () => ({ lang: 'en' }),
  },
};
