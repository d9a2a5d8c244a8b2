import {
  coreCourseCreateCategories,
  coreCourseCreateCourses,
  coreCourseDeleteCategories,
  coreCourseDeleteCourses,
  coreCourseGetCategories,
  coreCourseListCoursesInCategory,
  coreCourseMoveCategoryOrder,
  coreCourseUpdateCategories,
  coreCourseUpdateCourses,
} from '../../../api/course';
import type { Warning } from '../../../api/types';
import { deleteContext } from '../../platform/access/contexts';
import { CONTEXT_COURSECAT, type Context } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import { logContextEvent } from '../../platform/events';
import { now } from '../../platform/platform';
import { formatString, formatText } from '../../platform/sanitize';
import { defineMethod, type CallContext } from '../../ws/method';
import { courseContext, getCourse, SITEID } from './access';
import {
  categoryContext,
  categorySubtree,
  createCategory,
  getCategory,
  isWithinCategory,
  moveCategory,
  moveCategoryOrder,
  recountCourses,
  requireFreeCategoryIdnumber,
  type CategoryRow,
} from './categories';
import { createCourse, deleteCourse, listCoursesInCategory, moveCourse, updateCourse } from './management';

async function logChange(ctx: CallContext, eventname: string, target: string, crud: string, objectid: number, context: Context, courseid = 0) {
  await logContextEvent(ctx, context, {
    eventname,
    component: 'core',
    action: crud === 'c' ? 'created' : crud === 'u' ? 'updated' : 'deleted',
    target,
    objecttable: target === 'course' ? 'course' : 'course_categories',
    objectid,
    crud,
    courseid,
  });
}

function categoryOut(c: CategoryRow) {
  return {
    id: c.id,
    name: formatString(c.name),
    idnumber: c.idnumber,
    description: formatText(c.description, c.descriptionformat),
    descriptionformat: 1,
    parent: c.parent,
    sortorder: c.sortorder,
    coursecount: c.coursecount,
    visible: c.visible,
    depth: c.depth,
    path: c.path,
  };
}

const getCategories = defineMethod(coreCourseGetCategories, async (ctx, { criteria, addsubcategories }) => {
  let query = ctx.db.selectFrom('course_categories').selectAll();
  for (const { key, value } of criteria) {
    if (key === 'name' || key === 'idnumber') query = query.where(key, '=', value);
    else if (key === 'ids') {
      const ids = value.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
      query = query.where('id', 'in', ids.length ? ids : [0]);
    } else {
      if (!/^\d+$/.test(value)) throw new AppError('invalidparameter', { debuginfo: `${key} must be a number` });
      query = query.where(key, '=', Number(value));
    }
  }
  let rows = await query.execute();
  if (addsubcategories && criteria.length > 0 && rows.length > 0) {
    const paths = rows.map((r) => `${r.path}/%`);
    const below = await ctx.db
      .selectFrom('course_categories')
      .selectAll()
      .where((eb) => eb.or(paths.map((p) => eb('path', 'like', p))))
      .execute();
    const seen = new Set(rows.map((r) => r.id));
    rows = [...rows, ...below.filter((r) => !seen.has(r.id))];
  }
  rows.sort((a, b) => a.depth - b.depth || a.sortorder - b.sortorder || a.id - b.id);
  const unseen = await unseenHiddenCategories(ctx);
  return rows.filter((row) => !row.path.split('/').some((id) => unseen.has(Number(id)))).map(categoryOut);
});

/** Hidden categories the caller may not see; everything below them is hidden from the caller too. */
async function unseenHiddenCategories(ctx: CallContext): Promise<Set<number>> {
  const hidden = await ctx.db
    .selectFrom('course_categories as cc')
    .innerJoin('context as x', (join) => join.onRef('x.instanceid', '=', 'cc.id').on('x.contextlevel', '=', CONTEXT_COURSECAT))
    .select(['cc.id', 'x.id as contextid', 'x.contextlevel', 'x.instanceid', 'x.path', 'x.depth'])
    .where('cc.visible', '=', 0)
    .execute();
  const unseen = new Set<number>();
  for (const h of hidden) {
    const context = { id: h.contextid, contextlevel: h.contextlevel, instanceid: h.instanceid, path: h.path, depth: h.depth };
    if (!(await ctx.access.hasCapability('moodle/category:viewhiddencategories', context))) unseen.add(h.id);
  }
  return unseen;
}

