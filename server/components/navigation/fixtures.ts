import type { NavNodeJson } from '../../../api/navigation';
import { createAccess } from '../../platform/access/checker';
import { getSystemContext } from '../../platform/access/contexts';
import { assignRole, getRoleByShortname } from '../../platform/access/install';
import { now } from '../../platform/platform';
import { loadUser } from '../../platform/session';
import type { TestSite } from '../../test/site';
import type { CallContext } from '../../ws/method';
import { createCategory } from '../course/categories';
import { createCourse } from '../course/management';
import { addModule, setModulesVisible } from '../courseformat/cms';

export type Session = { cookie: string; sesskey: string };

/** Every node of a tree, depth first, skipping the empty strings that stand for hidden nodes. */
export function walk(nodes: ReadonlyArray<NavNodeJson | ''>): NavNodeJson[] {
  return nodes.flatMap((n) => (n === '' ? [] : [n, ...walk(n.children ?? [])]));
}

export function find(nodes: ReadonlyArray<NavNodeJson | ''>, type: number, key: string | number): NavNodeJson | undefined {
  return walk(nodes).find((n) => n.type === type && n.key === key);
}

/**
 * A small site for the navigation tests: category Sciences with the course Biology (a page, an
 * assignment and a hidden page in topic 1, nothing visible in topic 2) and the hidden course Secret
 * Lab; the hidden category Archive with Old Course; a teacher and a student enrolled in Biology, an
 * outsider enrolled nowhere, and the guest account.
 */
export async function navigationSite(site: TestSite) {
  const db = site.platform.db;
  const sciences = await createCategory(db, { name: 'Sciences', parent: 0 });
  const archive = await createCategory(db, { name: 'Archive', parent: 0 });
  await db.updateTable('course_categories').set({ visible: 0 }).where('id', '=', archive.id).execute();
  const biology = await createCourse(db, { fullname: 'Biology for beginners', shortname: 'BIO', categoryid: sciences.id, numsections: 2 });
  const secret = await createCourse(db, { fullname: 'Secret Lab', shortname: 'SECRET', categoryid: sciences.id, visible: false });
  const old = await createCourse(db, { fullname: 'Old Course', shortname: 'OLD', categoryid: archive.id });
  const teacherId = await site.createUser('navteacher');
  const studentId = await site.createUser('navstudent');
  const outsiderId = await site.createUser('navoutsider');
  await site.enrol(teacherId, biology.id, 'editingteacher');
  await site.enrol(studentId, biology.id, 'student');

  const teacher = await loadUser(db, teacherId);
  if (!teacher) throw new Error('teacher missing');
  const ctx: CallContext = { platform: site.platform, db, user: teacher, session: null, access: createAccess(db, teacherId), lang: 'en', ip: '127.0.0.1' };
  const t = now();
  const page = await addModule(ctx, biology.id, 1, 'page', async (trx) => (await trx.insertInto('page').values({ course: biology.id, name: 'Reading list', timemodified: t }).returning('id').executeTakeFirstOrThrow()).id);
  const assign = await addModule(ctx, biology.id, 1, 'assign', async (trx) => (await trx.insertInto('assign').values({ course: biology.id, name: 'Lab report' }).returning('id').executeTakeFirstOrThrow()).id);
  const hidden = await addModule(ctx, biology.id, 1, 'page', async (trx) => (await trx.insertInto('page').values({ course: biology.id, name: 'Answers (teachers only)', timemodified: t }).returning('id').executeTakeFirstOrThrow()).id);
  await setModulesVisible(ctx, biology.id, [hidden.cmid], false);
  const sections = await db.selectFrom('course_sections').select(['id', 'section']).where('course', '=', biology.id).orderBy('section').execute();
  const sectionId = (n: number) => sections.find((s) => s.section === n)?.id ?? 0;
  const instances = await db.selectFrom('block_instances').select(['id', 'blockname']).execute();
  const instance = (name: string) => instances.find((i) => i.blockname === name)?.id ?? 0;
  const guest = await getGuest(site);

  return {
    sciences: sciences.id,
    archive: archive.id,
    biology: biology.id,
    secret: secret.id,
    old: old.id,
    page: page.cmid,
    assign: assign.cmid,
    hidden: hidden.cmid,
    topic1: sectionId(1),
    topic2: sectionId(2),
    navigation: instance('navigation'),
    settings: instance('settings'),
    teacherId,
    studentId,
    outsiderId,
    admin: await site.sessionFor(site.adminId),
    teacher: await site.sessionFor(teacherId),
    student: await site.sessionFor(studentId),
    outsider: await site.sessionFor(outsiderId),
    guest: await site.sessionFor(guest),
  };
}

/** The guest account's id (the installer makes it). */
async function getGuest(site: TestSite): Promise<number> {
  const row = await site.platform.db.selectFrom('user').select('id').where('username', '=', 'guest').executeTakeFirstOrThrow();
  return row.id;
}

/** Gives a user the manager role in the system context. */
export async function makeManager(site: TestSite, userid: number): Promise<void> {
  const role = await getRoleByShortname(site.platform.db, 'manager');
  if (!role) throw new Error('no manager role');
  await assignRole(site.platform.db, role.id, userid, (await getSystemContext(site.platform.db)).id);
}

/** POSTs a form to one of the branch endpoints as the session and answers the parsed JSON. */
export async function postBranch(site: TestSite, url: string, session: Session | null, fields: Record<string, string | number>): Promise<{ status: number; json: unknown }> {
  const all = { ...fields, ...(session && !('sesskey' in fields) ? { sesskey: session.sesskey } : {}) };
  const body = new URLSearchParams(Object.entries(all).map(([k, v]): [string, string] => [k, String(v)]));
  const response = await site.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(session ? { cookie: session.cookie } : {}) },
    payload: body.toString(),
  });
  return { status: response.statusCode, json: response.json<unknown>() };
}
