import { getContext, getSystemContext } from '../../platform/access/contexts';
import { assignRole } from '../../platform/access/install';
import { CONTEXT_COURSE, CONTEXT_COURSECAT } from '../../platform/access/types';
import type { TestSite } from '../../test/site';
import type { MatrixFixture, MatrixRole } from './types';

interface AjaxItem {
  error: boolean;
  data?: unknown;
  exception?: { errorcode: string; message: string };
}

/** The matrix's shared world on a fresh test site (see MatrixFixture). */
export async function buildFixture(site: TestSite): Promise<MatrixFixture> {
  const db = site.platform.db;
  let counter = 0;
  const cache = new Map<string, Promise<unknown>>();
  const adminSession = await site.sessionFor(site.adminId);

  async function admin<T>(methodname: string, args: unknown): Promise<T> {
    const { json } = await site.ajax([{ methodname, args }], adminSession);
    const item = (Array.isArray(json) ? json[0] : json) as AjaxItem;
    if (!item || item.error || !('data' in item)) throw new Error(`matrix fixture: ${methodname} failed as admin: ${JSON.stringify(item).slice(0, 300)}`);
    return item.data as T;
  }

  const roles = await db.selectFrom('role').select(['id', 'shortname']).execute();
  const roleIds = Object.fromEntries(roles.map((r) => [r.shortname, r.id]));

  const [category] = await admin<Array<{ id: number }>>('core_course_create_categories', { categories: [{ name: 'Matrix', idnumber: 'MATRIX' }] });
  const [course] = await admin<Array<{ id: number }>>('core_course_create_courses', {
    courses: [{ fullname: 'Matrix 101', shortname: 'MX101', categoryid: category!.id, summary: 'The course every permission is tried in.' }],
  });
  const categoryContext = await getContext(db, CONTEXT_COURSECAT, category!.id);
  const courseContext = await getContext(db, CONTEXT_COURSE, course!.id);
  if (!categoryContext || !courseContext) throw new Error('matrix fixture: contexts were not created');

  async function newUser(enrolAs?: string): Promise<number> {
    counter += 1;
    const id = await site.createUser(`matrixuser${counter}`, { firstname: 'Matrix', lastname: `User ${counter}` });
    if (enrolAs) await site.enrol(id, course!.id, enrolAs);
    return id;
  }

  const siteguest = await db.selectFrom('config').select('value').where('name', '=', 'siteguest').executeTakeFirstOrThrow();
  const users: Record<MatrixRole, number> = {
    anonymous: 0,
    guest: Number(siteguest.value),
    student: await newUser('student'),
    teacher: await newUser('teacher'),
    editingteacher: await newUser('editingteacher'),
    manager: await newUser(),
    admin: site.adminId,
  };
  await assignRole(db, roleIds.manager ?? 0, users.manager, (await getSystemContext(db)).id);

  return {
    site,
    categoryid: category!.id,
    categoryContextId: categoryContext.id,
    courseid: course!.id,
    courseContextId: courseContext.id,
    users,
    otherUserId: await newUser(),
    roleIds,
    unique: () => (counter += 1),
    admin,
    once<T>(key: string, make: () => Promise<T>): Promise<T> {
      if (!cache.has(key)) cache.set(key, make());
      return cache.get(key) as Promise<T>;
    },
    newUser,
  };
}
