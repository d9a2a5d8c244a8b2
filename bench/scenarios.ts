/**
 * The benchmark's scenarios: realistic calls with a logged-in session, each with the bare-route
 * baseline that answers the same JSON after running the scenario's main query (no login, permission
 * checks, validation or rendering: the floor for this stack on this machine).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../server/db/schema';
import { competencyCount, type SiteSize } from '../server/generator/sizes';

/** Ids the scenarios and their baselines need, read from the generated site. */
export interface BenchIds {
  /** "Large lecture": thousands of participants. */
  lectureId: number;
  /** "Long course": 200 activities. */
  longCourseId: number;
  /** The collection holding the generated tags. */
  tagCollId: number;
  /** A student's session id, for the baselines that read a session as the server does. */
  studentSid: string;
  /** The "Large lecture" assignment (5,000 participants at size L and XL). */
  lectureAssignId: number;
  /** A lecture student with a submission, whom the grader steps to. */
  gradedUserId: number;
  /** The generated competency framework (10,010 competencies at size L and XL). */
  frameworkId: number;
  /** Its first domain (100 competencies under it at size L and XL). */
  domainId: number;
  /** The generated learning plan template (5,000 plans at size XL). */
  templateId: number;
  /** A report over the whole log table (1,000,000 rows at size XL). */
  reportId: number;
}

/** The report the bench creates over the log table, and its query. */
export const LOG_REPORT = {
  name: 'Bench: every log row',
  querysql: 'SELECT id, userid, courseid, ip, timecreated FROM logstore_standard_log',
};

export interface Login {
  cookie: string;
  sesskey: string;
  userid: number;
}

