import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { tableNames } from '../../db/tables';
import { formatString } from '../../platform/sanitize';
import type { CallContext } from '../../ws/method';

/**
 * The tables that link to competencies (courses, activities, templates, plans, ratings). They belong to
 * the learning-plan side of core_competency, which may not be installed: a missing table links nothing.
 */
const REFERENCES = [
  'competency_coursecomp',
  'competency_modulecomp',
  'competency_templatecomp',
  'competency_plancomp',
  'competency_usercomp',
  'competency_usercompplan',
] as const;

/** The tables of users' ratings (live and archived in plans). */
export const RATINGS = ['competency_usercomp', 'competency_usercompplan'] as const;

/** Whether any competency selected by `ids` (a subquery of competency ids) is linked from elsewhere (or from the given tables only). */
export async function competenciesInUse(db: Kysely<DB>, ids: SelectQueryBuilder<DB, 'competency', { id: number }>, tables: readonly string[] = REFERENCES): Promise<boolean> {
  const present = new Set(await tableNames(db));
  for (const table of tables) {
    if (!present.has(table)) continue;
    // The table is not in DB's types while its component is absent, so the query names it through sql.table.
    const hit = await sql<{ one: number }>`select 1 as one from ${sql.table(table)} where competencyid in (${ids}) limit 1`.execute(db);
    if (hit.rows.length > 0) return true;
  }
  return false;
}

/** The courses a competency is linked to (through competency_coursecomp, when installed) that the caller can see. */
export async function linkedCourses(ctx: CallContext, competencyid: number): Promise<Array<{ id: number; fullname: string; shortname: string }>> {
  const present = new Set(await tableNames(ctx.db));
  if (!present.has('competency_coursecomp')) return [];
  // competency_coursecomp is not in DB's types while its component is absent (see REFERENCES).
  const rows = await sql<{ id: number; fullname: string; shortname: string; visible: number }>`
    select c.id, c.fullname, c.shortname, c.visible from competency_coursecomp cc join course c on c.id = cc.courseid
    where cc.competencyid = ${competencyid} order by c.fullname`.execute(ctx.db);
  const canSeeHidden = await ctx.access.isSiteAdmin();
  return rows.rows.filter((r) => r.visible === 1 || canSeeHidden).map((r) => ({ id: r.id, fullname: formatString(r.fullname), shortname: formatString(r.shortname) }));
}
