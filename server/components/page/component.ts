import { CAP_ALLOW, CONTEXT_COURSE, CONTEXT_MODULE, RISK_XSS } from '../../platform/access/types';
import type { ComponentDefinition } from '../../platform/component';
import { moduleViewPage } from '../courseformat/pages';
import { pageMethods } from './external';
import { pageMigrations } from './migrations';
import { pageActivity } from './service';

/** mod_page: a resource that is one page of rich text. */
export const pageComponent: ComponentDefinition = {
  name: 'mod_page',
  dir: import.meta.dirname,
  migrations: pageMigrations.migrations,
  capabilities: [
    {
      name: 'mod/page:addinstance',
      captype: 'write',
      contextlevel: CONTEXT_COURSE,
      riskbitmask: RISK_XSS,
      archetypes: { editingteacher: CAP_ALLOW, manager: CAP_ALLOW },
    },
    {
      name: 'mod/page:view',
      captype: 'read',
      contextlevel: CONTEXT_MODULE,
      riskbitmask: 0,
      archetypes: { guest: CAP_ALLOW, user: CAP_ALLOW },
    },
  ],
  methods: pageMethods,
  pages: [moduleViewPage('page')],
  activity: pageActivity,
};