export interface Scenario {
  /** Short, stable key: results are compared by it. */
  key: string;
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Connections for this scenario (default: the run's --concurrency). */
  connections?: number;
  /** Send exactly this many requests, one after another, instead of driving for --seconds (a call that takes seconds). */
  requests?: number;
  /** False: no baseline route (an answer too large to replay from memory, such as a full export). */
  baseline?: boolean;
  /** What to reach — requests per second, a p50 latency, or both — and where the target comes from. */
  target?: { rps?: number; p50ms?: number; source: string };
}

/** The children of a competency (0: the top level) with their child counts: the manage page's first load and a branch's. */
function treeBranch(db: Kysely<DB>, frameworkId: number, parentid: number) {
  return db
    .selectFrom('competency as c')
    .select(['c.id', 'c.shortname', 'c.idnumber', 'c.parentid', 'c.path', 'c.sortorder', 'c.ruletype', 'c.ruleoutcome'])
    .select((eb) => eb.selectFrom('competency as k').select((k) => k.fn.countAll().as('n')).whereRef('k.parentid', '=', 'c.id').as('childcount'))
    .where('c.competencyframeworkid', '=', frameworkId)
    .where('c.parentid', '=', parentid)
    .orderBy('c.sortorder')
    .execute();
}

/** What each scenario's baseline route runs before answering the recorded body (none: cached answers). */
export const baselineQueries: Record<string, ((db: Kysely<DB>, ids: BenchIds) => Promise<unknown>) | undefined> = {
  strings: undefined,
  template: undefined,
  notifications: (db, ids) => db.selectFrom('session_notifications').selectAll().where('sid', '=', ids.studentSid).execute(),
  dashboard: (db, ids) =>
    db.selectFrom('sessions').innerJoin('user', 'user.id', 'sessions.userid').select(['user.id', 'user.firstname', 'user.lastname', 'sessions.sesskey']).where('sessions.sid', '=', ids.studentSid).executeTakeFirst(),
  mycourses: (db, ids) =>
    db
      .selectFrom('user_enrolments')
      .innerJoin('enrol', 'enrol.id', 'user_enrolments.enrolid')
      .innerJoin('course', 'course.id', 'enrol.courseid')
      .innerJoin('sessions', 'sessions.userid', 'user_enrolments.userid')
      .select(['course.id', 'course.fullname', 'course.shortname', 'course.summary'])
      .where('sessions.sid', '=', ids.studentSid)
      .execute(),
  searchdemo: (db) => searchQuery(db, '', 100),
  search2000: (db) => searchQuery(db, 'biology', 20),
  taglist: (db, ids) => db.selectFrom('tag').selectAll().where('tagcollid', '=', ids.tagCollId).orderBy('name').limit(30).execute(),
  tagsearch: (db, ids) => db.selectFrom('tag').selectAll().where('tagcollid', '=', ids.tagCollId).where('name', 'like', '%exam 12%').orderBy('name').limit(30).execute(),
  participants: (db, ids) =>
    db
      .selectFrom('user')
      .innerJoin('user_enrolments', 'user_enrolments.userid', 'user.id')
      .innerJoin('enrol', 'enrol.id', 'user_enrolments.enrolid')
      .select(['user.id', 'user.firstname', 'user.lastname', 'user.email', 'user.lastaccess'])
      .where('enrol.courseid', '=', ids.lectureId)
      .orderBy('user.lastname')
      .limit(20)
      .execute(),
  coursestate: (db, ids) =>
    Promise.all([
      db.selectFrom('course_sections').selectAll().where('course', '=', ids.longCourseId).execute(),
      db.selectFrom('course_modules').innerJoin('modules', 'modules.id', 'course_modules.module').selectAll('course_modules').select('modules.name').where('course', '=', ids.longCourseId).execute(),
    ]),
  assignids: (db, ids) =>
    db
      .selectFrom('user_enrolments')
      .innerJoin('enrol', 'enrol.id', 'user_enrolments.enrolid')
      .innerJoin('user', 'user.id', 'user_enrolments.userid')
      .leftJoin('assign_submission', (j) => j.onRef('assign_submission.userid', '=', 'user.id').on('assign_submission.assignment', '=', ids.lectureAssignId).on('assign_submission.latest', '=', 1))
      .select(['user.id', 'user.firstname', 'user.lastname', 'assign_submission.status'])
      .where('enrol.courseid', '=', ids.lectureId)
      .orderBy('user.lastname')
      .execute(),
  gradernext: (db, ids) =>
    Promise.all([
      db.selectFrom('user').selectAll().where('id', '=', ids.gradedUserId).executeTakeFirst(),
      db
        .selectFrom('assign_submission')
        .leftJoin('assignsubmission_onlinetext', 'assignsubmission_onlinetext.submission', 'assign_submission.id')
        .selectAll('assign_submission')
        .select('assignsubmission_onlinetext.onlinetext')
        .where('assign_submission.assignment', '=', ids.lectureAssignId)
        .where('assign_submission.userid', '=', ids.gradedUserId)
        .executeTakeFirst(),
      db.selectFrom('assign_grades').selectAll().where('assignment', '=', ids.lectureAssignId).where('userid', '=', ids.gradedUserId).executeTakeFirst(),
    ]),
  navbranch: (db, ids) =>
    Promise.all([
      db.selectFrom('course_sections').select(['id', 'section', 'name', 'visible', 'sequence']).where('course', '=', ids.longCourseId).execute(),
      db
        .selectFrom('course_modules')
        .innerJoin('modules', 'modules.id', 'course_modules.module')
        .select(['course_modules.id', 'course_modules.instance', 'course_modules.visible', 'modules.name'])
        .where('course', '=', ids.longCourseId)
        .execute(),
    ]),
  competencies: (db, ids) => treeBranch(db, ids.frameworkId, 0),
  competencybranch: (db, ids) => treeBranch(db, ids.frameworkId, ids.domainId),
  competencysearch: (db, ids) =>
    db
      .selectFrom('competency')
      .selectAll()
      .where('competencyframeworkid', '=', ids.frameworkId)
      .where((eb) => eb.or([eb('idnumber', 'like', '%GEN-3.42%'), eb('shortname', 'like', '%GEN-3.42%')]))
      .orderBy('path')
      .execute(),
  templatestats: (db, ids) =>
    Promise.all([
      db.selectFrom('competency_templatecomp').select('competencyid').where('templateid', '=', ids.templateId).execute(),
      db
        .selectFrom('competency_plan')
        .select(['status', (eb) => eb.fn.countAll().as('n')])
        .where('templateid', '=', ids.templateId)
        .groupBy('status')
        .execute(),
    ]),
  reportpage: (db) => reportPage(db, 'id', 0),
  reportsort: (db) => reportPage(db, 'timecreated', 5_000),
  reportsearch: (db) =>
    db
      .selectFrom('logstore_standard_log')
      .select(['id', 'userid', 'courseid', 'ip', 'timecreated'])
      .where('ip', 'like', '%10.1.2.%')
      .limit(10)
      .execute(),
  userlist: (db) => db.selectFrom('user').select(['id', 'firstname', 'lastname', 'email', 'lastaccess']).where('deleted', '=', 0).orderBy('lastname').limit(30).execute(),
};

/** A page of the log report: the total and ten rows in the given order. */
function reportPage(db: Kysely<DB>, order: 'id' | 'timecreated', offset: number) {
  return Promise.all([
    db.selectFrom('logstore_standard_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    db.selectFrom('logstore_standard_log').select(['id', 'userid', 'courseid', 'ip', 'timecreated']).orderBy(order, 'desc').limit(10).offset(offset).execute(),
  ]);
}

function searchQuery(db: Kysely<DB>, text: string, limit: number) {
  return db
    .selectFrom('course')
    .select(['id', 'fullname', 'shortname', 'summary', 'category'])
    .where('id', '<>', 1)
    .where(sql<boolean>`lower(fullname) like ${`%${text}%`}`)
    .orderBy('fullname')
    .limit(limit)
    .execute();
}

function ajax(key: string, name: string, as: Login, calls: Array<{ methodname: string; args: unknown }>, extra: Partial<Scenario> = {}): Scenario {
  return {
    key,
    name,
    method: 'POST',
    path: `/lib/ajax/service.php?sesskey=${as.sesskey}&info=${calls.map((c) => c.methodname).join(',')}`,
    headers: { 'content-type': 'application/json', cookie: as.cookie },
    body: JSON.stringify(calls.map((c, index) => ({ index, ...c }))),
    ...extra,
  };
}

const MOODLE = 'Moodle 4.5 on this kind of machine × 10';

const ASSIGN_ISSUE = 'issue 8 (assignment grading)';
const COMPETENCY_ISSUE = 'issue 11 (competency frameworks)';
const REPORT_ISSUE = 'issue 13 (reports)';

/** Every scenario, as the users the run logged in (`grader`: the lecture's editing teacher). */
export function buildScenarios(ids: BenchIds, size: SiteSize, student: Login, teacher: Login, admin: Login, grader: Login): Scenario[] {
  const n = (count: number) => count.toLocaleString('en');
  const competencies = competencyCount(size.competencyTree);
  const strings = ['login', 'logout', 'dashboard', 'mycourses', 'profile', 'preferences', 'search', 'cancel', 'ok', 'close'].map((stringid) => ({ stringid }));
  return [
    {
      key: 'strings',
      name: 'core_get_strings, nologin (10 strings, cached)',
      method: 'POST',
      path: '/lib/ajax/service-nologin.php?info=core_get_strings',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ index: 0, methodname: 'core_get_strings', args: { strings } }]),
      connections: 10,
      target: { rps: 1_800, source: MOODLE },
    },
    {
      key: 'template',
      name: 'core_output_load_template, nologin (cached)',
      method: 'POST',
      path: '/lib/ajax/service-nologin.php?info=core_output_load_template',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ index: 0, methodname: 'core_output_load_template', args: { component: 'core', template: 'notification_success', themename: 'boost' } }]),
    },
    ajax('notifications', 'core_fetch_notifications', student, [{ methodname: 'core_fetch_notifications', args: { contextid: 1 } }], { connections: 10, target: { rps: 1_150, source: MOODLE } }),
    { key: 'dashboard', name: 'dashboard page GET /my/', method: 'GET', path: '/my/', headers: { cookie: student.cookie, accept: 'text/html' }, connections: 10, target: { rps: 150, source: MOODLE } },
    ajax('mycourses', "core_enrol_get_users_courses (a student's dashboard)", student, [{ methodname: 'core_enrol_get_users_courses', args: { userid: student.userid } }]),
    ajax('searchdemo', 'core_course_search_courses (demo-sized, 100 per page)', student, [{ methodname: 'core_course_search_courses', args: { criterianame: 'search', criteriavalue: '', perpage: 100 } }], {
      connections: 10,
      target: { rps: 220, source: MOODLE },
    }),
    ajax('search2000', `core_course_search_courses over ${n(size.courses)} courses ("biology")`, student, [{ methodname: 'core_course_search_courses', args: { criterianame: 'search', criteriavalue: 'biology', perpage: 20 } }]),
    ajax('taglist', `tag management, first page (${n(size.tags)} tags)`, admin, [{ methodname: 'core_tag_list_tags', args: { tc: ids.tagCollId } }]),
    ajax('tagsearch', `tag management, search (${n(size.tags)} tags)`, admin, [{ methodname: 'core_tag_list_tags', args: { tc: ids.tagCollId, search: 'exam 12' } }]),
    ajax('participants', `participants of a ${n(size.lectureStudents)}-student course, first page`, admin, [{ methodname: 'core_enrol_list_participants', args: { courseid: ids.lectureId } }]),
    ajax('coursestate', `course page state, ${n(size.longCourseActivities)} activities (editing teacher)`, teacher, [{ methodname: 'core_courseformat_get_state', args: { courseid: ids.longCourseId } }]),
    {
      key: 'navbranch',
      name: `navigation block: the branch of a course with ${n(size.longCourseActivities)} activities (editing teacher)`,
      method: 'POST',
      path: '/lib/ajax/getnavbranch.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: teacher.cookie },
      body: new URLSearchParams({ elementid: `expandable_branch_20_${ids.longCourseId}`, id: String(ids.longCourseId), type: '20', sesskey: teacher.sesskey, instance: '0' }).toString(),
    },
    ajax('assignids', `mod_assign_list_participants, all ${n(size.lectureStudents)} (the grader's id list)`, grader, [{ methodname: 'mod_assign_list_participants', args: { assignid: ids.lectureAssignId, onlyids: true } }], {
      // One grader opening the screen: the target is the latency of one call, not of a queue of them.
      connections: 1,
      target: { p50ms: 100, source: ASSIGN_ISSUE },
    }),
    ajax('assignsearch', 'mod_assign_list_participants, user selector search (limit 30)', grader, [{ methodname: 'mod_assign_list_participants', args: { assignid: ids.lectureAssignId, filter: 'ana', limit: 30 } }]),
    ajax(
      'gradernext',
      'grading screen, next user (participant and grading panel)',
      grader,
      [
        { methodname: 'mod_assign_get_participant', args: { assignid: ids.lectureAssignId, userid: ids.gradedUserId } },
        { methodname: 'mod_assign_get_grading_panel', args: { assignid: ids.lectureAssignId, userid: ids.gradedUserId } },
      ],
      { target: { p50ms: 300, source: ASSIGN_ISSUE } },
    ),
    ajax('userlist', `admin user list, first page (${n(size.users)} generated users)`, admin, [{ methodname: 'core_user_list_users', args: {} }]),
    ajax('competencies', `tool_lp_data_for_competencies_manage_page (${n(competencies)} competencies; the tree's first levels)`, admin, [{ methodname: 'tool_lp_data_for_competencies_manage_page', args: { competencyframeworkid: ids.frameworkId } }], {
      // One manager opening the page: the target is one call's latency.
      connections: 1,
      target: { p50ms: 300, source: COMPETENCY_ISSUE },
    }),
    ajax('competencybranch', `tool_lp_list_competency_tree_branch (opening a domain of ${n(size.competencyTree[1])})`, admin, [{ methodname: 'tool_lp_list_competency_tree_branch', args: { competencyframeworkid: ids.frameworkId, parentid: ids.domainId } }], {
      connections: 1,
    }),
    ajax('competencysearch', `core_competency_search_competencies (${n(competencies)} competencies)`, admin, [{ methodname: 'core_competency_search_competencies', args: { competencyframeworkid: ids.frameworkId, searchtext: 'GEN-3.42' } }], {
      connections: 1,
      target: { p50ms: 100, source: COMPETENCY_ISSUE },
    }),
    ajax(
      'templatestats',
      `template competencies page with its statistics (${n(size.plans)} plans from the template)`,
      admin,
      [{ methodname: 'tool_lp_data_for_template_competencies_page', args: { templateid: ids.templateId, pagecontext: { contextid: 1 } } }],
      { connections: 1 },
    ),
    ajax('reportpage', `report table, first page with the total (${n(size.logRows)} log rows)`, admin, [{ methodname: 'block_configurable_reports_run_report', args: { id: ids.reportId, mode: 'server', start: 0, length: 10 } }], {
      connections: 1,
      target: { p50ms: 200, source: REPORT_ISSUE },
    }),
    ajax(
      'reportsort',
      `report table, sorted by time, page 500 (${n(size.logRows)} log rows)`,
      admin,
      [{ methodname: 'block_configurable_reports_run_report', args: { id: ids.reportId, mode: 'server', start: 5_000, length: 10, sort: [{ column: 4, dir: 'desc' }] } }],
      { connections: 1, target: { p50ms: 200, source: REPORT_ISSUE } },
    ),
    ajax('reportsearch', `report table, search every column (${n(size.logRows)} log rows)`, admin, [{ methodname: 'block_configurable_reports_run_report', args: { id: ids.reportId, mode: 'server', start: 0, length: 10, search: '10.1.2.' } }], {
      connections: 1,
      target: { p50ms: 200, source: REPORT_ISSUE },
    }),
    {
      key: 'reportcsv',
      name: `report CSV export, every row (${n(size.logRows)} log rows; peak memory is the figure)`,
      method: 'GET',
      path: `/blocks/configurable_reports/export.php?id=${ids.reportId}&format=csv`,
      headers: { cookie: admin.cookie },
      connections: 1,
      requests: 3,
      baseline: false,
    },
  ];
}
