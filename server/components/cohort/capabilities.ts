import { CAP_ALLOW, CONTEXT_COURSECAT, RISK_PERSONAL, type CapabilityDefinition } from '../../platform/access/types';

/** Cohorts live in the system or a category; these are checked in the cohort's context. */
export const cohortCapabilities: readonly CapabilityDefinition[] = [
  { name: 'moodle/cohort:manage', captype: 'write', contextlevel: CONTEXT_COURSECAT, riskbitmask: 0, archetypes: { manager: CAP_ALLOW } },
  { name: 'moodle/cohort:assign', captype: 'write', contextlevel: CONTEXT_COURSECAT, riskbitmask: 0, archetypes: { manager: CAP_ALLOW } },
  { name: 'moodle/cohort:view', captype: 'read', contextlevel: CONTEXT_COURSECAT, riskbitmask: RISK_PERSONAL, archetypes: { manager: CAP_ALLOW, editingteacher: CAP_ALLOW } },
];
