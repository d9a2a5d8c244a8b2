import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../../api/plans';
import type { UserCompetency, UserCompetencyPlan } from '../../../api/competencyshapes';
import { now } from '../../platform/platform';
import { testDialects } from '../../test/databases';
import { createTestSite } from '../../test/site';
import { allowOwnDraftPlans, buildPlanWorld, call, countRows, ok, planInStatus, type PlanWorld } from './plan-fixtures';

type PlanCompetency = { competency: { id: number }; usercompetency?: UserCompetency; usercompetencyplan?: UserCompetencyPlan };

const DRAFT = 0;
const ACTIVE = 1;
const COMPLETE = 2;
const WAITING = 3;
const IN_REVIEW = 4;

describe.each(testDialects)('learning plans on %s', (dialect) => {
  let w: PlanWorld;
  beforeAll(async () => {
    w = await buildPlanWorld(await createTestSite(dialect));
  });
  afterAll(() => w.site.close());

  const status = async (id: number) => (await w.site.platform.db.selectFrom('competency_plan').select(['status', 'reviewerid', 'duedate']).where('id', '=', id).executeTakeFirstOrThrow());
  const create = (fields: Record<string, unknown> = {}) => ok<Plan>(w.site, w.manager, 'core_competency_create_plan', { plan: { name: 'Learning to learn', userid: w.learnerId, ...fields } });
  const add = (planid: number, competencyid: number) => ok(w.site, w.manager, 'core_competency_add_competency_to_plan', { planid, competencyid });
  const list = (planid: number) => ok<PlanCompetency[]>(w.site, w.manager, 'core_competency_list_plan_competencies', { id: planid });

  it('creates a draft plan, changes it, and answers the actions its status allows the caller', async () => {
    const plan = await create({ description: '<p>Goals for the year</p>' });
    expect(plan).toMatchObject({ name: 'Learning to learn', userid: w.learnerId, status: DRAFT, isdraft: true, canmanage: true, canbeedited: true, isrequestreviewallowed: true, isapproveallowed: true, iscompleteallowed: false });
    expect(plan.statusname).toBe('Draft');
    const soon = now() + 60;
    const later = now() + 86_400;
    // A draft may have any due date; an active plan's must lie more than ten minutes ahead.
    expect((await ok<Plan>(w.site, w.manager, 'core_competency_update_plan', { plan: { id: plan.id, name: 'Renamed', duedate: soon } })).name).toBe('Renamed');
    const tooSoon = await call(w.site, w.manager, 'core_competency_create_plan', { plan: { name: 'Active soon', userid: w.learnerId, status: ACTIVE, duedate: soon } });
    expect(tooSoon.exception?.errorcode).toBe('planduedateinvalid');
    expect(tooSoon.exception?.fielderrors?.[0]?.field).toBe('duedate');
    const active = await create({ name: 'Active', status: ACTIVE, duedate: later });
    expect(active).toMatchObject({ isactive: true, iscompleteallowed: true, isunapproveallowed: true, isapproveallowed: false });
    // A learner sees their active plans but not (by default) their drafts, and never another's plans.
    expect((await ok<Plan>(w.site, w.learner, 'core_competency_read_plan', { id: active.id })).canmanage).toBe(false);
    expect((await call(w.site, w.learner, 'core_competency_read_plan', { id: plan.id })).exception?.errorcode).toBe('nopermissions');
    expect((await call(w.site, w.other, 'core_competency_read_plan', { id: active.id })).exception?.errorcode).toBe('nopermissions');
    expect((await call(w.site, w.learner, 'core_competency_update_plan', { plan: { id: active.id, name: 'Mine' } })).exception?.errorcode).toBe('nopermissions');
    expect((await call(w.site, w.teacher, 'core_competency_create_plan', { plan: { name: 'x', userid: w.learnerId } })).exception?.errorcode).toBe('nopermissions');
  });

  it('allows every plan action only from the statuses that allow it', async () => {
    const actions: Array<[string, 'id' | 'planid', number[], number]> = [
      ['core_competency_plan_request_review', 'id', [DRAFT], WAITING],
      ['core_competency_plan_cancel_review_request', 'id', [WAITING], DRAFT],
      ['core_competency_plan_start_review', 'id', [WAITING], IN_REVIEW],
      ['core_competency_plan_stop_review', 'id', [IN_REVIEW], DRAFT],
      ['core_competency_approve_plan', 'id', [DRAFT, WAITING, IN_REVIEW], ACTIVE],
      ['core_competency_unapprove_plan', 'id', [ACTIVE], DRAFT],
      ['core_competency_complete_plan', 'planid', [ACTIVE], COMPLETE],
      ['core_competency_reopen_plan', 'planid', [COMPLETE], ACTIVE],
    ];
    for (const [method, key, from, to] of actions) {
      for (const start of [DRAFT, ACTIVE, COMPLETE, WAITING, IN_REVIEW]) {
        const id = await planInStatus(w.site, w.learnerId, start);
        const answer = await call(w.site, w.manager, method, { [key]: id });
        if (from.includes(start)) {
          expect(answer.error, `${method} from ${start}: ${JSON.stringify(answer.exception)}`).toBe(false);
          expect((await status(id)).status, `${method} from ${start}`).toBe(to);
        } else {
          expect(answer.exception?.errorcode, `${method} from ${start}`).toBe('invalidplanstatus');
          expect((await status(id)).status, `${method} from ${start} changes nothing`).toBe(start);
        }
      }
    }
    // Starting a review names the reviewer; stopping or approving clears it.
    const id = await planInStatus(w.site, w.learnerId, WAITING);
    await ok(w.site, w.manager, 'core_competency_plan_start_review', { id });
    expect((await status(id)).reviewerid).toBe(w.managerId);
    expect((await ok<Plan>(w.site, w.manager, 'core_competency_read_plan', { id })).reviewer?.id).toBe(w.managerId);
    await ok(w.site, w.manager, 'core_competency_approve_plan', { id });
    expect(await status(id)).toMatchObject({ status: ACTIVE, reviewerid: null });
  });

  it('plans based on a template refuse review and approval, but are completed, reopened, unlinked and deleted', async () => {
    const template = await ok<{ id: number }>(w.site, w.manager, 'core_competency_create_template', { template: { shortname: 'Year plan', contextlevel: 'system' } });
    await ok(w.site, w.manager, 'core_competency_add_competency_to_template', { templateid: template.id, competencyid: w.children[0]!.id });
    await ok(w.site, w.manager, 'core_competency_add_competency_to_template', { templateid: template.id, competencyid: w.children[1]!.id });
    for (const [method, start] of [
      ['core_competency_plan_request_review', DRAFT],
      ['core_competency_plan_start_review', WAITING],
      ['core_competency_approve_plan', DRAFT],
      ['core_competency_unapprove_plan', ACTIVE],
    ] as const) {
      const id = await planInStatus(w.site, w.learnerId, start, { templateid: template.id });
      expect((await call(w.site, w.manager, method, { id })).exception?.errorcode, method).toBe('planbasedontemplate');
    }
    const id = await planInStatus(w.site, w.learnerId, ACTIVE, { templateid: template.id });
    const read = await ok<Plan>(w.site, w.manager, 'core_competency_read_plan', { id });
    expect(read).toMatchObject({ isbasedontemplate: true, isunlinkallowed: true, isapproveallowed: false, isrequestreviewallowed: false, canbeedited: false });
    expect(read.template?.shortname).toBe('Year plan');
    expect((await call(w.site, w.manager, 'core_competency_add_competency_to_plan', { planid: id, competencyid: w.children[2]!.id })).exception?.errorcode).toBe('planbasedontemplate');
    expect((await call(w.site, w.manager, 'core_competency_update_plan', { plan: { id, name: 'x' } })).exception?.errorcode).toBe('planbasedontemplate');
    expect((await list(id)).map((c) => c.competency.id)).toEqual([w.children[0]!.id, w.children[1]!.id]);
    await ok(w.site, w.manager, 'core_competency_complete_plan', { planid: id });
    expect((await call(w.site, w.manager, 'core_competency_unlink_plan_from_template', { planid: id })).exception?.errorcode).toBe('plancompleted');
    await ok(w.site, w.manager, 'core_competency_reopen_plan', { planid: id });
    // Unlinking copies the template's competencies into the plan and remembers the template.
    expect(await ok(w.site, w.manager, 'core_competency_unlink_plan_from_template', { planid: id })).toBe(true);
    const unlinked = await w.site.platform.db.selectFrom('competency_plan').select(['templateid', 'origtemplateid']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(unlinked).toEqual({ templateid: null, origtemplateid: template.id });
    expect((await list(id)).map((c) => c.competency.id)).toEqual([w.children[0]!.id, w.children[1]!.id]);
    // Now its own: it can be changed, and unlinking again changes nothing.
    expect(await add(id, w.children[2]!.id)).toBe(true);
    expect(await ok(w.site, w.manager, 'core_competency_unlink_plan_from_template', { planid: id })).toBe(true);
    expect(await ok(w.site, w.manager, 'core_competency_delete_plan', { id })).toBe(true);
    expect(await w.site.platform.db.selectFrom('competency_plancomp').select('id').where('planid', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('completing a plan freezes its ratings; reopening brings back the live ones and clears a due date about to pass', async () => {
    const plan = await create({ name: 'Freeze', status: ACTIVE });
    const [c1, c2] = [w.children[0]!.id, w.children[1]!.id];
    await add(plan.id, c1);
    await add(plan.id, c2);
    await ok(w.site, w.manager, 'core_competency_grade_competency_in_plan', { planid: plan.id, competencyid: c1, grade: 2 });
    const before = await countRows(w.site, 'competency_usercompplan');
    expect(await ok(w.site, w.manager, 'core_competency_complete_plan', { planid: plan.id })).toBe(true);
    expect(await countRows(w.site, 'competency_usercompplan')).toBe(before + 2);
    let entries = await list(plan.id);
    expect(entries.map((e) => [e.usercompetency, e.usercompetencyplan?.grade, e.usercompetencyplan?.proficiency, e.usercompetencyplan?.sortorder])).toEqual([
      [undefined, 2, true, 0],
      [undefined, null, null, 1],
    ]);
    expect(entries[0]!.usercompetencyplan?.gradename).toBe('Competent');
    // The live rating still changes (rated in the plan even when complete); the frozen one does not.
    await ok(w.site, w.manager, 'core_competency_grade_competency_in_plan', { planid: plan.id, competencyid: c1, grade: 1 });
    expect((await list(plan.id))[0]!.usercompetencyplan?.grade).toBe(2);
    expect((await call(w.site, w.manager, 'core_competency_complete_plan', { planid: plan.id })).exception?.errorcode).toBe('invalidplanstatus');
    expect((await call(w.site, w.manager, 'core_competency_add_competency_to_plan', { planid: plan.id, competencyid: w.children[2]!.id })).exception?.errorcode).toBe('plancompleted');
    await w.site.platform.db.updateTable('competency_plan').set({ duedate: now() + 300 }).where('id', '=', plan.id).execute();
    expect(await ok(w.site, w.manager, 'core_competency_reopen_plan', { planid: plan.id })).toBe(true);
    expect(await status(plan.id)).toMatchObject({ status: ACTIVE });
    expect(Number((await status(plan.id)).duedate)).toBe(0);
    entries = await list(plan.id);
    expect(entries.map((e) => [e.usercompetencyplan, e.usercompetency?.grade])).toEqual([
      [undefined, 1],
      [undefined, null],
    ]);
    expect(entries[1]!.usercompetency?.id).toBe(0);
    expect(await countRows(w.site, 'competency_usercompplan')).toBe(before);
  });

  it('adds, reorders and removes the competencies of a plan', async () => {
    const plan = await create({ name: 'Order' });
    const ids = w.children.map((c) => c.id);
    for (const id of ids) expect(await add(plan.id, id)).toBe(true);
    // Adding again changes nothing.
    expect(await add(plan.id, ids[0]!)).toBe(true);
    expect((await list(plan.id)).map((c) => c.competency.id)).toEqual(ids);
    await ok(w.site, w.manager, 'core_competency_reorder_plan_competency', { planid: plan.id, competencyidfrom: ids[0], competencyidto: ids[2] });
    expect((await list(plan.id)).map((c) => c.competency.id)).toEqual([ids[1], ids[2], ids[0]]);
    await ok(w.site, w.manager, 'core_competency_reorder_plan_competency', { planid: plan.id, competencyidfrom: ids[0], competencyidto: ids[1] });
    expect((await list(plan.id)).map((c) => c.competency.id)).toEqual(ids);
    expect(await ok(w.site, w.manager, 'core_competency_remove_competency_from_plan', { planid: plan.id, competencyid: ids[1] })).toBe(true);
    expect(await ok(w.site, w.manager, 'core_competency_remove_competency_from_plan', { planid: plan.id, competencyid: ids[1] })).toBe(false);
    const orders = await w.site.platform.db.selectFrom('competency_plancomp').select(['competencyid', 'sortorder']).where('planid', '=', plan.id).orderBy('sortorder').execute();
    expect(orders).toEqual([
      { competencyid: ids[0], sortorder: 0 },
      { competencyid: ids[2], sortorder: 1 },
    ]);
    const missing = await call(w.site, w.manager, 'core_competency_reorder_plan_competency', { planid: plan.id, competencyidfrom: ids[1], competencyidto: ids[0] });
    expect(missing.exception?.errorcode).toBe('invalidreorder');
    expect((await call(w.site, w.learner, 'core_competency_add_competency_to_plan', { planid: plan.id, competencyid: ids[1] })).exception?.errorcode).toBe('nopermissions');
  });

  it('refuses competencies of a hidden framework', async () => {
    const plan = await create({ name: 'Hidden' });
    const hidden = await ok<{ id: number }>(w.site, w.manager, 'core_competency_create_competency_framework', {
      competencyframework: { shortname: 'Hidden', idnumber: 'HIDDENFW', visible: 0, scaleid: w.scaleid, scaleconfiguration: w.framework.scaleconfiguration, contextlevel: 'system' },
    });
    const c = await ok<{ id: number }>(w.site, w.manager, 'core_competency_create_competency', { competency: { competencyframeworkid: hidden.id, shortname: 'H', idnumber: 'H' } });
    expect((await call(w.site, w.manager, 'core_competency_add_competency_to_plan', { planid: plan.id, competencyid: c.id })).exception?.errorcode).toBe('frameworkhidden');
  });

  it('deletes a plan in any status with its frozen ratings', async () => {
    const plan = await create({ name: 'Delete me', status: ACTIVE });
    await add(plan.id, w.children[0]!.id);
    await ok(w.site, w.manager, 'core_competency_complete_plan', { planid: plan.id });
    expect(await ok(w.site, w.manager, 'core_competency_delete_plan', { id: plan.id })).toBe(true);
    expect(await w.site.platform.db.selectFrom('competency_usercompplan').select('id').where('planid', '=', plan.id).executeTakeFirst()).toBeUndefined();
    expect((await call(w.site, w.manager, 'core_competency_read_plan', { id: plan.id })).exception?.errorcode).toBe('invalidrecord');
  });

  it('lists the plans a caller may read and builds the plans and plan pages', async () => {
    const fresh = await w.site.createUser('plfresh', { firstname: 'Fay', lastname: 'Fresh' });
    const draft = await planInStatus(w.site, fresh, DRAFT);
    const active = await ok<Plan>(w.site, w.manager, 'core_competency_create_plan', { plan: { name: 'B active', userid: fresh, status: ACTIVE } });
    await add(active.id, w.children[0]!.id);
    await add(active.id, w.children[1]!.id);
    await ok(w.site, w.manager, 'core_competency_grade_competency_in_plan', { planid: active.id, competencyid: w.children[0]!.id, grade: 2 });
    const managerList = await ok<Plan[]>(w.site, w.manager, 'core_competency_list_user_plans', { userid: fresh });
    expect(managerList.map((p) => p.id).sort()).toEqual([draft, active.id].sort());
    const freshSession = await w.site.sessionFor(fresh);
    expect((await ok<Plan[]>(w.site, freshSession, 'core_competency_list_user_plans', { userid: fresh })).map((p) => p.id)).toEqual([active.id]);
    expect((await call(w.site, w.other, 'core_competency_list_user_plans', { userid: fresh })).exception?.errorcode).toBe('nopermissions');
    const page = await ok<{ user: { fullname: string }; plans: Plan[]; canmanageuserplans: boolean; canreaduserevidence: boolean }>(w.site, w.manager, 'tool_lp_data_for_plans_page', { userid: fresh });
    expect(page).toMatchObject({ user: { fullname: 'Fay Fresh' }, canmanageuserplans: true, canreaduserevidence: true });
    const learnerPage = await ok<{ canmanageuserplans: boolean; plans: Plan[] }>(w.site, freshSession, 'tool_lp_data_for_plans_page', { userid: fresh });
    expect(learnerPage.canmanageuserplans).toBe(false);
    const planPage = await ok<{ competencies: Array<{ comppath: { framework: { name: string }; ancestors: Array<{ name: string }> }; usercompetency?: UserCompetency; scalevalues: unknown[] }>; competencycount: number; proficientcompetencycount: number; proficientcompetencypercentage: number }>(
      w.site,
      w.manager,
      'tool_lp_data_for_plan_page',
      { planid: active.id },
    );
    expect(planPage).toMatchObject({ competencycount: 2, proficientcompetencycount: 1, proficientcompetencypercentage: 50 });
    expect(planPage.competencies[0]!.comppath).toMatchObject({ framework: { name: 'Plan skills' }, ancestors: [{ name: 'Skill P' }] });
    expect(planPage.competencies[0]!.usercompetency).toMatchObject({ grade: 2, gradename: 'Competent', proficiency: true, proficiencyname: 'Yes' });
    expect(planPage.competencies[0]!.scalevalues).toEqual([
      { id: 1, name: 'Not yet competent' },
      { id: 2, name: 'Competent' },
    ]);
    expect((await call(w.site, w.other, 'tool_lp_data_for_plan_page', { planid: active.id })).exception?.errorcode).toBe('nopermissions');
  });
  it('a learner allowed to keep drafts builds a plan and asks for review; the reviewer starts, stops and approves; views are logged', async () => {
    await allowOwnDraftPlans(w.site);
    const own = await ok<Plan>(w.site, w.learner, 'core_competency_create_plan', { plan: { name: 'My own plan', userid: w.learnerId } });
    expect(own).toMatchObject({ canmanage: true, isrequestreviewallowed: true, isapproveallowed: false, isstartreviewallowed: false });
    expect(await ok(w.site, w.learner, 'core_competency_add_competency_to_plan', { planid: own.id, competencyid: w.children[0]!.id })).toBe(true);
    // Drafts only: the learner may not make an active plan.
    expect((await call(w.site, w.learner, 'core_competency_create_plan', { plan: { name: 'x', userid: w.learnerId, status: ACTIVE } })).exception?.errorcode).toBe('nopermissions');
    expect(await ok(w.site, w.learner, 'core_competency_plan_request_review', { id: own.id })).toBe(true);
    expect((await call(w.site, w.learner, 'core_competency_plan_start_review', { id: own.id })).exception?.errorcode).toBe('nopermissions');
    expect((await call(w.site, w.learner, 'core_competency_approve_plan', { id: own.id })).exception?.errorcode).toBe('nopermissions');
    const waiting = await ok<Plan>(w.site, w.manager, 'core_competency_read_plan', { id: own.id });
    expect(waiting).toMatchObject({ iswaitingforreview: true, isstartreviewallowed: true });
    await ok(w.site, w.manager, 'core_competency_plan_start_review', { id: own.id });
    await ok(w.site, w.manager, 'core_competency_plan_stop_review', { id: own.id });
    await ok(w.site, w.learner, 'core_competency_plan_request_review', { id: own.id });
    await ok(w.site, w.learner, 'core_competency_plan_cancel_review_request', { id: own.id });
    await ok(w.site, w.learner, 'core_competency_plan_request_review', { id: own.id });
    await ok(w.site, w.manager, 'core_competency_plan_start_review', { id: own.id });
    await ok(w.site, w.manager, 'core_competency_approve_plan', { id: own.id });
    expect(await status(own.id)).toMatchObject({ status: ACTIVE, reviewerid: null });
    // Now active, the learner may no longer change it (planmanageown is not granted).
    expect((await call(w.site, w.learner, 'core_competency_delete_plan', { id: own.id })).exception?.errorcode).toBe('nopermissions');
    expect(await ok(w.site, w.learner, 'core_competency_plan_viewed', { id: own.id })).toBe(true);
    const logged = await w.site.platform.db.selectFrom('logstore_standard_log').select(['eventname', 'relateduserid']).where('objecttable', '=', 'competency_plan').where('objectid', '=', own.id).orderBy('id').execute();
    expect(logged.map((l) => l.eventname.split('_plan_')[1])).toEqual(['created', 'review_requested', 'review_started', 'review_stopped', 'review_requested', 'review_request_cancelled', 'review_requested', 'review_started', 'approved', 'viewed']);
    expect(new Set(logged.map((l) => l.relateduserid))).toEqual(new Set([w.learnerId]));
  });

});
