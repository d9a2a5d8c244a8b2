import type { CourseSummary } from '../../../api/competencyshapes';
import { formatString } from '../../platform/sanitize';
import type { CallContext } from '../../ws/method';

interface CourseRowLike {
  id: number;
  fullname: string;
  shortname: string;
  idnumber: string;
  visible: number;
}

export function courseSummary(ctx: CallContext, c: CourseRowLike): CourseSummary {
  return {
    id: c.id,
    fullname: formatString(c.fullname),
    shortname: formatString(c.shortname),
    idnumber: formatString(c.idnumber),
    visible: c.visible === 1,
    viewurl: `${ctx.platform.config.wwwroot}/course/view.php?id=${c.id}`,
  };
}

/** The courses each competency is linked to that the caller can see (hidden ones only for site admins), one query for all. */
export async function coursesLinkedTo(ctx: CallContext, competencyids: readonly number[]): Promise<Map<number, CourseSummary[]>> {
  const out = new Map<number, CourseSummary[]>();
  if (competencyids.length === 0) return out;
  const rows = await ctx.db
    .selectFrom('competency_coursecomp as cc')
    .innerJoin('course as c', 'c.id', 'cc.courseid')
    .select(['cc.competencyid', 'c.id', 'c.fullname', 'c.shortname', 'c.idnumber', 'c.visible'])
    .where('cc.competencyid', 'in', competencyids)
    .orderBy('c.fullname')
    .execute();
  const seeHidden = rows.some((r) => r.visible !== 1) && (await ctx.access.isSiteAdmin());
  for (const r of rows) {
    if (r.visible !== 1 && !seeHidden) continue;
    out.set(r.competencyid, [...(out.get(r.competencyid) ?? []), courseSummary(ctx, r)]);
  }
  return out;
}
