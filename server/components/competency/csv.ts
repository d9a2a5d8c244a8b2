import { CSV_COLUMNS, RULE_ALL, RULE_POINTS, TAXONOMY_TERMS } from '../../../api/competency';
import { normaliseRule, parsePointsConfig, ruleProblem, scaleConfigurationProblem } from '../../../api/competencyrules';
import type { CsvRecord } from '../user/csv';

type Column = (typeof CSV_COLUMNS)[number];

export interface CsvCompetency {
  row: number;
  parentidnumber: string;
  idnumber: string;
  shortname: string;
  description: string;
  descriptionformat: number;
  ruletype: string | null;
  ruleoutcome: number;
  ruleconfig: string | null;
  related: string[];
  exportedid: string;
  depth: number;
}

export interface CsvFramework {
  idnumber: string;
  shortname: string;
  description: string;
  descriptionformat: number;
  scalevalues: string[];
  scaleconfiguration: string;
  taxonomies: string;
}

export interface CsvPlan {
  framework: CsvFramework | null;
  competencies: CsvCompetency[];
  /** Problems by row (1-based line of the file); empty when the file can be imported. */
  errors: Array<{ row: number; message: string }>;
}

/** A string id of core_competency and its placeholder, for a row's error. */
type Say = (id: string, a?: unknown) => string;

function ruleTypeOf(value: string): string | null | undefined {
  const v = value.trim();
  if (!v) return null;
  if (v.endsWith('competency_rule_all')) return RULE_ALL;
  if (v.endsWith('competency_rule_points')) return RULE_POINTS;
  return undefined;
}

/** Reads a framework file in tool_lpimportcsv's columns into what would be created, and every row's problem. */
export function planImport(records: readonly CsvRecord[], say: Say): CsvPlan {
  const errors: CsvPlan['errors'] = [];
  const [header, ...rows] = records;
  if (!header) return { framework: null, competencies: [], errors: [{ row: 1, message: say('csvempty') }] };
  const index = new Map<string, number>(header.fields.map((name, i) => [name.trim(), i]));
  const missing = CSV_COLUMNS.filter((c) => c !== 'Taxonomy' && !index.has(c));
  if (missing.length) return { framework: null, competencies: [], errors: [{ row: header.line, message: say('csvmissingcolumns', missing.join(', ')) }] };
  const get = (r: CsvRecord, c: Column) => (r.fields[index.get(c) ?? -1] ?? '').trim();
  let framework: CsvFramework | null = null;
  const competencies: CsvCompetency[] = [];
  for (const r of rows) {
    if (get(r, 'Is framework') === '1') {
      if (framework) errors.push({ row: r.line, message: say('csvtwoframeworks') });
      const taxonomies = get(r, 'Taxonomy');
      if (taxonomies && taxonomies.split(',').some((t) => !(TAXONOMY_TERMS as readonly string[]).includes(t.trim()))) errors.push({ row: r.line, message: say('invalidtaxonomy') });
      framework = {
        idnumber: get(r, 'ID number'),
        shortname: get(r, 'Short name'),
        description: get(r, 'Description'),
        descriptionformat: Number(get(r, 'Description format')) || 1,
        scalevalues: get(r, 'Scale values').split(',').map((v) => v.trim()).filter(Boolean),
        scaleconfiguration: get(r, 'Scale configuration'),
        taxonomies: taxonomies.split(',').map((t) => t.trim()).filter(Boolean).join(','),
      };
      if (!framework.idnumber || !framework.shortname) errors.push({ row: r.line, message: say('csvframeworknames') });
      if (framework.scalevalues.length < 1) errors.push({ row: r.line, message: say('csvnoscale') });
      else if (scaleConfigurationProblem(withScaleId(framework.scaleconfiguration, 0), 0, framework.scalevalues.length)) errors.push({ row: r.line, message: say('invalidscaleconfiguration') });
      continue;
    }
    const ruletype = ruleTypeOf(get(r, 'Rule type (optional)'));
    if (ruletype === undefined) errors.push({ row: r.line, message: say('invalidruletype') });
    competencies.push({
      row: r.line,
      parentidnumber: get(r, 'Parent ID number'),
      idnumber: get(r, 'ID number'),
      shortname: get(r, 'Short name'),
      description: get(r, 'Description'),
      descriptionformat: Number(get(r, 'Description format')) || 1,
      ruletype: ruletype ?? null,
      ruleoutcome: Number(get(r, 'Rule outcome (optional)')) || 0,
      ruleconfig: get(r, 'Rule config (optional)') || null,
      related: get(r, 'Cross-referenced competency ID numbers').split(',').map((v) => v.trim()).filter(Boolean),
      exportedid: get(r, 'Exported ID (optional)'),
      depth: 0,
    });
  }
  if (!framework) errors.push({ row: header.line, message: say('csvnoframework') });
  const byIdnumber = new Map<string, CsvCompetency>();
  for (const c of competencies) {
    if (!c.idnumber || !c.shortname) errors.push({ row: c.row, message: say('csvcompetencynames') });
    else if (byIdnumber.has(c.idnumber)) errors.push({ row: c.row, message: say('csvduplicateidnumber', c.idnumber) });
    else byIdnumber.set(c.idnumber, c);
  }
  for (const c of competencies) {
    if (c.parentidnumber && !byIdnumber.has(c.parentidnumber)) errors.push({ row: c.row, message: say('csvunknownparent', c.parentidnumber) });
    for (const r of c.related) if (!byIdnumber.has(r) || r === c.idnumber) errors.push({ row: c.row, message: say('csvunknownrelated', r) });
  }
  // Depths by walking up; a loop of parents is an error on each row in it.
  for (const c of competencies) {
    let depth = 1;
    let at = c;
    const seen = new Set<string>([c.idnumber]);
    while (at.parentidnumber && byIdnumber.has(at.parentidnumber)) {
      at = byIdnumber.get(at.parentidnumber) as CsvCompetency;
      if (seen.has(at.idnumber)) {
        errors.push({ row: c.row, message: say('csvparentloop') });
        depth = 0;
        break;
      }
      seen.add(at.idnumber);
      depth++;
    }
    c.depth = depth;
  }
  checkRules(competencies, byIdnumber, errors, say);
  errors.sort((a, b) => a.row - b.row);
  return { framework, competencies, errors };
}

