import type { Selectable } from 'kysely';
import type { CourseCategoryTable } from '../../db/schema';
import { CONTEXT_COURSECAT, type Context } from '../../platform/access/types';
import { loginAsState } from '../../platform/auth/loginas';
import { invalidRecord } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import { courseContexts, enrolledCourseIds, SITEID, type CourseRow } from '../course/access';

/** Courses a branch lists before a "more" link (Moodle's navcourselimit). */
export const NAV_COURSE_LIMIT = 20;
/** Courses read per query while looking for the ones a caller may see. */
const BATCH = 100;

type CategoryRow = Selectable<CourseCategoryTable>;

/** A course the caller may see listed, and whether they may also enter it (then it is a branch). */
export interface ListedCourse {
  row: CourseRow;
  context: Context;
  canenter: boolean;
}

export interface CourseList {
  courses: ListedCourse[];
  /** More courses than the limit could be listed. */
  more: boolean;
}

/**
 * The courses of `rows` the caller may see listed: visible ones, and hidden ones with
 * moodle/course:viewhiddencourses. Entering needs an active enrolment or moodle/course:view, and a
 * "log in as" limited to one course enters only that one (as requireCourseAccess decides).
 */
export async function listableCourses(ctx: CallContext, rows: readonly CourseRow[]): Promise<ListedCourse[]> {
  const ids = rows.map((r) => r.id).filter((id) => id !== SITEID);
  if (ids.length === 0 || !ctx.user) return [];
  const [contexts, enrolled] = await Promise.all([courseContexts(ctx.db, ids), enrolledCourseIds(ctx.db, ctx.user.id, ids)]);
  const limitedTo = loginAsState(ctx.session)?.courseid ?? 0;
  const out: ListedCourse[] = [];
  for (const row of rows) {
    const context = contexts.get(row.id);
    if (!context || row.id === SITEID) continue;
    if (!row.visible && !(await ctx.access.hasCapability('moodle/course:viewhiddencourses', context))) continue;
    const member = enrolled.has(row.id) || (await ctx.access.hasCapability('moodle/course:view', context));
    out.push({ row, context, canenter: member && (limitedTo === 0 || limitedTo === row.id) });
  }
  return out;
}

/** The courses the caller is enrolled in and may see, in course order, up to the limit. */
export async function myCourses(ctx: CallContext): Promise<CourseList> {
  if (!ctx.user) return { courses: [], more: false };
  const ids = [...(await enrolledCourseIds(ctx.db, ctx.user.id))].filter((id) => id !== SITEID);
  if (ids.length === 0) return { courses: [], more: false };
  const rows = await ctx.db.selectFrom('course').selectAll().where('id', 'in', ids).orderBy('sortorder').orderBy('id').execute();
  const listed = await listableCourses(ctx, rows);
  return { courses: listed.slice(0, NAV_COURSE_LIMIT), more: listed.length > NAV_COURSE_LIMIT };
}

/** Up to the limit of the courses in a category the caller may see, read in batches. */
async function coursesInCategory(ctx: CallContext, categoryid: number): Promise<CourseList> {
  const found: ListedCourse[] = [];
  for (let offset = 0; found.length <= NAV_COURSE_LIMIT; offset += BATCH) {
    const rows = await ctx.db
      .selectFrom('course')
      .selectAll()
      .where('category', '=', categoryid)
      .where('id', '<>', SITEID)
      .orderBy('sortorder')
      .orderBy('id')
      .limit(BATCH)
      .offset(offset)
      .execute();
    found.push(...(await listableCourses(ctx, rows)));
    if (rows.length < BATCH) break;
  }
  return { courses: found.slice(0, NAV_COURSE_LIMIT), more: found.length > NAV_COURSE_LIMIT };
}

/** Of these categories, the ones the caller may see: visible, or hidden with moodle/category:viewhiddencategories. */
async function visibleCategories(ctx: CallContext, rows: readonly CategoryRow[]): Promise<CategoryRow[]> {
  if (rows.length === 0) return [];
  const contexts = await ctx.db
    .selectFrom('context')
    .selectAll()
    .where('contextlevel', '=', CONTEXT_COURSECAT)
    .where(
      'instanceid',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const byId = new Map(contexts.map((c) => [c.instanceid, c as Context]));
  const out: CategoryRow[] = [];
  for (const row of rows) {
    const context = byId.get(row.id);
    if (!context) continue;
    if (row.visible || (await ctx.access.hasCapability('moodle/category:viewhiddencategories', context))) out.push(row);
  }
  return out;
}

/** A category the caller may see, with every category above it; otherwise invalidrecord, as if it were not there. */
export async function requireVisibleCategory(ctx: CallContext, categoryid: number): Promise<CategoryRow> {
  const category = await ctx.db.selectFrom('course_categories').selectAll().where('id', '=', categoryid).executeTakeFirst();
  if (!category) throw invalidRecord('course_categories', `category ${categoryid}`);
  const pathIds = category.path.split('/').filter(Boolean).map(Number);
  const chain = pathIds.length ? await ctx.db.selectFrom('course_categories').selectAll().where('id', 'in', pathIds).execute() : [category];
  if ((await visibleCategories(ctx, chain)).length !== chain.length) throw invalidRecord('course_categories', `category ${categoryid}`);
  return category;
}

/** The categories under a category (0: the top level) the caller may see, in their order. */
export async function childCategories(ctx: CallContext, parent: number): Promise<CategoryRow[]> {
  const rows = await ctx.db.selectFrom('course_categories').selectAll().where('parent', '=', parent).orderBy('sortorder').orderBy('id').execute();
  return visibleCategories(ctx, rows);
}

/** What a category branch holds: its visible subcategories and up to the limit of its courses. */
export async function categoryContents(ctx: CallContext, categoryid: number): Promise<{ categories: CategoryRow[]; courses: CourseList }> {
  const [categories, courses] = await Promise.all([childCategories(ctx, categoryid), coursesInCategory(ctx, categoryid)]);
  return { categories, courses };
}

/** The categories from the top down to a course's category, for opening the way to it. */
export async function categoryChain(ctx: CallContext, categoryid: number): Promise<CategoryRow[]> {
  if (categoryid <= 0) return [];
  const category = await ctx.db.selectFrom('course_categories').select('path').where('id', '=', categoryid).executeTakeFirst();
  const ids = (category?.path ?? '').split('/').filter(Boolean).map(Number);
  if (ids.length === 0) return [];
  const rows = await ctx.db.selectFrom('course_categories').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}
