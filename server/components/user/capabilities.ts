import { CAP_ALLOW, CONTEXT_SYSTEM, RISK_PERSONAL, RISK_SPAM, type CapabilityDefinition } from '../../platform/access/types';

/** Capabilities of user administration beyond the core ones (server/platform/access/capabilities.ts). */
export const userCapabilities: readonly CapabilityDefinition[] = [
  // Creates and changes many accounts at once, so it is its own capability, as in Moodle.
  { name: 'moodle/site:uploadusers', captype: 'write', contextlevel: CONTEXT_SYSTEM, riskbitmask: RISK_SPAM | RISK_PERSONAL, archetypes: { manager: CAP_ALLOW } },
];
