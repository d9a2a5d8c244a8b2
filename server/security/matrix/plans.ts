import { now } from '../../platform/platform';
import { createPageActivity } from '../../components/tag/fixtures';
import { ADMIN_ONLY, COURSE_EDITORS, COURSE_MEMBERS, COURSE_STAFF, LOGGED_IN, REAL_USERS, SITE_MANAGERS, type MatrixFixture, type PermissionDeclarations } from './types';

/**
 * Learning plans, templates, ratings and evidence. Plans, ratings and evidence are checked in the
 * owner's user context: here the owner is a user with no role, so only the system manager (and the
 * admin) hold the plan, review and evidence capabilities over them — course roles do not reach a user
 * context. Course competencies are checked in MX101.
 */
const OWNER_WHY = "The target is another user: plan, rating and evidence rights are held in that user's context, which only the system manager's role reaches.";

interface Id {
  id: number;
}

async function scale(fx: MatrixFixture) {
  return fx.once('plans:scale', async () => (await fx.site.platform.db.selectFrom('scale').select('id').where('name', '=', 'Default competence scale').executeTakeFirstOrThrow()).id);
}

/** A framework the plan declarations share, made once. */
function framework(fx: MatrixFixture): Promise<number> {
  return fx.once('plans:framework', async () => {
    const scaleid = await scale(fx);
    const fw = await fx.admin<Id>('core_competency_create_competency_framework', {
      competencyframework: {
        shortname: 'Matrix plans',
        idnumber: 'MXPLANS',
        scaleid,
        scaleconfiguration: JSON.stringify([{ scaleid }, { id: 1, scaledefault: 1, proficient: 0 }, { id: 2, scaledefault: 0, proficient: 1 }]),
        contextlevel: 'system',
      },
    });
    return fw.id;
  });
}

/** A fresh competency of the shared framework. */
async function competency(fx: MatrixFixture): Promise<number> {
  const n = fx.unique();
  return (await fx.admin<Id>('core_competency_create_competency', { competency: { competencyframeworkid: await framework(fx), shortname: `Matrix skill ${n}`, idnumber: `MXS${n}` } })).id;
}

async function template(fx: MatrixFixture, competencies = 0): Promise<number> {
  const t = await fx.admin<Id>('core_competency_create_template', { template: { shortname: `Matrix template ${fx.unique()}`, contextlevel: 'system' } });
  for (let i = 0; i < competencies; i++) await fx.admin('core_competency_add_competency_to_template', { templateid: t.id, competencyid: await competency(fx) });
  return t.id;
}

const sharedTemplate = (fx: MatrixFixture) => fx.once('plans:template', () => template(fx, 2));

/** A plan of the role-less user in a status, with one competency (made by the admin). */
async function plan(fx: MatrixFixture, status: 0 | 1 | 2 | 3 | 4 = 1): Promise<{ id: number; competencyid: number }> {
  const created = await fx.admin<Id>('core_competency_create_plan', { plan: { name: `Matrix plan ${fx.unique()}`, userid: fx.otherUserId, status: status === 2 ? 1 : status } });
  const competencyid = await competency(fx);
  await fx.admin('core_competency_add_competency_to_plan', { planid: created.id, competencyid });
  if (status === 2) await fx.admin('core_competency_complete_plan', { planid: created.id });
  return { id: created.id, competencyid };
}

const sharedPlan = (fx: MatrixFixture) => fx.once('plans:plan', () => plan(fx));

async function cohort(fx: MatrixFixture): Promise<number> {
  const t = now();
  const system = await fx.site.platform.db.selectFrom('context').select('id').where('contextlevel', '=', 10).executeTakeFirstOrThrow();
  const row = await fx.site.platform.db.insertInto('cohort').values({ contextid: system.id, name: `Matrix plan cohort ${fx.unique()}`, timecreated: t, timemodified: t }).returning('id').executeTakeFirstOrThrow();
  await fx.site.platform.db.insertInto('cohort_members').values({ cohortid: row.id, userid: fx.otherUserId, timeadded: t }).execute();
  return row.id;
}

/** A user competency of a fresh role-less user in a review status. */
async function reviewed(fx: MatrixFixture, steps: readonly string[]): Promise<{ userid: number; competencyid: number }> {
  const userid = await fx.newUser();
  const competencyid = await competency(fx);
  for (const step of steps) await fx.admin(`core_competency_user_competency_${step}`, { userid, competencyid });
  return { userid, competencyid };
}

