import { CAP_ALLOW, CONTEXT_COURSE, RISK_PERSONAL } from '../../platform/access/types';
import type { ComponentDefinition } from '../../platform/component';
import { gradesMethods } from './external';
import { gradesMigrations } from './migrations';
import { graderReportPage, userReportPage } from './pages';

/** core_grades: scales, grade items and grades (the gradebook), with the user and grader reports. */
export const gradesComponent: ComponentDefinition = {
  name: 'core_grades',
  dir: import.meta.dirname,
  migrations: gradesMigrations.migrations,
  capabilities: [
    {
      name: 'moodle/grade:view',
      captype: 'read',
      contextlevel: CONTEXT_COURSE,
      riskbitmask: 0,
      archetypes: { student: CAP_ALLOW, teacher: CAP_ALLOW, editingteacher: CAP_ALLOW, manager: CAP_ALLOW },
    },
    {
      name: 'moodle/grade:viewall',
      captype: 'read',
      contextlevel: CONTEXT_COURSE,
      riskbitmask: RISK_PERSONAL,
      archetypes: { teacher: CAP_ALLOW, editingteacher: CAP_ALLOW, manager: CAP_ALLOW },
    },
  ],
  methods: gradesMethods,
  pages: [userReportPage, graderReportPage],
};
