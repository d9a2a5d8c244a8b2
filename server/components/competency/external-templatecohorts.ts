import { toolLpAddTemplateCohort, toolLpDataForTemplatePlansPage, toolLpRemoveTemplateCohort, toolLpSearchCohorts } from '../../../api/plans';
import { parentContextIds } from '../../platform/access/contexts';
import type { Context } from '../../platform/access/types';
import { invalidRecord } from '../../platform/errors';
import { now } from '../../platform/platform';
import { formatString } from '../../platform/sanitize';
import { defineMethod, type CallContext } from '../../ws/method';
import { contextNames } from '../role/context-info';
import { competencyError, containsText } from './access';
import { resolveContext } from './contexts';
import { userSummaries } from './people';
import { planStatusName } from './plans';
import { exportTemplate, managedTemplate, readableTemplate, syncTemplateCohorts } from './templates';

const COHORT_CAPS = ['moodle/cohort:view', 'moodle/cohort:manage'];

/** Cohorts as pickers and lists show them, with context names and member counts. */
async function cohortSummaries(ctx: CallContext, rows: ReadonlyArray<{ id: number; name: string; idnumber: string; visible: number; contextid: number }>) {
  if (rows.length === 0) return [];
  const contexts = await ctx.db.selectFrom('context').select(['id', 'contextlevel', 'instanceid', 'path', 'depth']).where('id', 'in', [...new Set(rows.map((r) => r.contextid))]).execute();
  const names = await contextNames(ctx, contexts);
  const counts = new Map(
    (
      await ctx.db
        .selectFrom('cohort_members')
        .select(['cohortid', (eb) => eb.fn.countAll<number>().as('n')])
        .where(
          'cohortid',
          'in',
          rows.map((r) => r.id),
        )
        .groupBy('cohortid')
        .execute()
    ).map((r) => [r.cohortid, Number(r.n)]),
  );
  return rows.map((r) => ({
    id: r.id,
    name: formatString(r.name),
    idnumber: formatString(r.idnumber),
    visible: r.visible === 1,
    contextname: names.get(r.contextid)?.name ?? '',
    membercount: counts.get(r.id) ?? 0,
  }));
}

/** Which of the contexts let the caller view or manage their cohorts. */
async function cohortContextsSeen(ctx: CallContext, contexts: readonly Context[]): Promise<Set<number>> {
  const seen = new Set<number>();
  for (const context of contexts) if ((await ctx.access.hasCapabilities(COHORT_CAPS, context)).size > 0) seen.add(context.id);
  return seen;
}

const searchCohorts = defineMethod(toolLpSearchCohorts, async (ctx, { query, context: param, includes, limitfrom, limitnum }) => {
  const context = await resolveContext(ctx, param);
  let candidates: Context[];
  if (includes === 'self') candidates = [context];
  else {
    const parents = await ctx.db.selectFrom('context').select(['id', 'contextlevel', 'instanceid', 'path', 'depth']).where('id', 'in', parentContextIds(context, true)).execute();
    const children =
      includes === 'all'
        ? await ctx.db
            .selectFrom('cohort as h')
            .innerJoin('context as c', 'c.id', 'h.contextid')
            .select(['c.id', 'c.contextlevel', 'c.instanceid', 'c.path', 'c.depth'])
            .distinct()
            .where('c.path', 'like', `${context.path}/%`)
            .execute()
        : [];
    candidates = [...parents, ...children];
  }
  const seen = await cohortContextsSeen(ctx, candidates);
  if (seen.size === 0) await ctx.access.requireCapability('moodle/cohort:view', context);
  let q = ctx.db.selectFrom('cohort').select(['id', 'name', 'idnumber', 'visible', 'contextid']).where('contextid', 'in', [...seen]);
  if (query.trim()) q = q.where(containsText(['name', 'idnumber'], query));
  const rows = await q.orderBy('name').orderBy('id').limit(limitnum).offset(limitfrom).execute();
  return { cohorts: await cohortSummaries(ctx, rows) };
});