/** A competency linked to MX101, and a gradable student of MX101 (not the caller). */
async function inCourse(fx: MatrixFixture): Promise<{ competencyid: number; userid: number }> {
  return fx.once('plans:incourse', async () => {
    const competencyid = await competency(fx);
    await fx.admin('core_competency_add_competency_to_course', { courseid: fx.courseid, competencyid });
    const userid = await fx.newUser('student');
    await fx.admin('core_competency_grade_competency_in_course', { courseid: fx.courseid, userid, competencyid, grade: 2 });
    return { competencyid, userid };
  });
}

const activity = (fx: MatrixFixture) => fx.once('plans:activity', () => createPageActivity(fx.site, fx.courseid, 'Matrix competency page'));

async function evidence(fx: MatrixFixture): Promise<number> {
  return (await fx.admin<Id>('core_competency_create_user_evidence', { userevidence: { userid: fx.otherUserId, name: `Matrix evidence ${fx.unique()}` } })).id;
}

const sharedEvidence = (fx: MatrixFixture) => fx.once('plans:evidence', () => evidence(fx));

const systemContext = { contextlevel: 'system' };

export const planDeclarations: PermissionDeclarations = {
  // ---- templates: templateview / templatemanage, held by the system manager ----
  core_competency_create_template: { allowed: SITE_MANAGERS, args: (fx) => ({ template: { shortname: `Created template ${fx.unique()}`, contextlevel: 'system' } }) },
  core_competency_read_template: { allowed: SITE_MANAGERS, args: async (fx) => ({ id: await sharedTemplate(fx) }) },
  core_competency_update_template: { allowed: SITE_MANAGERS, args: async (fx) => ({ template: { id: await template(fx), shortname: 'Renamed' } }) },
  core_competency_delete_template: { allowed: SITE_MANAGERS, args: async (fx) => ({ id: await template(fx), deleteplans: 1 }) },
  core_competency_duplicate_template: { allowed: SITE_MANAGERS, args: async (fx) => ({ id: await sharedTemplate(fx) }) },
  core_competency_list_templates: {
    allowed: SITE_MANAGERS,
    args: async (fx) => {
      await sharedTemplate(fx);
      return { context: systemContext };
    },
  },
  core_competency_count_templates: { allowed: SITE_MANAGERS, args: () => ({ context: systemContext }) },
  core_competency_template_has_related_data: { allowed: SITE_MANAGERS, args: async (fx) => ({ id: await sharedTemplate(fx) }) },
  core_competency_template_viewed: { allowed: SITE_MANAGERS, args: async (fx) => ({ id: await sharedTemplate(fx) }) },
  core_competency_list_templates_using_competency: {
    allowed: SITE_MANAGERS,
    args: async (fx) => {
      const [first] = await fx.admin<Id[]>('core_competency_list_competencies_in_template', { id: await sharedTemplate(fx) });
      return { id: first?.id ?? 0 };
    },
  },
  core_competency_count_templates_using_competency: { allowed: SITE_MANAGERS, args: async (fx) => ({ id: await competency(fx) }) },
  core_competency_add_competency_to_template: { allowed: SITE_MANAGERS, args: async (fx) => ({ templateid: await sharedTemplate(fx), competencyid: await competency(fx) }) },
  core_competency_remove_competency_from_template: {
    allowed: SITE_MANAGERS,
    args: async (fx) => {
      const templateid = await template(fx, 1);
      const [first] = await fx.admin<Id[]>('core_competency_list_competencies_in_template', { id: templateid });
      return { templateid, competencyid: first?.id ?? 0 };
    },
  },
  core_competency_reorder_template_competency: {
    allowed: SITE_MANAGERS,
    args: async (fx) => {
      const templateid = await template(fx, 2);
      const [a, b] = await fx.admin<Id[]>('core_competency_list_competencies_in_template', { id: templateid });
      return { templateid, competencyidfrom: a?.id ?? 0, competencyidto: b?.id ?? 0 };
    },
  },
  core_competency_list_competencies_in_template: { allowed: SITE_MANAGERS, args: async (fx) => ({ id: await sharedTemplate(fx) }) },
  core_competency_count_competencies_in_template: { allowed: SITE_MANAGERS, args: async (fx) => ({ id: await sharedTemplate(fx) }) },
  tool_lp_data_for_templates_manage_page: { allowed: SITE_MANAGERS, args: () => ({ pagecontext: systemContext }) },
  tool_lp_data_for_template_competencies_page: { allowed: SITE_MANAGERS, args: async (fx) => ({ templateid: await sharedTemplate(fx), pagecontext: systemContext }) },
  tool_lp_data_for_template_plans_page: { allowed: SITE_MANAGERS, args: async (fx) => ({ templateid: await sharedTemplate(fx) }) },
  tool_lp_add_template_cohort: { allowed: SITE_MANAGERS, args: async (fx) => ({ templateid: await template(fx), cohortid: await cohort(fx) }) },
  tool_lp_remove_template_cohort: {
    allowed: SITE_MANAGERS,
    args: async (fx) => {
      const templateid = await template(fx);
      const cohortid = await cohort(fx);
      await fx.admin('tool_lp_add_template_cohort', { templateid, cohortid });
      return { templateid, cohortid };
    },
  },
  tool_lp_search_cohorts: {
    allowed: SITE_MANAGERS,
    why: 'Cohorts of the system context need moodle/cohort:view or manage there; the editing teacher holds cohort:view only in MX101.',
    args: () => ({ query: '', context: systemContext }),
  },

  // ---- plans of the role-less user ----
  core_competency_create_plan: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: (fx) => ({ plan: { name: `Created plan ${fx.unique()}`, userid: fx.otherUserId } }) },
  core_competency_update_plan: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ plan: { id: (await plan(fx)).id, name: 'Renamed plan' } }) },
  core_competency_read_plan: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ id: (await sharedPlan(fx)).id }) },
  core_competency_delete_plan: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ id: (await plan(fx)).id }) },
  core_competency_list_user_plans: {
    allowed: SITE_MANAGERS,
    why: OWNER_WHY,
    args: async (fx) => {
      await sharedPlan(fx);
      return { userid: fx.otherUserId };
    },
  },
  core_competency_complete_plan: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ planid: (await plan(fx, 1)).id }) },
  core_competency_reopen_plan: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ planid: (await plan(fx, 2)).id }) },
  core_competency_unlink_plan_from_template: {
    allowed: SITE_MANAGERS,
    why: OWNER_WHY,
    args: async (fx) => {
      const templateid = await template(fx, 1);
      await fx.admin('tool_lp_add_template_cohort', { templateid, cohortid: await cohort(fx) });
      const row = await fx.site.platform.db.selectFrom('competency_plan').select('id').where('templateid', '=', templateid).executeTakeFirstOrThrow();
      return { planid: row.id };
    },
  },
  core_competency_plan_request_review: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ id: (await plan(fx, 0)).id }) },
  core_competency_plan_cancel_review_request: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ id: (await plan(fx, 3)).id }) },
  core_competency_plan_start_review: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ id: (await plan(fx, 3)).id }) },
  core_competency_plan_stop_review: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ id: (await plan(fx, 4)).id }) },
  core_competency_approve_plan: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ id: (await plan(fx, 0)).id }) },
  core_competency_unapprove_plan: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ id: (await plan(fx, 1)).id }) },
  core_competency_add_competency_to_plan: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ planid: (await sharedPlan(fx)).id, competencyid: await competency(fx) }) },
  core_competency_remove_competency_from_plan: {
    allowed: SITE_MANAGERS,
    why: OWNER_WHY,
    args: async (fx) => {
      const p = await plan(fx);
      return { planid: p.id, competencyid: p.competencyid };
    },
  },
  core_competency_reorder_plan_competency: {
    allowed: SITE_MANAGERS,
    why: OWNER_WHY,
    args: async (fx) => {
      const p = await plan(fx);
      const second = await competency(fx);
      await fx.admin('core_competency_add_competency_to_plan', { planid: p.id, competencyid: second });
      return { planid: p.id, competencyidfrom: second, competencyidto: p.competencyid };
    },
  },
  core_competency_list_plan_competencies: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ id: (await sharedPlan(fx)).id }) },
  core_competency_plan_viewed: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ id: (await sharedPlan(fx)).id }) },
  tool_lp_data_for_plans_page: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: (fx) => ({ userid: fx.otherUserId }) },
  tool_lp_data_for_plan_page: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ planid: (await sharedPlan(fx)).id }) },

  // ---- ratings and review of role-less users ----
  core_competency_user_competency_request_review: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: (fx) => reviewed(fx, []) },
  core_competency_user_competency_cancel_review_request: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: (fx) => reviewed(fx, ['request_review']) },
  core_competency_user_competency_start_review: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: (fx) => reviewed(fx, ['request_review']) },
  core_competency_user_competency_stop_review: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: (fx) => reviewed(fx, ['request_review', 'start_review']) },
  core_competency_grade_competency: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ userid: fx.otherUserId, competencyid: await competency(fx), grade: 2, note: 'Matrix' }) },
  core_competency_grade_competency_in_plan: {
    allowed: SITE_MANAGERS,
    why: OWNER_WHY,
    args: async (fx) => {
      const p = await sharedPlan(fx);
      return { planid: p.id, competencyid: p.competencyid, grade: 1 };
    },
  },
  core_competency_grade_competency_in_course: {
    allowed: COURSE_STAFF,
    why: 'Rating in MX101 needs competencygrade and usercompetencyview there: teachers, editing teachers and managers.',
    args: async (fx) => ({ courseid: fx.courseid, ...(await inCourse(fx)), grade: 1 }),
  },
  core_competency_competency_viewed: { allowed: REAL_USERS, why: 'competencyview belongs to every authenticated user (not the guest).', args: async (fx) => ({ id: await competency(fx) }) },
  core_competency_user_competency_viewed: {
    allowed: SITE_MANAGERS,
    why: OWNER_WHY,
    args: async (fx) => {
      const { userid, competencyid } = await reviewed(fx, ['request_review']);
      const row = await fx.site.platform.db.selectFrom('competency_usercomp').select('id').where('userid', '=', userid).where('competencyid', '=', competencyid).executeTakeFirstOrThrow();
      return { usercompetencyid: row.id };
    },
  },
  core_competency_user_competency_viewed_in_plan: {
    allowed: SITE_MANAGERS,
    why: OWNER_WHY,
    args: async (fx) => {
      const p = await sharedPlan(fx);
      return { competencyid: p.competencyid, userid: fx.otherUserId, planid: p.id };
    },
  },
  core_competency_user_competency_plan_viewed: {
    allowed: SITE_MANAGERS,
    why: OWNER_WHY,
    args: async (fx) => {
      const p = await fx.once('plans:completeplan', () => plan(fx, 2));
      return { competencyid: p.competencyid, userid: fx.otherUserId, planid: p.id };
    },
  },
  core_competency_user_competency_viewed_in_course: {
    allowed: COURSE_STAFF,
    why: "Another learner's rating in MX101 needs usercompetencyview there.",
    args: async (fx) => ({ courseid: fx.courseid, ...(await inCourse(fx)) }),
  },
  core_competency_delete_evidence: {
    allowed: ADMIN_ONLY,
    why: 'evidencedelete has no default role (Moodle clones it from site:config).',
    args: async (fx) => {
      const evidenceRow = await fx.admin<Id>('core_competency_grade_competency', { userid: fx.otherUserId, competencyid: await competency(fx), grade: 1 });
      return { id: evidenceRow.id };
    },
  },
  tool_lp_data_for_user_competency_summary: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ userid: fx.otherUserId, competencyid: (await sharedPlan(fx)).competencyid }) },
  tool_lp_data_for_user_competency_summary_in_plan: {
    allowed: SITE_MANAGERS,
    why: OWNER_WHY,
    args: async (fx) => {
      const p = await sharedPlan(fx);
      return { competencyid: p.competencyid, planid: p.id };
    },
  },
  tool_lp_data_for_user_competency_summary_in_course: {
    allowed: COURSE_STAFF,
    why: "Another learner's rating in MX101 needs usercompetencyview there.",
    args: async (fx) => ({ courseid: fx.courseid, ...(await inCourse(fx)) }),
  },
  tool_lp_search_users: {
    allowed: LOGGED_IN,
    why: 'Everyone may search; the answer holds only users on whose context the caller holds the capability.',
    args: async (fx) => {
      await sharedPlan(fx);
      return { query: 'Matrix User', capability: 'moodle/competency:planview' };
    },
    check: (data, role, fx) => {
      const users = (data as { users: Id[] }).users;
      if (role === 'manager' || role === 'admin') return users.some((u) => u.id === fx.otherUserId) ? null : 'the role-less user is not found';
      return users.length === 0 ? null : 'users the caller may not act on are revealed';
    },
  },

  // ---- course competencies in MX101 ----
  core_competency_add_competency_to_course: { allowed: COURSE_EDITORS, args: async (fx) => ({ courseid: fx.courseid, competencyid: await competency(fx) }) },
  core_competency_remove_competency_from_course: {
    allowed: COURSE_EDITORS,
    args: async (fx) => {
      const competencyid = await competency(fx);
      await fx.admin('core_competency_add_competency_to_course', { courseid: fx.courseid, competencyid });
      return { courseid: fx.courseid, competencyid };
    },
  },
  core_competency_reorder_course_competency: {
    allowed: COURSE_EDITORS,
    args: async (fx) => {
      const [a, b] = [await competency(fx), await competency(fx)];
      for (const competencyid of [a, b]) await fx.admin('core_competency_add_competency_to_course', { courseid: fx.courseid, competencyid });
      return { courseid: fx.courseid, competencyidfrom: b, competencyidto: a };
    },
  },
  core_competency_list_course_competencies: {
    allowed: COURSE_MEMBERS,
    args: async (fx) => {
      await inCourse(fx);
      return { id: fx.courseid };
    },
  },
  core_competency_count_competencies_in_course: { allowed: COURSE_MEMBERS, args: (fx) => ({ id: fx.courseid }) },
  core_competency_set_course_competency_ruleoutcome: {
    allowed: COURSE_EDITORS,
    args: async (fx) => {
      const { competencyid } = await inCourse(fx);
      const link = await fx.site.platform.db.selectFrom('competency_coursecomp').select('id').where('courseid', '=', fx.courseid).where('competencyid', '=', competencyid).executeTakeFirstOrThrow();
      return { coursecompetencyid: link.id, ruleoutcome: 3 };
    },
  },
  core_competency_update_course_competency_settings: {
    allowed: SITE_MANAGERS,
    why: 'coursecompetencyconfigure belongs to managers only.',
    args: (fx) => ({ courseid: fx.courseid, settings: { pushratingstouserplans: 1 } }),
  },
  core_competency_list_course_module_competencies: { allowed: COURSE_MEMBERS, args: async (fx) => ({ cmid: await activity(fx) }) },
  tool_lp_set_course_module_competency: {
    allowed: COURSE_EDITORS,
    args: async (fx) => ({ cmid: await activity(fx), competencyid: (await inCourse(fx)).competencyid, linked: 1, ruleoutcome: 2 }),
  },
  tool_lp_data_for_course_competencies_page: { allowed: COURSE_MEMBERS, args: (fx) => ({ courseid: fx.courseid }) },
  core_competency_list_gradable_users_in_course: { allowed: COURSE_MEMBERS, why: 'Learners get only themselves.', args: (fx) => ({ courseid: fx.courseid }) },
  report_competency_data_for_report: {
    allowed: COURSE_MEMBERS,
    why: "The student asks about their own ratings; staff about the student's.",
    args: async (fx) => {
      await inCourse(fx);
      return { courseid: fx.courseid, userid: fx.users.student };
    },
  },
  report_competency_data_for_breakdown: { allowed: COURSE_STAFF, args: (fx) => ({ courseid: fx.courseid }) },

  // ---- evidence of prior learning of the role-less user ----
  core_competency_create_user_evidence: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: (fx) => ({ userevidence: { userid: fx.otherUserId, name: `Matrix evidence ${fx.unique()}` } }) },
  core_competency_update_user_evidence: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ userevidence: { id: await evidence(fx), name: 'Renamed evidence' } }) },
  core_competency_prepare_user_evidence_files: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ id: await sharedEvidence(fx) }) },
  core_competency_read_user_evidence: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ id: await sharedEvidence(fx) }) },
  core_competency_delete_user_evidence: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ id: await evidence(fx) }) },
  core_competency_create_user_evidence_competency: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ userevidenceid: await sharedEvidence(fx), competencyid: await competency(fx) }) },
  core_competency_delete_user_evidence_competency: {
    allowed: SITE_MANAGERS,
    why: OWNER_WHY,
    args: async (fx) => {
      const userevidenceid = await evidence(fx);
      const competencyid = await competency(fx);
      await fx.admin('core_competency_create_user_evidence_competency', { userevidenceid, competencyid });
      return { userevidenceid, competencyid };
    },
  },
  core_competency_request_review_of_user_evidence_linked_competencies: {
    allowed: SITE_MANAGERS,
    why: OWNER_WHY,
    args: async (fx) => {
      const id = await evidence(fx);
      await fx.admin('core_competency_create_user_evidence_competency', { userevidenceid: id, competencyid: await competency(fx) });
      return { id };
    },
  },
  tool_lp_data_for_user_evidence_list_page: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: (fx) => ({ userid: fx.otherUserId }) },
  tool_lp_data_for_user_evidence_page: { allowed: SITE_MANAGERS, why: OWNER_WHY, args: async (fx) => ({ id: await sharedEvidence(fx) }) },
};
