import { CAP_ALLOW, CONTEXT_COURSE, CONTEXT_MODULE, RISK_PERSONAL, RISK_XSS } from '../../platform/access/types';
import type { ComponentDefinition } from '../../platform/component';
import { moduleViewPage } from '../courseformat/pages';
import { CAP_ADDINSTANCE, CAP_ATTEMPT, CAP_IGNORETIMELIMITS, CAP_MANAGE, CAP_PREVIEW, CAP_REGRADE, CAP_REVIEWMYATTEMPTS, CAP_VIEW, CAP_VIEWREPORTS } from './access';
import { quizAttemptMethods } from './attempt-external';
import { quizSettingsMethods } from './external';
import { quizMigrations } from './migrations';
import { quizPages } from './pages';
import { quizActivity } from './service';

const teachers = { teacher: CAP_ALLOW, editingteacher: CAP_ALLOW, manager: CAP_ALLOW };
const editors = { editingteacher: CAP_ALLOW, manager: CAP_ALLOW };

/** mod_quiz: the quiz activity (settings, access rules, attempts, grading, reports). */
export const quizComponent: ComponentDefinition = {
  name: 'mod_quiz',
  dir: import.meta.dirname,
  migrations: quizMigrations.migrations,
  capabilities: [
    { name: CAP_VIEW, captype: 'read', contextlevel: CONTEXT_MODULE, riskbitmask: 0, archetypes: { guest: CAP_ALLOW, student: CAP_ALLOW, ...teachers } },
    { name: CAP_ATTEMPT, captype: 'write', contextlevel: CONTEXT_MODULE, riskbitmask: RISK_PERSONAL, archetypes: { student: CAP_ALLOW } },
    { name: CAP_REVIEWMYATTEMPTS, captype: 'read', contextlevel: CONTEXT_MODULE, riskbitmask: 0, archetypes: { student: CAP_ALLOW } },
    { name: CAP_PREVIEW, captype: 'write', contextlevel: CONTEXT_MODULE, riskbitmask: 0, archetypes: teachers },
    { name: CAP_MANAGE, captype: 'write', contextlevel: CONTEXT_MODULE, riskbitmask: RISK_XSS, archetypes: editors },
    { name: CAP_VIEWREPORTS, captype: 'read', contextlevel: CONTEXT_MODULE, riskbitmask: RISK_PERSONAL, archetypes: teachers },
    { name: CAP_REGRADE, captype: 'write', contextlevel: CONTEXT_MODULE, riskbitmask: 0, archetypes: teachers },
    { name: CAP_IGNORETIMELIMITS, captype: 'read', contextlevel: CONTEXT_MODULE, riskbitmask: 0, archetypes: {} },
    { name: CAP_ADDINSTANCE, captype: 'write', contextlevel: CONTEXT_COURSE, riskbitmask: RISK_XSS, archetypes: editors },
  ],
  methods: [...quizSettingsMethods, ...quizAttemptMethods],
  pages: [moduleViewPage('quiz'), ...quizPages],
  activity: quizActivity,
};
