import { CAP_COMPETENCY_MANAGE, CAP_COMPETENCY_VIEW } from '../../../api/competency';
import { CAP_ALLOW, CONTEXT_COURSECAT, RISK_XSS } from '../../platform/access/types';
import type { ComponentDefinition } from '../../platform/component';
import { csvMethods } from './external-csv';
import { competencyMethods } from './external-competencies';
import { courseMethods } from './external-course';
import { coursePageMethods } from './external-coursepages';
import { frameworkMethods } from './external-frameworks';
import { planPageMethods } from './external-planpages';
import { planMethods } from './external-plans';
import { ratingMethods } from './external-ratings';
import { summaryMethods } from './external-summaries';
import { templateCohortMethods } from './external-templatecohorts';
import { templateMethods } from './external-templates';
import { userEvidenceMethods } from './external-userevidence';
import { competencyMigrations } from './migrations';
import { competenciesPage, editCompetencyPage, frameworksPage } from './pages';
import { planCapabilities } from './plan-capabilities';
import { registerUserEvidenceFileRoutes } from './userevidence-files';

/**
 * core_competency (with tool_lp's page data and report_competency): competency frameworks, their
 * trees, rules and relations; learning-plan templates, plans, ratings, review and evidence; course
 * and activity competencies.
 */
export const competencyComponent: ComponentDefinition = {
  name: 'core_competency',
  dir: import.meta.dirname,
  migrations: competencyMigrations.migrations,
  capabilities: [
    { name: CAP_COMPETENCY_VIEW, captype: 'read', contextlevel: CONTEXT_COURSECAT, riskbitmask: 0, archetypes: { user: CAP_ALLOW } },
    { name: CAP_COMPETENCY_MANAGE, captype: 'write', contextlevel: CONTEXT_COURSECAT, riskbitmask: RISK_XSS, archetypes: { manager: CAP_ALLOW } },
    ...planCapabilities,
  ],
  methods: [
    ...frameworkMethods,
    ...competencyMethods,
    ...csvMethods,
    ...templateMethods,
    ...templateCohortMethods,
    ...planMethods,
    ...planPageMethods,
    ...ratingMethods,
    ...summaryMethods,
    ...courseMethods,
    ...coursePageMethods,
    ...userEvidenceMethods,
  ],
  pages: [frameworksPage, competenciesPage, editCompetencyPage],
  routes: registerUserEvidenceFileRoutes,
};
