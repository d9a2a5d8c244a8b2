import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { createAccess } from '../platform/access/checker';
import { getSystemContext } from '../platform/access/contexts';
import { getRoleByShortname, setRolePermission } from '../platform/access/install';
import { CAP_ALLOW } from '../platform/access/types';
import type { Platform } from '../platform/platform';
import { loadUser } from '../platform/session';
import type { CallContext } from '../ws/method';

type Call = <T>(ctx: CallContext, name: string, args: unknown) => Promise<T>;

interface Id {
  id: number;
}

const PLAN_ACTIVE = 1;

/** A demo user's context for calling methods as them. */
async function actingAs(platform: Platform, db: Kysely<DB>, username: string): Promise<CallContext | undefined> {
  const row = await db.selectFrom('user').select('id').where('username', '=', username).executeTakeFirst();
  const user = row ? await loadUser(db, row.id) : undefined;
  return user ? { platform, db, user, session: null, access: createAccess(db, user.id), lang: 'en', ip: '127.0.0.1' } : undefined;
}

/**
 * Learning plans for the demo site, made through the same methods as the screens: a first-year
 * template whose cohort gives every first-year student a plan, plans of second-year students in
 * every status, ratings in plans and in courses, competencies linked to two courses and an activity,
 * review requests, and evidence of prior learning. Learners may keep draft plans of their own (a
 * common site choice), so their plan screens have something to do.
 */
