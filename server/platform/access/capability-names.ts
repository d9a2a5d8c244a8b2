import type { StringManager } from '../strings';
import { capabilityComponent } from './install';
import { RISK_CONFIG, RISK_DATALOSS, RISK_MANAGETRUST, RISK_PERSONAL, RISK_SPAM, RISK_XSS } from './types';

/** The strings component holding the human names of core capabilities (and of any without their own). */
const NAMES_COMPONENT = 'core_role';

/**
 * A capability's human name ("Assign roles to users" for moodle/role:assign). The string id is the
 * capability's full name, looked up in the component that owns the capability (mod_assign for
 * mod/assign:grade), then in core_role; the raw name when neither has it.
 */
export function capabilityDisplayName(strings: StringManager, capability: string, lang: string): string {
  for (const component of [capabilityComponent(capability), NAMES_COMPONENT]) {
    if (component !== 'moodle' && strings.exists(capability, component, lang)) return strings.get(capability, component, undefined, lang);
  }
  return capability;
}

/** Risk bits in Moodle's order, with the string id (core_role) that names each. */
export const riskNames: ReadonlyArray<{ bit: number; name: string }> = [
  { bit: RISK_MANAGETRUST, name: 'riskmanagetrust' },
  { bit: RISK_CONFIG, name: 'riskconfig' },
  { bit: RISK_XSS, name: 'riskxss' },
  { bit: RISK_PERSONAL, name: 'riskpersonal' },
  { bit: RISK_SPAM, name: 'riskspam' },
  { bit: RISK_DATALOSS, name: 'riskdataloss' },
];

/** The string ids (core_role) of the risks in a capability's risk bitmask. */
export function riskIds(riskbitmask: number): string[] {
  return riskNames.filter((r) => (riskbitmask & r.bit) !== 0).map((r) => r.name);
}

/** Risks that make a capability unsafe to override with moodle/role:safeoverride alone. */
export const UNSAFE_RISKS = RISK_DATALOSS | RISK_MANAGETRUST | RISK_CONFIG | RISK_XSS | RISK_PERSONAL;
