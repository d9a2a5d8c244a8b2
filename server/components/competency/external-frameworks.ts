import {
  coreCompetencyCompetencyFrameworkViewed,
  coreCompetencyCountCompetencyFrameworks,
  coreCompetencyCreateCompetencyFramework,
  coreCompetencyDeleteCompetencyFramework,
  coreCompetencyDuplicateCompetencyFramework,
  coreCompetencyGetScaleValues,
  coreCompetencyListCompetencyFrameworks,
  coreCompetencyReadCompetencyFramework,
  coreCompetencyUpdateCompetencyFramework,
  toolLpDataForCompetencyFrameworksManagePage,
} from '../../../api/competency';
import { getContextById } from '../../platform/access/contexts';
import { invalidRecord } from '../../platform/errors';
import { logContextEvent } from '../../platform/events';
import { now } from '../../platform/platform';
import { formatString } from '../../platform/sanitize';
import { defineMethod, type CallContext } from '../../ws/method';
import { scaleItems } from '../grades/service';
import { contextNames } from '../role/context-info';
import { COMPONENT, competencyError, containsText, frameworkById, managedFramework, readableFramework, requireManage, type FrameworkRow } from './access';
import { frameworkContexts, resolveContext, type Includes } from './contexts';
import { competenciesInUse, RATINGS } from './usage';
import { deleteFramework, duplicateFramework, exportFrameworks, frameworkColumns, requireFrameworkContext, requireValidFramework } from './frameworks';

async function exportOne(ctx: CallContext, framework: FrameworkRow, canmanage: boolean) {
  const context = await getContextById(ctx.db, framework.contextid);
  const [out] = await exportFrameworks(ctx, [framework], new Map(context ? [[context.id, context]] : []), () => canmanage);
  if (!out) throw invalidRecord('competency_framework');
  return out;
}

const createFramework = defineMethod(coreCompetencyCreateCompetencyFramework, async (ctx, { competencyframework: args }) => {
  const { contextid, contextlevel, instanceid, ...fields } = args;
  const context = await resolveContext(ctx, { contextid, contextlevel: contextid || contextlevel ? contextlevel : 'system', instanceid });
  requireFrameworkContext(context);
  await requireManage(ctx, context);
  await requireValidFramework(ctx, fields, 0);
  const t = now();
  const row = await ctx.db
    .insertInto('competency_framework')
    .values({ ...frameworkColumns(fields), contextid: context.id, timecreated: t, timemodified: t, usermodified: ctx.user?.id ?? 0 })
    .returningAll()
    .executeTakeFirstOrThrow();
  return exportOne(ctx, row, true);
});

const readFramework = defineMethod(coreCompetencyReadCompetencyFramework, async (ctx, { id }) => {
  const { framework, canmanage } = await readableFramework(ctx, id);
  return exportOne(ctx, framework, canmanage);
});

const updateFramework = defineMethod(coreCompetencyUpdateCompetencyFramework, async (ctx, { competencyframework: { id, ...fields } }) => {
  const { framework } = await managedFramework(ctx, id);
  await requireValidFramework(ctx, fields, id);
  // Ratings are indexes into the scale: once anyone is rated, the scale stays.
  if (fields.scaleid !== framework.scaleid && (await competenciesInUse(ctx.db, ctx.db.selectFrom('competency').select('id').where('competencyframeworkid', '=', id), RATINGS))) {
    const message = ctx.platform.strings.get('scalelocked', COMPONENT, undefined, ctx.lang);
    throw competencyError('scalelocked', undefined, { scaleid: message });
  }
  await ctx.db
    .updateTable('competency_framework')
    .set({ ...frameworkColumns(fields), timemodified: now(), usermodified: ctx.user?.id ?? 0 })
    .where('id', '=', id)
    .execute();
  return true;
});

const deleteFrameworkMethod = defineMethod(coreCompetencyDeleteCompetencyFramework, async (ctx, { id }) => {
  const { framework } = await managedFramework(ctx, id);
  return deleteFramework(ctx, framework);
});

const duplicateFrameworkMethod = defineMethod(coreCompetencyDuplicateCompetencyFramework, async (ctx, { id }) => {
  const { framework } = await managedFramework(ctx, id);
  const name = ctx.platform.strings.get('duplicateditemname', COMPONENT, formatString(framework.shortname), ctx.lang);
  const copyId = await duplicateFramework(ctx, framework, name);
  return exportOne(ctx, await frameworkById(ctx, copyId), true);
});