const addTemplateCohort = defineMethod(toolLpAddTemplateCohort, async (ctx, { templateid, cohortid }) => {
  const { template } = await managedTemplate(ctx, templateid);
  if (template.visible !== 1) throw competencyError('templatehiddencohort');
  const cohort = await ctx.db.selectFrom('cohort').select(['id', 'contextid']).where('id', '=', cohortid).executeTakeFirst();
  if (!cohort) throw invalidRecord('cohort', `cohort ${cohortid}`);
  const cohortContext = await ctx.db.selectFrom('context').select(['id', 'contextlevel', 'instanceid', 'path', 'depth']).where('id', '=', cohort.contextid).executeTakeFirst();
  if (!cohortContext || !(await cohortContextsSeen(ctx, [cohortContext])).has(cohortContext.id)) await ctx.access.requireCapability('moodle/cohort:view', cohortContext?.id ?? 0);
  const existing = await ctx.db.selectFrom('competency_templatecohort').select('id').where('templateid', '=', templateid).where('cohortid', '=', cohortid).executeTakeFirst();
  if (!existing) {
    const t = now();
    await ctx.db.insertInto('competency_templatecohort').values({ templateid, cohortid, timecreated: t, timemodified: t, usermodified: ctx.user?.id ?? 0 }).execute();
  }
  return { plancount: await syncTemplateCohorts(ctx.db, template, ctx.user?.id ?? 0) };
});

const removeTemplateCohort = defineMethod(toolLpRemoveTemplateCohort, async (ctx, { templateid, cohortid }) => {
  await managedTemplate(ctx, templateid);
  const result = await ctx.db.deleteFrom('competency_templatecohort').where('templateid', '=', templateid).where('cohortid', '=', cohortid).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
});

const templatePlansPage = defineMethod(toolLpDataForTemplatePlansPage, async (ctx, { templateid, page, perpage }) => {
  const { template, canmanage } = await readableTemplate(ctx, templateid);
  // New cohort members since the cohorts were linked get their plans (Moodle's sync task).
  if (canmanage) await syncTemplateCohorts(ctx.db, template, ctx.user?.id ?? 0);
  const cohorts = await ctx.db
    .selectFrom('competency_templatecohort as tc')
    .innerJoin('cohort as h', 'h.id', 'tc.cohortid')
    .select(['h.id', 'h.name', 'h.idnumber', 'h.visible', 'h.contextid'])
    .where('tc.templateid', '=', templateid)
    .orderBy('h.name')
    .execute();
  const total = await ctx.db
    .selectFrom('competency_plan')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('templateid', '=', templateid)
    .executeTakeFirstOrThrow();
  // Who has a plan from the template is for those who manage it.
  const plans = canmanage
    ? await ctx.db
        .selectFrom('competency_plan as p')
        .innerJoin('user as u', 'u.id', 'p.userid')
        .select(['p.id', 'p.name', 'p.status', 'p.userid'])
        .where('p.templateid', '=', templateid)
        .orderBy('u.lastname')
        .orderBy('u.firstname')
        .orderBy('p.id')
        .limit(perpage)
        .offset(page * perpage)
        .execute()
    : [];
  const users = await userSummaries(
    ctx,
    plans.map((p) => p.userid),
  );
  const wwwroot = ctx.platform.config.wwwroot;
  return {
    template: await exportTemplate(ctx, template, canmanage),
    canmanage,
    cohorts: await cohortSummaries(ctx, cohorts),
    plans: plans.flatMap((p) => {
      const user = users.get(p.userid);
      return user ? [{ id: p.id, name: formatString(p.name), status: p.status, statusname: planStatusName(ctx, p.status), user, url: `${wwwroot}/admin/tool/lp/plan.php?id=${p.id}` }] : [];
    }),
    plancount: Number(total.n),
  };
});

export const templateCohortMethods = [searchCohorts, addTemplateCohort, removeTemplateCohort, templatePlansPage];
