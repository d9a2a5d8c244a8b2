/**
 * The large-site generator (`npm run generate -- --size S|M|L|XL`): categories, users, courses with
 * sections and activities, enrolments, an assignment in the "Large lecture" with its students'
 * submissions and grades, tags on courses and activities, log rows, a competency framework and
 * learning plans from a template over it, written in bulk.
 *
 * Resumable: every step works in chunks, and each chunk commits together with the step's counter in
 * the config table (`generator_<step>`), so an interrupted run continues where it stopped. Every row
 * is derived from its index alone, so a resumed run writes what an uninterrupted one would have.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { ensureCategoryContext, getSystemContext } from '../platform/access/contexts';
import { getRoleByShortname } from '../platform/access/install';
import { CONTEXT_COURSE, CONTEXT_COURSECAT, CONTEXT_MODULE, CONTEXT_USER } from '../platform/access/types';
import { getConfig, setConfig } from '../platform/config-store';
import { now } from '../platform/platform';
import { competencyCount, type SiteSize } from './sizes';

export const GENERATOR_STEPS = ['categories', 'users', 'courses', 'enrolments', 'assignment', 'submissions', 'tags', 'taginstances', 'logs', 'competencies', 'plans'] as const;
export type GeneratorStep = (typeof GENERATOR_STEPS)[number];

export interface GeneratorProgress {
  step: GeneratorStep;
  done: number;
  total: number;
}

export interface GenerateOptions {
  size: SiteSize;
  /** The password hash every generated user gets (hash once: hashing per user would take hours). */
  passwordHash: string;
  onProgress?: (progress: GeneratorProgress) => void;
  /** Tests: crash (roll back the chunk being written) after this many chunks have committed. */
  stopAfterChunks?: number;
}

/** Thrown by `stopAfterChunks`; a real run never sees it. */
export class GeneratorInterrupted extends Error {}

/** Rows per INSERT: under SQLite's 32,766 bound parameters for the widest table (the log, 17 columns). */
const ROWS_PER_INSERT = 1_000;
const COURSES_PER_CHUNK = 10;
const DAY = 86_400;

const GIVEN = ['Ana', 'Ben', 'Chloe', 'Dev', 'Elif', 'Femi', 'Greta', 'Hiro', 'Ines', 'Jonas', 'Kiri', 'Luca', 'Maya', 'Nils', 'Omar', 'Priya'];
const FAMILY = ['Smith', 'Garcia', 'Nguyen', 'Okafor', 'Kowalski', 'Tanaka', 'Larsen', 'Moreau', 'Rossi', 'Haddad', 'Silva', 'Novak'];
const SUBJECTS = ['Biology', 'Chemistry', 'History', 'Economics', 'Philosophy', 'Statistics', 'Literature', 'Geography', 'Physics', 'Music', 'Law', 'Design'];
const LEVELS = ['Foundations of', 'Topics in', 'Advanced', 'Introduction to', 'Seminar in', 'Methods in'];
const TAG_WORDS = ['climate', 'ethics', 'data', 'revision', 'lab', 'reading', 'project', 'exam', 'essay', 'fieldwork', 'group', 'quiz', 'video', 'primary source', 'practice'];
const SKILLS = ['analyses data', 'writes clearly', 'works in a team', 'cites sources', 'plans experiments', 'presents findings', 'solves problems', 'uses spreadsheets', 'gives feedback'];
/** The generated framework's idnumber; its competencies' idnumbers start with GEN-. */
export const GENERATED_FRAMEWORK = 'GENFW';
/** The generated learning plan template's short name. */
export const GENERATED_TEMPLATE = 'Generated skills plan';
/** Competencies in the generated template: the first competency of each domain's first ones. */
const TEMPLATE_COMPETENCIES = 20;
const PLANS_PER_CHUNK = 250;
const COUNTRIES = ['GB', 'FR', 'DE', 'ES', 'NG', 'IN', 'JP', 'BR', 'US', 'AU'];

function pick<T>(list: readonly T[], n: number): T {
  return list[n % list.length] as T;
}

