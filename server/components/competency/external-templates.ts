import {
  coreCompetencyAddCompetencyToTemplate,
  coreCompetencyCountCompetenciesInTemplate,
  coreCompetencyCountTemplates,
  coreCompetencyCountTemplatesUsingCompetency,
  coreCompetencyCreateTemplate,
  coreCompetencyDeleteTemplate,
  coreCompetencyDuplicateTemplate,
  coreCompetencyListCompetenciesInTemplate,
  coreCompetencyListTemplates,
  coreCompetencyListTemplatesUsingCompetency,
  coreCompetencyReadTemplate,
  coreCompetencyRemoveCompetencyFromTemplate,
  coreCompetencyReorderTemplateCompetency,
  coreCompetencyTemplateHasRelatedData,
  coreCompetencyTemplateViewed,
  coreCompetencyUpdateTemplate,
  toolLpDataForTemplateCompetenciesPage,
  toolLpDataForTemplatesManagePage,
} from '../../../api/plans';
import { CAP_COMPETENCY_MANAGE } from '../../../api/competency';
import { CAP_TEMPLATE_MANAGE, CAP_TEMPLATE_VIEW, PLAN_STATUS_COMPLETE } from '../../../api/competencyshapes';
import { getContextById, getSystemContext } from '../../platform/access/contexts';
import { logContextEvent } from '../../platform/events';
import { now } from '../../platform/platform';
import { formatString } from '../../platform/sanitize';
import type { CallContext } from '../../ws/method';
import { defineMethod } from '../../ws/method';
import { contextNames } from '../role/context-info';
import { COMPONENT, competencyById, readableFramework } from './access';
import { resolveContext, type Includes } from './contexts';
import { requireFrameworkContext } from './frameworks';
import { linkedCompetencies } from './linked';
import { addLink, linkCount, linkedIds, removeLink, reorderLink, requireVisibleFramework } from './links';
import { deletePlan, unlinkPlan } from './plans';
import { requirePlanManage, userRights, type UserRights } from './rights';
import { exportTemplate, exportTemplates, managedTemplate, propagateToPlans, readableTemplate, requireValidTemplateDuedate, templateById, templateContexts } from './templates';

const actor = (ctx: CallContext) => ctx.user?.id ?? 0;

