import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, testDialects, type TestDatabase } from '../../test/databases';
import {
  createContext,
  deleteContext,
  ensureCategoryContext,
  ensureCourseContext,
  ensureModuleContext,
  ensureUserContext,
  getContext,
  getContextById,
  getSystemContext,
  isContextWithin,
  moveContext,
  parentContextIds,
} from './contexts';
import { CONTEXT_COURSE, CONTEXT_MODULE, CONTEXT_SYSTEM, type Context } from './types';

describe('parentContextIds', () => {
  const module: Context = { id: 9, contextlevel: CONTEXT_MODULE, instanceid: 4, path: '/1/3/7/9', depth: 4 };

  it('lists the parents nearest first', () => {
    expect(parentContextIds(module)).toEqual([7, 3, 1]);
  });

  it('puts the context itself first when asked', () => {
    expect(parentContextIds(module, true)).toEqual([9, 7, 3, 1]);
  });

  it('tells a context inside another from one that only shares a prefix', () => {
    expect(isContextWithin(module, { ...module, id: 3, path: '/1/3', depth: 2 })).toBe(true);
    expect(isContextWithin({ ...module, id: 33, path: '/1/33' }, { ...module, id: 3, path: '/1/3', depth: 2 })).toBe(false);
  });
});

describe.each(testDialects)('context tree on %s', (dialect) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(dialect);
    // Course 1 is the front page, which hangs under the system context whatever its category.
    await database.db.insertInto('course').values({ fullname: 'Front', shortname: 'front', timecreated: 0, timemodified: 0 }).execute();
  });
  afterEach(async () => {
    await database.drop();
  });

  async function category(name: string, parent: number): Promise<number> {
    const row = await database.db
      .insertInto('course_categories')
      .values({ name, parent, timemodified: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function course(shortname: string, categoryid: number): Promise<number> {
    const row = await database.db
      .insertInto('course')
      .values({ category: categoryid, fullname: shortname, shortname, timecreated: 0, timemodified: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('creates the system context once, at depth 1, with its own id as path', async () => {
    const system = await getSystemContext(database.db);
    expect(system).toMatchObject({ contextlevel: CONTEXT_SYSTEM, instanceid: 0, path: `/${system.id}`, depth: 1 });
    expect(await getSystemContext(database.db)).toEqual(system);
    expect(await database.db.selectFrom('context').select('id').execute()).toHaveLength(1);
  });

  it('builds paths through nested categories down to a module', async () => {
    const system = await getSystemContext(database.db);
    const top = await category('Top', 0);
    const sub = await category('Sub', top);
    const courseid = await course('C1', sub);
    const moduleContext = await ensureModuleContext(database.db, 42, courseid);

    const topContext = await ensureCategoryContext(database.db, top, 0);
    const subContext = await ensureCategoryContext(database.db, sub, top);
    const courseContext = await ensureCourseContext(database.db, courseid, sub);
    expect(topContext.path).toBe(`/${system.id}/${topContext.id}`);
    expect(subContext.path).toBe(`${topContext.path}/${subContext.id}`);
    expect(courseContext.path).toBe(`${subContext.path}/${courseContext.id}`);
    expect(moduleContext.path).toBe(`${courseContext.path}/${moduleContext.id}`);
    expect(moduleContext.depth).toBe(5);
    expect(parentContextIds(moduleContext)).toEqual([courseContext.id, subContext.id, topContext.id, system.id]);
    expect(await getContextById(database.db, moduleContext.id)).toEqual(moduleContext);
  });

  it('hangs the front page and users directly under the system context', async () => {
    const system = await getSystemContext(database.db);
    const frontpage = await ensureCourseContext(database.db, 1, 5);
    const user = await ensureUserContext(database.db, 3);
    expect(frontpage.path).toBe(`${system.path}/${frontpage.id}`);
    expect(user).toMatchObject({ path: `${system.path}/${user.id}`, depth: 2 });
  });

  it('returns an existing context instead of creating another', async () => {
    const first = await ensureUserContext(database.db, 8);
    expect(await ensureUserContext(database.db, 8)).toEqual(first);
    expect(await getContext(database.db, CONTEXT_COURSE, 8)).toBeUndefined();
  });

  it('refuses a course whose category does not exist', async () => {
    await expect(ensureCourseContext(database.db, 5, 999)).rejects.toMatchObject({ errorcode: 'invalidrecord' });
  });

  it('moves a course with its modules to another category', async () => {
    const a = await category('A', 0);
    const b = await category('B', 0);
    const courseid = await course('C', a);
    const moduleContext = await ensureModuleContext(database.db, 7, courseid);
    const courseContext = await ensureCourseContext(database.db, courseid, a);
    const sub = await category('B1', b);
    const target = await ensureCategoryContext(database.db, sub, b);

    const moved = await moveContext(database.db, courseContext, target);
    expect(moved).toMatchObject({ path: `${target.path}/${courseContext.id}`, depth: 4 });
    expect(await getContextById(database.db, courseContext.id)).toEqual(moved);
    expect(await getContextById(database.db, moduleContext.id)).toMatchObject({ path: `${moved.path}/${moduleContext.id}`, depth: 5 });
  });

  it('refuses to move a context below itself', async () => {
    const a = await category('A', 0);
    const b = await category('B', a);
    const parent = await ensureCategoryContext(database.db, a, 0);
    const child = await ensureCategoryContext(database.db, b, a);
    await expect(moveContext(database.db, parent, child)).rejects.toMatchObject({ errorcode: 'invalidrecord' });
  });

  it('deletes a context with the contexts, assignments and overrides below it', async () => {
    const system = await getSystemContext(database.db);
    const courseid = await course('C', 0);
    const courseContext = await ensureCourseContext(database.db, courseid, 0);
    const moduleContext = await ensureModuleContext(database.db, 3, courseid);
    const other = await createContext(database.db, CONTEXT_MODULE, 4, system);
    await database.db.insertInto('role_assignments').values({ roleid: 1, userid: 2, contextid: moduleContext.id }).execute();
    await database.db.insertInto('role_capabilities').values({ roleid: 1, contextid: courseContext.id, capability: 'moodle/course:view', permission: 1 }).execute();

    await deleteContext(database.db, courseContext);
    const left = (await database.db.selectFrom('context').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(left).toEqual([system.id, other.id]);
    expect(await database.db.selectFrom('role_assignments').selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom('role_capabilities').selectAll().execute()).toEqual([]);
  });
});
