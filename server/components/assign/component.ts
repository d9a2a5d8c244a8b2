import { CAP_ALLOW, CONTEXT_COURSE, CONTEXT_MODULE, RISK_PERSONAL, RISK_XSS } from '../../platform/access/types';
import type { ComponentDefinition } from '../../platform/component';
import { moduleViewPage } from '../courseformat/pages';
import { CAP_ADDINSTANCE, CAP_GRADE, CAP_GRANTEXTENSION, CAP_SUBMIT, CAP_VIEW, CAP_VIEWGRADES } from './access';
import { assignMethods } from './external';
import { assignMigrations } from './migrations';
import { registerAssignFileRoutes } from './pluginfile';
import { assignActivity } from './service';

const teachers = { teacher: CAP_ALLOW, editingteacher: CAP_ALLOW, manager: CAP_ALLOW };

/** mod_assign: the assignment activity (submissions, grading, feedback). */
export const assignComponent: ComponentDefinition = {
  name: 'mod_assign',
  dir: import.meta.dirname,
  migrations: assignMigrations.migrations,
  capabilities: [
    { name: CAP_VIEW, captype: 'read', contextlevel: CONTEXT_MODULE, riskbitmask: 0, archetypes: { guest: CAP_ALLOW, student: CAP_ALLOW, ...teachers } },
    { name: CAP_SUBMIT, captype: 'write', contextlevel: CONTEXT_MODULE, riskbitmask: 0, archetypes: { student: CAP_ALLOW } },
    { name: CAP_GRADE, captype: 'write', contextlevel: CONTEXT_MODULE, riskbitmask: RISK_XSS, archetypes: teachers },
    { name: CAP_VIEWGRADES, captype: 'read', contextlevel: CONTEXT_MODULE, riskbitmask: RISK_PERSONAL, archetypes: teachers },
    { name: CAP_GRANTEXTENSION, captype: 'write', contextlevel: CONTEXT_MODULE, riskbitmask: 0, archetypes: teachers },
    { name: CAP_ADDINSTANCE, captype: 'write', contextlevel: CONTEXT_COURSE, riskbitmask: RISK_XSS, archetypes: { editingteacher: CAP_ALLOW, manager: CAP_ALLOW } },
  ],
  methods: assignMethods,
  pages: [moduleViewPage('assign')],
  activity: assignActivity,
  routes: registerAssignFileRoutes,
};
