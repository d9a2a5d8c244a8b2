import {
  coreCompetencyAddCompetencyToCourse,
  coreCompetencyCountCompetenciesInCourse,
  coreCompetencyListCourseCompetencies,
  coreCompetencyListCourseModuleCompetencies,
  coreCompetencyRemoveCompetencyFromCourse,
  coreCompetencyReorderCourseCompetency,
  coreCompetencySetCourseCompetencyRuleoutcome,
  coreCompetencyUpdateCourseCompetencySettings,
  toolLpSetCourseModuleCompetency,
} from '../../../api/coursecompetency';
import { CAP_COURSECOMPETENCY_CONFIGURE, CAP_COURSECOMPETENCY_MANAGE, CAP_COURSECOMPETENCY_VIEW } from '../../../api/competencyshapes';
import { invalidRecord } from '../../platform/errors';
import { now } from '../../platform/platform';
import { defineMethod, type CallContext } from '../../ws/method';
import { requireModuleAccess } from '../courseformat/access';
import { competencyById, readableFramework } from './access';
import { courseCompetencyRows, exportCourseCompetency, exportModuleCompetency } from './course-export';
import { managedCourse, requireCourseCompetency, viewableCourse } from './coursecomps';
import { exportCompetency } from './external-competencies';
import { addLink, linkCount, removeLink, reorderLink, requireVisibleFramework } from './links';

const actor = (ctx: CallContext) => ctx.user?.id ?? 0;

const addToCourse = defineMethod(coreCompetencyAddCompetencyToCourse, async (ctx, { courseid, competencyid }) => {
  await managedCourse(ctx, courseid);
  const competency = await competencyById(ctx, competencyid);
  await readableFramework(ctx, competency.competencyframeworkid);
  await requireVisibleFramework(ctx.db, competencyid);
  return addLink(ctx.db, 'competency_coursecomp', courseid, competencyid, actor(ctx));
});

const removeFromCourse = defineMethod(coreCompetencyRemoveCompetencyFromCourse, async (ctx, { courseid, competencyid }) => {
  await managedCourse(ctx, courseid);
  const removed = await removeLink(ctx.db, 'competency_coursecomp', courseid, competencyid);
  if (removed) {
    // Its activity links in the course go with it (each closing its own gap).
    const modules = await ctx.db
      .selectFrom('competency_modulecomp as mc')
      .innerJoin('course_modules as cm', 'cm.id', 'mc.cmid')
      .select('mc.cmid')
      .where('cm.course', '=', courseid)
      .where('mc.competencyid', '=', competencyid)
      .execute();
    for (const m of modules) await removeLink(ctx.db, 'competency_modulecomp', m.cmid, competencyid);
  }
  return removed;
});

const reorderInCourse = defineMethod(coreCompetencyReorderCourseCompetency, async (ctx, { courseid, competencyidfrom, competencyidto }) => {
  await managedCourse(ctx, courseid);
  return reorderLink(ctx.db, 'competency_coursecomp', courseid, competencyidfrom, competencyidto);
});

const listCourseCompetencies = defineMethod(coreCompetencyListCourseCompetencies, async (ctx, { id }) => {
  await viewableCourse(ctx, id);
  const rows = await courseCompetencyRows(ctx, id);
  return rows.map(({ link, competency }) => ({ competency: exportCompetency(competency), coursecompetency: exportCourseCompetency(link) }));
});

const countInCourse = defineMethod(coreCompetencyCountCompetenciesInCourse, async (ctx, { id }) => {
  await viewableCourse(ctx, id);
  return linkCount(ctx.db, 'competency_coursecomp', id);
});

const setRuleOutcome = defineMethod(coreCompetencySetCourseCompetencyRuleoutcome, async (ctx, { coursecompetencyid, ruleoutcome }) => {
  const link = await ctx.db.selectFrom('competency_coursecomp').select(['id', 'courseid']).where('id', '=', coursecompetencyid).executeTakeFirst();
  if (!link) throw invalidRecord('competency_coursecomp', `course competency ${coursecompetencyid}`);
  await managedCourse(ctx, link.courseid);
  await ctx.db.updateTable('competency_coursecomp').set({ ruleoutcome, timemodified: now(), usermodified: actor(ctx) }).where('id', '=', link.id).execute();
  return true;
});

const updateSettings = defineMethod(coreCompetencyUpdateCourseCompetencySettings, async (ctx, { courseid, settings }) => {
  const { context } = await viewableCourse(ctx, courseid);
  await ctx.access.requireCapability(CAP_COURSECOMPETENCY_CONFIGURE, context);
  const t = now();
  const value = settings.pushratingstouserplans ? 1 : 0;
  await ctx.db
    .insertInto('competency_coursecompsetting')
    .values({ courseid, pushratingstouserplans: value, timecreated: t, timemodified: t, usermodified: actor(ctx) })
    .onConflict((oc) => oc.column('courseid').doUpdateSet({ pushratingstouserplans: value, timemodified: t, usermodified: actor(ctx) }))
    .execute();
  return true;
});

/** An activity the caller may enter, with its module context. */
async function moduleOf(ctx: CallContext, cmid: number) {
  const access = await requireModuleAccess(ctx, cmid);
  return { courseid: access.cm.course, context: access.modcontext };
}

const listModuleCompetencies = defineMethod(coreCompetencyListCourseModuleCompetencies, async (ctx, { cmid }) => {
  const { context } = await moduleOf(ctx, cmid);
  const held = await ctx.access.hasCapabilities([CAP_COURSECOMPETENCY_VIEW, CAP_COURSECOMPETENCY_MANAGE], context);
  if (held.size === 0) await ctx.access.requireCapability(CAP_COURSECOMPETENCY_VIEW, context);
  const links = await ctx.db.selectFrom('competency_modulecomp').selectAll().where('cmid', '=', cmid).orderBy('sortorder').execute();
  const rows = links.length ? await ctx.db.selectFrom('competency').selectAll().where('id', 'in', links.map((l) => l.competencyid)).execute() : [];
  const competencies = new Map(rows.map((c) => [c.id, c]));
  return links.flatMap((link) => {
    const competency = competencies.get(link.competencyid);
    return competency ? [{ competency: exportCompetency(competency), coursemodulecompetency: exportModuleCompetency(link) }] : [];
  });
});

const setModuleCompetency = defineMethod(toolLpSetCourseModuleCompetency, async (ctx, { cmid, competencyid, linked, ruleoutcome }) => {
  const { courseid, context } = await moduleOf(ctx, cmid);
  await ctx.access.requireCapability(CAP_COURSECOMPETENCY_MANAGE, context);
  if (!linked) return removeLink(ctx.db, 'competency_modulecomp', cmid, competencyid);
  await requireCourseCompetency(ctx, courseid, competencyid);
  await addLink(ctx.db, 'competency_modulecomp', cmid, competencyid, actor(ctx));
  await ctx.db
    .updateTable('competency_modulecomp')
    .set({ ruleoutcome, timemodified: now(), usermodified: actor(ctx) })
    .where('cmid', '=', cmid)
    .where('competencyid', '=', competencyid)
    .execute();
  return true;
});

export const courseMethods = [addToCourse, removeFromCourse, reorderInCourse, listCourseCompetencies, countInCourse, setRuleOutcome, updateSettings, listModuleCompetencies, setModuleCompetency];
