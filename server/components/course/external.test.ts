import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { getContext } from '../../platform/access/contexts';
import { CONTEXT_COURSE } from '../../platform/access/types';
import { setItemTags } from '../tag/items';

type Ok<T> = Array<{ error: false; data: T }>;
type Failed = Array<{ error: true; exception: { errorcode: string } }>;

describe.each(testDialects)('course web-service methods on %s', (dialect) => {
  let site: TestSite;
  let admin: { cookie: string; sesskey: string };
  let student: { cookie: string; sesskey: string };
  let teacher: { cookie: string; sesskey: string };
  let studentId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    site = await createTestSite(dialect);
    admin = await site.sessionFor(site.adminId);
    studentId = await site.createUser('stud', { firstname: 'Stu', lastname: 'Dent' });
    const teacherId = await site.createUser('teach', { firstname: 'Tea', lastname: 'Cher' });
    student = await site.sessionFor(studentId);
    teacher = await site.sessionFor(teacherId);
    ids.bio = await site.createCourse('Biology basics', 'BIO1', { summary: 'Cells and <b>life</b>' });
    ids.chem = await site.createCourse('Chemistry basics', 'CHEM1');
    ids.hidden = await site.createCourse('Hidden biology lab', 'BIOLAB', { visible: 0 });
    await site.enrol(studentId, ids.bio, 'student');
    await site.enrol(studentId, ids.hidden, 'student');
    await site.enrol(teacherId, ids.bio, 'editingteacher');
  });
  afterAll(() => site.close());

  it('get_courses without ids returns every course including the front page for an admin', async () => {
    const { json } = await site.ajax([{ methodname: 'core_course_get_courses', args: {} }], admin);
    const courses = (json as Ok<Array<{ id: number; visible?: number }>>)[0]?.data ?? [];
    expect(courses.map((c) => c.id)).toEqual([1, ids.bio, ids.chem, ids.hidden]);
    expect(courses.find((c) => c.id === ids.hidden)?.visible).toBe(0);
  });

  it('get_courses gives a student only the front page and refuses other courses', async () => {
    const front = await site.ajax([{ methodname: 'core_course_get_courses', args: { options: { ids: [1] } } }], student);
    const data = (front.json as Ok<Array<{ id: number; idnumber?: string }>>)[0]?.data ?? [];
    expect(data.map((c) => c.id)).toEqual([1]);
    expect(data[0]).not.toHaveProperty('idnumber');
    const other = await site.ajax([{ methodname: 'core_course_get_courses', args: { options: { ids: [ids.chem] } } }], student);
    expect((other.json as Failed)[0]?.exception.errorcode).toBe('errorcoursecontextnotvalid');
  });

  it('get_courses_by_field lets a student read a course by id without course:view, and hides hidden courses', async () => {
    const mine = await site.ajax([{ methodname: 'core_course_get_courses_by_field', args: { field: 'id', value: ids.bio } }], student);
    const courses = (mine.json as Ok<{ courses: Array<{ id: number; fullname: string; categoryname: string; idnumber?: string }> }>)[0]?.data.courses ?? [];
    expect(courses.map((c) => c.fullname)).toEqual(['Biology basics']);
    expect(courses[0]).not.toHaveProperty('idnumber');
    const hidden = await site.ajax([{ methodname: 'core_course_get_courses_by_field', args: { field: 'ids', value: `${ids.hidden},${ids.chem}` } }], student);
    expect((hidden.json as Ok<{ courses: Array<{ id: number }> }>)[0]?.data.courses.map((c) => c.id)).toEqual([ids.chem]);
    const asAdmin = await site.ajax([{ methodname: 'core_course_get_courses_by_field', args: { field: 'shortname', value: 'BIOLAB' } }], admin);
    const adminCourses = (asAdmin.json as Ok<{ courses: Array<{ id: number; visible?: number }> }>)[0]?.data.courses ?? [];
    expect(adminCourses.map((c) => [c.id, c.visible])).toEqual([[ids.hidden, 0]]);
    const bad = await site.ajax([{ methodname: 'core_course_get_courses_by_field', args: { field: 'id', value: 'x' } }], student);
    expect((bad.json as Failed)[0]?.exception.errorcode).toBe('invalidparameter');
  });

  it('search_courses matches every word case-insensitively, never returns the front page, and hides hidden courses', async () => {
    const { json } = await site.ajax([{ methodname: 'core_course_search_courses', args: { criterianame: 'search', criteriavalue: 'BIOLOGY' } }], student);
    const result = (json as Ok<{ total: number; courses: Array<{ id: number; contacts: unknown[] }> }>)[0]?.data;
    expect(result?.courses.map((c) => c.id)).toEqual([ids.bio]);
    expect(result?.total).toBe(1);
    const all = await site.ajax([{ methodname: 'core_course_search_courses', args: { criterianame: 'search', criteriavalue: '' } }], admin);
    const allIds = (all.json as Ok<{ courses: Array<{ id: number }> }>)[0]?.data.courses.map((c) => c.id);
    expect(allIds).not.toContain(1);
    expect(allIds).toContain(ids.hidden);
  });

  it('search_courses pages results and keeps only courses where the user has all required capabilities', async () => {
    const paged = await site.ajax([{ methodname: 'core_course_search_courses', args: { criterianame: 'search', criteriavalue: 'basics', page: 1, perpage: 1 } }], admin);
    const page = (paged.json as Ok<{ total: number; courses: Array<{ id: number }> }>)[0]?.data;
    expect(page?.total).toBe(2);
    expect(page?.courses.map((c) => c.id)).toEqual([ids.chem]);
    const capable = await site.ajax(
      [{ methodname: 'core_course_search_courses', args: { criterianame: 'search', criteriavalue: '', requiredcapabilities: ['moodle/course:update', 'moodle/course:viewparticipants'] } }],
      teacher,
    );
    expect((capable.json as Ok<{ courses: Array<{ id: number }> }>)[0]?.data.courses.map((c) => c.id)).toEqual([ids.bio]);
  });

  it('search_courses refuses an unknown criterion and modulelist without site:config', async () => {
    const bad = await site.ajax([{ methodname: 'core_course_search_courses', args: { criterianame: 'colour', criteriavalue: 'x' } }], student);
    expect((bad.json as Failed)[0]?.exception.errorcode).toBe('invalidparameter');
    const modules = await site.ajax([{ methodname: 'core_course_search_courses', args: { criterianame: 'modulelist', criteriavalue: 'assign' } }], student);
    expect((modules.json as Failed)[0]?.exception.errorcode).toBe('nopermissions');
  });

  it('search_courses by tag finds the courses carrying it, hiding hidden ones from those who may not see them', async () => {
    const db = site.platform.db;
    for (const courseid of [ids.bio ?? 0, ids.hidden ?? 0]) {
      const context = await getContext(db, CONTEXT_COURSE, courseid);
      await setItemTags(db, { component: 'core', itemtype: 'course', itemid: courseid, contextid: context?.id ?? 0 }, ['Genetics'], site.adminId, true);
    }
    const tag = await db.selectFrom('tag').select('id').where('name', '=', 'genetics').executeTakeFirstOrThrow();
    const byTag = async (session: { cookie: string; sesskey: string }, value: string) => {
      const { json } = await site.ajax([{ methodname: 'core_course_search_courses', args: { criterianame: 'tagid', criteriavalue: value } }], session);
      return (json as Ok<{ total: number; courses: Array<{ id: number }> }>)[0]?.data;
    };
    expect((await byTag(admin, String(tag.id)))?.courses.map((c) => c.id)).toEqual([ids.bio, ids.hidden]);
    const seen = await byTag(student, String(tag.id));
    expect(seen?.courses.map((c) => c.id)).toEqual([ids.bio]);
    expect(seen?.total).toBe(1);
    expect((await byTag(admin, 'not a number'))?.courses).toEqual([]);
  });

  it('get_users_courses lists the active enrolments the student can see, with user counts', async () => {
    const { json } = await site.ajax([{ methodname: 'core_enrol_get_users_courses', args: { userid: studentId } }], student);
    const courses = (json as Ok<Array<{ id: number; enrolledusercount: number }>>)[0]?.data ?? [];
    expect(courses.map((c) => c.id)).toEqual([ids.bio]);
    expect(courses[0]?.enrolledusercount).toBe(2);
  });

  it('get_contents returns sections with default names and refuses users who cannot enter the course', async () => {
    const { json } = await site.ajax([{ methodname: 'core_course_get_contents', args: { courseid: ids.bio } }], student);
    const sections = (json as Ok<Array<{ section: number; name: string; modules: unknown[] }>>)[0]?.data ?? [];
    expect(sections.map((s) => s.name)).toEqual(['General', 'Topic 1', 'Week two']);
    const refused = await site.ajax([{ methodname: 'core_course_get_contents', args: { courseid: ids.chem } }], student);
    expect((refused.json as Failed)[0]?.exception.errorcode).toBe('requireloginerror');
    const missing = await site.ajax([{ methodname: 'core_course_get_contents', args: { courseid: 99999 } }], admin);
    expect((missing.json as Failed)[0]?.exception.errorcode).toBe('invalidrecord');
  });
});
