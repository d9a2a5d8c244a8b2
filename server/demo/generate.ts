import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { ensureCategoryContext, ensureCourseContext, ensureUserContext, getSystemContext } from '../platform/access/contexts';
import { assignRole, getRoleByShortname } from '../platform/access/install';
import { hashPassword } from '../platform/auth/passwords';
import { loadUser } from '../platform/session';
import { now, type Platform } from '../platform/platform';
import { createAccess } from '../platform/access/checker';
import { addModule } from '../components/courseformat/cms';
import { addDemoOverride } from '../components/role/demo';
import { addDemoTags } from '../components/tag/demo';
import { addDemoAssignments } from './assign';
import { addDemoCompletion } from './completion';
import { addDemoCompetencies } from './competency';
import { addDemoFeedback } from './feedback';
import { addDemoLti } from './lti';
import { addDemoQuiz } from './quiz';
import { addDemoReports } from './report';
import { addDemoTheme } from './theme';
import type { CallContext } from '../ws/method';
import { demoCategories, demoCourses, demoStaff, demoStudents } from './people';

/** true while the site has no course besides the front page. */
export async function isSiteEmpty(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('course').select((eb) => eb.fn.countAll<number>().as('n')).where('id', '<>', 1).executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

async function roleId(db: Kysely<DB>, shortname: string): Promise<number> {
  const role = await getRoleByShortname(db, shortname);
  if (!role) throw new Error(`The ${shortname} role is missing: install the site first`);
  return role.id;
}

/**
 * Fills an empty site with people, categories, courses, sections, enrolments and groups so every
 * screen has something to show. Refuses to run on a site that already has courses.
 */
export async function generateDemoData(platform: Platform, options: { password: string }): Promise<void> {
  if (!(await isSiteEmpty(platform.db))) throw new Error('Demo data is only created on an empty site');
  const hash = await hashPassword(options.password);
  await platform.db.transaction().execute(async (db) => {
    const t = now();
    const roles = {
      manager: await roleId(db, 'manager'),
      editingteacher: await roleId(db, 'editingteacher'),
      teacher: await roleId(db, 'teacher'),
      student: await roleId(db, 'student'),
    };
    const userIds = new Map<string, number>();
    const people = [
      ...demoStaff.map((p) => ({ ...p, city: 'Leeds', country: 'GB' })),
      ...demoStudents.map((p) => ({ ...p, role: 'student' })),
    ];
    for (const [i, p] of people.entries()) {
      const row = await db
        .insertInto('user')
        .values({
          username: p.username,
          password: hash,
          firstname: p.firstname,
          lastname: p.lastname,
          email: `${p.username}@example.org`,
          idnumber: `T${String(1000 + i)}`,
          phone1: `+44 113 496 ${String(1000 + i).slice(-4)}`,
          department: p.department,
          institution: 'Tessera Academy',
          city: p.city,
          country: p.country,
          timecreated: t,
          timemodified: t,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds.set(p.username, row.id);
      await ensureUserContext(db, row.id);
    }
    const id = (username: string) => userIds.get(username) ?? 0;
    const system = await getSystemContext(db);
    await assignRole(db, roles.manager, id('manager1'), system.id);

    const categoryIds: number[] = [];
    for (const [i, c] of demoCategories.entries()) {
      const row = await db
        .insertInto('course_categories')
        .values({ ...c, sortorder: (i + 1) * 10000, depth: 1, timemodified: t })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('course_categories').set({ path: `/${row.id}` }).where('id', '=', row.id).execute();
      await ensureCategoryContext(db, row.id, 0);
      categoryIds.push(row.id);
    }

    for (const [i, c] of demoCourses.entries()) {
      const category = categoryIds[c.category] ?? 0;
      const startdate = t - 30 * 86400;
      const course = await db
        .insertInto('course')
        .values({
          category,
          sortorder: (c.category + 1) * 10000 + i,
          fullname: c.fullname,
          shortname: c.shortname,
          idnumber: c.shortname,
          summary: `<p>${c.fullname}: ${c.sections.join(', ').toLowerCase()}.</p>`,
          startdate,
          enddate: startdate + 120 * 86400,
          timecreated: t,
          timemodified: t,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('course_categories').set((eb) => ({ coursecount: eb('coursecount', '+', 1) })).where('id', '=', category).execute();
      const context = await ensureCourseContext(db, course.id, category);
      await db
        .insertInto('course_sections')
        .values(['', ...c.sections].map((name, section) => ({ course: course.id, section, name, timemodified: t })))
        .execute();
      const enrol = await db
        .insertInto('enrol')
        .values({ enrol: 'manual', courseid: course.id, roleid: roles.student, timecreated: t, timemodified: t })
        .returning('id')
        .executeTakeFirstOrThrow();
      const assistant = c.teacher === 'teacher1' ? 'teacher2' : 'teacher1';
      const members: Array<[string, number]> = [
        [c.teacher, roles.editingteacher],
        [assistant, roles.teacher],
        // Each course takes a different run of students so enrolments overlap but differ.
        ...Array.from({ length: c.students }, (_, k): [string, number] => [`student${((i * 5 + k) % demoStudents.length) + 1}`, roles.student]),
      ];
      await db
        .insertInto('user_enrolments')
        .values(members.map(([username]) => ({ enrolid: enrol.id, userid: id(username), timestart: startdate, timecreated: t, timemodified: t })))
        .execute();
      for (const [username, role] of members) await assignRole(db, role, id(username), context.id);
      const students = members.filter(([, role]) => role === roles.student).map(([username]) => id(username));
      for (const [g, name] of ['Group A', 'Group B'].entries()) {
        const group = await db.insertInto('groups').values({ courseid: course.id, name, timecreated: t, timemodified: t }).returning('id').executeTakeFirstOrThrow();
        const half = students.filter((_, k) => k % 2 === g);
        if (half.length) await db.insertInto('groups_members').values(half.map((userid) => ({ groupid: group.id, userid, timeadded: t }))).execute();
      }
      await addDemoResources(platform, db, course.id, c, id(c.teacher));
    }

    // A site cohort of the first-year students, for cohort screens and (later) learning-plan templates.
    const cohort = await db
      .insertInto('cohort')
      .values({ contextid: system.id, name: 'Year 1 students', idnumber: 'Y1', description: 'Every first-year student.', timecreated: t, timemodified: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    const year1 = demoStudents.filter((p) => p.department === 'Year 1').map((p) => id(p.username));
    await db
      .insertInto('cohort_members')
      .values(year1.map((userid) => ({ cohortid: cohort.id, userid, timeadded: t })))
      .execute();

    const admin = await db.selectFrom('user').select('id').where('username', '=', 'admin').executeTakeFirst();
    await addDemoTags(db, admin?.id ?? 0);
    await addDemoOverride(db, admin?.id ?? 0);
    await addDemoAssignments(platform, db);
    await addDemoFeedback(platform, db);
    await addDemoLti(platform, db);
    await addDemoQuiz(platform, db);
    await addDemoCompetencies(platform, db);
    await addDemoReports(db, admin?.id ?? 0);
    await addDemoTheme(platform, db, admin?.id ?? 0);
    await addDemoCompletion(platform, db);
  });
}

/** A handbook page in the general section and a reading link in the first topic of a demo course. */
async function addDemoResources(platform: Platform, db: Kysely<DB>, courseid: number, course: (typeof demoCourses)[number], teacherid: number): Promise<void> {
  const teacher = await loadUser(db, teacherid);
  if (!teacher) throw new Error(`demo teacher ${teacherid} is missing`);
  // The resources are added as the course's teacher would add them, through the same course-page code.
  const ctx: CallContext = { platform, db, user: teacher, session: null, access: createAccess(db, teacherid), lang: 'en', ip: '127.0.0.1' };
  const t = now();
  await addModule(ctx, courseid, 0, 'page', async (trx) => {
    const content = `<p>Welcome to ${course.fullname}. The course has four parts: ${course.sections.join(', ')}.</p><p>Each part ends with a short activity; your teacher posts feedback within a week.</p>`;
    const row = await trx.insertInto('page').values({ course: courseid, name: 'Course handbook', intro: 'How this course runs.', content, timemodified: t }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
  await addModule(ctx, courseid, 1, 'url', async (trx) => {
    const query = encodeURIComponent(course.sections[0] ?? course.fullname);
    const row = await trx
      .insertInto('url')
      .values({ course: courseid, name: `Further reading: ${course.sections[0] ?? course.fullname}`, intro: '', externalurl: `https://en.wikipedia.org/w/index.php?search=${query}`, timemodified: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}