const createCategories = defineMethod(coreCourseCreateCategories, async (ctx, { categories }) => {
  const out = [];
  for (const input of categories) {
    await ctx.access.requireCapability('moodle/category:manage', await categoryContext(ctx.db, input.parent));
    const category = await createCategory(ctx.db, input);
    await logChange(ctx, '\\core\\event\\course_category_created', 'course_category', 'c', category.id, await categoryContext(ctx.db, category.id));
    out.push({ id: category.id, name: formatString(category.name) });
  }
  return out;
});

const updateCategories = defineMethod(coreCourseUpdateCategories, async (ctx, { categories }) => {
  for (const input of categories) {
    const category = await getCategory(ctx.db, input.id);
    const context = await categoryContext(ctx.db, category.id);
    await ctx.access.requireCapability('moodle/category:manage', context);
    if (input.idnumber !== undefined) await requireFreeCategoryIdnumber(ctx.db, input.idnumber, category.id);
    await ctx.db
      .updateTable('course_categories')
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.idnumber !== undefined ? { idnumber: input.idnumber } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.descriptionformat !== undefined ? { descriptionformat: input.descriptionformat } : {}),
        ...(input.visible !== undefined ? { visible: input.visible ? 1 : 0 } : {}),
        timemodified: now(),
      })
      .where('id', '=', category.id)
      .execute();
    if (input.parent !== undefined && input.parent !== category.parent) {
      await ctx.access.requireCapability('moodle/category:manage', await categoryContext(ctx.db, input.parent));
      await moveCategory(ctx.db, category, input.parent);
    }
    await logChange(ctx, '\\core\\event\\course_category_updated', 'course_category', 'u', category.id, await categoryContext(ctx.db, category.id));
  }
  return null;
});

/** Deletes the category, its subcategories and all their courses (each course needs moodle/course:delete). */
async function deleteRecursively(ctx: CallContext, category: CategoryRow): Promise<void> {
  const subtree = await categorySubtree(ctx.db, category);
  const ids = subtree.map((c) => c.id);
  const courses = await ctx.db.selectFrom('course').selectAll().where('category', 'in', ids).execute();
  for (const course of courses) {
    const context = await courseContext(ctx.db, course.id);
    await ctx.access.requireCapability('moodle/course:delete', context);
    await logChange(ctx, '\\core\\event\\course_deleted', 'course', 'd', course.id, context, course.id);
    await deleteCourse(ctx.db, course);
  }
  await deleteContext(ctx.db, await categoryContext(ctx.db, category.id));
  await ctx.db.deleteFrom('course_categories').where('id', 'in', ids).execute();
}

/** Moves the category's courses and direct subcategories to `target`, then deletes the emptied category. */
async function deleteMovingContents(ctx: CallContext, category: CategoryRow, target: number): Promise<void> {
  if (target !== 0) {
    const parent = await getCategory(ctx.db, target);
    if (isWithinCategory(parent, category)) throw new AppError('cannotmovecategory', { component: 'core_course', a: category.name });
  }
  await ctx.access.requireCapability('moodle/category:manage', await categoryContext(ctx.db, target));
  const courses = await ctx.db.selectFrom('course').selectAll().where('category', '=', category.id).execute();
  if (courses.length > 0 && target === 0) throw new AppError('movecatcontentstoroot', { component: 'core_course' });
  for (const course of courses) await moveCourse(ctx.db, course, target);
  const children = await ctx.db.selectFrom('course_categories').selectAll().where('parent', '=', category.id).orderBy('sortorder').execute();
  for (const child of children) await moveCategory(ctx.db, child, target);
  await deleteContext(ctx.db, await categoryContext(ctx.db, category.id));
  await ctx.db.deleteFrom('course_categories').where('id', '=', category.id).execute();
  await recountCourses(ctx.db, [target]);
}