export async function addDemoPlans(platform: Platform, db: Kysely<DB>, call: Call, competency: (idnumber: string) => number): Promise<void> {
  const manager = await actingAs(platform, db, 'manager1');
  const teacher = await actingAs(platform, db, 'teacher1');
  if (!manager || !teacher) return;
  const userid = async (username: string) => (await db.selectFrom('user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

  const authenticated = await getRoleByShortname(db, 'user');
  const system = await getSystemContext(db);
  if (authenticated) {
    for (const capability of ['moodle/competency:planviewowndraft', 'moodle/competency:planmanageowndraft']) await setRolePermission(db, authenticated.id, system.id, capability, CAP_ALLOW, manager.user?.id ?? 0);
  }

  const firstYear = await call<Id>(manager, 'core_competency_create_template', {
    template: {
      shortname: 'First-year digital skills',
      description: '<p>The digital skills every first-year student works on: finding and judging information, keeping work safe, and communicating online.</p>',
      contextlevel: 'system',
    },
  });
  for (const idnumber of ['DC-INFO-1', 'DC-INFO-2', 'DC-INFO-3', 'DC-COMM-1', 'DC-SAFE-1', 'DC-SAFE-2']) {
    await call(manager, 'core_competency_add_competency_to_template', { templateid: firstYear.id, competencyid: competency(idnumber) });
  }
  const cohort = await db.selectFrom('cohort').select('id').where('idnumber', '=', 'Y1').executeTakeFirst();
  if (cohort) await call(manager, 'tool_lp_add_template_cohort', { templateid: firstYear.id, cohortid: cohort.id });
  const teamwork = await call<Id>(manager, 'core_competency_create_template', {
    template: { shortname: 'Team projects', description: '<p>For students starting a group project.</p>', contextlevel: 'system' },
  });
  for (const idnumber of ['TW-LISTEN', 'TW-SHARE', 'TW-DEADLINE', 'TW-CONFLICT']) await call(manager, 'core_competency_add_competency_to_template', { templateid: teamwork.id, competencyid: competency(idnumber) });

  // Ratings in the first-year plans.
  const planOf = async (username: string) => db.selectFrom('competency_plan').select('id').where('userid', '=', await userid(username)).where('templateid', '=', firstYear.id).executeTakeFirst();
  const ratings: Array<[string, string, number]> = [
    ['student1', 'DC-INFO-1', 2],
    ['student1', 'DC-INFO-2', 2],
    ['student1', 'DC-SAFE-1', 2],
    ['student3', 'DC-INFO-1', 2],
    ['student3', 'DC-INFO-2', 1],
    ['student5', 'DC-INFO-1', 1],
  ];
  for (const [username, idnumber, grade] of ratings) {
    const plan = await planOf(username);
    if (plan) await call(manager, 'core_competency_grade_competency_in_plan', { planid: plan.id, competencyid: competency(idnumber), grade, note: grade === 2 ? 'Shown in the library workshop.' : 'Needs more practice with search filters.' });
  }

  // Second-year students' own plans, one in each status.
  const personal = async (username: string, name: string, status: number, idnumbers: string[]) => {
    const plan = await call<Id>(manager, 'core_competency_create_plan', {
      plan: { name, userid: await userid(username), description: '<p>Agreed with the student at the start of term.</p>', status: status === PLAN_ACTIVE || status === 2 ? PLAN_ACTIVE : 0 },
    });
    for (const idnumber of idnumbers) await call(manager, 'core_competency_add_competency_to_plan', { planid: plan.id, competencyid: competency(idnumber) });
    return plan.id;
  };
  await personal('student2', 'Personal digital goals', 0, ['DC-COMM-1', 'DC-COMM-2']);
  const waiting = await personal('student4', 'Research project skills', 0, ['DC-INFO-2', 'DC-INFO-3']);
  await call(manager, 'core_competency_plan_request_review', { id: waiting });
  const inReview = await personal('student6', 'Staying safe online', 0, ['DC-SAFE-1', 'DC-SAFE-2']);
  await call(manager, 'core_competency_plan_request_review', { id: inReview });
  await call(manager, 'core_competency_plan_start_review', { id: inReview });
  const active = await personal('student8', 'Group work this year', PLAN_ACTIVE, ['TW-LISTEN', 'TW-SHARE', 'TW-DEADLINE']);
  await call(manager, 'core_competency_grade_competency_in_plan', { planid: active, competencyid: competency('TW-LISTEN'), grade: 3, note: 'Leads the weekly stand-up well.' });
  const complete = await personal('student10', 'Last year: information skills', 2, ['DC-INFO-1', 'DC-INFO-2']);
  await call(manager, 'core_competency_grade_competency_in_plan', { planid: complete, competencyid: competency('DC-INFO-1'), grade: 2 });
  await call(manager, 'core_competency_complete_plan', { planid: complete });

  // Review requests on single competencies: one waiting, one being reviewed.
  await call(manager, 'core_competency_user_competency_request_review', { userid: await userid('student3'), competencyid: competency('DC-INFO-2') });
  const student5 = await userid('student5');
  await call(manager, 'core_competency_user_competency_request_review', { userid: student5, competencyid: competency('DC-INFO-3') });
  await call(manager, 'core_competency_user_competency_start_review', { userid: student5, competencyid: competency('DC-INFO-3') });

  // Course competencies: Introduction to Biology works on information skills, Assessment for Learning on teamwork.
  const course = async (shortname: string) => db.selectFrom('course').select('id').where('shortname', '=', shortname).executeTakeFirst();
  const bio = await course('BIO101');
  if (bio) {
    for (const idnumber of ['DC-INFO-1', 'DC-INFO-2', 'DC-COMM-2']) await call(teacher, 'core_competency_add_competency_to_course', { courseid: bio.id, competencyid: competency(idnumber) });
    const links = await db.selectFrom('competency_coursecomp').select(['id', 'competencyid']).where('courseid', '=', bio.id).execute();
    const evaluating = links.find((l) => l.competencyid === competency('DC-INFO-2'));
    if (evaluating) await call(teacher, 'core_competency_set_course_competency_ruleoutcome', { coursecompetencyid: evaluating.id, ruleoutcome: 3 });
    const handbook = await db
      .selectFrom('course_modules as cm')
      .innerJoin('modules as m', 'm.id', 'cm.module')
      .select('cm.id')
      .where('cm.course', '=', bio.id)
      .where('m.name', '=', 'page')
      .executeTakeFirst();
    if (handbook) await call(teacher, 'tool_lp_set_course_module_competency', { cmid: handbook.id, competencyid: competency('DC-INFO-1'), linked: 1, ruleoutcome: 1 });
    const rated: Array<[string, string, number]> = [
      ['student1', 'DC-INFO-1', 2],
      ['student1', 'DC-COMM-2', 2],
      ['student2', 'DC-INFO-1', 1],
      ['student4', 'DC-INFO-2', 2],
      ['student7', 'DC-INFO-1', 2],
    ];
    for (const [username, idnumber, grade] of rated) {
      await call(teacher, 'core_competency_grade_competency_in_course', { courseid: bio.id, userid: await userid(username), competencyid: competency(idnumber), grade, note: null });
    }
  }
  const afl = await course('PD-AFL');
  if (afl) for (const idnumber of ['TW-LISTEN', 'TW-SHARE']) await call(teacher, 'core_competency_add_competency_to_course', { courseid: afl.id, competencyid: competency(idnumber) });

  // Evidence of prior learning, added by the students themselves.
  const student1 = await actingAs(platform, db, 'student1');
  const student2 = await actingAs(platform, db, 'student2');
  if (student1?.user) {
    await call(student1, 'core_competency_create_user_evidence', {
      userevidence: { userid: student1.user.id, name: 'Library research workshop', description: '<p>A half-day workshop on catalogues, databases and citing sources.</p>', url: 'https://example.org/library/workshops' },
      competencyids: [competency('DC-INFO-1'), competency('DC-INFO-2')],
    });
  }
  if (student2?.user) {
    const helpdesk = await call<Id>(student2, 'core_competency_create_user_evidence', {
      userevidence: { userid: student2.user.id, name: 'Volunteer IT helpdesk', description: '<p>Two terms helping visitors at the community centre with their phones and e-mail.</p>' },
      competencyids: [competency('DC-COMM-1'), competency('DC-SAFE-1')],
    });
    await call(student2, 'core_competency_request_review_of_user_evidence_linked_competencies', { id: helpdesk.id });
  }
}
