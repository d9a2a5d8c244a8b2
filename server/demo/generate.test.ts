import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { createTestSite, type TestSite } from '../test/site';
import { generateDemoData } from './generate';

describe.each(testDialects)('demo data on %s', (dialect) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(dialect);
    await generateDemoData(site.platform, { password: 'Demo-pass-1' });
  }, 60_000);
  afterAll(() => site.close());

  const count = async (table: 'user' | 'course' | 'course_categories' | 'user_enrolments' | 'groups') =>
    Number((await site.platform.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('creates the people, categories, courses, enrolments and groups', async () => {
    expect(await count('user')).toBe(2 + 3 + 30);
    expect(await count('course_categories')).toBe(3);
    expect(await count('course')).toBe(7);
    expect(await count('groups')).toBe(12);
    expect(await count('user_enrolments')).toBe(6 * 2 + 25 + 18 + 22 + 14 + 10 + 12);
  });

  it('puts a handbook page and a reading link on every course page, and a cohort of first-years', async () => {
    const student = await site.platform.db.selectFrom('user').select('id').where('username', '=', 'student1').executeTakeFirstOrThrow();
    const course = await site.platform.db.selectFrom('course').select('id').where('shortname', '=', 'BIO101').executeTakeFirstOrThrow();
    const { json } = await site.ajax([{ methodname: 'core_course_get_contents', args: { courseid: course.id } }], await site.sessionFor(student.id));
    const sections = (json as Array<{ data: Array<{ modules: Array<{ modname: string; name: string }> }> }>)[0]?.data ?? [];
    expect(sections[0]?.modules).toEqual([expect.objectContaining({ modname: 'page', name: 'Course handbook' })]);
    // The first topic also holds the activities other demo files add (feedback, quiz).
    expect(sections[1]?.modules).toEqual(expect.arrayContaining([expect.objectContaining({ modname: 'url', name: 'Further reading: Cells and life' })]));
    const members = await site.platform.db
      .selectFrom('cohort_members as m')
      .innerJoin('cohort as c', 'c.id', 'm.cohortid')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('c.idnumber', '=', 'Y1')
      .executeTakeFirstOrThrow();
    expect(Number(members.n)).toBe(15);
  });

  it('lets student1 see their courses as a student', async () => {
    const student = await site.platform.db.selectFrom('user').select('id').where('username', '=', 'student1').executeTakeFirstOrThrow();
    const session = await site.sessionFor(student.id);
    const { json } = await site.ajax([{ methodname: 'core_enrol_get_users_courses', args: { userid: student.id } }], session);
    const courses = (json as Array<{ data: Array<{ shortname: string }> }>)[0]?.data ?? [];
    expect(courses.length).toBeGreaterThan(0);
    const roles = await site.platform.db
      .selectFrom('role_assignments as ra')
      .innerJoin('role as r', 'r.id', 'ra.roleid')
      .select('r.shortname')
      .where('ra.userid', '=', student.id)
      .distinct()
      .execute();
    expect(roles.map((r) => r.shortname)).toEqual(['student']);
  });

  it('prohibits students from viewing the participants of Reading Poetry Closely, so its permission page shows a prohibit', async () => {
    const admin = await site.sessionFor(site.adminId);
    const course = await site.platform.db.selectFrom('course').select('id').where('shortname', '=', 'LIT110').executeTakeFirstOrThrow();
    const context = await site.platform.db.selectFrom('context').select('id').where('contextlevel', '=', 50).where('instanceid', '=', course.id).executeTakeFirstOrThrow();
    const student = await site.platform.db.selectFrom('role').select('id').where('shortname', '=', 'student').executeTakeFirstOrThrow();
    const { json } = await site.ajax([{ methodname: 'core_role_get_permission_overrides', args: { contextid: context.id, search: 'moodle/course:viewparticipants' } }], admin);
    const [row] = (json as Array<{ data: { capabilities: Array<{ allowed: number[]; prohibited: Array<{ roleid: number; removable: boolean }> }> } }>)[0]?.data.capabilities ?? [];
    expect(row?.prohibited).toEqual([{ roleid: student.id, removable: true }]);
    expect(row?.allowed.length).toBeGreaterThan(0);
  });

  it('refuses to run again on a site that has courses', async () => {
    await expect(generateDemoData(site.platform, { password: 'x' })).rejects.toThrow('only created on an empty site');
  });
});