const deleteCategories = defineMethod(coreCourseDeleteCategories, async (ctx, { categories }) => {
  for (const input of categories) {
    const category = await getCategory(ctx.db, input.id);
    const context = await categoryContext(ctx.db, category.id);
    await ctx.access.requireCapability('moodle/category:manage', context);
    await logChange(ctx, '\\core\\event\\course_category_deleted', 'course_category', 'd', category.id, context);
    if (input.recursive) await deleteRecursively(ctx, category);
    else await deleteMovingContents(ctx, category, input.newparent ?? category.parent);
  }
  return null;
});

const createCourses = defineMethod(coreCourseCreateCourses, async (ctx, { courses }) => {
  const out = [];
  for (const input of courses) {
    const context = await categoryContext(ctx.db, input.categoryid);
    await ctx.access.requireCapability('moodle/course:create', context);
    if (input.visible === false) await ctx.access.requireCapability('moodle/course:visibility', context);
    const course = await createCourse(ctx.db, input);
    await logChange(ctx, '\\core\\event\\course_created', 'course', 'c', course.id, await courseContext(ctx.db, course.id), course.id);
    out.push({ id: course.id, shortname: formatString(course.shortname) });
  }
  return out;
});

const updateCourses = defineMethod(coreCourseUpdateCourses, async (ctx, { courses }) => {
  for (const input of courses) {
    const course = await getCourse(ctx.db, input.id);
    const context = await courseContext(ctx.db, course.id);
    await ctx.access.requireCapability('moodle/course:update', context);
    if (input.visible !== undefined && (input.visible ? 1 : 0) !== course.visible) await ctx.access.requireCapability('moodle/course:visibility', context);
    if (input.categoryid !== undefined && input.categoryid !== course.category) {
      if (course.id === SITEID) throw new AppError('invalidparameter', { debuginfo: 'the front page has no category' });
      await ctx.access.requireCapability('moodle/course:create', await categoryContext(ctx.db, input.categoryid));
    }
    await updateCourse(ctx.db, course, input);
    await logChange(ctx, '\\core\\event\\course_updated', 'course', 'u', course.id, context, course.id);
  }
  return { warnings: [] };
});

const deleteCourses = defineMethod(coreCourseDeleteCourses, async (ctx, { courseids }) => {
  const warnings: Warning[] = [];
  for (const id of courseids) {
    const course = await ctx.db.selectFrom('course').selectAll().where('id', '=', id).executeTakeFirst();
    if (!course || course.id === SITEID) {
      warnings.push({ item: 'course', itemid: id, warningcode: 'unknowncourseidnumber', message: ctx.platform.strings.get('unknowncourseidnumber', 'core_course', id, ctx.lang) });
      continue;
    }
    const context = await courseContext(ctx.db, course.id);
    await ctx.access.requireCapability('moodle/course:delete', context);
    await logChange(ctx, '\\core\\event\\course_deleted', 'course', 'd', course.id, context, course.id);
    await deleteCourse(ctx.db, course);
  }
  return { warnings };
});

/** Course management lists need one of the two capabilities that let someone work in the category. */
export async function requireCategoryManagement(ctx: CallContext, categoryid: number): Promise<Context> {
  const context = await categoryContext(ctx.db, categoryid);
  if (await ctx.access.hasCapability('moodle/category:manage', context)) return context;
  await ctx.access.requireCapability('moodle/course:create', context);
  return context;
}

const listCourses = defineMethod(coreCourseListCoursesInCategory, async (ctx, args) => {
  await requireCategoryManagement(ctx, args.categoryid);
  const result = await listCoursesInCategory(ctx.db, args);
  return {
    total: result.total,
    courses: result.courses.map((c) => ({ ...c, fullname: formatString(c.fullname), shortname: formatString(c.shortname) })),
  };
});

const moveOrder = defineMethod(coreCourseMoveCategoryOrder, async (ctx, { id, direction }) => {
  const category = await getCategory(ctx.db, id);
  await ctx.access.requireCapability('moodle/category:manage', await categoryContext(ctx.db, category.parent));
  const moved = await moveCategoryOrder(ctx.db, category, direction);
  if (moved) await logChange(ctx, '\\core\\event\\course_category_updated', 'course_category', 'u', category.id, await categoryContext(ctx.db, category.id));
  return { moved };
});

export const courseManagementMethods = [
  getCategories,
  createCategories,
  updateCategories,
  deleteCategories,
  moveOrder,
  createCourses,
  updateCourses,
  deleteCourses,
  listCourses,
];
