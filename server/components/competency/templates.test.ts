import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Competency } from '../../../api/competency';
import type { Plan, Template } from '../../../api/plans';
import { now } from '../../platform/platform';
import { testDialects } from '../../test/databases';
import { createTestSite } from '../../test/site';
import { buildPlanWorld, call, countRows, ok, type PlanWorld } from './plan-fixtures';

type Cohorts = { cohorts: Array<{ id: number; name: string; membercount: number; contextname: string }> };
type PlansPage = { cohorts: Cohorts['cohorts']; plans: Array<{ id: number; user: { id: number; fullname: string }; statusname: string }>; plancount: number; canmanage: boolean };

describe.each(testDialects)('learning plan templates on %s', (dialect) => {
  let w: PlanWorld;
  beforeAll(async () => {
    w = await buildPlanWorld(await createTestSite(dialect));
  });
  afterAll(() => w.site.close());

  const createTemplate = (fields: Record<string, unknown> = {}) => ok<Template>(w.site, w.manager, 'core_competency_create_template', { template: { shortname: 'Apprentice year', contextlevel: 'system', ...fields } });
  const addTo = (templateid: number, competency: Competency) => ok<boolean>(w.site, w.manager, 'core_competency_add_competency_to_template', { templateid, competencyid: competency.id });
  const inTemplate = async (id: number) => (await ok<Competency[]>(w.site, w.manager, 'core_competency_list_competencies_in_template', { id })).map((c) => c.id);

  async function cohortWith(name: string, members: number[]): Promise<number> {
    const t = now();
    const db = w.site.platform.db;
    const cohort = await db.insertInto('cohort').values({ contextid: w.systemContextId, name, idnumber: name.toUpperCase().replace(/\W/g, ''), timecreated: t, timemodified: t }).returning('id').executeTakeFirstOrThrow();
    if (members.length) await db.insertInto('cohort_members').values(members.map((userid) => ({ cohortid: cohort.id, userid, timeadded: t }))).execute();
    return cohort.id;
  }

  it('creates, reads, updates and lists templates; refuses a due date in the past and callers without templatemanage', async () => {
    const template = await createTemplate({ description: '<p>For the first year</p>', duedate: now() + 86_400 });
    expect(template).toMatchObject({ shortname: 'Apprentice year', visible: true, contextid: w.systemContextId, canmanage: true, planscount: 0, cohortscount: 0, competenciescount: 0 });
    expect(template.contextnamenoprefix).toBeTruthy();
    const past = await call(w.site, w.manager, 'core_competency_create_template', { template: { shortname: 'Late', contextlevel: 'system', duedate: now() - 3600 } });
    expect(past.exception?.errorcode).toBe('templateduedateinpast');
    expect(past.exception?.fielderrors?.[0]?.field).toBe('duedate');
    expect(await ok(w.site, w.manager, 'core_competency_update_template', { template: { id: template.id, shortname: 'Apprentice year one' } })).toBe(true);
    expect((await ok<Template>(w.site, w.manager, 'core_competency_read_template', { id: template.id })).shortname).toBe('Apprentice year one');
    const listed = await ok<Template[]>(w.site, w.manager, 'core_competency_list_templates', { context: { contextid: w.systemContextId } });
    expect(listed.map((t) => t.id)).toContain(template.id);
    expect(await ok(w.site, w.manager, 'core_competency_count_templates', { context: { contextid: w.systemContextId } })).toBe(listed.length);
    const page = await ok<{ templates: Template[]; canmanage: boolean }>(w.site, w.manager, 'tool_lp_data_for_templates_manage_page', { pagecontext: { contextid: w.systemContextId } });
    expect(page.canmanage).toBe(true);
    expect(page.templates.map((t) => t.id)).toContain(template.id);
    for (const session of [w.learner, w.teacher]) {
      expect((await call(w.site, session, 'core_competency_read_template', { id: template.id })).exception?.errorcode).toBe('nopermissions');
      expect((await call(w.site, session, 'core_competency_create_template', { template: { shortname: 'x', contextlevel: 'system' } })).exception?.errorcode).toBe('nopermissions');
      expect((await call(w.site, session, 'tool_lp_data_for_templates_manage_page', { pagecontext: { contextid: w.systemContextId } })).exception?.errorcode).toBe('nopermissions');
    }
    expect(await ok(w.site, w.manager, 'core_competency_template_viewed', { id: template.id })).toBe(true);
  });

  it('adds competencies in order, refuses a duplicate, reorders and removes them', async () => {
    const template = await createTemplate({ shortname: 'Ordered' });
    const [a, b, c] = w.children as [Competency, Competency, Competency];
    expect(await addTo(template.id, a)).toBe(true);
    expect(await addTo(template.id, b)).toBe(true);
    expect(await addTo(template.id, c)).toBe(true);
    expect(await addTo(template.id, a)).toBe(false);
    expect(await inTemplate(template.id)).toEqual([a.id, b.id, c.id]);
    await ok(w.site, w.manager, 'core_competency_reorder_template_competency', { templateid: template.id, competencyidfrom: c.id, competencyidto: a.id });
    expect(await inTemplate(template.id)).toEqual([c.id, a.id, b.id]);
    expect(await ok(w.site, w.manager, 'core_competency_remove_competency_from_template', { templateid: template.id, competencyid: a.id })).toBe(true);
    expect(await inTemplate(template.id)).toEqual([c.id, b.id]);
    expect(await ok(w.site, w.manager, 'core_competency_count_competencies_in_template', { id: template.id })).toBe(2);
    const page = await ok<{ competencies: Array<{ competency: Competency; comppath: { ancestors: Array<{ name: string }> } }>; canmanagetemplatecompetencies: boolean; statistics: { competencycount: number } }>(
      w.site,
      w.manager,
      'tool_lp_data_for_template_competencies_page',
      { templateid: template.id, pagecontext: { contextid: w.systemContextId } },
    );
    expect(page.competencies.map((x) => x.competency.id)).toEqual([c.id, b.id]);
    expect(page.competencies[0]!.comppath.ancestors.map((x) => x.name)).toEqual(['Skill P']);
    expect(page).toMatchObject({ canmanagetemplatecompetencies: true, statistics: { competencycount: 2 } });
    expect((await call(w.site, w.learner, 'core_competency_add_competency_to_template', { templateid: template.id, competencyid: a.id })).exception?.errorcode).toBe('nopermissions');
  });

  it('lists and counts the templates using a competency; hidden ones only for template managers', async () => {
    const [a] = w.children as [Competency];
    const shown = await createTemplate({ shortname: 'Uses A, shown' });
    const hidden = await createTemplate({ shortname: 'Uses A, hidden', visible: 0 });
    await createTemplate({ shortname: 'Does not use A' });
    await addTo(shown.id, a);
    await addTo(hidden.id, a);
    const using = await ok<Template[]>(w.site, w.manager, 'core_competency_list_templates_using_competency', { id: a.id });
    expect(using.filter((t) => [shown.id, hidden.id].includes(t.id)).map((t) => t.shortname)).toEqual(['Uses A, hidden', 'Uses A, shown']);
    expect(await ok(w.site, w.manager, 'core_competency_count_templates_using_competency', { id: a.id })).toBe(using.length);
    // A template viewer without templatemanage sees only visible templates.
    const viewerId = await w.site.createUser('templateviewer');
    const db = w.site.platform.db;
    const role = await db.insertInto('role').values({ name: 'Template viewer', shortname: 'templateviewer', description: '', sortorder: 901, archetype: '' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('role_capabilities').values({ contextid: w.systemContextId, roleid: role.id, capability: 'moodle/competency:templateview', permission: 1, timemodified: now(), modifierid: 0 }).execute();
    await db.insertInto('role_assignments').values({ roleid: role.id, contextid: w.systemContextId, userid: viewerId }).execute();
    const viewer = await w.site.sessionFor(viewerId);
    const seen = await ok<Template[]>(w.site, viewer, 'core_competency_list_templates_using_competency', { id: a.id });
    expect(seen.map((t) => t.id)).toContain(shown.id);
    expect(seen.map((t) => t.id)).not.toContain(hidden.id);
    expect(seen.every((t) => !t.canmanage)).toBe(true);
    expect(await ok(w.site, viewer, 'core_competency_count_templates_using_competency', { id: a.id })).toBe(seen.length);
    expect((await call(w.site, w.learner, 'core_competency_list_templates_using_competency', { id: a.id })).exception?.errorcode).toBe('nopermissions');
    expect((await call(w.site, w.learner, 'core_competency_count_templates_using_competency', { id: a.id })).exception?.errorcode).toBe('nopermissions');
  });

  it('a cohort gives each member a plan from the template, keeps new members in sync, and counts unlinked plans as had', async () => {
    const template = await createTemplate({ shortname: 'Cohort plan' });
    await addTo(template.id, w.children[0]!);
    const cohortid = await cohortWith('Plan cohort', [w.learnerId, w.otherId]);
    const found = await ok<Cohorts>(w.site, w.manager, 'tool_lp_search_cohorts', { query: 'plan coh', context: { contextid: w.systemContextId } });
    expect(found.cohorts).toEqual([expect.objectContaining({ id: cohortid, name: 'Plan cohort', membercount: 2 })]);
    expect((await call(w.site, w.learner, 'tool_lp_search_cohorts', { query: '', context: { contextid: w.systemContextId } })).exception?.errorcode).toBe('nopermissions');
    expect(await ok(w.site, w.manager, 'tool_lp_add_template_cohort', { templateid: template.id, cohortid })).toEqual({ plancount: 2 });
    // Linking again creates nothing more.
    expect(await ok(w.site, w.manager, 'tool_lp_add_template_cohort', { templateid: template.id, cohortid })).toEqual({ plancount: 0 });
    const plans = await w.site.platform.db.selectFrom('competency_plan').selectAll().where('templateid', '=', template.id).orderBy('userid').execute();
    expect(plans.map((p) => [p.userid, p.status, p.name])).toEqual([
      [w.learnerId, 1, 'Cohort plan'],
      [w.otherId, 1, 'Cohort plan'],
    ]);
    // A member who joins later gets their plan when their plans are listed.
    const late = await w.site.createUser('pllate', { firstname: 'Lara', lastname: 'Late' });
    await w.site.platform.db.insertInto('cohort_members').values({ cohortid, userid: late, timeadded: now() }).execute();
    const lateSession = await w.site.sessionFor(late);
    const latePlans = await ok<Plan[]>(w.site, lateSession, 'core_competency_list_user_plans', { userid: late });
    expect(latePlans.map((p) => [p.name, p.isbasedontemplate])).toEqual([['Cohort plan', true]]);
    // A plan unlinked from the template counts: no new plan for that member.
    await ok(w.site, w.manager, 'core_competency_unlink_plan_from_template', { planid: plans[0]!.id });
    const page = await ok<PlansPage>(w.site, w.manager, 'tool_lp_data_for_template_plans_page', { templateid: template.id });
    expect(page.cohorts.map((c) => c.id)).toEqual([cohortid]);
    expect(page.plancount).toBe(2);
    expect(page.plans.map((p) => p.user.fullname).sort()).toEqual(['Lara Late', 'Olga Other']);
    // Template changes reach the plans that are not complete.
    await ok(w.site, w.manager, 'core_competency_update_template', { template: { id: template.id, shortname: 'Cohort plan renamed' } });
    const renamed = await w.site.platform.db.selectFrom('competency_plan').select('name').where('templateid', '=', template.id).execute();
    expect(new Set(renamed.map((r) => r.name))).toEqual(new Set(['Cohort plan renamed']));
    expect(await ok(w.site, w.manager, 'tool_lp_remove_template_cohort', { templateid: template.id, cohortid })).toBe(true);
    expect(await ok(w.site, w.manager, 'tool_lp_remove_template_cohort', { templateid: template.id, cohortid })).toBe(false);
    expect((await call(w.site, w.learner, 'tool_lp_add_template_cohort', { templateid: template.id, cohortid })).exception?.errorcode).toBe('nopermissions');
    // Hidden templates take no cohorts.
    const hidden = await createTemplate({ shortname: 'Hidden template', visible: 0 });
    expect((await call(w.site, w.manager, 'tool_lp_add_template_cohort', { templateid: hidden.id, cohortid })).exception?.errorcode).toBe('templatehiddencohort');
  });

  it('duplicates a template with its competencies but not its cohorts or plans', async () => {
    const template = await createTemplate({ shortname: 'Original' });
    await addTo(template.id, w.children[1]!);
    await addTo(template.id, w.children[0]!);
    await ok(w.site, w.manager, 'tool_lp_add_template_cohort', { templateid: template.id, cohortid: await cohortWith('Dup cohort', [w.learnerId]) });
    const copy = await ok<Template>(w.site, w.manager, 'core_competency_duplicate_template', { id: template.id });
    expect(copy).toMatchObject({ shortname: 'Original (copy)', cohortscount: 0, planscount: 0, competenciescount: 2 });
    expect(await inTemplate(copy.id)).toEqual([w.children[1]!.id, w.children[0]!.id]);
  });

  it('deletes a template deleting its plans, or unlinking them with their competencies', async () => {
    for (const deleteplans of [true, false]) {
      const template = await createTemplate({ shortname: `Doomed ${String(deleteplans)}` });
      await addTo(template.id, w.children[0]!);
      await ok(w.site, w.manager, 'tool_lp_add_template_cohort', { templateid: template.id, cohortid: await cohortWith(`Doomed cohort ${String(deleteplans)}`, [w.learnerId]) });
      expect(await ok(w.site, w.manager, 'core_competency_template_has_related_data', { id: template.id })).toBe(true);
      const plan = await w.site.platform.db.selectFrom('competency_plan').select('id').where('templateid', '=', template.id).executeTakeFirstOrThrow();
      const before = await countRows(w.site, 'competency_plan');
      expect(await ok(w.site, w.manager, 'core_competency_delete_template', { id: template.id, deleteplans })).toBe(true);
      expect((await call(w.site, w.manager, 'core_competency_read_template', { id: template.id })).exception?.errorcode).toBe('invalidrecord');
      if (deleteplans) {
        expect(await countRows(w.site, 'competency_plan')).toBe(before - 1);
      } else {
        const kept = await w.site.platform.db.selectFrom('competency_plan').select(['templateid', 'origtemplateid']).where('id', '=', plan.id).executeTakeFirstOrThrow();
        expect(kept).toEqual({ templateid: null, origtemplateid: template.id });
        const competencies = await w.site.platform.db.selectFrom('competency_plancomp').select('competencyid').where('planid', '=', plan.id).execute();
        expect(competencies.map((c) => c.competencyid)).toEqual([w.children[0]!.id]);
      }
    }
    const empty = await createTemplate({ shortname: 'No plans' });
    expect(await ok(w.site, w.manager, 'core_competency_template_has_related_data', { id: empty.id })).toBe(false);
    expect((await call(w.site, w.learner, 'core_competency_delete_template', { id: empty.id, deleteplans: 1 })).exception?.errorcode).toBe('nopermissions');
  });
});
