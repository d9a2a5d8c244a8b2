import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getContext } from '../../platform/access/contexts';
import { CONTEXT_COURSE, CONTEXT_COURSECAT } from '../../platform/access/types';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';

type Session = { cookie: string; sesskey: string };
type Answer = Array<{ error: boolean; data?: unknown; exception?: { errorcode: string; message: string } }>;
interface Category {
  id: number;
  name: string;
  parent: number;
  path: string;
  depth: number;
  coursecount: number;
  visible: number;
}

describe.each(testDialects)('course and category management on %s', (dialect) => {
  let site: TestSite;
  let admin: Session;
  let teacher: Session;
  let student: Session;
  let teacherCourse: number;

  async function call<T>(methodname: string, args: unknown, session: Session = admin): Promise<T> {
    const { json } = await site.ajax([{ methodname, args }], session);
    const [answer] = json as Answer;
    if (!answer || answer.error) throw new Error(answer?.exception?.errorcode ?? 'no answer');
    return answer.data as T;
  }
  async function failure(methodname: string, args: unknown, session: Session = admin): Promise<string> {
    const { json } = await site.ajax([{ methodname, args }], session);
    const [answer] = json as Answer;
    return answer?.error ? (answer.exception?.errorcode ?? '') : 'succeeded';
  }
  async function category(id: number): Promise<Category> {
    const rows = await call<Category[]>('core_course_get_categories', { criteria: [{ key: 'id', value: id }], addsubcategories: false });
    if (!rows[0]) throw new Error(`no category ${id}`);
    return rows[0];
  }
  const newCategory = async (name: string, parent = 0, idnumber?: string) =>
    (await call<Array<{ id: number }>>('core_course_create_categories', { categories: [{ name, parent, idnumber }] }))[0]?.id ?? 0;
  const newCourse = async (shortname: string, categoryid: number, fields: Record<string, unknown> = {}) =>
    (await call<Array<{ id: number }>>('core_course_create_courses', { courses: [{ fullname: `Course ${shortname}`, shortname, categoryid, ...fields }] }))[0]?.id ?? 0;
  const contextPath = async (level: number, id: number) => (await getContext(site.platform.db, level, id))?.path;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    admin = await site.sessionFor(site.adminId);
    const teacherId = await site.createUser('teach');
    const studentId = await site.createUser('stud');
    teacher = await site.sessionFor(teacherId);
    student = await site.sessionFor(studentId);
    teacherCourse = await site.createCourse('Teacher course', 'TC1');
    await site.enrol(teacherId, teacherCourse, 'editingteacher');
    await site.enrol(studentId, teacherCourse, 'student');
  });
  afterAll(() => site.close());

  it('keeps a course group mode and its forcing, and refuses a mode that does not exist', async () => {
    const cat = await newCategory('Group modes');
    const id = await newCourse('GM1', cat, { groupmode: 1, groupmodeforce: true });
    const row = async () => site.platform.db.selectFrom('course').select(['groupmode', 'groupmodeforce']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await row()).toEqual({ groupmode: 1, groupmodeforce: 1 });
    await call('core_course_update_courses', { courses: [{ id, groupmode: 2 }] });
    expect(await row()).toEqual({ groupmode: 2, groupmodeforce: 1 });
    const bad = await site.ajax([{ methodname: 'core_course_update_courses', args: { courses: [{ id, groupmode: 3 }] } }], admin);
    expect((bad.json as Array<{ exception?: { errorcode: string } }>)[0]?.exception?.errorcode).toBe('invalidparameter');
    expect(await row()).toEqual({ groupmode: 2, groupmodeforce: 1 });
  });

  it('creates nested categories with paths, depths and contexts under their parents', async () => {
    const top = await newCategory('Science', 0, 'SCI');
    const child = await newCategory('Biology', top);
    const t = await category(top);
    const c = await category(child);
    expect([t.path, t.depth]).toEqual([`/${top}`, 1]);
    expect([c.path, c.depth, c.parent]).toEqual([`/${top}/${child}`, 2, top]);
    const topContext = await contextPath(CONTEXT_COURSECAT, top);
    expect(await contextPath(CONTEXT_COURSECAT, child)).toMatch(new RegExp(`^${topContext}/\\d+$`));
    const withSubs = await call<Category[]>('core_course_get_categories', { criteria: [{ key: 'id', value: top }] });
    expect(withSubs.map((x) => x.id)).toEqual([top, child]);
  });

  it('refuses a taken category id number and a teacher or student managing categories', async () => {
    await newCategory('Arts', 0, 'ARTS');
    expect(await failure('core_course_create_categories', { categories: [{ name: 'Arts again', idnumber: 'ARTS' }] })).toBe('categoryidnumbertaken');
    expect(await failure('core_course_create_categories', { categories: [{ name: 'Mine' }] }, teacher)).toBe('nopermissions');
    expect(await failure('core_course_create_categories', { categories: [{ name: 'Mine' }] }, student)).toBe('nopermissions');
    expect(await failure('core_course_create_categories', { categories: [{ name: '' }] })).toBe('invalidparameter');
    const names = (await call<Category[]>('core_course_get_categories', {})).map((c) => c.name);
    expect(names.filter((n) => n.startsWith('Arts') || n === 'Mine')).toEqual(['Arts']);
  });

  it('moves a category with its subtree, keeping paths and contexts right, and never into itself', async () => {
    const a = await newCategory('Move A');
    const b = await newCategory('Move B');
    const a1 = await newCategory('Move A1', a);
    const course = await newCourse('MOVE1', a1);
    expect(await failure('core_course_update_categories', { categories: [{ id: a, parent: a1 }] })).toBe('cannotmovecategory');
    expect(await failure('core_course_update_categories', { categories: [{ id: a, parent: b }] }, teacher)).toBe('nopermissions');
    await call('core_course_update_categories', { categories: [{ id: a, parent: b, name: 'Moved A' }] });
    const moved = await category(a);
    const child = await category(a1);
    expect([moved.name, moved.parent, moved.path, moved.depth]).toEqual(['Moved A', b, `/${b}/${a}`, 2]);
    expect([child.path, child.depth]).toEqual([`/${b}/${a}/${a1}`, 3]);
    const bContext = await contextPath(CONTEXT_COURSECAT, b);
    const a1Context = await contextPath(CONTEXT_COURSECAT, a1);
    expect(a1Context?.startsWith(`${bContext}/`)).toBe(true);
    expect((await contextPath(CONTEXT_COURSE, course))?.startsWith(`${a1Context}/`)).toBe(true);
  });

  it('moves a category up and down among its siblings', async () => {
    const parent = await newCategory('Ordered');
    const [a, b, c] = [await newCategory('First', parent), await newCategory('Second', parent), await newCategory('Third', parent)];
    const order = async () => (await call<Category[]>('core_course_get_categories', { criteria: [{ key: 'parent', value: parent }], addsubcategories: false })).map((x) => x.id);
    expect(await call('core_course_move_category_order', { id: c, direction: 'up' })).toEqual({ moved: true });
    expect(await order()).toEqual([a, c, b]);
    expect(await call('core_course_move_category_order', { id: a, direction: 'up' })).toEqual({ moved: false });
    await call('core_course_move_category_order', { id: a, direction: 'down' });
    expect(await order()).toEqual([c, a, b]);
    expect(await failure('core_course_move_category_order', { id: a, direction: 'down' }, teacher)).toBe('nopermissions');
    expect(await failure('core_course_move_category_order', { id: a, direction: 'sideways' })).toBe('invalidparameter');
  });

  it('hides a category from users without viewhiddencategories', async () => {
    const hidden = await newCategory('Secret');
    await call('core_course_update_categories', { categories: [{ id: hidden, visible: 0 }] });
    expect((await category(hidden)).visible).toBe(0);
    const below = await newCategory('Secret child', hidden);
    const seen = await call<Category[]>('core_course_get_categories', { criteria: [{ key: 'id', value: hidden }] }, student);
    expect(seen).toEqual([]);
    const all = (await call<Category[]>('core_course_get_categories', {}, student)).map((c) => c.id);
    expect(all).not.toContain(below);
    expect((await call<Category[]>('core_course_get_categories', {})).map((c) => c.id)).toEqual(expect.arrayContaining([hidden, below]));
  });

  it('guards the management pages: managers in, teachers and students out', async () => {
    const get = (url: string, session: Session) => site.app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie: session.cookie } });
    const cat = await newCategory('Pages');
    expect((await get('/course/management.php', admin)).statusCode).toBe(200);
    expect((await get('/course/management.php', teacher)).statusCode).toBe(403);
    expect((await get(`/course/editcategory.php?id=${cat}`, admin)).statusCode).toBe(200);
    expect((await get(`/course/editcategory.php?parent=${cat}`, student)).statusCode).toBe(403);
    expect((await get('/course/editcategory.php?id=987654', admin)).statusCode).toBe(404);
    expect((await get(`/course/edit.php?category=${cat}`, admin)).statusCode).toBe(200);
    expect((await get(`/course/edit.php?category=${cat}`, teacher)).statusCode).toBe(403);
    expect((await get(`/course/edit.php?id=${teacherCourse}`, teacher)).statusCode).toBe(200);
    expect((await get(`/course/edit.php?id=${teacherCourse}`, student)).statusCode).toBe(403);
  });

  it('deleting a category moves its courses and subcategories to the new parent', async () => {
    const target = await newCategory('Target');
    const doomed = await newCategory('Doomed');
    const sub = await newCategory('Doomed sub', doomed);
    const course = await newCourse('DOOM1', doomed);
    expect(await failure('core_course_delete_categories', { categories: [{ id: doomed, newparent: sub }] })).toBe('cannotmovecategory');
    expect(await failure('core_course_delete_categories', { categories: [{ id: doomed, newparent: target }] }, teacher)).toBe('nopermissions');
    await call('core_course_delete_categories', { categories: [{ id: doomed, newparent: target }] });
    expect(await failure('core_course_get_categories', { criteria: [{ key: 'id', value: 'x' }] })).toBe('invalidparameter');
    expect(await call<Category[]>('core_course_get_categories', { criteria: [{ key: 'id', value: doomed }] })).toEqual([]);
    const movedSub = await category(sub);
    expect([movedSub.parent, movedSub.path]).toEqual([target, `/${target}/${sub}`]);
    expect((await category(target)).coursecount).toBe(1);
    const row = await site.platform.db.selectFrom('course').select('category').where('id', '=', course).executeTakeFirstOrThrow();
    expect(row.category).toBe(target);
    expect(await getContext(site.platform.db, CONTEXT_COURSECAT, doomed)).toBeUndefined();
    expect((await contextPath(CONTEXT_COURSE, course))?.startsWith(`${await contextPath(CONTEXT_COURSECAT, target)}/`)).toBe(true);
  });

  it('deleting a category recursively deletes its subcategories and courses', async () => {
    const doomed = await newCategory('Gone');
    const sub = await newCategory('Gone sub', doomed);
    const course = await newCourse('GONE1', sub);
    await call('core_course_delete_categories', { categories: [{ id: doomed, recursive: 1 }] });
    expect(await site.platform.db.selectFrom('course_categories').select('id').where('id', 'in', [doomed, sub]).execute()).toEqual([]);
    expect(await site.platform.db.selectFrom('course').select('id').where('id', '=', course).execute()).toEqual([]);
    expect(await site.platform.db.selectFrom('course_sections').select('id').where('course', '=', course).execute()).toEqual([]);
    expect(await site.platform.db.selectFrom('enrol').select('id').where('courseid', '=', course).execute()).toEqual([]);
    expect(await getContext(site.platform.db, CONTEXT_COURSE, course)).toBeUndefined();
  });

  it('creates a course with sections, a manual enrolment and a context in its category', async () => {
    const cat = await newCategory('Courses here');
    const id = await newCourse('NEW1', cat, { numsections: 3, format: 'weeks', idnumber: 'N-1', startdate: 1_700_000_000, enddate: 1_710_000_000 });
    const sections = await site.platform.db.selectFrom('course_sections').select('section').where('course', '=', id).orderBy('section').execute();
    expect(sections.map((s) => s.section)).toEqual([0, 1, 2, 3]);
    const enrol = await site.platform.db.selectFrom('enrol').select('enrol').where('courseid', '=', id).execute();
    expect(enrol.map((e) => e.enrol)).toEqual(['manual']);
    expect((await contextPath(CONTEXT_COURSE, id))?.startsWith(`${await contextPath(CONTEXT_COURSECAT, cat)}/`)).toBe(true);
    expect((await category(cat)).coursecount).toBe(1);
    const row = await site.platform.db.selectFrom('course').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.format, row.idnumber, row.category]).toEqual(['weeks', 'N-1', cat]);
  });

  it('refuses duplicate short names and id numbers, bad dates and missing names, creating nothing', async () => {
    const cat = await newCategory('Strict');
    await newCourse('DUP1', cat, { idnumber: 'ID-DUP' });
    const count = async () => (await site.platform.db.selectFrom('course').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = Number(await count());
    const create = (fields: Record<string, unknown>) => failure('core_course_create_courses', { courses: [{ fullname: 'X', shortname: 'FRESH', categoryid: cat, ...fields }] });
    expect(await create({ shortname: 'DUP1' })).toBe('shortnametaken');
    expect(await create({ idnumber: 'ID-DUP' })).toBe('courseidnumbertaken');
    expect(await create({ startdate: 2000, enddate: 1000 })).toBe('enddatebeforestartdate');
    expect(await create({ fullname: '  ' })).toBe('invalidparameter');
    expect(await create({ categoryid: 999999 })).toBe('invalidrecord');
    // The second course of a batch fails: the first is rolled back with it.
    const batch = await failure('core_course_create_courses', {
      courses: [
        { fullname: 'One', shortname: 'BATCH1', categoryid: cat },
        { fullname: 'Two', shortname: 'BATCH1', categoryid: cat },
      ],
    });
    expect(batch).toBe('shortnametaken');
    expect(Number(await count())).toBe(before);
    expect(await failure('core_course_create_courses', { courses: [{ fullname: 'T', shortname: 'TT', categoryid: cat }] }, teacher)).toBe('nopermissions');
  });

  it('updates a course: fields, category move with its context, and refuses what it must', async () => {
    const from = await newCategory('From');
    const to = await newCategory('To');
    const id = await newCourse('UPD1', from);
    await newCourse('UPD2', from);
    expect(await failure('core_course_update_courses', { courses: [{ id, shortname: 'UPD2' }] })).toBe('shortnametaken');
    expect(await failure('core_course_update_courses', { courses: [{ id, startdate: 5000, enddate: 4000 }] })).toBe('enddatebeforestartdate');
    expect(await failure('core_course_update_courses', { courses: [{ id, fullname: 'Nope' }] }, teacher)).toBe('nopermissions');
    const result = await call<{ warnings: unknown[] }>('core_course_update_courses', { courses: [{ id, fullname: 'Renamed', categoryid: to, visible: 0, numsections: 6 }] });
    expect(result.warnings).toEqual([]);
    const row = await site.platform.db.selectFrom('course').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([row.fullname, row.category, row.visible, row.shortname]).toEqual(['Renamed', to, 0, 'UPD1']);
    expect((await site.platform.db.selectFrom('course_sections').select('id').where('course', '=', id).execute()).length).toBe(7);
    expect([(await category(from)).coursecount, (await category(to)).coursecount]).toEqual([1, 1]);
    expect((await contextPath(CONTEXT_COURSE, id))?.startsWith(`${await contextPath(CONTEXT_COURSECAT, to)}/`)).toBe(true);
  });

  it('lets an editing teacher update their course but not hide it elsewhere or move it', async () => {
    await call('core_course_update_courses', { courses: [{ id: teacherCourse, fullname: 'Teacher course 2' }] }, teacher);
    const target = await newCategory('Not theirs');
    expect(await failure('core_course_update_courses', { courses: [{ id: teacherCourse, categoryid: target }] }, teacher)).toBe('nopermissions');
    expect(await failure('core_course_update_courses', { courses: [{ id: teacherCourse, fullname: 'x' }] }, student)).toBe('nopermissions');
  });

  it('deletes courses with their contents; unknown ids are warnings; others are refused', async () => {
    const cat = await newCategory('Deleting');
    const id = await newCourse('DEL1', cat);
    expect(await failure('core_course_delete_courses', { courseids: [teacherCourse] }, teacher)).toBe('nopermissions');
    const result = await call<{ warnings: Array<{ itemid: number; warningcode: string }> }>('core_course_delete_courses', { courseids: [id, 987654] });
    expect(result.warnings.map((w) => [w.itemid, w.warningcode])).toEqual([[987654, 'unknowncourseidnumber']]);
    expect(await site.platform.db.selectFrom('course').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await getContext(site.platform.db, CONTEXT_COURSE, id)).toBeUndefined();
    expect((await category(cat)).coursecount).toBe(0);
  });

  it('lists a category’s courses paged, searched and sorted, with enrolled user counts', async () => {
    const cat = await newCategory('Listing');
    for (const [i, name] of ['Delta', 'Alpha', 'Charlie', 'Bravo', 'Echo'].entries()) await newCourse(`L-${name}`, cat, { idnumber: `LIST${5 - i}` });
    type List = { total: number; courses: Array<{ shortname: string; enrolledusercount: number }> };
    const first = await call<List>('core_course_list_courses_in_category', { categoryid: cat, perpage: 2 });
    expect(first.total).toBe(5);
    expect(first.courses.map((c) => c.shortname)).toEqual(['L-Alpha', 'L-Bravo']);
    const last = await call<List>('core_course_list_courses_in_category', { categoryid: cat, perpage: 2, page: 2 });
    expect(last.courses.map((c) => c.shortname)).toEqual(['L-Echo']);
    const byIdnumber = await call<List>('core_course_list_courses_in_category', { categoryid: cat, sort: 'idnumber', direction: 'desc' });
    expect(byIdnumber.courses.map((c) => c.shortname)).toEqual(['L-Delta', 'L-Alpha', 'L-Charlie', 'L-Bravo', 'L-Echo']);
    const searched = await call<List>('core_course_list_courses_in_category', { categoryid: cat, search: 'course l-ch' });
    expect([searched.total, searched.courses.map((c) => c.shortname)]).toEqual([1, ['L-Charlie']]);
    const top = await call<List>('core_course_list_courses_in_category', { categoryid: 0, search: 'TC1' });
    expect(top.courses.map((c) => c.enrolledusercount)).toEqual([2]);
    expect(await failure('core_course_list_courses_in_category', { categoryid: cat }, teacher)).toBe('nopermissions');
    expect(await failure('core_course_list_courses_in_category', { categoryid: cat, perpage: 0 })).toBe('invalidparameter');
  });

  it('refuses changes without the sesskey', async () => {
    const { json } = await site.ajax([{ methodname: 'core_course_create_categories', args: { categories: [{ name: 'No key' }] } }], { ...admin, sesskey: 'wrong' });
    expect(JSON.stringify(json)).toContain('invalidsesskey');
  });
});
