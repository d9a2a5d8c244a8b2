import type { CompetencyPath } from '../../../api/competencyshapes';
import type { Competency } from '../../../api/competency';
import type { CallContext } from '../../ws/method';
import { competencyError, plainName, type CompetencyRow } from './access';
import { exportCompetency } from './external-competencies';
import { competencyScales, scaleValueList, type CompetencyScale } from './scales';

export interface LinkedCompetency {
  competency: Competency;
  comppath: CompetencyPath;
  scalevalues: Array<{ id: number; name: string }>;
}

/** Ids of a competency's ancestors, top first, read from its path. */
function ancestorIds(path: string): number[] {
  return path
    .split('/')
    .filter((p) => p !== '' && p !== '0')
    .map(Number);
}

/**
 * Competencies as lists of linked competencies show them (course, template, plan, report): each with
 * its framework and ancestors' names and its scale values. Three queries for any number.
 */
export async function linkedCompetencies(ctx: CallContext, rows: readonly CompetencyRow[]): Promise<{ list: LinkedCompetency[]; scales: Map<number, CompetencyScale> }> {
  if (rows.length === 0) return { list: [], scales: new Map() };
  const scales = await competencyScales(ctx.db, rows);
  const frameworks = new Map(
    (await ctx.db.selectFrom('competency_framework').select(['id', 'shortname']).where('id', 'in', [...new Set(rows.map((r) => r.competencyframeworkid))]).execute()).map((f) => [f.id, f]),
  );
  const ancestorSet = [...new Set(rows.flatMap((r) => ancestorIds(r.path)))];
  const ancestors = new Map<number, string>();
  for (let i = 0; i < ancestorSet.length; i += 500) {
    const chunk = ancestorSet.slice(i, i + 500);
    for (const a of await ctx.db.selectFrom('competency').select(['id', 'shortname']).where('id', 'in', chunk).execute()) ancestors.set(a.id, plainName(a.shortname));
  }
  const list = rows.map((r) => {
    const framework = frameworks.get(r.competencyframeworkid);
    if (!framework) throw competencyError('invalidframework');
    return {
      competency: exportCompetency(r),
      comppath: {
        framework: { id: framework.id, name: plainName(framework.shortname) },
        ancestors: ancestorIds(r.path).map((id) => ({ id, name: ancestors.get(id) ?? '' })),
      },
      scalevalues: scaleValueList(scales.get(r.id)),
    };
  });
  return { list, scales };
}
