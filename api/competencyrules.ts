import { RULE_ALL, RULE_OUTCOME_NONE, RULE_POINTS, RULE_TYPES } from './competency';

/** A points rule's configuration: the points required and, per direct child, its points and whether it is required. */
export interface PointsConfig {
  base: { points: number };
  competencies: Array<{ id: number; points: number; required: number }>;
}

/** Why a rule is refused, as a string id of core_competency. */
export type RuleProblem =
  | 'invalidruletype'
  | 'invalidruleconfig'
  | 'rulenochildren'
  | 'pointsrequiredinvalid'
  | 'pointsnocompetencies'
  | 'pointsduplicate'
  | 'pointsnotchild'
  | 'pointsnegative'
  | 'pointsnotenough';

/** Parses a points rule configuration, or null when it is not one (wrong JSON shape). */
export function parsePointsConfig(json: string | null): PointsConfig | null {
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as { base?: { points?: unknown }; competencies?: unknown };
  if (typeof v.base !== 'object' || v.base === null || typeof v.base.points !== 'number' || !Array.isArray(v.competencies)) return null;
  const competencies: PointsConfig['competencies'] = [];
  for (const c of v.competencies as unknown[]) {
    if (typeof c !== 'object' || c === null) return null;
    const { id, points, required } = c as Record<string, unknown>;
    if (typeof id !== 'number' || typeof points !== 'number' || (required !== 0 && required !== 1 && required !== true && required !== false)) return null;
    competencies.push({ id, points, required: required === true || required === 1 ? 1 : 0 });
  }
  return { base: { points: v.base.points }, competencies };
}

/**
 * Checks a points rule against the competency's direct children: required points a whole number ≥ 1,
 * a non-empty list without duplicates, only direct children, no negative points, and the children's
 * points adding up to at least the required points.
 */
export function pointsProblem(config: PointsConfig, competencyid: number, childIds: ReadonlySet<number>): RuleProblem | null {
  if (!Number.isInteger(config.base.points) || config.base.points < 1) return 'pointsrequiredinvalid';
  if (config.competencies.length === 0) return 'pointsnocompetencies';
  const seen = new Set<number>();
  let total = 0;
  for (const c of config.competencies) {
    if (seen.has(c.id)) return 'pointsduplicate';
    seen.add(c.id);
    if (c.id === competencyid || !childIds.has(c.id)) return 'pointsnotchild';
    if (!Number.isInteger(c.points) || c.points < 0) return 'pointsnegative';
    total += c.points;
  }
  return total < config.base.points ? 'pointsnotenough' : null;
}

/** The rule a competency would have: outcome none needs nothing; otherwise a known type, children, and a valid configuration. */
export function ruleProblem(rule: { ruleoutcome: number; ruletype: string | null; ruleconfig: string | null }, competencyid: number, childIds: ReadonlySet<number>): RuleProblem | null {
  if (rule.ruleoutcome === RULE_OUTCOME_NONE) return null;
  if (rule.ruletype === null || !(RULE_TYPES as readonly string[]).includes(rule.ruletype)) return 'invalidruletype';
  if (childIds.size === 0) return 'rulenochildren';
  if (rule.ruletype === RULE_ALL) return rule.ruleconfig === null || rule.ruleconfig === '' ? null : 'invalidruleconfig';
  const config = parsePointsConfig(rule.ruleconfig);
  if (rule.ruletype === RULE_POINTS && config === null) return 'invalidruleconfig';
  return config ? pointsProblem(config, competencyid, childIds) : 'invalidruleconfig';
}

/** A rule as stored: outcome none clears the type and configuration. */
export function normaliseRule(rule: { ruleoutcome: number; ruletype: string | null; ruleconfig: string | null }) {
  if (rule.ruleoutcome === RULE_OUTCOME_NONE) return { ruleoutcome: RULE_OUTCOME_NONE, ruletype: null, ruleconfig: null };
  return { ruleoutcome: rule.ruleoutcome, ruletype: rule.ruletype, ruleconfig: rule.ruletype === RULE_ALL ? null : rule.ruleconfig };
}

/** A points configuration with its competency ids mapped (for copies); null when a listed child was not copied. */
export function remapPointsConfig(json: string | null, map: ReadonlyMap<number, number>): string | null {
  const config = parsePointsConfig(json);
  if (!config) return null;
  const competencies = [];
  for (const c of config.competencies) {
    const id = map.get(c.id);
    if (id === undefined) return null;
    competencies.push({ ...c, id });
  }
  return JSON.stringify({ base: config.base, competencies });
}

/** One value's flags in a scale configuration. */
export interface ScaleValueFlags {
  id: number;
  scaledefault: number;
  proficient: number;
}

/**
 * Checks a scale configuration: a JSON list whose first entry names the scale, then flags for values of
 * that scale (ids 1..valuecount); exactly one default and at least one proficient value.
 */
export function scaleConfigurationProblem(json: string, scaleid: number, valuecount: number): 'invalidscaleconfiguration' | 'scaleconfigurationnodefault' | 'scaleconfigurationnoproficient' | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return 'invalidscaleconfiguration';
  }
  if (!Array.isArray(value) || value.length === 0) return 'invalidscaleconfiguration';
  const [head, ...items] = value as unknown[];
  if (typeof head !== 'object' || head === null || (head as { scaleid?: unknown }).scaleid === undefined || Number((head as { scaleid: unknown }).scaleid) !== scaleid) {
    return 'invalidscaleconfiguration';
  }
  const seen = new Set<number>();
  let defaults = 0;
  let proficient = 0;
  for (const item of items) {
    if (typeof item !== 'object' || item === null) return 'invalidscaleconfiguration';
    const f = item as Record<string, unknown>;
    const id = Number(f.id);
    if (!Number.isInteger(id) || id < 1 || id > valuecount || seen.has(id)) return 'invalidscaleconfiguration';
    seen.add(id);
    if (Number(f.scaledefault) === 1) defaults++;
    if (Number(f.proficient) === 1) proficient++;
  }
  if (defaults !== 1) return 'scaleconfigurationnodefault';
  return proficient === 0 ? 'scaleconfigurationnoproficient' : null;
}

/** The stored form of the flags chosen in the scale configuration dialogue: only values with a flag. */
export function scaleConfigurationJson(scaleid: number, flags: readonly ScaleValueFlags[]): string {
  return JSON.stringify([{ scaleid }, ...flags.filter((f) => f.scaledefault || f.proficient).map((f) => ({ id: f.id, scaledefault: f.scaledefault ? 1 : 0, proficient: f.proficient ? 1 : 0 }))]);
}