function chunks<T>(rows: readonly T[], size = ROWS_PER_INSERT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The text of an integer column, the same on SQLite and PostgreSQL. */
const idText = sql<string>`cast(id as varchar(20))`;

/** Generates (or completes, or grows) a large site on an installed database. */
export async function generateSite(db: Kysely<DB>, options: GenerateOptions): Promise<void> {
  const { size } = options;
  let chunksLeft = options.stopAfterChunks ?? Number.POSITIVE_INFINITY;
  const t = now();
  const system = await getSystemContext(db);
  const roles = {
    student: (await getRoleByShortname(db, 'student'))?.id ?? 0,
    editingteacher: (await getRoleByShortname(db, 'editingteacher'))?.id ?? 0,
  };

  /** Runs `work` for indexes done..total in chunks, each committed with the step's counter. */
  async function step(name: GeneratorStep, total: number, per: number, work: (trx: Kysely<DB>, from: number, to: number) => Promise<void>): Promise<void> {
    const key = `generator_${name}`;
    let done = Number((await getConfig(db, key)) ?? '0');
    options.onProgress?.({ step: name, done: Math.min(done, total), total });
    while (done < total) {
      const to = Math.min(total, done + per);
      const from = done;
      await db.transaction().execute(async (trx) => {
        await work(trx, from, to);
        // A simulated crash strikes after the chunk's rows are written, before it commits.
        if (chunksLeft <= 0) throw new GeneratorInterrupted(`stopped in ${name} at ${from}`);
        await setConfig(trx, key, String(to));
      });
      done = to;
      chunksLeft -= 1;
      options.onProgress?.({ step: name, done, total });
    }
  }

  // Categories: top level, each with its context.
  await step('categories', size.categories, 10, async (trx, from, to) => {
    const top = await trx.selectFrom('course_categories').select((eb) => eb.fn.max('sortorder').as('top')).where('parent', '=', 0).executeTakeFirst();
    let sortorder = Number(top?.top ?? 0);
    for (let n = from; n < to; n += 1) {
      sortorder += 1;
      const row = await trx
        .insertInto('course_categories')
        .values({ name: `${pick(SUBJECTS, n)} department ${n + 1}`, idnumber: `GENCAT${n + 1}`, description: '', parent: 0, sortorder, depth: 1, timemodified: t })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('course_categories').set({ path: `/${row.id}` }).where('id', '=', row.id).execute();
      await ensureCategoryContext(trx, row.id, 0);
    }
  });

  // Users: one password hash for all, each with a user context.
  await step('users', size.users, ROWS_PER_INSERT, async (trx, from, to) => {
    const rows = Array.from({ length: to - from }, (_, i) => {
      const n = from + i;
      return {
        username: `gen${n + 1}`,
        password: options.passwordHash,
        firstname: pick(GIVEN, n),
        lastname: `${pick(FAMILY, Math.floor(n / GIVEN.length))}`,
        email: `gen${n + 1}@example.org`,
        idnumber: `G${String(n + 1).padStart(6, '0')}`,
        department: `Department ${(n % 40) + 1}`,
        institution: 'Generated University',
        city: pick(['Leeds', 'Lyon', 'Lagos', 'Lima', 'Leipzig', 'Lund'], n),
        country: pick(COUNTRIES, n),
        lastaccess: n % 5 === 0 ? 0 : t - ((n * 7919) % (180 * DAY)),
        timecreated: t - ((n * 104_729) % (720 * DAY)),
        timemodified: t,
      };
    });
    const ids = await trx.insertInto('user').values(rows).returning('id').execute();
    await trx.insertInto('context').values(ids.map((u) => ({ contextlevel: CONTEXT_USER, instanceid: u.id }))).execute();
    await trx
      .updateTable('context')
      .set({ path: sql`${`${system.path}/`} || ${idText}`, depth: system.depth + 1 })
      .where('contextlevel', '=', CONTEXT_USER)
      .where('path', '=', '')
      .execute();
  });

  const categories = await db.selectFrom('course_categories').select('id').where('idnumber', 'like', 'GENCAT%').orderBy('id').execute();
  if (categories.length === 0 && size.courses > 0) throw new Error('The generated categories are missing: was the generator counter reset by hand?');
  const modules = await db.selectFrom('modules').select(['id', 'name']).where('name', 'in', ['page', 'url']).execute();
  const moduleId = (name: string) => modules.find((m) => m.name === name)?.id ?? 0;

  // Courses: sections, a manual enrolment instance, activities, and every context.
  await step('courses', size.courses, COURSES_PER_CHUNK, async (trx, from, to) => {
    for (let n = from; n < to; n += 1) {
      const category = pick(categories, n).id;
      const fullname = n === 0 ? 'Large lecture' : n === 1 ? 'Long course' : `${pick(LEVELS, n)} ${pick(SUBJECTS, Math.floor(n / LEVELS.length))} ${n + 1}`;
      const course = await trx
        .insertInto('course')
        .values({
          category,
          sortorder: n + 1,
          fullname,
          shortname: `GEN${n + 1}`,
          idnumber: `GEN${n + 1}`,
          summary: `<p>${fullname}: a generated course.</p>`,
          format: n % 3 === 0 ? 'weeks' : 'topics',
          visible: n % 17 === 16 ? 0 : 1,
          startdate: t - 30 * DAY,
          timecreated: t,
          timemodified: t,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const parent = await trx.selectFrom('context').select(['path', 'depth']).where('contextlevel', '=', CONTEXT_COURSECAT).where('instanceid', '=', category).executeTakeFirstOrThrow();
      const context = await trx.insertInto('context').values({ contextlevel: CONTEXT_COURSE, instanceid: course.id }).returning('id').executeTakeFirstOrThrow();
      await trx.updateTable('context').set({ path: `${parent.path}/${context.id}`, depth: parent.depth + 1 }).where('id', '=', context.id).execute();
      await trx.insertInto('enrol').values({ enrol: 'manual', courseid: course.id, roleid: roles.student, timecreated: t, timemodified: t }).execute();

      const sections = await trx
        .insertInto('course_sections')
        .values(Array.from({ length: size.sections + 1 }, (_, section) => ({ course: course.id, section, name: section === 0 ? '' : `Week ${section}`, timemodified: t })))
        .returning(['id', 'section'])
        .execute();
      const teaching = sections.filter((s) => s.section > 0).sort((a, b) => a.section - b.section);
      const activities = n === 1 ? size.longCourseActivities : size.activities;
      const pageCount = Math.ceil(activities / 2);
      const urlCount = activities - pageCount;
      const instances: Array<{ module: number; instance: number }> = [];
      if (pageCount > 0) {
        const pages = await trx
          .insertInto('page')
          .values(Array.from({ length: pageCount }, (_, i) => ({ course: course.id, name: `Reading ${i + 1}`, intro: '', content: `<p>Notes for reading ${i + 1}.</p>`, timemodified: t })))
          .returning('id')
          .execute();
        instances.push(...pages.map((p) => ({ module: moduleId('page'), instance: p.id })));
      }
      if (urlCount > 0) {
        const urls = await trx
          .insertInto('url')
          .values(Array.from({ length: urlCount }, (_, i) => ({ course: course.id, name: `Link ${i + 1}`, intro: '', externalurl: `https://example.org/resource/${n + 1}/${i + 1}`, timemodified: t })))
          .returning('id')
          .execute();
        instances.push(...urls.map((u) => ({ module: moduleId('url'), instance: u.id })));
      }
      if (instances.length === 0 || teaching.length === 0) continue;
      // Activities go round the teaching sections in turn.
      const cms: Array<{ id: number; section: number }> = [];
      for (const part of chunks(instances.map((inst, i) => ({ ...inst, sectionId: teaching[i % teaching.length]?.id ?? 0 })))) {
        const rows = await trx
          .insertInto('course_modules')
          .values(part.map((p) => ({ course: course.id, module: p.module, instance: p.instance, section: p.sectionId, added: t })))
          .returning(['id', 'section'])
          .execute();
        cms.push(...rows);
        await trx.insertInto('context').values(rows.map((cm) => ({ contextlevel: CONTEXT_MODULE, instanceid: cm.id }))).execute();
      }
      await trx
        .updateTable('context')
        .set({ path: sql`${`${parent.path}/${context.id}/`} || ${idText}`, depth: parent.depth + 2 })
        .where('contextlevel', '=', CONTEXT_MODULE)
        .where('path', '=', '')
        .execute();
      for (const section of teaching) {
        const sequence = cms.filter((cm) => cm.section === section.id).map((cm) => cm.id);
        if (sequence.length) await trx.updateTable('course_sections').set({ sequence: sequence.join(',') }).where('id', '=', section.id).execute();
      }
    }
  });
  await db
    .updateTable('course_categories')
    .set((eb) => ({ coursecount: eb.selectFrom('course').select((c) => c.fn.countAll<number>().as('n')).whereRef('course.category', '=', 'course_categories.id') }))
    .where('idnumber', 'like', 'GENCAT%')
    .execute();

  const userIds = (await db.selectFrom('user').select('id').where('username', 'like', 'gen%').where('idnumber', 'like', 'G%').orderBy('id').execute()).map((u) => u.id);
  const courses = await db
    .selectFrom('course')
    .innerJoin('context', (join) => join.onRef('context.instanceid', '=', 'course.id').on('context.contextlevel', '=', CONTEXT_COURSE))
    .innerJoin('enrol', (join) => join.onRef('enrol.courseid', '=', 'course.id').on('enrol.enrol', '=', 'manual'))
    .select(['course.id', 'context.id as contextid', 'enrol.id as enrolid'])
    .where('course.idnumber', 'like', 'GEN%')
    .orderBy('course.id')
    .execute();

  // Enrolments: a window of consecutive users as students, and the next user as editing teacher.
  await step('enrolments', Math.min(size.courses, courses.length), COURSES_PER_CHUNK, async (trx, from, to) => {
    if (userIds.length < 2) return;
    const enrolments: Array<{ enrolid: number; userid: number; timestart: number; timecreated: number; timemodified: number }> = [];
    const assignments: Array<{ roleid: number; contextid: number; userid: number; timemodified: number }> = [];
    for (let n = from; n < to; n += 1) {
      const course = courses[n];
      if (!course) continue;
      const students = Math.min(n === 0 ? size.lectureStudents : size.studentsPerCourse, userIds.length - 1);
      const start = (n * 37) % userIds.length;
      for (let i = 0; i <= students; i += 1) {
        const userid = userIds[(start + i) % userIds.length] ?? 0;
        enrolments.push({ enrolid: course.enrolid, userid, timestart: t - 30 * DAY, timecreated: t, timemodified: t });
        assignments.push({ roleid: i === students ? roles.editingteacher : roles.student, contextid: course.contextid, userid, timemodified: t });
      }
    }
    for (const part of chunks(enrolments)) await trx.insertInto('user_enrolments').values(part).execute();
    for (const part of chunks(assignments)) await trx.insertInto('role_assignments').values(part).execute();
  });

  // The "Large lecture" assignment: one activity in the lecture's first section (written once).
  const lecture = courses[0];
  const assignModule = await db.selectFrom('modules').select('id').where('name', '=', 'assign').executeTakeFirst();
  await step('assignment', lecture && assignModule ? 1 : 0, 1, async (trx) => {
    if (!lecture || !assignModule) return;
    const assign = await trx
      .insertInto('assign')
      .values({ course: lecture.id, name: 'Lecture essay', intro: '<p>Write 500 words on the week one reading.</p>', duedate: t - 2 * DAY, allowsubmissionsfromdate: t - 20 * DAY, grade: 100, onlinetext_enabled: 1, submissiondrafts: 1, timemodified: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    const section = await trx.selectFrom('course_sections').select(['id', 'sequence']).where('course', '=', lecture.id).where('section', '=', 1).executeTakeFirstOrThrow();
    const cm = await trx.insertInto('course_modules').values({ course: lecture.id, module: assignModule.id, instance: assign.id, section: section.id, added: t }).returning('id').executeTakeFirstOrThrow();
    const parent = await trx.selectFrom('context').select(['path', 'depth']).where('id', '=', lecture.contextid).executeTakeFirstOrThrow();
    const context = await trx.insertInto('context').values({ contextlevel: CONTEXT_MODULE, instanceid: cm.id }).returning('id').executeTakeFirstOrThrow();
    await trx.updateTable('context').set({ path: `${parent.path}/${context.id}`, depth: parent.depth + 1 }).where('id', '=', context.id).execute();
    await trx.updateTable('course_sections').set({ sequence: section.sequence ? `${section.sequence},${cm.id}` : String(cm.id) }).where('id', '=', section.id).execute();
  });

  // Its submissions: the lecture's students are the first users (see the enrolments window). Of every
  // ten, one has no submission, one a draft, the rest submitted (every seventh late); every third
  // submission is graded by the lecture's teacher.
  const lectureAssign = lecture ? await db.selectFrom('assign').select('id').where('course', '=', lecture.id).where('name', '=', 'Lecture essay').executeTakeFirst() : undefined;
  const lectureStudentCount = Math.min(size.lectureStudents, Math.max(userIds.length - 1, 0));
  const lectureTeacher = userIds[lectureStudentCount] ?? 0;
  await step('submissions', lectureAssign ? lectureStudentCount : 0, ROWS_PER_INSERT, async (trx, from, to) => {
    if (!lectureAssign) return;
    const due = t - 2 * DAY;
    const made = Array.from({ length: to - from }, (_, i) => from + i)
      .filter((n) => n % 10 !== 0)
      .map((n) => ({ n, userid: userIds[n] ?? 0, status: n % 10 === 1 ? 'draft' : 'submitted', time: n % 7 === 0 ? due + ((n * 613) % DAY) : due - ((n * 7919) % (10 * DAY)) }));
    if (made.length === 0) return;
    const submissions = await trx
      .insertInto('assign_submission')
      .values(made.map((m) => ({ assignment: lectureAssign.id, userid: m.userid, attemptnumber: 0, latest: 1, status: m.status, timecreated: m.time, timemodified: m.time })))
      .returning(['id', 'userid'])
      .execute();
    const submissionOf = new Map(submissions.map((row) => [row.userid, row.id]));
    await trx
      .insertInto('assignsubmission_onlinetext')
      .values(made.map((m) => ({ assignment: lectureAssign.id, submission: submissionOf.get(m.userid) ?? 0, onlinetext: `<p>Essay ${m.n + 1}: ${pick(TAG_WORDS, m.n)} and ${pick(SUBJECTS, m.n)}.</p>`, onlineformat: 1 })))
      .execute();
    const graded = made.filter((m) => m.status === 'submitted' && m.n % 3 === 0);
    if (graded.length) {
      await trx
        .insertInto('assign_grades')
        .values(graded.map((m) => ({ assignment: lectureAssign.id, userid: m.userid, attemptnumber: 0, grade: 40 + ((m.n * 37) % 61), grader: lectureTeacher, timecreated: m.time + DAY, timemodified: m.time + DAY })))
        .execute();
    }
  });

  // Tags, in the collection course and activity tags use.
  const area = await db.selectFrom('tag_area').select('tagcollid').where('component', '=', 'core').where('itemtype', '=', 'course').executeTakeFirstOrThrow();
  await step('tags', size.tags, ROWS_PER_INSERT, async (trx, from, to) => {
    const rows = Array.from({ length: to - from }, (_, i) => {
      const n = from + i;
      const rawname = `${pick(TAG_WORDS, n)} ${n + 1}`;
      return { tagcollid: area.tagcollid, name: rawname.toLowerCase(), rawname, isstandard: n % 10 === 0 ? 1 : 0, timemodified: t - n };
    });
    await trx.insertInto('tag').values(rows).execute();
  });

  // Tag instances: every generated course and activity gets its share of consecutive tags.
  const tagIds = (await db.selectFrom('tag').select('id').where('tagcollid', '=', area.tagcollid).where('name', 'like', '% %').orderBy('id').execute()).map((r) => r.id);
  const activityItems = await db
    .selectFrom('course_modules')
    .innerJoin('context', (join) => join.onRef('context.instanceid', '=', 'course_modules.id').on('context.contextlevel', '=', CONTEXT_MODULE))
    .select(['course_modules.id', 'context.id as contextid'])
    .where(
      'course_modules.course',
      'in',
      courses.map((c) => c.id),
    )
    .orderBy('course_modules.id')
    .execute();
  const items = [...courses.map((c) => ({ itemtype: 'course', id: c.id, contextid: c.contextid })), ...activityItems.map((a) => ({ itemtype: 'course_modules', id: a.id, contextid: a.contextid }))];
  const perItem = items.length ? Math.min(tagIds.length, Math.ceil(size.tagInstances / items.length)) : 0;
  const instanceTotal = Math.min(size.tagInstances, items.length * perItem);
  await step('taginstances', instanceTotal, ROWS_PER_INSERT, async (trx, from, to) => {
    const rows = Array.from({ length: to - from }, (_, i) => {
      const m = from + i;
      const itemIndex = Math.floor(m / perItem);
      const j = m % perItem;
      const item = items[itemIndex] ?? { itemtype: 'course', id: 0, contextid: 0 };
      return { tagid: tagIds[(itemIndex * 7 + j) % tagIds.length] ?? 0, component: 'core', itemtype: item.itemtype, itemid: item.id, contextid: item.contextid, ordering: j, timecreated: t, timemodified: t };
    });
    // A site grown from a smaller size may already hold a pair: keep it.
    await trx.insertInto('tag_instance').values(rows).onConflict((oc) => oc.doNothing()).execute();
  });

  // The log: course views and a few module views over the last year.
  await step('logs', courses.length && userIds.length ? size.logRows : 0, ROWS_PER_INSERT * 10, async (trx, from, to) => {
    const rows = Array.from({ length: to - from }, (_, i) => {
      const n = from + i;
      const course = courses[(n * 31) % courses.length] ?? { id: 0, contextid: 0 };
      const userid = userIds[(n * 7919) % userIds.length] ?? 0;
      return {
        eventname: '\\core\\event\\course_viewed',
        component: 'core',
        action: 'viewed',
        target: 'course',
        objecttable: '',
        objectid: 0,
        crud: 'r',
        contextid: course.contextid,
        contextlevel: CONTEXT_COURSE,
        contextinstanceid: course.id,
        userid,
        courseid: course.id,
        relateduserid: 0,
        other: 'null',
        ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        timecreated: t - ((n * 2_654_435) % (365 * DAY)),
      };
    });
    for (const part of chunks(rows)) await trx.insertInto('logstore_standard_log').values(part).execute();
  });

  // A large competency framework on the default competence scale: domains, their competencies and
  // their indicators, in index order (every parent before its children), each chunk finding its
  // parents by idnumber so that a resumed run builds the same tree.
  const [domains, perDomain, perCompetency] = size.competencyTree;
  const scale = await db.selectFrom('scale').select('id').where('name', '=', 'Default competence scale').executeTakeFirst();
  await step('competencies', scale ? competencyCount(size.competencyTree) : 0, ROWS_PER_INSERT, async (trx, from, to) => {
    if (!scale) return;
    let framework = await trx.selectFrom('competency_framework').select('id').where('idnumber', '=', GENERATED_FRAMEWORK).executeTakeFirst();
    framework ??= await trx
      .insertInto('competency_framework')
      .values({
        shortname: 'Generated skills framework',
        idnumber: GENERATED_FRAMEWORK,
        description: '<p>A generated framework for measuring the competency screens at scale.</p>',
        descriptionformat: 1,
        visible: 1,
        scaleid: scale.id,
        scaleconfiguration: JSON.stringify([{ scaleid: scale.id }, { id: 1, scaledefault: 1, proficient: 0 }, { id: 2, scaledefault: 0, proficient: 1 }]),
        contextid: system.id,
        taxonomies: 'domain,competency,indicator',
        timecreated: t,
        timemodified: t,
        usermodified: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const frameworkid = framework.id;
    /** The n-th competency: its idnumber, its parent's idnumber (none for a domain), its place and name. */
    const describe = (n: number) => {
      if (n < domains) return { idnumber: `GEN-${n + 1}`, parent: null, sortorder: n, shortname: `${pick(SUBJECTS, n)} (domain ${n + 1})` };
      const m = n - domains;
      if (m < domains * perDomain) {
        const [d, c] = [Math.floor(m / perDomain), m % perDomain];
        return { idnumber: `GEN-${d + 1}.${c + 1}`, parent: `GEN-${d + 1}`, sortorder: c, shortname: `${pick(SUBJECTS, d)}: ${pick(SKILLS, m)} ${c + 1}` };
      }
      const k = m - domains * perDomain;
      const owner = Math.floor(k / perCompetency);
      const [d, c, i] = [Math.floor(owner / perDomain), owner % perDomain, k % perCompetency];
      return { idnumber: `GEN-${d + 1}.${c + 1}.${i + 1}`, parent: `GEN-${d + 1}.${c + 1}`, sortorder: i, shortname: `Indicator ${i + 1}: ${pick(SKILLS, k)}` };
    };
    const wanted = Array.from({ length: to - from }, (_, i) => describe(from + i));
    // Domains, then competencies, then indicators: a level's parents are written before it.
    for (const level of [0, 1, 2]) {
      const rows = wanted.filter((w) => w.idnumber.split('.').length === level + 1);
      if (rows.length === 0) continue;
      const parentIdnumbers = [...new Set(rows.flatMap((r) => (r.parent ? [r.parent] : [])))];
      const parents = parentIdnumbers.length
        ? await trx.selectFrom('competency').select(['id', 'idnumber', 'path']).where('competencyframeworkid', '=', frameworkid).where('idnumber', 'in', parentIdnumbers).execute()
        : [];
      const parentOf = new Map(parents.map((p) => [p.idnumber, p]));
      const values = rows.map((r) => {
        const parent = r.parent ? parentOf.get(r.parent) : undefined;
        if (r.parent && !parent) throw new Error(`The generated competency ${r.parent} is missing: was the generator counter reset by hand?`);
        return {
          competencyframeworkid: frameworkid,
          idnumber: r.idnumber,
          shortname: r.shortname,
          description: '',
          descriptionformat: 1,
          sortorder: r.sortorder,
          parentid: parent?.id ?? 0,
          path: parent ? `${parent.path}${parent.id}/` : '/0/',
          ruleoutcome: 0,
          timecreated: t,
          timemodified: t,
          usermodified: 0,
        };
      });
      await trx.insertInto('competency').values(values).execute();
    }
  });

  // Learning plans: one template over the framework's first competencies (below the domains), and a
  // plan from it for each of the first generated users; each user has some of them rated, about a
  // third proficiently. Plans are active, draft or waiting for review.
  const planUsers = (await db.selectFrom('user').select('id').where('username', 'like', 'gen%').where('idnumber', 'like', 'G%').orderBy('id').limit(size.plans).execute()).map((u) => u.id);
  const genFramework = await db.selectFrom('competency_framework').select('id').where('idnumber', '=', GENERATED_FRAMEWORK).executeTakeFirst();
  await step('plans', genFramework ? planUsers.length : 0, PLANS_PER_CHUNK, async (trx, from, to) => {
    if (!genFramework) return;
    const competencies = (
      await trx.selectFrom('competency').select('id').where('competencyframeworkid', '=', genFramework.id).where('parentid', '!=', 0).orderBy('path').orderBy('sortorder').limit(TEMPLATE_COMPETENCIES).execute()
    ).map((c) => c.id);
    let template = await trx.selectFrom('competency_template').select('id').where('shortname', '=', GENERATED_TEMPLATE).executeTakeFirst();
    if (!template) {
      const created = await trx
        .insertInto('competency_template')
        .values({ shortname: GENERATED_TEMPLATE, description: '<p>A generated template for measuring plans at scale.</p>', descriptionformat: 1, duedate: 0, visible: 1, contextid: system.id, timecreated: t, timemodified: t, usermodified: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('competency_templatecomp')
        .values(competencies.map((competencyid, sortorder) => ({ templateid: created.id, competencyid, sortorder, timecreated: t, timemodified: t, usermodified: 0 })))
        .execute();
      template = created;
    }
    const templateid = template.id;
    const users = planUsers.slice(from, to);
    const statuses = [1, 1, 0, 3] as const;
    await trx
      .insertInto('competency_plan')
      .values(
        users.map((userid, i) => ({
          name: GENERATED_TEMPLATE,
          description: '',
          descriptionformat: 1,
          userid,
          templateid,
          origtemplateid: null,
          status: pick(statuses, from + i),
          duedate: 0,
          reviewerid: null,
          timecreated: t,
          timemodified: t,
          usermodified: 0,
        })),
      )
      .execute();
    // Ratings: user n has the first (n mod 8) + 1 template competencies rated; grade 2 (Competent) on every third.
    const ratings = users.flatMap((userid, i) => {
      const n = from + i;
      return competencies.slice(0, (n % 8) + 1).map((competencyid, k) => {
        const grade = (n + k) % 3 === 0 ? 2 : 1;
        return { userid, competencyid, status: 0, reviewerid: null, proficiency: grade === 2 ? 1 : 0, grade, timecreated: t, timemodified: t, usermodified: 0 };
      });
    });
    for (const part of chunks(ratings)) await trx.insertInto('competency_usercomp').values(part).execute();
  });

  // A bulk load leaves the planner's statistics behind the data (PostgreSQL's autovacuum catches up
  // later, SQLite never by itself): gathered now, as a site's database has them after normal use.
  // PostgreSQL also needs its visibility map for index-only scans (a count over the log), which
  // only VACUUM writes.
  await sql.raw(db.getExecutor().adapter instanceof PostgresAdapter ? 'vacuum analyze' : 'analyze').execute(db);
}
