import { CAP_ALLOW, CONTEXT_COURSE, RISK_XSS } from '../../platform/access/types';
import type { ComponentDefinition } from '../../platform/component';
import { gradingMethods } from './external';
import { gradingMigrations } from './migrations';
import { guideEditPage } from './pages';

/** core_grading: grading areas and advanced grading methods; the marking guide (gradingform_guide) lives here. */
export const gradingComponent: ComponentDefinition = {
  name: 'core_grading',
  dir: import.meta.dirname,
  migrations: gradingMigrations.migrations,
  capabilities: [
    {
      name: 'moodle/grade:managegradingforms',
      captype: 'write',
      contextlevel: CONTEXT_COURSE,
      riskbitmask: RISK_XSS,
      archetypes: { editingteacher: CAP_ALLOW, manager: CAP_ALLOW },
    },
  ],
  methods: gradingMethods,
  pages: [guideEditPage],
};
