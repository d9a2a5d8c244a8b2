import type { Selectable } from 'kysely';
import type { CallContext } from '../../ws/method';
import type { CompetencyRow } from './access';
import type { CompetencyCourseCompSettingTable, CompetencyModuleCompTable, CourseCompetencyRow } from './plan-tables';
import { pushesRatings } from './ratings';

/** A course's competency links in order, each with its competency. */
export async function courseCompetencyRows(ctx: CallContext, courseid: number): Promise<Array<{ link: CourseCompetencyRow; competency: CompetencyRow }>> {
  const links = await ctx.db.selectFrom('competency_coursecomp').selectAll().where('courseid', '=', courseid).orderBy('sortorder').orderBy('id').execute();
  if (links.length === 0) return [];
  const competencies = new Map(
    (
      await ctx.db
        .selectFrom('competency')
        .selectAll()
        .where(
          'id',
          'in',
          links.map((l) => l.competencyid),
        )
        .execute()
    ).map((c) => [c.id, c]),
  );
  return links.flatMap((link) => {
    const competency = competencies.get(link.competencyid);
    return competency ? [{ link, competency }] : [];
  });
}

export function exportCourseCompetency(link: CourseCompetencyRow) {
  return {
    id: link.id,
    courseid: link.courseid,
    competencyid: link.competencyid,
    sortorder: link.sortorder,
    ruleoutcome: link.ruleoutcome,
    timecreated: Number(link.timecreated),
    timemodified: Number(link.timemodified),
    usermodified: link.usermodified,
  };
}

export function exportModuleCompetency(link: Selectable<CompetencyModuleCompTable>) {
  return {
    id: link.id,
    cmid: link.cmid,
    competencyid: link.competencyid,
    sortorder: link.sortorder,
    ruleoutcome: link.ruleoutcome,
    overridegrade: link.overridegrade === 1,
    timecreated: Number(link.timecreated),
    timemodified: Number(link.timemodified),
    usermodified: link.usermodified,
  };
}

/** The course's competency settings; an unsaved default (id 0) when it has none. */
export async function courseSettings(ctx: CallContext, courseid: number) {
  const row: Selectable<CompetencyCourseCompSettingTable> | undefined = await ctx.db.selectFrom('competency_coursecompsetting').selectAll().where('courseid', '=', courseid).executeTakeFirst();
  if (!row) return { id: 0, courseid, pushratingstouserplans: await pushesRatings(ctx.db, courseid), timecreated: 0, timemodified: 0, usermodified: 0 };
  return {
    id: row.id,
    courseid,
    pushratingstouserplans: row.pushratingstouserplans === 1,
    timecreated: Number(row.timecreated),
    timemodified: Number(row.timemodified),
    usermodified: row.usermodified,
  };
}
