import type {
  COMPETENCY_FILTER_COLUMNS} from '../../../api/competency';
import {
  coreCompetencyAddRelatedCompetency,
  coreCompetencyCountCompetencies,
  coreCompetencyCountCoursesUsingCompetency,
  coreCompetencyCreateCompetency,
  coreCompetencyListCompetencies,
  coreCompetencyDeleteCompetency,
  coreCompetencyMoveDownCompetency,
  coreCompetencyMoveUpCompetency,
  coreCompetencyReadCompetency,
  coreCompetencyRemoveRelatedCompetency,
  coreCompetencySearchCompetencies,
  coreCompetencySetParentCompetency,
  coreCompetencyUpdateCompetency,
  RULE_TYPES,
  toolLpDataForCompetenciesManagePage,
  toolLpDataForCompetencySummary,
  toolLpDataForRelatedCompetenciesSection,
  toolLpListCompetencyTreeBranch,
  toolLpListCoursesUsingCompetency,
  type Competency,
} from '../../../api/competency';
import { normaliseRule, ruleProblem } from '../../../api/competencyrules';
import { getSystemContext } from '../../platform/access/contexts';
import { invalidParameter, invalidRecord } from '../../platform/errors';
import { now } from '../../platform/platform';
import { formatString, formatText } from '../../platform/sanitize';
import { defineMethod, type CallContext } from '../../ws/method';
import { COMPONENT, competencyById, plainName, competencyError, frameworkById, frameworkContext, managedFramework, readableFramework, requireRead, type CompetencyRow } from './access';
import { exportFrameworks, scaleValues, taxonomyOf } from './frameworks';
import { childIds, deleteSubtree, insertCompetency, levelOf, moveBy, setParent } from './tree';
import { branchNodes, firstLevels, inChunks, matchingIds, nodesByIds } from './tree-nodes';
import { linkedCourses } from './usage';
import type { SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema';

export function exportCompetency(r: CompetencyRow): Competency {
  return {
    id: r.id,
    shortname: plainName(r.shortname),
    idnumber: plainName(r.idnumber),
    description: formatText(r.description, r.descriptionformat),
    descriptionformat: 1,
    sortorder: r.sortorder,
    parentid: r.parentid,
    path: r.path,
    ruleoutcome: r.ruleoutcome,
    ruletype: r.ruletype,
    ruleconfig: r.ruleconfig,
    scaleid: r.scaleid,
    scaleconfiguration: r.scaleconfiguration,
    competencyframeworkid: r.competencyframeworkid,
    timecreated: Number(r.timecreated),
    timemodified: Number(r.timemodified),
    usermodified: r.usermodified,
  };
}

/** A competency with the caller's right to manage it checked in its framework's context. */
async function managedCompetency(ctx: CallContext, id: number) {
  const competency = await competencyById(ctx, id);
  const { framework } = await managedFramework(ctx, competency.competencyframeworkid);
  return { competency, framework };
}

async function readableCompetency(ctx: CallContext, id: number) {
  const competency = await competencyById(ctx, id);
  const { framework, context, canmanage } = await readableFramework(ctx, competency.competencyframeworkid);
  return { competency, framework, context, canmanage };
}

async function requireFreeIdnumber(ctx: CallContext, frameworkid: number, idnumber: string, exceptId: number): Promise<void> {
  const taken = await ctx.db.selectFrom('competency').select('id').where('competencyframeworkid', '=', frameworkid).where('idnumber', '=', idnumber).where('id', '!=', exceptId).executeTakeFirst();
  if (taken) throw competencyError('idnumbertaken', undefined, { idnumber: ctx.platform.strings.get('idnumbertaken', COMPONENT, undefined, ctx.lang) });
}

const createCompetency = defineMethod(coreCompetencyCreateCompetency, async (ctx, { competency: { competencyframeworkid, parentid, ...fields } }) => {
  await managedFramework(ctx, competencyframeworkid);
  const parent = parentid ? await competencyById(ctx, parentid) : null;
  if (parent && parent.competencyframeworkid !== competencyframeworkid) throw competencyError('invalidparent');
  await requireFreeIdnumber(ctx, competencyframeworkid, fields.idnumber, 0);
  const id = await insertCompetency(ctx.db, competencyframeworkid, parent, fields, ctx.user?.id ?? 0);
  return exportCompetency(await competencyById(ctx, id));
});

const readCompetency = defineMethod(coreCompetencyReadCompetency, async (ctx, { id }) => exportCompetency((await readableCompetency(ctx, id)).competency));

const updateCompetency = defineMethod(coreCompetencyUpdateCompetency, async (ctx, { competency: args }) => {
  const { competency } = await managedCompetency(ctx, args.id);
  if (args.idnumber !== undefined) await requireFreeIdnumber(ctx, competency.competencyframeworkid, args.idnumber, competency.id);
  const rule = normaliseRule({
    ruleoutcome: args.ruleoutcome ?? competency.ruleoutcome,
    ruletype: args.ruletype === undefined ? competency.ruletype : args.ruletype,
    ruleconfig: args.ruleconfig === undefined ? competency.ruleconfig : args.ruleconfig,
  });
  const problem = ruleProblem(rule, competency.id, await childIds(ctx.db, competency.id));
  if (problem) throw competencyError(problem);
  await ctx.db
    .updateTable('competency')
    .set({
      ...(args.shortname !== undefined ? { shortname: args.shortname } : {}),
      ...(args.idnumber !== undefined ? { idnumber: args.idnumber } : {}),
      ...(args.description !== undefined ? { description: args.description } : {}),
      ...(args.descriptionformat !== undefined ? { descriptionformat: args.descriptionformat } : {}),
      ...rule,
      timemodified: now(),
      usermodified: ctx.user?.id ?? 0,
    })
    .where('id', '=', competency.id)
    .execute();
  return true;
});

const deleteCompetency = defineMethod(coreCompetencyDeleteCompetency, async (ctx, { id }) => {
  const { competency } = await managedCompetency(ctx, id);
  return deleteSubtree(ctx.db, competency);
});

const searchCompetencies = defineMethod(coreCompetencySearchCompetencies, async (ctx, { searchtext, competencyframeworkid }) => {
  await readableFramework(ctx, competencyframeworkid);
  const ids = await matchingIds(ctx.db, competencyframeworkid, searchtext);
  const rows = await inChunks(ids, (chunk) => {
    const q = ctx.db.selectFrom('competency').selectAll().where('competencyframeworkid', '=', competencyframeworkid);
    return (chunk ? q.where('id', 'in', chunk) : q).execute();
  });
  return rows.map(exportCompetency);
});

type CompetencyFilter = { column: (typeof COMPETENCY_FILTER_COLUMNS)[number]; value: string };
const NUMERIC_COLUMNS = new Set<string>(['id', 'sortorder', 'parentid', 'competencyframeworkid']);

/**
 * The competencies matching every filter exactly, after checking that the caller may view them: in the
 * filtered framework's context, or at the system level when no framework is named.
 */
async function filteredCompetencies(ctx: CallContext, filters: readonly CompetencyFilter[]): Promise<SelectQueryBuilder<DB, 'competency', object>> {
  const values = filters.map(({ column, value }) => {
    if (!NUMERIC_COLUMNS.has(column)) return { column, value: value };
    if (!/^-?\d{1,15}$/.test(value.trim())) throw invalidParameter(`filters: ${column} needs a whole number, not "${value}"`);
    return { column, value: Number(value.trim()) };
  });
  const frameworkFilter = values.findLast((f) => f.column === 'competencyframeworkid');
  if (frameworkFilter) await readableFramework(ctx, Number(frameworkFilter.value));
  else await requireRead(ctx, await getSystemContext(ctx.db));
  let query = ctx.db.selectFrom('competency');
  for (const { column, value } of values) query = query.where(column, '=', value);
  return query;
}

const listCompetencies = defineMethod(coreCompetencyListCompetencies, async (ctx, { filters, sort, order, skip, limit }) => {
  let query = (await filteredCompetencies(ctx, filters)).selectAll();
  const direction = order === 'DESC' ? 'desc' : 'asc';
  if (sort) query = query.orderBy(sort, direction);
  query = query.orderBy('id', direction);
  if (limit > 0) query = query.limit(limit).offset(skip);
  else if (skip > 0) query = query.limit(1_000_000_000).offset(skip);
  return (await query.execute()).map(exportCompetency);
});

const countCompetencies = defineMethod(coreCompetencyCountCompetencies, async (ctx, { filters }) => {
  const row = await (await filteredCompetencies(ctx, filters)).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
});

const setParentCompetency = defineMethod(coreCompetencySetParentCompetency, async (ctx, { competencyid, parentid }) => {
  const { competency } = await managedCompetency(ctx, competencyid);
  await setParent(ctx.db, competency, parentid);
  return true;
});

const moveUp = defineMethod(coreCompetencyMoveUpCompetency, async (ctx, { id }) => moveBy(ctx.db, (await managedCompetency(ctx, id)).competency, -1));
const moveDown = defineMethod(coreCompetencyMoveDownCompetency, async (ctx, { id }) => moveBy(ctx.db, (await managedCompetency(ctx, id)).competency, 1));

const addRelated = defineMethod(coreCompetencyAddRelatedCompetency, async (ctx, { competencyid, relatedcompetencyid }) => {
  const { competency } = await managedCompetency(ctx, competencyid);
  const related = await competencyById(ctx, relatedcompetencyid);
  if (related.id === competency.id) throw competencyError('relatedself');
  if (related.competencyframeworkid !== competency.competencyframeworkid) throw competencyError('relatedotherframework');
  const pair = { competencyid: Math.min(competency.id, related.id), relatedcompetencyid: Math.max(competency.id, related.id) };
  const existing = await ctx.db.selectFrom('competency_relatedcomp').select('id').where('competencyid', '=', pair.competencyid).where('relatedcompetencyid', '=', pair.relatedcompetencyid).executeTakeFirst();
  if (!existing) {
    const t = now();
    await ctx.db.insertInto('competency_relatedcomp').values({ ...pair, timecreated: t, timemodified: t, usermodified: ctx.user?.id ?? 0 }).execute();
  }
  return true;
});

const removeRelated = defineMethod(coreCompetencyRemoveRelatedCompetency, async (ctx, { competencyid, relatedcompetencyid }) => {
  await managedCompetency(ctx, competencyid);
  const result = await ctx.db
    .deleteFrom('competency_relatedcomp')
    .where('competencyid', '=', Math.min(competencyid, relatedcompetencyid))
    .where('relatedcompetencyid', '=', Math.max(competencyid, relatedcompetencyid))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
});

async function relatedOf(ctx: CallContext, id: number): Promise<Competency[]> {
  const rows = await ctx.db
    .selectFrom('competency_relatedcomp as r')
    .innerJoin('competency as c', (join) => join.on((eb) => eb.or([eb.and([eb('r.competencyid', '=', id), eb('c.id', '=', eb.ref('r.relatedcompetencyid'))]), eb.and([eb('r.relatedcompetencyid', '=', id), eb('c.id', '=', eb.ref('r.competencyid'))])])))
    .selectAll('c')
    .where((eb) => eb.or([eb('r.competencyid', '=', id), eb('r.relatedcompetencyid', '=', id)]))
    .orderBy('c.shortname')
    .execute();
  return rows.map(exportCompetency);
}

const relatedSection = defineMethod(toolLpDataForRelatedCompetenciesSection, async (ctx, { competencyid }) => {
  const { canmanage } = await readableCompetency(ctx, competencyid);
  return { relatedcompetencies: await relatedOf(ctx, competencyid), showdeleterelatedaction: canmanage };
});

const competencySummary = defineMethod(toolLpDataForCompetencySummary, async (ctx, { competencyid, includerelated, includecourses }) => {
  const { competency, framework, context, canmanage } = await readableCompetency(ctx, competencyid);
  const [frameworkOut] = await exportFrameworks(ctx, [framework], new Map([[context.id, context]]), () => canmanage);
  const relatedcompetencies = includerelated ? await relatedOf(ctx, competency.id) : [];
  const linkedcourses = includecourses ? await linkedCourses(ctx, competency.id) : [];
  const scaleid = competency.scaleid ?? framework.scaleid;
  const values = (await scaleValues(ctx, scaleid)) ?? [];
  if (!frameworkOut) throw competencyError('invalidframework');
  return {
    competency: exportCompetency(competency),
    framework: frameworkOut,
    linkedcourses,
    relatedcompetencies,
    hascourses: linkedcourses.length > 0,
    hasrelatedcompetencies: relatedcompetencies.length > 0,
    scaleconfiguration: competency.scaleconfiguration ?? framework.scaleconfiguration,
    scalevalues: values.map((name, i) => ({ id: i + 1, name: formatString(name) })),
    taxonomyterm: taxonomyOf(framework.taxonomies, levelOf(competency.path)),
  };
});

const competenciesManagePage = defineMethod(toolLpDataForCompetenciesManagePage, async (ctx, { competencyframeworkid, search }) => {
  const framework = await frameworkById(ctx, competencyframeworkid);
  const context = await frameworkContext(ctx, framework);
  const { canmanage } = await requireRead(ctx, context);
  const [frameworkOut] = await exportFrameworks(ctx, [framework], new Map([[context.id, context]]), () => canmanage);
  if (!frameworkOut) throw competencyError('invalidframework');
  const ids = await matchingIds(ctx.db, framework.id, search);
  return {
    framework: frameworkOut,
    canmanage,
    pagecontextid: context.id,
    search,
    rulesmodules: JSON.stringify(RULE_TYPES.map((type) => ({ type, name: ctx.platform.strings.get(type === RULE_TYPES[0] ? 'ruleall' : 'rulepoints', COMPONENT, undefined, ctx.lang) }))),
    pluginbaseurl: `${ctx.platform.config.wwwroot}/admin/tool/lp`,
    competencies: ids === null ? await firstLevels(ctx.db, framework.id) : await nodesByIds(ctx.db, framework.id, ids),
  };
});

const treeBranch = defineMethod(toolLpListCompetencyTreeBranch, async (ctx, { competencyframeworkid, parentid }) => {
  await readableFramework(ctx, competencyframeworkid);
  if (parentid !== 0) {
    const parent = await competencyById(ctx, parentid);
    // Another framework's competency is as unknown here as one that does not exist.
    if (parent.competencyframeworkid !== competencyframeworkid) throw invalidRecord('competency', `competency ${parentid} in framework ${competencyframeworkid}`);
  }
  return branchNodes(ctx.db, competencyframeworkid, parentid);
});

const coursesUsing = defineMethod(toolLpListCoursesUsingCompetency, async (ctx, { id }) => {
  await readableCompetency(ctx, id);
  return linkedCourses(ctx, id);
});

const countCoursesUsing = defineMethod(coreCompetencyCountCoursesUsingCompetency, async (ctx, { id }) => {
  await readableCompetency(ctx, id);
  return (await linkedCourses(ctx, id)).length;
});

export const competencyMethods = [
  coursesUsing,
  countCoursesUsing,
  listCompetencies,
  countCompetencies,
  createCompetency,
  readCompetency,
  updateCompetency,
  deleteCompetency,
  searchCompetencies,
  setParentCompetency,
  moveUp,
  moveDown,
  addRelated,
  removeRelated,
  relatedSection,
  competencySummary,
  competenciesManagePage,
  treeBranch,
];