/** Rules are checked against the file's own tree, with the exported ids mapped to the rows. */
function checkRules(competencies: readonly CsvCompetency[], byIdnumber: ReadonlyMap<string, CsvCompetency>, errors: CsvPlan['errors'], say: Say): void {
  const rowByExported = new Map(competencies.filter((c) => c.exportedid).map((c, i) => [c.exportedid, i + 1]));
  const rowNumber = new Map(competencies.map((c, i) => [c.idnumber, i + 1]));
  for (const c of competencies) {
    const rule = normaliseRule(c);
    if (rule.ruleoutcome === 0) continue;
    const mine = rowNumber.get(c.idnumber) ?? 0;
    const children = new Set(competencies.filter((k) => k.parentidnumber === c.idnumber && byIdnumber.has(k.idnumber)).map((k) => rowNumber.get(k.idnumber) ?? 0));
    let config = rule.ruleconfig;
    if (rule.ruletype === RULE_POINTS) {
      const parsed = parsePointsConfig(config);
      config = parsed ? JSON.stringify({ ...parsed, competencies: parsed.competencies.map((k) => ({ ...k, id: rowByExported.get(String(k.id)) ?? -1 })) }) : config;
    }
    const problem = ruleProblem({ ...rule, ruleconfig: config }, mine, children);
    if (problem) errors.push({ row: c.row, message: say(problem) });
  }
}

/** A scale configuration with its first entry naming `scaleid` (files carry the exporting site's id). */
export function withScaleId(json: string, scaleid: number): string {
  try {
    const value = JSON.parse(json) as unknown;
    if (!Array.isArray(value) || value.length === 0) return json;
    return JSON.stringify([{ scaleid }, ...(value as unknown[]).slice(1)]);
  } catch {
    return json;
  }
}

function csvField(value: string | number): string {
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV line of the given fields. */
export function csvLine(fields: ReadonlyArray<string | number>): string {
  return fields.map(csvField).join(',');
}