interface ListOptions {
  includes: Includes;
  onlyvisible: boolean;
  query: string;
  sort: string;
  order: '' | 'ASC' | 'DESC';
  skip: number;
  limit: number;
}

async function listFrameworks(ctx: CallContext, contextParam: Parameters<typeof resolveContext>[1], options: ListOptions) {
  const context = await resolveContext(ctx, contextParam);
  const { contexts, manage } = await frameworkContexts(ctx, context, options.includes);
  if (contexts.size === 0) return [];
  let query = ctx.db.selectFrom('competency_framework').selectAll().where('contextid', 'in', [...contexts.keys()]);
  if (options.onlyvisible) query = query.where('visible', '=', 1);
  if (options.query.trim()) {
    query = query.where(containsText(['shortname', 'idnumber'], options.query));
  }
  const sort = (options.sort || 'shortname') as 'shortname' | 'idnumber' | 'id' | 'timecreated' | 'timemodified';
  query = query.orderBy(sort, options.order === 'DESC' ? 'desc' : 'asc').orderBy('id');
  if (options.limit > 0) query = query.limit(options.limit).offset(options.skip);
  else if (options.skip > 0) query = query.limit(1_000_000).offset(options.skip);
  const rows = await query.execute();
  return exportFrameworks(ctx, rows, contexts, (id) => manage.has(id));
}

const listFrameworksMethod = defineMethod(coreCompetencyListCompetencyFrameworks, async (ctx, args) => listFrameworks(ctx, args.context, args));

const countFrameworks = defineMethod(coreCompetencyCountCompetencyFrameworks, async (ctx, { context: param, includes }) => {
  const context = await resolveContext(ctx, param);
  const { contexts } = await frameworkContexts(ctx, context, includes);
  if (contexts.size === 0) return 0;
  const row = await ctx.db
    .selectFrom('competency_framework')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('contextid', 'in', [...contexts.keys()])
    .executeTakeFirstOrThrow();
  return Number(row.n);
});

const getScaleValues = defineMethod(coreCompetencyGetScaleValues, async (ctx, { scaleid }) => {
  const scale = await ctx.db.selectFrom('scale').select('scale').where('id', '=', scaleid).executeTakeFirst();
  if (!scale) throw invalidRecord('scale', `scale ${scaleid}`);
  return scaleItems(scale.scale).map((name, i) => ({ id: i + 1, name: formatString(name) }));
});

const frameworksManagePage = defineMethod(toolLpDataForCompetencyFrameworksManagePage, async (ctx, { pagecontext }) => {
  const context = await resolveContext(ctx, pagecontext);
  const competencyframeworks = await listFrameworks(ctx, pagecontext, { includes: 'children', onlyvisible: false, query: '', sort: 'shortname', order: '', skip: 0, limit: 0 });
  const canmanage = await ctx.access.hasCapability('moodle/competency:competencymanage', context);
  const scales = await ctx.db.selectFrom('scale').select(['id', 'name']).where('courseid', '=', 0).orderBy('name').execute();
  const names = await contextNames(ctx, [context]);
  return {
    competencyframeworks,
    pluginbaseurl: `${ctx.platform.config.wwwroot}/admin/tool/lp`,
    navigation: [],
    pagecontextid: context.id,
    canmanage,
    contextname: names.get(context.id)?.label ?? '',
    scales: scales.map((s) => ({ id: s.id, name: formatString(s.name) })),
  };
});

const frameworkViewed = defineMethod(coreCompetencyCompetencyFrameworkViewed, async (ctx, { id }) => {
  const { framework, context } = await readableFramework(ctx, id);
  await logContextEvent(ctx, context, {
    eventname: '\\core\\event\\competency_framework_viewed',
    component: COMPONENT,
    action: 'viewed',
    target: 'competency_framework',
    objecttable: 'competency_framework',
    objectid: framework.id,
    crud: 'r',
  });
  return true;
});

export const frameworkMethods = [frameworkViewed, createFramework, readFramework, updateFramework, deleteFrameworkMethod, duplicateFrameworkMethod, listFrameworksMethod, countFrameworks, getScaleValues, frameworksManagePage];
