import type { Kysely, SelectQueryBuilder } from 'kysely';
import { CAP_COURSECOMPETENCY_MANAGE, CAP_COURSECOMPETENCY_VIEW } from '../../../api/competencyshapes';
import type { DB } from '../../db/schema';
import { formatString } from '../../platform/sanitize';
import type { CallContext } from '../../ws/method';
import { courseContexts } from '../course/access';

/** The tables that link to competencies: courses, activities, templates, plans and ratings. */
const REFERENCES = [
  'competency_coursecomp',
  'competency_modulecomp',
  'competency_templatecomp',
  'competency_plancomp',
  'competency_usercomp',
  'competency_usercompplan',
] as const;
type ReferenceTable = (typeof REFERENCES)[number];

/** The tables of users' ratings (live and archived in plans). */
export const RATINGS: readonly ReferenceTable[] = ['competency_usercomp', 'competency_usercompplan'];

/** Whether any competency selected by `ids` (a subquery of competency ids) is linked from elsewhere (or from the given tables only). */
export async function competenciesInUse(db: Kysely<DB>, ids: SelectQueryBuilder<DB, 'competency', { id: number }>, tables: readonly ReferenceTable[] = REFERENCES): Promise<boolean> {
  for (const table of tables) {
    const hit = await db.selectFrom(table).select('id').where('competencyid', 'in', ids).limit(1).executeTakeFirst();
    if (hit) return true;
  }
  return false;
}

/**
 * The courses a competency is linked to, by full name, keeping those the caller may see (visible, or
 * moodle/course:viewhiddencourses) and view course competencies in.
 */
export async function linkedCourses(ctx: CallContext, competencyid: number): Promise<Array<{ id: number; fullname: string; shortname: string }>> {
  const rows = await ctx.db
    .selectFrom('competency_coursecomp as cc')
    .innerJoin('course as c', 'c.id', 'cc.courseid')
    .select(['c.id', 'c.fullname', 'c.shortname', 'c.visible'])
    .where('cc.competencyid', '=', competencyid)
    .orderBy('c.fullname')
    .orderBy('c.id')
    .execute();
  const contexts = await courseContexts(ctx.db, rows.map((r) => r.id));
  const out: Array<{ id: number; fullname: string; shortname: string }> = [];
  for (const r of rows) {
    const context = contexts.get(r.id);
    if (!context) continue;
    const held = await ctx.access.hasCapabilities([CAP_COURSECOMPETENCY_VIEW, CAP_COURSECOMPETENCY_MANAGE, 'moodle/course:viewhiddencourses'], context);
    if (!held.has(CAP_COURSECOMPETENCY_VIEW) && !held.has(CAP_COURSECOMPETENCY_MANAGE)) continue;
    if (r.visible !== 1 && !held.has('moodle/course:viewhiddencourses')) continue;
    out.push({ id: r.id, fullname: formatString(r.fullname), shortname: formatString(r.shortname) });
  }
  return out;
}
