import { EVERYONE, type PermissionDeclarations } from './types';

const TEMPLATE = { component: 'core', template: 'notification_info' };

export const templatelibraryDeclarations: PermissionDeclarations = {
  tool_templatelibrary_list_templates: {
    allowed: EVERYONE,
    why: 'Template sources are public (core_output_load_template needs no login), so their names are too.',
    args: () => ({ component: 'core' }),
  },
  tool_templatelibrary_load_canonical_template: {
    allowed: EVERYONE,
    why: 'The same source core_output_load_template serves to visitors.',
    args: () => TEMPLATE,
  },
  tool_templatelibrary_list_theme_overrides: {
    allowed: EVERYONE,
    why: 'The same sources core_output_load_template serves to visitors for each theme.',
    args: () => TEMPLATE,
  },
};
