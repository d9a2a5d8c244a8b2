import { getSystemContext } from '../../platform/access/contexts';
import type { ComponentDefinition } from '../../platform/component';
import { templatelibraryMethods } from './external';

/** tool_templatelibrary: a viewer of every output template, its documentation, source and example. */
export const templatelibraryComponent: ComponentDefinition = {
  name: 'tool_templatelibrary',
  dir: import.meta.dirname,
  methods: templatelibraryMethods,
  pages: [
    {
      path: '/admin/tool/templatelibrary/index.php',
      guard: async (ctx) => ctx.access.requireCapability('moodle/site:config', await getSystemContext(ctx.db)),
    },
  ],
};
