import { coreGradingGetDefinitions, coreGradingSaveGuide, validateGuideInput, type GuideDefinitionInfo } from '../../../api/grading';
import { AppError, invalidParameter } from '../../platform/errors';
import { now } from '../../platform/platform';
import { defineMethod, type CallContext } from '../../ws/method';
import { requireModuleAccess } from '../courseformat/access';
import { areaGuide, ensureArea, findArea, setActiveMethod, type GuideDefinition } from './service';

/** The capability to define grading forms, checked in the module context. */
const MANAGE = 'moodle/grade:managegradingforms';

/** The module's grading component and contexts, after the module and capability checks. */
async function requireManage(ctx: CallContext, cmid: number) {
  const access = await requireModuleAccess(ctx, cmid);
  await ctx.access.requireCapability(MANAGE, access.modcontext);
  return { ...access, component: `mod_${access.cm.modname}` };
}

/** A guide as the web services answer it; markers' descriptions are for those who manage grading forms. */
export function guideInfo(guide: GuideDefinition, timemodified: number): GuideDefinitionInfo {
  return {
    id: guide.id,
    method: 'guide',
    name: guide.name,
    description: guide.description,
    status: guide.status,
    timemodified,
    guide: { criteria: guide.criteria.map((c) => ({ ...c })), comments: guide.comments.map((c) => ({ ...c })) },
  };
}

async function definitionTime(ctx: CallContext, id: number): Promise<number> {
  const row = await ctx.db.selectFrom('grading_definitions').select('timemodified').where('id', '=', id).executeTakeFirst();
  return row?.timemodified ?? 0;
}

const getDefinitions = defineMethod(coreGradingGetDefinitions, async (ctx, args) => {
  const areas = [];
  for (const cmid of [...new Set(args.cmids)]) {
    const { modcontext, component } = await requireManage(ctx, cmid);
    const area = await findArea(ctx.db, modcontext.id, component, args.areaname);
    const activemethod = area?.activemethod ?? '';
    const guide = area && (!args.activeonly || activemethod === 'guide') ? await areaGuide(ctx.db, area.id) : null;
    areas.push({
      cmid,
      contextid: modcontext.id,
      component,
      areaname: args.areaname,
      activemethod,
      definitions: guide ? [guideInfo(guide, await definitionTime(ctx, guide.id))] : [],
    });
  }
  return { areas, warnings: [] };
});

/** Rows to keep, add and delete: ids not in the definition are refused; a missing id deletes. */
function plan<T extends { id: number }>(existing: ReadonlySet<number>, given: readonly T[], what: string) {
  const kept = new Set<number>();
  for (const row of given) {
    if (row.id === 0) continue;
    if (!existing.has(row.id) || kept.has(row.id)) throw invalidParameter(`${what} ${row.id} is not part of this guide, or given twice`);
    kept.add(row.id);
  }
  return { removed: [...existing].filter((id) => !kept.has(id)) };
}

const saveGuide = defineMethod(coreGradingSaveGuide, async (ctx, args) => {
  const { modcontext, component } = await requireManage(ctx, args.cmid);
  const errors = validateGuideInput({ name: args.name, status: args.status, criteria: args.criteria });
  if (errors.length > 0) {
    const fields: Record<string, string> = {};
    for (const e of errors) fields[e.field] ??= ctx.platform.strings.get(e.errorcode, 'core_grading', undefined, ctx.lang);
    const list = Object.entries(fields).map(([field, message]) => `${field}: ${message}`).join('; ');
    throw new AppError('invalidguide', { component: 'core_grading', a: list, fields });
  }
  const userid = ctx.user?.id ?? 0;
  const t = now();
  const areaid = await ensureArea(ctx.db, modcontext.id, component, args.areaname);
  const existing = await ctx.db.selectFrom('grading_definitions').select('id').where('areaid', '=', areaid).where('method', '=', 'guide').executeTakeFirst();
  const fields = { name: args.name.trim(), description: args.description, descriptionformat: 1, status: args.status, timemodified: t, usermodified: userid };
  const definitionid = existing
    ? (await ctx.db.updateTable('grading_definitions').set(fields).where('id', '=', existing.id).returning('id').executeTakeFirstOrThrow()).id
    : (
        await ctx.db
          .insertInto('grading_definitions')
          .values({ ...fields, areaid, method: 'guide', copiedfromid: null, options: JSON.stringify({ alwaysshowdefinition: 1, showmarkspercriterionstudents: 1 }), timecreated: t, usercreated: userid })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;

  // Criteria: update those kept, in the given order; add new ones; delete those left out with their fillings.
  const criterionIds = new Set((await ctx.db.selectFrom('gradingform_guide_criteria').select('id').where('definitionid', '=', definitionid).execute()).map((r) => r.id));
  const criteriaPlan = plan(criterionIds, args.criteria, 'criterion');
  if (criteriaPlan.removed.length > 0) {
    await ctx.db.deleteFrom('gradingform_guide_fillings').where('criterionid', 'in', criteriaPlan.removed).execute();
    await ctx.db.deleteFrom('gradingform_guide_criteria').where('id', 'in', criteriaPlan.removed).execute();
  }
  const newCriteria = [];
  for (const [index, c] of args.criteria.entries()) {
    const values = { sortorder: index + 1, shortname: c.shortname.trim(), description: c.description, descriptionmarkers: c.descriptionmarkers, maxscore: c.maxscore };
    if (c.id === 0) newCriteria.push({ ...values, definitionid, descriptionformat: 1, descriptionmarkersformat: 1 });
    else await ctx.db.updateTable('gradingform_guide_criteria').set(values).where('id', '=', c.id).execute();
  }
  if (newCriteria.length > 0) await ctx.db.insertInto('gradingform_guide_criteria').values(newCriteria).execute();

  // Comments: the same, skipping those with empty text (a kept comment emptied is deleted).
  const comments = args.comments.filter((c) => c.description.trim() !== '');
  const commentIds = new Set((await ctx.db.selectFrom('gradingform_guide_comments').select('id').where('definitionid', '=', definitionid).execute()).map((r) => r.id));
  const commentsPlan = plan(commentIds, comments, 'comment');
  if (commentsPlan.removed.length > 0) await ctx.db.deleteFrom('gradingform_guide_comments').where('id', 'in', commentsPlan.removed).execute();
  const newComments = [];
  for (const [index, c] of comments.entries()) {
    if (c.id === 0) newComments.push({ definitionid, sortorder: index + 1, description: c.description, descriptionformat: 1 });
    else await ctx.db.updateTable('gradingform_guide_comments').set({ sortorder: index + 1, description: c.description }).where('id', '=', c.id).execute();
  }
  if (newComments.length > 0) await ctx.db.insertInto('gradingform_guide_comments').values(newComments).execute();

  await setActiveMethod(ctx.db, modcontext.id, component, args.areaname, 'guide');
  const saved = await areaGuide(ctx.db, areaid);
  if (!saved) throw new Error(`guide ${definitionid} vanished while saving`);
  return guideInfo(saved, t);
});

export const gradingMethods = [getDefinitions, saveGuide];
