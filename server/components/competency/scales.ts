import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { formatString } from '../../platform/sanitize';
import { scaleItems } from '../grades/service';
import type { CompetencyRow } from './access';

/** The scale a competency is rated on (its own, else its framework's) and what its configuration says. */
export interface CompetencyScale {
  scaleid: number;
  /** The values' names, in order; a grade is a 1-based index into them. */
  values: string[];
  /** The value given by "complete" evidence, or null when the configuration has none. */
  defaultGrade: number | null;
  /** The grades that make someone proficient. */
  proficient: ReadonlySet<number>;
}

function parseConfiguration(json: string | null): { defaultGrade: number | null; proficient: Set<number> } {
  const proficient = new Set<number>();
  let defaultGrade: number | null = null;
  try {
    const items = JSON.parse(json ?? '[]') as unknown;
    if (Array.isArray(items)) {
      for (const item of items.slice(1) as Array<{ id?: unknown; scaledefault?: unknown; proficient?: unknown }>) {
        if (typeof item?.id !== 'number') continue;
        if (item.scaledefault && defaultGrade === null) defaultGrade = item.id;
        if (item.proficient) proficient.add(item.id);
      }
    }
  } catch {
    // A configuration that does not parse rates nobody proficient and has no default.
  }
  return { defaultGrade, proficient };
}

/** The scales of many competencies in two queries, by competency id. */
export async function competencyScales(db: Kysely<DB>, competencies: ReadonlyArray<Pick<CompetencyRow, 'id' | 'scaleid' | 'scaleconfiguration' | 'competencyframeworkid'>>): Promise<Map<number, CompetencyScale>> {
  const out = new Map<number, CompetencyScale>();
  if (competencies.length === 0) return out;
  const frameworkIds = [...new Set(competencies.map((c) => c.competencyframeworkid))];
  const frameworks = new Map(
    (await db.selectFrom('competency_framework').select(['id', 'scaleid', 'scaleconfiguration']).where('id', 'in', frameworkIds).execute()).map((f) => [f.id, f]),
  );
  const scaleIds = new Set<number>();
  for (const c of competencies) {
    const scaleid = c.scaleid ?? frameworks.get(c.competencyframeworkid)?.scaleid;
    if (scaleid) scaleIds.add(scaleid);
  }
  const scales = scaleIds.size ? await db.selectFrom('scale').select(['id', 'scale']).where('id', 'in', [...scaleIds]).execute() : [];
  const valuesOf = new Map(scales.map((s) => [s.id, scaleItems(s.scale).map((v) => formatString(v))]));
  for (const c of competencies) {
    const framework = frameworks.get(c.competencyframeworkid);
    const ownScale = c.scaleid !== null;
    const scaleid = ownScale ? (c.scaleid ?? 0) : (framework?.scaleid ?? 0);
    const configuration = ownScale ? c.scaleconfiguration : (framework?.scaleconfiguration ?? null);
    out.set(c.id, { scaleid, values: valuesOf.get(scaleid) ?? [], ...parseConfiguration(configuration) });
  }
  return out;
}

/** The name of a grade on a scale, or '-' when there is none. */
export function gradeName(scale: CompetencyScale | undefined, grade: number | null): string {
  if (grade === null || !scale) return '-';
  return scale.values[grade - 1] ?? '-';
}

export function scaleValueList(scale: CompetencyScale | undefined): Array<{ id: number; name: string }> {
  return (scale?.values ?? []).map((name, i) => ({ id: i + 1, name }));
}
