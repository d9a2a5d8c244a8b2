import { CAP_ALLOW, CONTEXT_COURSE, CONTEXT_MODULE } from '../../platform/access/types';
import type { ComponentDefinition } from '../../platform/component';
import { moduleViewPage } from '../courseformat/pages';
import { urlMethods } from './external';
import { urlMigrations } from './migrations';
import { urlActivity } from './service';

/** mod_url: a resource that is a link to an external web address. */
export const urlComponent: ComponentDefinition = {
  name: 'mod_url',
  dir: import.meta.dirname,
  migrations: urlMigrations.migrations,
  capabilities: [
    {
      name: 'mod/url:addinstance',
      captype: 'write',
      contextlevel: CONTEXT_COURSE,
      riskbitmask: 0,
      archetypes: { editingteacher: CAP_ALLOW, manager: CAP_ALLOW },
    },
    {
      name: 'mod/url:view',
      captype: 'read',
      contextlevel: CONTEXT_MODULE,
      riskbitmask: 0,
      archetypes: { guest: CAP_ALLOW, user: CAP_ALLOW },
    },
  ],
  methods: urlMethods,
  pages: [moduleViewPage('url')],
  activity: urlActivity,
};
