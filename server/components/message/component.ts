import { runPeriodically } from '../../platform/periodic';
import { CAP_ALLOW, CONTEXT_SYSTEM, RISK_PERSONAL } from '../../platform/access/types';
import type { ComponentDefinition } from '../../platform/component';
import { messageMethods } from './external';
import { messageMigrations } from './migrations';
import { processEmailQueue } from './send';

/** How often the mail sender looks for waiting notification e-mail. */
const EMAIL_INTERVAL_MS = 10_000;

/** Notifications to users: stored, shown in the header's menu, and e-mailed when SMTP is set up. */
export const messageComponent: ComponentDefinition = {
  name: 'core_message',
  dir: import.meta.dirname,
  migrations: messageMigrations.migrations,
  methods: messageMethods,
  capabilities: [{ name: 'moodle/site:readallmessages', captype: 'read', contextlevel: CONTEXT_SYSTEM, riskbitmask: RISK_PERSONAL, archetypes: { manager: CAP_ALLOW } }],
  routes: (app, platform) => {
    if (!platform.config.smtpUrl) return;
    runPeriodically(app, platform, EMAIL_INTERVAL_MS, 'mail sender failed', processEmailQueue);
  },
};
