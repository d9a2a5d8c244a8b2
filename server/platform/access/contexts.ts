import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { invalidRecord } from '../errors';
import { CONTEXT_COURSE, CONTEXT_COURSECAT, CONTEXT_MODULE, CONTEXT_SYSTEM, CONTEXT_USER, type Context } from './types';

/** The front page course: its context hangs directly under the system context. */
const SITEID = 1;

const contextColumns = ['id', 'contextlevel', 'instanceid', 'path', 'depth'] as const;

/** Runs `work` in a transaction unless the caller already holds one. */
async function inTransaction<T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export async function getContext(db: Kysely<DB>, contextlevel: number, instanceid: number): Promise<Context | undefined> {
  return db
    .selectFrom('context')
    .select(contextColumns)
    .where('contextlevel', '=', contextlevel)
    .where('instanceid', '=', instanceid)
    .executeTakeFirst();
}

export async function getContextById(db: Kysely<DB>, id: number): Promise<Context | undefined> {
  return db.selectFrom('context').select(contextColumns).where('id', '=', id).executeTakeFirst();
}

/**
 * Inserts a context below `parent` (null only for the system context). The path holds the new row's own
 * id, which is known only after the insert, hence the second statement in the same transaction.
 */
export async function createContext(db: Kysely<DB>, contextlevel: number, instanceid: number, parent: Context | null): Promise<Context> {
  return inTransaction(db, async (trx) => {
    const { id } = await trx.insertInto('context').values({ contextlevel, instanceid }).returning('id').executeTakeFirstOrThrow();
    const path = `${parent ? parent.path : ''}/${id}`;
    const depth = parent ? parent.depth + 1 : 1;
    await trx.updateTable('context').set({ path, depth }).where('id', '=', id).execute();
    return { id, contextlevel, instanceid, path, depth };
  });
}

/** The root of the tree (level 10, instance 0), created on first use like Moodle's context_system. */
export async function getSystemContext(db: Kysely<DB>): Promise<Context> {
  return (await getContext(db, CONTEXT_SYSTEM, 0)) ?? createContext(db, CONTEXT_SYSTEM, 0, null);
}

async function ensureContext(db: Kysely<DB>, contextlevel: number, instanceid: number, parent: () => Promise<Context>): Promise<Context> {
  const existing = await getContext(db, contextlevel, instanceid);
  if (existing) return existing;
  return createContext(db, contextlevel, instanceid, await parent());
}

/** A category's context, creating it (and its parent categories' contexts) when missing. */
export async function ensureCategoryContext(db: Kysely<DB>, categoryid: number, parentCategoryId: number): Promise<Context> {
  return ensureContext(db, CONTEXT_COURSECAT, categoryid, async () => {
    if (parentCategoryId === 0) return getSystemContext(db);
    const parent = await db.selectFrom('course_categories').select('parent').where('id', '=', parentCategoryId).executeTakeFirst();
    if (!parent) throw invalidRecord('course_categories', `category ${parentCategoryId}`);
    return ensureCategoryContext(db, parentCategoryId, parent.parent);
  });
}

/** A course's context; category 0 and the front page (course 1) hang under the system context. */
export async function ensureCourseContext(db: Kysely<DB>, courseid: number, categoryid: number): Promise<Context> {
  return ensureContext(db, CONTEXT_COURSE, courseid, async () => {
    if (courseid === SITEID || categoryid === 0) return getSystemContext(db);
    const category = await db.selectFrom('course_categories').select('parent').where('id', '=', categoryid).executeTakeFirst();
    if (!category) throw invalidRecord('course_categories', `category ${categoryid}`);
    return ensureCategoryContext(db, categoryid, category.parent);
  });
}

/** A course module's context, below its course's. */
export async function ensureModuleContext(db: Kysely<DB>, cmid: number, courseid: number): Promise<Context> {
  return ensureContext(db, CONTEXT_MODULE, cmid, async () => {
    const course = await db.selectFrom('course').select('category').where('id', '=', courseid).executeTakeFirst();
    if (!course) throw invalidRecord('course', `course ${courseid}`);
    return ensureCourseContext(db, courseid, course.category);
  });
}

export async function ensureUserContext(db: Kysely<DB>, userid: number): Promise<Context> {
  return ensureContext(db, CONTEXT_USER, userid, () => getSystemContext(db));
}

/** Ids on the context's path, nearest first: the parents, and the context itself first when asked. */
export function parentContextIds(context: Context, includeSelf = false): number[] {
  const ids = context.path
    .split('/')
    .filter((part) => part !== '')
    .map(Number)
    .reverse();
  return includeSelf ? ids : ids.filter((id) => id !== context.id);
}

/** True when `context` is `ancestor` or lies below it. */
export function isContextWithin(context: Context, ancestor: Context): boolean {
  return context.id === ancestor.id || context.path.startsWith(`${ancestor.path}/`);
}

/**
 * Moves a context and everything below it under a new parent (a course to another category, a category
 * to another parent), rewriting paths and depths in one statement.
 */
export async function moveContext(db: Kysely<DB>, context: Context, newParent: Context): Promise<Context> {
  if (isContextWithin(newParent, context)) throw invalidRecord('context', `cannot move context ${context.id} below itself`);
  const newPath = `${newParent.path}/${context.id}`;
  const delta = newParent.depth + 1 - context.depth;
  // The builder cannot express "new prefix || rest of the old path"; both dialects accept || and substr.
  await db
    .updateTable('context')
    .set({
      path: sql<string>`cast(${newPath} as varchar(255)) || substr(path, cast(${context.path.length + 1} as integer))`,
      depth: sql<number>`depth + cast(${delta} as integer)`,
    })
    .where((eb) => eb.or([eb('id', '=', context.id), eb('path', 'like', `${context.path}/%`)]))
    .execute();
  return { ...context, path: newPath, depth: newParent.depth + 1 };
}

/**
 * Removes a context, every context below it, and the role assignments and overrides made in them
 * (deleting a course takes its modules' contexts with it).
 */
export async function deleteContext(db: Kysely<DB>, context: Context): Promise<void> {
  await inTransaction(db, async (trx) => {
    const ids = (
      await trx
        .selectFrom('context')
        .select('id')
        .where((eb) => eb.or([eb('id', '=', context.id), eb('path', 'like', `${context.path}/%`)]))
        .execute()
    ).map((r) => r.id);
    if (ids.length === 0) return;
    await trx.deleteFrom('role_assignments').where('contextid', 'in', ids).execute();
    await trx.deleteFrom('role_capabilities').where('contextid', 'in', ids).execute();
    await trx.deleteFrom('context').where('id', 'in', ids).execute();
  });
}
