import type { Kysely } from 'kysely';
import type { Template } from '../../../api/plans';
import { CAP_TEMPLATE_MANAGE, CAP_TEMPLATE_VIEW, PLAN_STATUS_ACTIVE, PLAN_STATUS_COMPLETE } from '../../../api/competencyshapes';
import type { DB } from '../../db/schema';
import { getContextById } from '../../platform/access/contexts';
import type { Context } from '../../platform/access/types';
import { invalidRecord } from '../../platform/errors';
import { now } from '../../platform/platform';
import { formatString, formatText } from '../../platform/sanitize';
import type { CallContext } from '../../ws/method';
import { contextNames } from '../role/context-info';
import { COMPONENT, competencyError } from './access';
import { listContexts, type Includes } from './contexts';
import type { TemplateRow } from './plan-tables';

/** Due dates may lie up to ten minutes in the past (the form's clock and the server's differ). */
export const DUEDATE_GRACE = 600;

export async function templateById(ctx: CallContext, id: number): Promise<TemplateRow> {
  const row = await ctx.db.selectFrom('competency_template').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw invalidRecord('competency_template', `template ${id}`);
  return row;
}

async function contextOf(ctx: CallContext, contextid: number): Promise<Context> {
  const context = await getContextById(ctx.db, contextid);
  if (!context) throw invalidRecord('context', `context ${contextid}`);
  return context;
}

/** A template the caller may view (templateview or templatemanage in its context). */
export async function readableTemplate(ctx: CallContext, id: number): Promise<{ template: TemplateRow; context: Context; canmanage: boolean }> {
  const template = await templateById(ctx, id);
  const context = await contextOf(ctx, template.contextid);
  const held = await ctx.access.hasCapabilities([CAP_TEMPLATE_VIEW, CAP_TEMPLATE_MANAGE], context);
  if (held.size === 0) await ctx.access.requireCapability(CAP_TEMPLATE_VIEW, context);
  return { template, context, canmanage: held.has(CAP_TEMPLATE_MANAGE) };
}

export async function managedTemplate(ctx: CallContext, id: number): Promise<{ template: TemplateRow; context: Context }> {
  const template = await templateById(ctx, id);
  const context = await contextOf(ctx, template.contextid);
  await ctx.access.requireCapability(CAP_TEMPLATE_MANAGE, context);
  return { template, context };
}

/** The contexts whose templates a list may show (those where the caller may view templates); refuses when none. */
export function templateContexts(ctx: CallContext, context: Context, includes: Includes): Promise<{ contexts: Map<number, Context>; manage: Set<number> }> {
  return listContexts(ctx, context, includes, { table: 'competency_template', view: CAP_TEMPLATE_VIEW, manage: CAP_TEMPLATE_MANAGE });
}

async function countsBy(db: Kysely<DB>, table: 'competency_templatecohort' | 'competency_templatecomp' | 'competency_plan', ids: readonly number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom(table)
    .select(['templateid', (eb) => eb.fn.countAll<number>().as('n')])
    .where('templateid', 'in', ids)
    .groupBy('templateid')
    .execute();
  return new Map(rows.map((r) => [r.templateid ?? 0, Number(r.n)]));
}

/** Templates as the web services answer them: counts and context names in one query each. */
export async function exportTemplates(ctx: CallContext, rows: readonly TemplateRow[], canmanage: (contextid: number) => boolean): Promise<Template[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [cohorts, competencies, plans] = await Promise.all([countsBy(ctx.db, 'competency_templatecohort', ids), countsBy(ctx.db, 'competency_templatecomp', ids), countsBy(ctx.db, 'competency_plan', ids)]);
  const contextIds = [...new Set(rows.map((r) => r.contextid))];
  const contexts = await ctx.db.selectFrom('context').select(['id', 'contextlevel', 'instanceid', 'path', 'depth']).where('id', 'in', contextIds).execute();
  const names = await contextNames(ctx, contexts);
  return rows.map((r) => ({
    id: r.id,
    shortname: formatString(r.shortname),
    description: formatText(r.description, r.descriptionformat),
    descriptionformat: 1,
    duedate: Number(r.duedate),
    visible: r.visible === 1,
    contextid: r.contextid,
    timecreated: Number(r.timecreated),
    timemodified: Number(r.timemodified),
    usermodified: r.usermodified,
    cohortscount: cohorts.get(r.id) ?? 0,
    planscount: plans.get(r.id) ?? 0,
    competenciescount: competencies.get(r.id) ?? 0,
    canmanage: canmanage(r.contextid),
    canread: true,
    contextname: names.get(r.contextid)?.label ?? '',
    contextnamenoprefix: names.get(r.contextid)?.name ?? '',
  }));
}

