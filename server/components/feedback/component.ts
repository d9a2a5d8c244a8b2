import { CAP_ALLOW, CONTEXT_COURSE, CONTEXT_MODULE, RISK_DATALOSS, RISK_PERSONAL, RISK_SPAM, RISK_XSS } from '../../platform/access/types';
import type { ComponentDefinition } from '../../platform/component';
import { moduleViewPage } from '../courseformat/pages';
import {
  CAP_ADDINSTANCE,
  CAP_COMPLETE,
  CAP_CREATEPRIVATETEMPLATE,
  CAP_CREATEPUBLICTEMPLATE,
  CAP_DELETESUBMISSIONS,
  CAP_DELETETEMPLATE,
  CAP_EDITITEMS,
  CAP_VIEW,
  CAP_VIEWANALYSEPAGE,
  CAP_VIEWREPORTS,
} from './access';
import { registerFeedbackRoutes } from './routes';
import { feedbackMethods } from './external';
import { feedbackMigrations } from './migrations';
import { feedbackPage } from './pages';
import { feedbackActivity } from './service';

const teachers = { teacher: CAP_ALLOW, editingteacher: CAP_ALLOW, manager: CAP_ALLOW };
const editors = { editingteacher: CAP_ALLOW, manager: CAP_ALLOW };

/** mod_feedback: the feedback activity (questions, answers, analysis, templates). */
export const feedbackComponent: ComponentDefinition = {
  name: 'mod_feedback',
  dir: import.meta.dirname,
  migrations: feedbackMigrations.migrations,
  capabilities: [
    { name: CAP_VIEW, captype: 'read', contextlevel: CONTEXT_MODULE, riskbitmask: 0, archetypes: { guest: CAP_ALLOW, student: CAP_ALLOW, ...teachers } },
    { name: CAP_COMPLETE, captype: 'write', contextlevel: CONTEXT_MODULE, riskbitmask: RISK_SPAM, archetypes: { student: CAP_ALLOW } },
    { name: CAP_VIEWANALYSEPAGE, captype: 'read', contextlevel: CONTEXT_MODULE, riskbitmask: 0, archetypes: { student: CAP_ALLOW, ...teachers } },
    { name: CAP_VIEWREPORTS, captype: 'read', contextlevel: CONTEXT_MODULE, riskbitmask: RISK_PERSONAL, archetypes: teachers },
    { name: CAP_EDITITEMS, captype: 'write', contextlevel: CONTEXT_MODULE, riskbitmask: RISK_XSS, archetypes: editors },
    { name: CAP_CREATEPRIVATETEMPLATE, captype: 'write', contextlevel: CONTEXT_MODULE, riskbitmask: RISK_XSS, archetypes: editors },
    { name: CAP_CREATEPUBLICTEMPLATE, captype: 'write', contextlevel: CONTEXT_MODULE, riskbitmask: RISK_XSS, archetypes: { manager: CAP_ALLOW } },
    { name: CAP_DELETETEMPLATE, captype: 'write', contextlevel: CONTEXT_MODULE, riskbitmask: 0, archetypes: editors },
    { name: CAP_DELETESUBMISSIONS, captype: 'write', contextlevel: CONTEXT_MODULE, riskbitmask: RISK_DATALOSS, archetypes: editors },
    { name: CAP_ADDINSTANCE, captype: 'write', contextlevel: CONTEXT_COURSE, riskbitmask: RISK_XSS, archetypes: editors },
  ],
  methods: feedbackMethods,
  pages: [moduleViewPage('feedback'), feedbackPage('edit.php'), feedbackPage('complete.php'), feedbackPage('analysis.php')],
  activity: feedbackActivity,
  routes: registerFeedbackRoutes,
};
