import { CAP_ALLOW, CONTEXT_COURSE, RISK_XSS } from '../../platform/access/types';
import type { ComponentDefinition } from '../../platform/component';
import { CAP_ADD, CAP_EDITALL, CAP_MANAGECATEGORY, CAP_VIEWALL } from './access';
import { questionMethods } from './external';
import { questionMigrations } from './migrations';

const editors = { editingteacher: CAP_ALLOW, manager: CAP_ALLOW };

/** core_question: each course's question bank (categories and the four question types). */
export const questionComponent: ComponentDefinition = {
  name: 'core_question',
  dir: import.meta.dirname,
  migrations: questionMigrations.migrations,
  capabilities: [
    { name: CAP_VIEWALL, captype: 'read', contextlevel: CONTEXT_COURSE, riskbitmask: 0, archetypes: editors },
    { name: CAP_ADD, captype: 'write', contextlevel: CONTEXT_COURSE, riskbitmask: RISK_XSS, archetypes: editors },
    { name: CAP_EDITALL, captype: 'write', contextlevel: CONTEXT_COURSE, riskbitmask: RISK_XSS, archetypes: editors },
    { name: CAP_MANAGECATEGORY, captype: 'write', contextlevel: CONTEXT_COURSE, riskbitmask: 0, archetypes: editors },
  ],
  methods: questionMethods,
  pages: [],
};