const createTemplate = defineMethod(coreCompetencyCreateTemplate, async (ctx, { template: args }) => {
  const { contextid, contextlevel, instanceid, ...fields } = args;
  const context = await resolveContext(ctx, { contextid, contextlevel: contextid || contextlevel ? contextlevel : 'system', instanceid });
  requireFrameworkContext(context);
  await ctx.access.requireCapability(CAP_TEMPLATE_MANAGE, context);
  requireValidTemplateDuedate(ctx, fields.duedate);
  const t = now();
  const row = await ctx.db
    .insertInto('competency_template')
    .values({ ...fields, visible: fields.visible ? 1 : 0, contextid: context.id, timecreated: t, timemodified: t, usermodified: actor(ctx) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return exportTemplate(ctx, row, true);
});

const readTemplate = defineMethod(coreCompetencyReadTemplate, async (ctx, { id }) => {
  const { template, canmanage } = await readableTemplate(ctx, id);
  return exportTemplate(ctx, template, canmanage);
});

const updateTemplate = defineMethod(coreCompetencyUpdateTemplate, async (ctx, { template: { id, visible, ...fields } }) => {
  const { template } = await managedTemplate(ctx, id);
  if (fields.duedate !== undefined) requireValidTemplateDuedate(ctx, fields.duedate, Number(template.duedate));
  const changes = { ...fields, ...(visible === undefined ? {} : { visible: visible ? 1 : 0 }) };
  await ctx.db
    .updateTable('competency_template')
    .set({ ...changes, timemodified: now(), usermodified: actor(ctx) })
    .where('id', '=', id)
    .execute();
  const planFields = ['shortname', 'description', 'descriptionformat', 'duedate'] as const;
  if (planFields.some((f) => fields[f] !== undefined)) await propagateToPlans(ctx.db, await templateById(ctx, id));
  return true;
});

/** The caller's rights over each plan owner, refusing when they may not manage one of the plans. */
async function requireManageAll(ctx: CallContext, plans: ReadonlyArray<{ userid: number; status: number }>): Promise<void> {
  const rights = new Map<number, UserRights>();
  for (const plan of plans) {
    if (!rights.has(plan.userid)) rights.set(plan.userid, await userRights(ctx, plan.userid));
    requirePlanManage(rights.get(plan.userid) as UserRights, plan.status);
  }
}

const deleteTemplate = defineMethod(coreCompetencyDeleteTemplate, async (ctx, { id, deleteplans }) => {
  const { template, context } = await managedTemplate(ctx, id);
  const plans = await ctx.db.selectFrom('competency_plan').selectAll().where('templateid', '=', id).execute();
  await requireManageAll(ctx, plans);
  for (const plan of plans) {
    if (deleteplans) await deletePlan(ctx.db, plan);
    // A complete plan keeps its frozen competencies; unlinking it only forgets the template.
    else if (plan.status === PLAN_STATUS_COMPLETE) await ctx.db.updateTable('competency_plan').set({ origtemplateid: id, templateid: null }).where('id', '=', plan.id).execute();
    else await unlinkPlan(ctx.db, plan, actor(ctx));
  }
  await ctx.db.deleteFrom('competency_templatecohort').where('templateid', '=', id).execute();
  await ctx.db.deleteFrom('competency_templatecomp').where('templateid', '=', id).execute();
  await ctx.db.deleteFrom('competency_template').where('id', '=', id).execute();
  await logContextEvent(ctx, context, { eventname: '\\core\\event\\competency_template_deleted', component: COMPONENT, action: 'deleted', target: 'competency_template', objecttable: 'competency_template', objectid: template.id, crud: 'd' });
  return true;
});

const duplicateTemplate = defineMethod(coreCompetencyDuplicateTemplate, async (ctx, { id }) => {
  const { template } = await managedTemplate(ctx, id);
  const t = now();
  const { id: _id, ...fields } = template;
  const shortname = ctx.platform.strings.get('duplicateditemname', COMPONENT, formatString(template.shortname), ctx.lang).slice(0, 100);
  const copy = await ctx.db
    .insertInto('competency_template')
    .values({ ...fields, shortname, timecreated: t, timemodified: t, usermodified: actor(ctx) })
    .returningAll()
    .executeTakeFirstOrThrow();
  // Competencies of frameworks hidden since are not carried over: they could not be added either.
  const visible = await ctx.db
    .selectFrom('competency_templatecomp as tc')
    .innerJoin('competency as c', 'c.id', 'tc.competencyid')
    .innerJoin('competency_framework as f', 'f.id', 'c.competencyframeworkid')
    .select('tc.competencyid')
    .where('tc.templateid', '=', id)
    .where('f.visible', '=', 1)
    .orderBy('tc.sortorder')
    .execute();
  if (visible.length) {
    await ctx.db
      .insertInto('competency_templatecomp')
      .values(visible.map((v, sortorder) => ({ templateid: copy.id, competencyid: v.competencyid, sortorder, timecreated: t, timemodified: t, usermodified: actor(ctx) })))
      .execute();
  }
  return exportTemplate(ctx, copy, true);
});

interface ListOptions {
  includes: Includes;
  onlyvisible: boolean;
  sort: '' | 'shortname' | 'id' | 'duedate' | 'timecreated' | 'timemodified';
  order: '' | 'ASC' | 'DESC';
  skip: number;
  limit: number;
}

async function listTemplates(ctx: CallContext, contextParam: Parameters<typeof resolveContext>[1], options: ListOptions) {
  const context = await resolveContext(ctx, contextParam);
  const { contexts, manage } = await templateContexts(ctx, context, options.includes);
  if (contexts.size === 0) return { context, templates: [] };
  let query = ctx.db.selectFrom('competency_template').selectAll().where('contextid', 'in', [...contexts.keys()]);
  if (options.onlyvisible) query = query.where('visible', '=', 1);
  query = query.orderBy(options.sort || 'shortname', options.order === 'DESC' ? 'desc' : 'asc').orderBy('id');
  if (options.limit > 0) query = query.limit(options.limit).offset(options.skip);
  else if (options.skip > 0) query = query.limit(1_000_000).offset(options.skip);
  const rows = await query.execute();
  return { context, templates: await exportTemplates(ctx, rows, (id) => manage.has(id)) };
}

const listTemplatesMethod = defineMethod(coreCompetencyListTemplates, async (ctx, args) => (await listTemplates(ctx, args.context, args)).templates);

const countTemplates = defineMethod(coreCompetencyCountTemplates, async (ctx, { context: param, includes }) => {
  const context = await resolveContext(ctx, param);
  const { contexts } = await templateContexts(ctx, context, includes);
  if (contexts.size === 0) return 0;
  const row = await ctx.db
    .selectFrom('competency_template')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('contextid', 'in', [...contexts.keys()])
    .executeTakeFirstOrThrow();
  return Number(row.n);
});

const hasRelatedData = defineMethod(coreCompetencyTemplateHasRelatedData, async (ctx, { id }) => {
  await readableTemplate(ctx, id);
  return Boolean(await ctx.db.selectFrom('competency_plan').select('id').where('templateid', '=', id).executeTakeFirst());
});

const templateViewed = defineMethod(coreCompetencyTemplateViewed, async (ctx, { id }) => {
  const { template, context } = await readableTemplate(ctx, id);
  await logContextEvent(ctx, context, { eventname: '\\core\\event\\competency_template_viewed', component: COMPONENT, action: 'viewed', target: 'competency_template', objecttable: 'competency_template', objectid: template.id, crud: 'r' });
  return true;
});

const addToTemplate = defineMethod(coreCompetencyAddCompetencyToTemplate, async (ctx, { templateid, competencyid }) => {
  await managedTemplate(ctx, templateid);
  const competency = await competencyById(ctx, competencyid);
  await readableFramework(ctx, competency.competencyframeworkid);
  await requireVisibleFramework(ctx.db, competencyid);
  return addLink(ctx.db, 'competency_templatecomp', templateid, competencyid, actor(ctx));
});

const removeFromTemplate = defineMethod(coreCompetencyRemoveCompetencyFromTemplate, async (ctx, { templateid, competencyid }) => {
  await managedTemplate(ctx, templateid);
  return removeLink(ctx.db, 'competency_templatecomp', templateid, competencyid);
});

const reorderInTemplate = defineMethod(coreCompetencyReorderTemplateCompetency, async (ctx, { templateid, competencyidfrom, competencyidto }) => {
  await managedTemplate(ctx, templateid);
  return reorderLink(ctx.db, 'competency_templatecomp', templateid, competencyidfrom, competencyidto);
});

async function templateCompetencyRows(ctx: CallContext, templateid: number) {
  const ids = await linkedIds(ctx.db, 'competency_templatecomp', templateid);
  if (ids.length === 0) return [];
  const rows = new Map((await ctx.db.selectFrom('competency').selectAll().where('id', 'in', ids).execute()).map((r) => [r.id, r]));
  return ids.flatMap((id) => rows.get(id) ?? []);
}

const listInTemplate = defineMethod(coreCompetencyListCompetenciesInTemplate, async (ctx, { id }) => {
  await readableTemplate(ctx, id);
  return (await linkedCompetencies(ctx, await templateCompetencyRows(ctx, id))).list.map((l) => l.competency);
});

const countInTemplate = defineMethod(coreCompetencyCountCompetenciesInTemplate, async (ctx, { id }) => {
  await readableTemplate(ctx, id);
  return linkCount(ctx.db, 'competency_templatecomp', id);
});

const templatesManagePage = defineMethod(toolLpDataForTemplatesManagePage, async (ctx, { pagecontext }) => {
  const { context, templates } = await listTemplates(ctx, pagecontext, { includes: 'children', onlyvisible: false, sort: 'shortname', order: '', skip: 0, limit: 0 });
  const names = await contextNames(ctx, [context]);
  return {
    templates,
    pluginbaseurl: `${ctx.platform.config.wwwroot}/admin/tool/lp`,
    navigation: [],
    pagecontextid: context.id,
    canmanage: await ctx.access.hasCapability(CAP_TEMPLATE_MANAGE, context),
    contextname: names.get(context.id)?.label ?? '',
  };
});

/** The number a count query answers. */
async function counted(query: Promise<{ n: number | string | bigint } | undefined>): Promise<number> {
  return Number((await query)?.n ?? 0);
}

const templateCompetenciesPage = defineMethod(toolLpDataForTemplateCompetenciesPage, async (ctx, { templateid, pagecontext }) => {
  const { template, context, canmanage } = await readableTemplate(ctx, templateid);
  const pageContext = pagecontext.contextid || pagecontext.contextlevel ? await resolveContext(ctx, pagecontext) : context;
  const rows = await templateCompetencyRows(ctx, templateid);
  const { list } = await linkedCompetencies(ctx, rows);
  const ids = rows.map((r) => r.id);
  const courseCounts = ids.length
    ? new Map(
        (
          await ctx.db
            .selectFrom('competency_coursecomp')
            .select(['competencyid', (eb) => eb.fn.countAll<number>().as('n')])
            .where('competencyid', 'in', ids)
            .groupBy('competencyid')
            .execute()
        ).map((r) => [r.competencyid, Number(r.n)]),
      )
    : new Map<number, number>();
  const count = (table: 'competency_plan', complete: boolean) =>
    counted(
      ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('templateid', '=', templateid)
        .$if(complete, (q) => q.where('status', '=', PLAN_STATUS_COMPLETE))
        .executeTakeFirst(),
    );
  const frozen = (proficientOnly: boolean) =>
    counted(
      ctx.db
        .selectFrom('competency_usercompplan as ucp')
        .innerJoin('competency_plan as p', 'p.id', 'ucp.planid')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('p.templateid', '=', templateid)
        .$if(proficientOnly, (q) => q.where('ucp.proficiency', '=', 1))
        .executeTakeFirst(),
    );
  return {
    template: await exportTemplate(ctx, template, canmanage),
    pagecontextid: pageContext.id,
    canmanagecompetencyframeworks: await ctx.access.hasCapability(CAP_COMPETENCY_MANAGE, pageContext),
    canmanagetemplatecompetencies: canmanage,
    competencies: list.map((l) => ({ ...l, linkedcoursescount: courseCounts.get(l.competency.id) ?? 0 })),
    manageurl: `${ctx.platform.config.wwwroot}/admin/tool/lp/competencyframeworks.php?pagecontextid=${pageContext.id}`,
    pluginbaseurl: `${ctx.platform.config.wwwroot}/admin/tool/lp`,
    statistics: {
      competencycount: list.length,
      linkedcompetencycount: [...courseCounts.values()].filter((n) => n > 0).length,
      plancount: await count('competency_plan', false),
      completedplancount: await count('competency_plan', true),
      usercompetencyplancount: await frozen(false),
      proficientusercompetencyplancount: await frozen(true),
    },
  };
});

/**
 * The templates holding a competency. Reading them needs template view (or manage) at the system level;
 * hidden templates are kept only for callers who manage templates there.
 */
async function templatesUsing(ctx: CallContext, competencyid: number) {
  await competencyById(ctx, competencyid);
  const system = await getSystemContext(ctx.db);
  const held = await ctx.access.hasCapabilities([CAP_TEMPLATE_VIEW, CAP_TEMPLATE_MANAGE], system);
  if (held.size === 0) await ctx.access.requireCapability(CAP_TEMPLATE_VIEW, system);
  const query = ctx.db
    .selectFrom('competency_template as t')
    .innerJoin('competency_templatecomp as tc', 'tc.templateid', 't.id')
    .where('tc.competencyid', '=', competencyid);
  return held.has(CAP_TEMPLATE_MANAGE) ? query : query.where('t.visible', '=', 1);
}

const listTemplatesUsing = defineMethod(coreCompetencyListTemplatesUsingCompetency, async (ctx, { id }) => {
  const rows = await (await templatesUsing(ctx, id)).selectAll('t').orderBy('t.shortname').orderBy('t.id').execute();
  const manage = new Set<number>();
  for (const contextid of new Set(rows.map((r) => r.contextid))) {
    const context = await getContextById(ctx.db, contextid);
    if (context && (await ctx.access.hasCapability(CAP_TEMPLATE_MANAGE, context))) manage.add(contextid);
  }
  return exportTemplates(ctx, rows, (contextid) => manage.has(contextid));
});

const countTemplatesUsing = defineMethod(coreCompetencyCountTemplatesUsingCompetency, async (ctx, { id }) => {
  const row = await (await templatesUsing(ctx, id)).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
});

export const templateMethods = [
  listTemplatesUsing,
  countTemplatesUsing,
  createTemplate,
  readTemplate,
  updateTemplate,
  deleteTemplate,
  duplicateTemplate,
  listTemplatesMethod,
  countTemplates,
  hasRelatedData,
  templateViewed,
  addToTemplate,
  removeFromTemplate,
  reorderInTemplate,
  listInTemplate,
  countInTemplate,
  templatesManagePage,
  templateCompetenciesPage,
];
