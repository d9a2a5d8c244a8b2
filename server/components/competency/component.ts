import { CAP_COMPETENCY_MANAGE, CAP_COMPETENCY_VIEW } from '../../../api/competency';
import { CAP_ALLOW, CONTEXT_COURSECAT, RISK_XSS } from '../../platform/access/types';
import type { ComponentDefinition } from '../../platform/component';
import { csvMethods } from './external-csv';
import { competencyMethods } from './external-competencies';
import { frameworkMethods } from './external-frameworks';
import { competencyMigrations } from './migrations';
import { competenciesPage, editCompetencyPage, frameworksPage } from './pages';

/** core_competency (with tool_lp's page data): competency frameworks, their competency trees, rules and relations. */
export const competencyComponent: ComponentDefinition = {
  name: 'core_competency',
  dir: import.meta.dirname,
  migrations: competencyMigrations.migrations,
  capabilities: [
    { name: CAP_COMPETENCY_VIEW, captype: 'read', contextlevel: CONTEXT_COURSECAT, riskbitmask: 0, archetypes: { user: CAP_ALLOW } },
    { name: CAP_COMPETENCY_MANAGE, captype: 'write', contextlevel: CONTEXT_COURSECAT, riskbitmask: RISK_XSS, archetypes: { manager: CAP_ALLOW } },
  ],
  methods: [...frameworkMethods, ...competencyMethods, ...csvMethods],
  pages: [frameworksPage, competenciesPage, editCompetencyPage],
};
