import { ensureModuleContext } from '../../platform/access/contexts';
import { now } from '../../platform/platform';
import type { TestSite } from '../../test/site';

export type Session = { cookie: string; sesskey: string };
/** One call's entry in the service endpoint's answer. */
export type AnswerItem<T> = { error: boolean; data?: T; exception?: { errorcode: string; message: string; fielderrors?: Array<{ field: string; message: string }> } };
export type Answer<T> = Array<AnswerItem<T>>;

/** Calls one method as the session through the service endpoint and answers its result entry. */
export async function callAs<T>(site: TestSite, session: Session | null, methodname: string, args: unknown): Promise<AnswerItem<T>> {
  const { json } = await site.ajax([{ methodname, args }], session);
  const answer = json as Answer<T>;
  return (Array.isArray(answer) ? answer[0] : undefined) ?? { error: true, exception: { errorcode: 'noanswer', message: JSON.stringify(json) } };
}

/** A page activity in the course, with its module context; answers the course module id. */
export async function createPageActivity(site: TestSite, courseid: number, name: string): Promise<number> {
  const db = site.platform.db;
  const module = await db.selectFrom('modules').select('id').where('name', '=', 'page').executeTakeFirstOrThrow();
  const page = await db.insertInto('page').values({ course: courseid, name, timemodified: now() }).returning('id').executeTakeFirstOrThrow();
  const section = await db.selectFrom('course_sections').select('id').where('course', '=', courseid).where('section', '=', 1).executeTakeFirstOrThrow();
  const cm = await db.insertInto('course_modules').values({ course: courseid, module: module.id, instance: page.id, section: section.id }).returning('id').executeTakeFirstOrThrow();
  await ensureModuleContext(db, cm.id, courseid);
  return cm.id;
}

export async function tagCount(site: TestSite): Promise<number> {
  return Number((await site.platform.db.selectFrom('tag').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

export async function instanceCount(site: TestSite): Promise<number> {
  return Number((await site.platform.db.selectFrom('tag_instance').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}
