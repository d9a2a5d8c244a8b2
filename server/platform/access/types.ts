/** Context levels, as Moodle numbers them. */
export const CONTEXT_SYSTEM = 10;
export const CONTEXT_USER = 30;
export const CONTEXT_COURSECAT = 40;
export const CONTEXT_COURSE = 50;
export const CONTEXT_MODULE = 70;
export const CONTEXT_BLOCK = 80;

/** Permission values stored in role_capabilities (inherit = no row). */
export const CAP_INHERIT = 0;
export const CAP_ALLOW = 1;
export const CAP_PREVENT = -1;
export const CAP_PROHIBIT = -1000;

/** Risk bits of a capability. */
export const RISK_MANAGETRUST = 0x0001;
export const RISK_CONFIG = 0x0002;
export const RISK_XSS = 0x0004;
export const RISK_PERSONAL = 0x0008;
export const RISK_SPAM = 0x0010;
export const RISK_DATALOSS = 0x0020;

export type Archetype =
  | 'manager'
  | 'coursecreator'
  | 'editingteacher'
  | 'teacher'
  | 'student'
  | 'guest'
  | 'user'
  | 'frontpage';

export interface Context {
  id: number;
  contextlevel: number;
  instanceid: number;
  path: string;
  depth: number;
}

/** A context row, or its id. */
export type ContextRef = Context | number;

/** A capability as a component declares it; archetype defaults seed the standard roles at install. */
export interface CapabilityDefinition {
  name: string;
  captype: 'read' | 'write';
  contextlevel: number;
  riskbitmask: number;
  archetypes: Partial<Record<Archetype, number>>;
}

/** Permission checks for one user, cached for the life of one request. */
export interface Access {
  readonly userid: number;
  isSiteAdmin(): Promise<boolean>;
  hasCapability(capability: string, context: ContextRef): Promise<boolean>;
  /** Which of the capabilities the user has in the context: checked together, in a few queries. */
  hasCapabilities(capabilities: readonly string[], context: ContextRef): Promise<Set<string>>;
  /** Throws AppError `nopermissions` when the user lacks the capability. */
  requireCapability(capability: string, context: ContextRef): Promise<void>;
}