/** One template with the caller's rights checked in its own context. */
export async function exportTemplate(ctx: CallContext, template: TemplateRow, canmanage: boolean): Promise<Template> {
  const [out] = await exportTemplates(ctx, [template], () => canmanage);
  if (!out) throw invalidRecord('competency_template');
  return out;
}

/** A template's due date: 0, not more than ten minutes past, or unchanged. */
export function requireValidTemplateDuedate(ctx: CallContext, duedate: number, previous?: number): void {
  if (duedate === 0 || duedate > now() - DUEDATE_GRACE || duedate === previous) return;
  throw competencyError('templateduedateinpast', undefined, { duedate: ctx.platform.strings.get('templateduedateinpast', COMPONENT, undefined, ctx.lang) });
}

/**
 * Creates an active plan from a visible template for each user who has none from it (a plan unlinked
 * from the template counts as one). Answers how many were created.
 */
export async function createPlansFromTemplate(db: Kysely<DB>, template: TemplateRow, userids: readonly number[], actorid: number): Promise<number> {
  if (template.visible !== 1 || userids.length === 0) return 0;
  let created = 0;
  const t = now();
  for (let i = 0; i < userids.length; i += 500) {
    const chunk = userids.slice(i, i + 500);
    const having = new Set(
      (
        await db
          .selectFrom('competency_plan')
          .select('userid')
          .where('userid', 'in', chunk)
          .where((eb) => eb.or([eb('templateid', '=', template.id), eb('origtemplateid', '=', template.id)]))
          .execute()
      ).map((r) => r.userid),
    );
    const users = await db.selectFrom('user').select('id').where('id', 'in', chunk).where('deleted', '=', 0).execute();
    const missing = users.map((u) => u.id).filter((id) => !having.has(id));
    if (missing.length === 0) continue;
    await db
      .insertInto('competency_plan')
      .values(
        missing.map((userid) => ({
          name: template.shortname,
          description: template.description,
          descriptionformat: template.descriptionformat,
          userid,
          templateid: template.id,
          origtemplateid: null,
          status: PLAN_STATUS_ACTIVE,
          duedate: template.duedate,
          reviewerid: null,
          timecreated: t,
          timemodified: t,
          usermodified: actorid,
        })),
      )
      .execute();
    created += missing.length;
  }
  return created;
}

/** Members of the template's cohorts, once each. */
async function cohortMemberIds(db: Kysely<DB>, templateid: number): Promise<number[]> {
  const rows = await db
    .selectFrom('competency_templatecohort as tc')
    .innerJoin('cohort_members as cm', 'cm.cohortid', 'tc.cohortid')
    .select('cm.userid')
    .distinct()
    .where('tc.templateid', '=', templateid)
    .execute();
  return rows.map((r) => r.userid);
}

/** Whether a template still makes plans for its cohorts: visible, and its due date not passed. */
const syncing = (template: TemplateRow) => template.visible === 1 && (Number(template.duedate) === 0 || Number(template.duedate) > now());

/** Gives every member of the template's cohorts their plan (new members since the cohort was linked too). */
export async function syncTemplateCohorts(db: Kysely<DB>, template: TemplateRow, actorid: number): Promise<number> {
  if (!syncing(template)) return 0;
  return createPlansFromTemplate(db, template, await cohortMemberIds(db, template.id), actorid);
}

/**
 * Gives a user the plans of the templates linked to their cohorts that they do not have yet. Tessera
 * has no scheduled tasks, so what Moodle's cohort sync task does runs when the user's plans are listed.
 */
export async function syncUserCohortPlans(db: Kysely<DB>, userid: number): Promise<void> {
  const templates = await db
    .selectFrom('competency_templatecohort as tc')
    .innerJoin('cohort_members as cm', 'cm.cohortid', 'tc.cohortid')
    .innerJoin('competency_template as t', 't.id', 'tc.templateid')
    .selectAll('t')
    .distinct()
    .where('cm.userid', '=', userid)
    .where('t.visible', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('competency_plan as p')
            .select('p.id')
            .where('p.userid', '=', userid)
            .where((inner) => inner.or([inner('p.templateid', '=', inner.ref('t.id')), inner('p.origtemplateid', '=', inner.ref('t.id'))])),
        ),
      ),
    )
    .execute();
  for (const template of templates) if (syncing(template)) await createPlansFromTemplate(db, template, [userid], 0);
}

/** Template fields changed: every plan from it that is not complete takes its name, description and due date. */
export async function propagateToPlans(db: Kysely<DB>, template: TemplateRow): Promise<void> {
  await db
    .updateTable('competency_plan')
    .set({ name: template.shortname, description: template.description, descriptionformat: template.descriptionformat, duedate: template.duedate, timemodified: now() })
    .where('templateid', '=', template.id)
    .where('status', '!=', PLAN_STATUS_COMPLETE)
    .execute();
}
