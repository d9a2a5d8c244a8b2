import { sql, type Kysely, type Selectable } from 'kysely';
import type { CourseCategoryTable, DB } from '../../db/schema';
import { ensureCategoryContext, getContext, getSystemContext, moveContext } from '../../platform/access/contexts';
import { CONTEXT_COURSECAT, type Context } from '../../platform/access/types';
import { AppError, invalidRecord } from '../../platform/errors';
import { now } from '../../platform/platform';

export type CategoryRow = Selectable<CourseCategoryTable>;

export async function getCategory(db: Kysely<DB>, id: number): Promise<CategoryRow> {
  const category = await db.selectFrom('course_categories').selectAll().where('id', '=', id).executeTakeFirst();
  if (!category) throw invalidRecord('course_categories', `category ${id}`);
  return category;
}

/** The context where things inside category `id` are decided: the category's, or the system's for 0 (the top). */
export async function categoryContext(db: Kysely<DB>, id: number): Promise<Context> {
  if (id === 0) return getSystemContext(db);
  const context = await getContext(db, CONTEXT_COURSECAT, id);
  if (context) return context;
  const category = await getCategory(db, id);
  return ensureCategoryContext(db, id, category.parent);
}

/** Refuses an id number another category already uses (an empty id number is never taken). */
export async function requireFreeCategoryIdnumber(db: Kysely<DB>, idnumber: string, exceptId = 0): Promise<void> {
  if (idnumber === '') return;
  const taken = await db.selectFrom('course_categories').select('id').where('idnumber', '=', idnumber).where('id', '<>', exceptId).executeTakeFirst();
  if (taken) throw new AppError('categoryidnumbertaken', { component: 'core_course', a: idnumber });
}

async function nextSortorder(db: Kysely<DB>, parent: number): Promise<number> {
  const row = await db
    .selectFrom('course_categories')
    .select((eb) => eb.fn.max('sortorder').as('top'))
    .where('parent', '=', parent)
    .executeTakeFirst();
  return Number(row?.top ?? 0) + 1;
}

export interface NewCategory {
  name: string;
  parent: number;
  idnumber?: string;
  description?: string;
  descriptionformat?: number;
}

/** Inserts a category at the end of its parent's children, with its path, depth and context. */
export async function createCategory(db: Kysely<DB>, input: NewCategory): Promise<CategoryRow> {
  const parent = input.parent === 0 ? null : await getCategory(db, input.parent);
  const idnumber = input.idnumber ?? '';
  await requireFreeCategoryIdnumber(db, idnumber);
  const { id } = await db
    .insertInto('course_categories')
    .values({
      name: input.name,
      idnumber,
      description: input.description ?? '',
      descriptionformat: input.descriptionformat ?? 1,
      parent: input.parent,
      sortorder: await nextSortorder(db, input.parent),
      depth: parent ? parent.depth + 1 : 1,
      timemodified: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('course_categories')
    .set({ path: `${parent ? parent.path : ''}/${id}` })
    .where('id', '=', id)
    .execute();
  await ensureCategoryContext(db, id, input.parent);
  return getCategory(db, id);
}

/** True when `candidate` is the category itself or lies anywhere below it. */
export function isWithinCategory(candidate: CategoryRow, category: CategoryRow): boolean {
  return candidate.id === category.id || candidate.path.startsWith(`${category.path}/`);
}

/**
 * Moves a category (and its whole subtree) under `newParent` (0 = top level): rewrites the paths and
 * depths of the subtree and moves its contexts. Refuses a move into its own subtree.
 */
export async function moveCategory(db: Kysely<DB>, category: CategoryRow, newParent: number): Promise<void> {
  if (newParent === category.parent) return;
  const parent = newParent === 0 ? null : await getCategory(db, newParent);
  if (parent && isWithinCategory(parent, category)) throw new AppError('cannotmovecategory', { component: 'core_course', a: category.name });
  const newPath = `${parent ? parent.path : ''}/${category.id}`;
  const delta = (parent ? parent.depth + 1 : 1) - category.depth;
  // As in moveContext: "new prefix || rest of the old path" is beyond the builder; both dialects accept it.
  await db
    .updateTable('course_categories')
    .set({
      path: sql<string>`cast(${newPath} as varchar(255)) || substr(path, cast(${category.path.length + 1} as integer))`,
      depth: sql<number>`depth + cast(${delta} as integer)`,
    })
    .where((eb) => eb.or([eb('id', '=', category.id), eb('path', 'like', `${category.path}/%`)]))
    .execute();
  await db
    .updateTable('course_categories')
    .set({ parent: newParent, sortorder: await nextSortorder(db, newParent), timemodified: now() })
    .where('id', '=', category.id)
    .execute();
  const context = await categoryContext(db, category.id);
  await moveContext(db, context, await categoryContext(db, newParent));
}

/** Recounts the courses directly in each of the given categories. */
export async function recountCourses(db: Kysely<DB>, categoryids: readonly number[]): Promise<void> {
  const ids = [...new Set(categoryids)].filter((id) => id > 0);
  if (ids.length === 0) return;
  await db
    .updateTable('course_categories')
    .set((eb) => ({
      coursecount: eb.selectFrom('course').select((c) => c.fn.countAll<number>().as('n')).whereRef('course.category', '=', 'course_categories.id'),
    }))
    .where('id', 'in', ids)
    .execute();
}

/** The category and every category below it, parents before children. */
export async function categorySubtree(db: Kysely<DB>, category: CategoryRow): Promise<CategoryRow[]> {
  return db
    .selectFrom('course_categories')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', category.id), eb('path', 'like', `${category.path}/%`)]))
    .orderBy('depth')
    .orderBy('sortorder')
    .execute();
}

/**
 * Swaps a category with its previous or next sibling. Siblings are renumbered 1..n first, so equal or
 * sparse sort orders (from older data) still move by exactly one place. False when already at the end.
 */
export async function moveCategoryOrder(db: Kysely<DB>, category: CategoryRow, direction: 'up' | 'down'): Promise<boolean> {
  const siblings = await db.selectFrom('course_categories').select(['id']).where('parent', '=', category.parent).orderBy('sortorder').orderBy('id').execute();
  const ids = siblings.map((r) => r.id);
  const at = ids.indexOf(category.id);
  const other = direction === 'up' ? at - 1 : at + 1;
  if (at < 0 || other < 0 || other >= ids.length) return false;
  [ids[at], ids[other]] = [ids[other] ?? 0, ids[at] ?? 0];
  for (const [i, id] of ids.entries()) await db.updateTable('course_categories').set({ sortorder: i + 1 }).where('id', '=', id).execute();
  return true;
}
