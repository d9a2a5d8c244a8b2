import { createAccess } from '../../platform/access/checker';
import { ensureCategoryContext, getContext, moveContext } from '../../platform/access/contexts';
import { getRoleByShortname } from '../../platform/access/install';
import { CONTEXT_COURSE, type Context } from '../../platform/access/types';
import { now } from '../../platform/platform';
import { loadUser } from '../../platform/session';
import type { DialectName } from '../../db/database';
import { createTestSite, type TestSite } from '../../test/site';
import type { CallContext } from '../../ws/method';
import { addModule } from '../courseformat/cms';

type Session = { cookie: string; sesskey: string };

/** A site for the permission manager's tests: a category with a course, a page activity in it, a teacher and a student. */
export interface OverrideSite {
  site: TestSite;
  category: Context;
  course: Context;
  module: Context;
  courseid: number;
  cmid: number;
  teacherId: number;
  studentId: number;
  admin: Session;
  teacher: Session;
  student: Session;
  roles: Record<'manager' | 'editingteacher' | 'teacher' | 'student' | 'guest' | 'user', number>;
  /** POSTs form fields to /admin/roles/ajax.php (GET when asked) and parses the JSON answer. */
  ajax(fields: Record<string, string | number>, session: Session | null, method?: 'GET' | 'POST'): Promise<{ status: number; json: unknown }>;
  /** The stored value of a role for a capability in a context (undefined: no row). */
  stored(roleid: number, contextid: number, capability: string): Promise<number | undefined>;
  /** Every role_capabilities row, to show that a refusal changed nothing. */
  snapshot(): Promise<string>;
}

export async function createOverrideSite(dialect: DialectName): Promise<OverrideSite> {
  const site = await createTestSite(dialect);
  const db = site.platform.db;
  const t = now();
  const cat = await db.insertInto('course_categories').values({ name: 'Sciences', idnumber: 'SCI', description: '', sortorder: 10000, depth: 1, path: '', timemodified: t }).returning('id').executeTakeFirstOrThrow();
  await db.updateTable('course_categories').set({ path: `/${cat.id}` }).where('id', '=', cat.id).execute();
  const category = await ensureCategoryContext(db, cat.id, 0);
  const courseid = await site.createCourse('Introduction to Biology', 'BIO101');
  await db.updateTable('course').set({ category: cat.id }).where('id', '=', courseid).execute();
  const before = await getContext(db, CONTEXT_COURSE, courseid);
  if (!before) throw new Error('no course context');
  const course = await moveContext(db, before, category);
  const adminUser = await loadUser(db, site.adminId);
  if (!adminUser) throw new Error('no admin');
  const ctx: CallContext = { platform: site.platform, db, user: adminUser, session: null, access: createAccess(db, site.adminId), lang: 'en', ip: '127.0.0.1' };
  const added = await addModule(ctx, courseid, 1, 'page', async (trx) => {
    const row = await trx.insertInto('page').values({ course: courseid, name: 'Course handbook', intro: '', content: '<p>Hello</p>', timemodified: t }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
  const module = await db.selectFrom('context').select(['id', 'contextlevel', 'instanceid', 'path', 'depth']).where('id', '=', added.contextid).executeTakeFirstOrThrow();
  const teacherId = await site.createUser('teacher1', { firstname: 'Daniel', lastname: 'Moreau' });
  const studentId = await site.createUser('student1', { firstname: 'Amelia', lastname: 'Fischer' });
  await site.enrol(teacherId, courseid, 'editingteacher');
  await site.enrol(studentId, courseid, 'student');
  const roleIds = {} as OverrideSite['roles'];
  for (const shortname of ['manager', 'editingteacher', 'teacher', 'student', 'guest', 'user'] as const) {
    const role = await getRoleByShortname(db, shortname);
    if (!role) throw new Error(`no role ${shortname}`);
    roleIds[shortname] = role.id;
  }
  return {
    site,
    category,
    course,
    module,
    courseid,
    cmid: added.cmid,
    teacherId,
    studentId,
    admin: await site.sessionFor(site.adminId),
    teacher: await site.sessionFor(teacherId),
    student: await site.sessionFor(studentId),
    roles: roleIds,
    async ajax(fields, session, method = 'POST') {
      const body = new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString();
      const response = await site.app.inject({
        method,
        url: method === 'GET' ? `/admin/roles/ajax.php?${body}` : '/admin/roles/ajax.php',
        headers: { ...(session ? { cookie: session.cookie } : {}), ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(method === 'POST' ? { payload: body } : {}),
      });
      return { status: response.statusCode, json: response.json<unknown>() };
    },
    async stored(roleid, contextid, capability) {
      const row = await db
        .selectFrom('role_capabilities')
        .select('permission')
        .where('roleid', '=', roleid)
        .where('contextid', '=', contextid)
        .where('capability', '=', capability)
        .executeTakeFirst();
      return row?.permission;
    },
    async snapshot() {
      const rows = await db.selectFrom('role_capabilities').select(['roleid', 'contextid', 'capability', 'permission']).orderBy('id').execute();
      return JSON.stringify(rows);
    },
  };
}
