import { CAP_ALLOW, CONTEXT_COURSE, CONTEXT_MODULE, RISK_XSS } from '../../platform/access/types';
import type { ComponentDefinition } from '../../platform/component';
import { moduleViewPage } from '../courseformat/pages';
import { CAP_ADDCOURSETOOL, CAP_ADDINSTANCE, CAP_VIEW, requireToolAdmin } from './access';
import { courseToolEditPageGuard, courseToolsPageGuard } from './coursetools';
import { ltiMethods } from './external';
import { ltiMigrations } from './migrations';
import { registerLtiRoutes } from './routes';
import { ltiActivity } from './service';

const adminPage = (path: string) => ({ path, guard: requireToolAdmin });

/** mod_lti: external tools (LTI 1.1, 1.3 and 2.0 registration), their administration and the activity that launches them. */
export const ltiComponent: ComponentDefinition = {
  name: 'mod_lti',
  dir: import.meta.dirname,
  migrations: ltiMigrations.migrations,
  capabilities: [
    {
      name: CAP_VIEW,
      captype: 'read',
      contextlevel: CONTEXT_MODULE,
      riskbitmask: 0,
      archetypes: { guest: CAP_ALLOW, student: CAP_ALLOW, teacher: CAP_ALLOW, editingteacher: CAP_ALLOW, manager: CAP_ALLOW },
    },
    { name: CAP_ADDINSTANCE, captype: 'write', contextlevel: CONTEXT_COURSE, riskbitmask: RISK_XSS, archetypes: { editingteacher: CAP_ALLOW, manager: CAP_ALLOW } },
    // Teachers configure tools that exist only in their course.
    { name: CAP_ADDCOURSETOOL, captype: 'write', contextlevel: CONTEXT_COURSE, riskbitmask: RISK_XSS, archetypes: { editingteacher: CAP_ALLOW, manager: CAP_ALLOW } },
  ],
  methods: ltiMethods,
  pages: [moduleViewPage('lti'), adminPage('/mod/lti/toolconfigure.php'), adminPage('/mod/lti/typessettings.php'), { path: '/mod/lti/coursetools.php', guard: courseToolsPageGuard }, { path: '/mod/lti/coursetooledit.php', guard: courseToolEditPageGuard }],
  activity: ltiActivity,
  routes: registerLtiRoutes,
};
