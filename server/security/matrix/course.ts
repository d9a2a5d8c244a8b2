import {
  COURSE_EDITORS,
  COURSE_MEMBERS,
  LOGGED_IN,
  SITE_MANAGERS,
  type MatrixFixture,
  type MatrixRole,
  type PermissionDeclarations,
} from './types';

/** Teachers, managers and admins may see hidden sections and activities in MX101 (moodle/course:viewhiddensections, viewhiddenactivities); students may not. */
const SEES_HIDDEN_ACTIVITIES: readonly MatrixRole[] = ['teacher', 'editingteacher', 'manager', 'admin'];

interface Added {
  cmid: number;
  instance: number;
}

/** A page in MX101's first section; `hidden` hides it from students. */
function newPage(fx: MatrixFixture, name: string, hidden = false): Promise<Added> {
  return addActivity(fx, 'mod_page_add_instance', { name, content: `<p>${name}</p>` }, hidden);
}

/** A URL resource in MX101's first section; `hidden` hides it from students. */
function newUrl(fx: MatrixFixture, name: string, hidden = false): Promise<Added> {
  return addActivity(fx, 'mod_url_add_instance', { name, externalurl: `https://example.org/${encodeURIComponent(name)}` }, hidden);
}

async function addActivity(fx: MatrixFixture, method: string, fields: Record<string, string>, hidden: boolean): Promise<Added> {
  const added = await fx.admin<Added>(method, { courseid: fx.courseid, section: 1, ...fields });
  if (hidden) await fx.admin('core_courseformat_update_course', { action: 'cm_hide', courseid: fx.courseid, ids: [added.cmid] });
  return added;
}

/** Shared activities: one visible and one hidden of each type, named so answers can be searched for them. */
const visiblePage = (fx: MatrixFixture) => fx.once('course:visiblepage', () => newPage(fx, 'Matrix visible page'));
const hiddenPage = (fx: MatrixFixture) => fx.once('course:hiddenpage', () => newPage(fx, 'Matrix hidden page', true));
const visibleUrl = (fx: MatrixFixture) => fx.once('course:visibleurl', () => newUrl(fx, 'Matrix visible link'));
const hiddenUrl = (fx: MatrixFixture) => fx.once('course:hiddenurl', () => newUrl(fx, 'Matrix hidden link', true));

/** Every shared activity, so lists show the hidden ones beside the visible ones. */
async function activities(fx: MatrixFixture) {
  return { visiblePage: await visiblePage(fx), hiddenPage: await hiddenPage(fx), visibleUrl: await visibleUrl(fx), hiddenUrl: await hiddenUrl(fx) };
}

/** A hidden section at the end of MX101: only callers with moodle/course:viewhiddensections see it. */
function hiddenSection(fx: MatrixFixture): Promise<number> {
  return fx.once('course:hiddensection', async () => {
    const state = await fx.admin<{ sections: Array<{ id: number }> }>('core_courseformat_update_course', { action: 'section_add', courseid: fx.courseid });
    const id = state.sections.at(-1)!.id;
    await fx.admin('core_courseformat_update_course', { action: 'section_hide', courseid: fx.courseid, ids: [id] });
    return id;
  });
}

/** Whether a course page answer shows the hidden section exactly to those who may see it. */
async function checkHiddenSection(sectionids: readonly number[], role: MatrixRole, fx: MatrixFixture): Promise<string | null> {
  const shown = sectionids.includes(await hiddenSection(fx));
  if (shown === SEES_HIDDEN_ACTIVITIES.includes(role)) return null;
  return shown ? 'the hidden section is shown' : 'the hidden section is missing';
}

/** Prepares what the course page answers are checked against. */
async function coursePage(fx: MatrixFixture) {
  await hiddenSection(fx);
  await activities(fx);
  return { courseid: fx.courseid };
}

/** A hidden course in the Matrix category that nobody is enrolled in: only managers and admins may see it. */
function hiddenCourse(fx: MatrixFixture): Promise<number> {
  return fx.once('course:hiddencourse', async () => {
    const [course] = await fx.admin<Array<{ id: number }>>('core_course_create_courses', {
      courses: [{ fullname: 'Matrix hidden course (course lists)', shortname: `MXHIDDENLIST${fx.unique()}`, categoryid: fx.categoryid, visible: false }],
    });
    return course!.id;
  });
}

/** A hidden subcategory of Matrix: only managers and admins (moodle/category:viewhiddencategories) may see it. */
function hiddenCategory(fx: MatrixFixture): Promise<number> {
  return fx.once('course:hiddencategory', async () => {
    const id = await newCategory(fx, 'Matrix hidden category');
    await fx.admin('core_course_update_categories', { categories: [{ id, visible: false }] });
    return id;
  });
}

async function newCategory(fx: MatrixFixture, name: string): Promise<number> {
  const [category] = await fx.admin<Array<{ id: number }>>('core_course_create_categories', { categories: [{ name, parent: fx.categoryid }] });
  return category!.id;
}

async function newCourse(fx: MatrixFixture): Promise<number> {
  const n = fx.unique();
  const [course] = await fx.admin<Array<{ id: number }>>('core_course_create_courses', {
    courses: [{ fullname: `Matrix course ${n}`, shortname: `MXC${n}`, categoryid: fx.categoryid }],
  });
  return course!.id;
}

const SEES_HIDDEN_COURSE: readonly MatrixRole[] = ['manager', 'admin'];

/** Which of MX101 and the hidden course a course list shows, against what the role may see. */
async function checkCourseList(ids: readonly number[], role: MatrixRole, fx: MatrixFixture): Promise<string | null> {
  if (!ids.includes(fx.courseid)) return 'MX101 is not listed';
  const shown = ids.includes(await hiddenCourse(fx));
  const allowed = SEES_HIDDEN_COURSE.includes(role);
  if (shown && !allowed) return 'the hidden course is listed';
  if (!shown && allowed) return 'the hidden course is not listed';
  return null;
}

/** Whether a list of course modules shows the hidden ones exactly to those who may see them, and always the visible ones. */
function checkModules(cmids: readonly number[], visible: readonly number[], hidden: readonly number[], role: MatrixRole): string | null {
  if (visible.some((id) => !cmids.includes(id))) return 'a visible activity is missing';
  const shown = hidden.filter((id) => cmids.includes(id));
  if (SEES_HIDDEN_ACTIVITIES.includes(role)) return shown.length === hidden.length ? null : 'a hidden activity is missing';
  return shown.length === 0 ? null : 'a hidden activity is shown';
}

/** A course page answer (get_contents' sections or get_state's) against what the role may see. */
async function checkCoursePage(sections: Array<{ id: number; modules: Array<{ id: number }> }>, role: MatrixRole, fx: MatrixFixture): Promise<string | null> {
  const a = await activities(fx);
  const cmids = sections.flatMap((s) => s.modules.map((m) => m.id));
  const problem = checkModules(cmids, [a.visiblePage.cmid, a.visibleUrl.cmid], [a.hiddenPage.cmid, a.hiddenUrl.cmid], role);
  return problem ?? checkHiddenSection(sections.map((s) => s.id), role, fx);
}

/** mod_*_get_*_by_courses: guests get a warning for MX101 and nothing from it; members see what they may. */
function checkByCourses(list: Array<{ coursemodule: number }>, warnings: unknown[], visible: number, hidden: number, role: MatrixRole): string | null {
  const cmids = list.map((item) => item.coursemodule);
  if (role === 'guest') {
    if (cmids.length > 0) return 'a guest, who may not enter MX101, is shown its activities';
    return warnings.length === 1 ? null : 'MX101 is not reported as refused';
  }
  if (warnings.length > 0) return 'MX101 is reported as refused';
  return checkModules(cmids, [visible], [hidden], role);
}

export const courseDeclarations: PermissionDeclarations = {
  core_course_get_courses: {
    allowed: SITE_MANAGERS,
    why: "Moodle's get_courses needs moodle/course:view in every course but the front page, which only managers hold; enrolled students and teachers are refused (nopermissions), guests cannot enter MX101.",
    refusals: ['errorcoursecontextnotvalid'],
    args: (fx) => ({ options: { ids: [fx.courseid] } }),
    check: (data, _role, fx) => {
      const [course] = data as Array<{ id: number; idnumber?: string }>;
      if (course?.id !== fx.courseid) return 'MX101 is not answered';
      return course.idnumber === undefined ? 'the editing fields are missing for a caller with moodle/course:update' : null;
    },
  },
  core_course_get_courses_by_field: {
    allowed: LOGGED_IN,
    why: 'Anyone logged in may read the public details of the courses they may see listed (moodle/category:viewcourselist, guests included); hidden courses only with moodle/course:viewhiddencourses or moodle/course:update there.',
    args: async (fx) => ({ field: 'ids', value: `${fx.courseid},${await hiddenCourse(fx)}` }),
    check: async (data, role, fx) => {
      const { courses } = data as { courses: Array<{ id: number; idnumber?: string }> };
      const problem = await checkCourseList(courses.map((c) => c.id), role, fx);
      if (problem) return problem;
      const editing = courses.find((c) => c.id === fx.courseid)?.idnumber !== undefined;
      const mayEdit = COURSE_EDITORS.includes(role);
      return editing === mayEdit ? null : mayEdit ? 'the editing fields are missing' : 'the editing fields are shown to a caller without moodle/course:update';
    },
  },
  core_course_search_courses: {
    allowed: LOGGED_IN,
    why: 'Searching the course list needs only a login (guests may browse courses in Moodle); hidden courses only with moodle/course:viewhiddencourses there.',
    args: async (fx) => {
      await hiddenCourse(fx);
      return { criterianame: 'search', criteriavalue: 'Matrix' };
    },
    check: (data, role, fx) => checkCourseList((data as { courses: Array<{ id: number }> }).courses.map((c) => c.id), role, fx),
  },
  core_course_get_contents: {
    allowed: COURSE_MEMBERS,
    why: 'Entering MX101 needs an enrolment or moodle/course:view (managers); the site guest may not enter without guest access. Hidden sections and activities only with moodle/course:viewhiddensections / viewhiddenactivities.',
    args: coursePage,
    check: (data, role, fx) => checkCoursePage(data as Array<{ id: number; modules: Array<{ id: number }> }>, role, fx),
  },
  core_course_get_categories: {
    allowed: LOGGED_IN,
    why: 'Anyone logged in may list categories; hidden ones only with moodle/category:viewhiddencategories (managers).',
    args: async (fx) => {
      await hiddenCategory(fx);
      return { criteria: [{ key: 'id', value: String(fx.categoryid) }], addsubcategories: true };
    },
    check: async (data, role, fx) => {
      const ids = (data as Array<{ id: number }>).map((c) => c.id);
      if (!ids.includes(fx.categoryid)) return 'the Matrix category is not listed';
      const shown = ids.includes(await hiddenCategory(fx));
      const allowed = SITE_MANAGERS.includes(role);
      if (shown !== allowed) return allowed ? 'the hidden category is not listed' : 'the hidden category is listed';
      return null;
    },
  },
  core_course_create_categories: {
    allowed: SITE_MANAGERS,
    args: (fx) => ({ categories: [{ name: `Matrix new category ${fx.unique()}`, parent: fx.categoryid }] }),
  },
  core_course_update_categories: {
    allowed: SITE_MANAGERS,
    args: async (fx) => ({
      categories: [{ id: await fx.once('course:renamedcategory', () => newCategory(fx, 'Matrix category to rename')), name: `Matrix renamed category ${fx.unique()}` }],
    }),
  },
  core_course_delete_categories: {
    allowed: SITE_MANAGERS,
    args: async (fx) => ({ categories: [{ id: await newCategory(fx, `Matrix category to delete ${fx.unique()}`) }] }),
  },
  core_course_move_category_order: {
    allowed: SITE_MANAGERS,
    why: 'Reordering a subcategory of Matrix needs moodle/category:manage in Matrix.',
    args: async (fx) => {
      const id = await fx.once('course:reordered', async () => {
        await newCategory(fx, 'Matrix sibling category');
        return newCategory(fx, 'Matrix category to reorder');
      });
      return { id, direction: 'up' };
    },
  },
  core_course_create_courses: {
    allowed: SITE_MANAGERS,
    why: 'moodle/course:create in the Matrix category: managers (and course creators, whom the matrix has not).',
    args: (fx) => {
      const n = fx.unique();
      return { courses: [{ fullname: `Matrix created ${n}`, shortname: `MXNEW${n}`, categoryid: fx.categoryid }] };
    },
  },
  core_course_update_courses: {
    allowed: COURSE_EDITORS,
    why: "moodle/course:update in MX101. The end date needs nothing more; Moodle's name, summary, idnumber and category changes would.",
    args: (fx) => ({ courses: [{ id: fx.courseid, enddate: 2_000_000_000 + fx.unique() }] }),
  },
  core_course_delete_courses: {
    allowed: SITE_MANAGERS,
    why: 'moodle/course:delete is a manager capability; editing teachers may not delete courses.',
    args: async (fx) => ({ courseids: [await newCourse(fx)] }),
  },
  core_course_list_courses_in_category: {
    allowed: SITE_MANAGERS,
    why: 'Course management in Matrix needs moodle/category:manage or moodle/course:create there.',
    args: (fx) => ({ categoryid: fx.categoryid }),
  },
  core_courseformat_get_state: {
    allowed: COURSE_MEMBERS,
    why: 'Entering MX101 needs an enrolment or moodle/course:view (managers); hidden sections and activities only with moodle/course:viewhiddensections / viewhiddenactivities.',
    args: coursePage,
    check: async (data, role, fx) => {
      const problem = await checkCoursePage((data as { sections: Array<{ id: number; modules: Array<{ id: number }> }> }).sections, role, fx);
      if (problem) return problem;
      const canedit = (data as { canedit: boolean }).canedit;
      return canedit === COURSE_EDITORS.includes(role) ? null : `canedit is ${String(canedit)}`;
    },
  },
  core_courseformat_update_course: {
    allowed: COURSE_EDITORS,
    why: 'Deleting a page from MX101 needs moodle/course:manageactivities.',
    args: async (fx) => ({ action: 'cm_delete', courseid: fx.courseid, ids: [(await newPage(fx, `Matrix page to delete ${fx.unique()}`)).cmid] }),
  },
  core_courseformat_rename: {
    allowed: COURSE_EDITORS,
    why: 'Renaming an activity in place needs moodle/course:manageactivities.',
    args: async (fx) => ({ type: 'cm', id: (await fx.once('course:renamedpage', () => newPage(fx, 'Matrix page to rename'))).cmid, name: `Matrix renamed page ${fx.unique()}` }),
  },
  core_courseformat_get_module: {
    allowed: SEES_HIDDEN_ACTIVITIES,
    why: 'The page is hidden: only callers with moodle/course:viewhiddenactivities may open it; guests cannot enter MX101.',
    refusals: ['activityiscurrentlyhidden'],
    args: async (fx) => ({ cmid: (await hiddenPage(fx)).cmid }),
  },
  core_courseformat_get_module_form: {
    allowed: COURSE_EDITORS,
    why: "An activity's settings form needs moodle/course:manageactivities.",
    args: async (fx) => ({ cmid: (await hiddenPage(fx)).cmid }),
  },
  mod_page_add_instance: {
    allowed: COURSE_EDITORS,
    args: (fx) => ({ courseid: fx.courseid, section: 1, name: `Matrix added page ${fx.unique()}` }),
  },
  mod_page_update_instance: {
    allowed: COURSE_EDITORS,
    why: 'Editing a page needs moodle/course:manageactivities.',
    refusals: ['activityiscurrentlyhidden'],
    args: async (fx) => ({ cmid: (await hiddenPage(fx)).cmid, name: 'Matrix hidden page', content: `<p>Edited ${fx.unique()}</p>` }),
  },
  mod_page_get_pages_by_courses: {
    allowed: LOGGED_IN,
    why: 'Courses the caller cannot enter become warnings, not errors, so every logged-in caller succeeds; hidden pages only with moodle/course:viewhiddenactivities.',
    args: async (fx) => {
      await activities(fx);
      return { courseids: [fx.courseid] };
    },
    check: async (data, role, fx) => {
      const { pages, warnings } = data as { pages: Array<{ coursemodule: number }>; warnings: unknown[] };
      return checkByCourses(pages, warnings, (await visiblePage(fx)).cmid, (await hiddenPage(fx)).cmid, role);
    },
  },
  mod_url_add_instance: {
    allowed: COURSE_EDITORS,
    args: (fx) => ({ courseid: fx.courseid, section: 1, name: `Matrix added link ${fx.unique()}`, externalurl: 'https://example.org/added' }),
  },
  mod_url_update_instance: {
    allowed: COURSE_EDITORS,
    why: 'Editing a URL resource needs moodle/course:manageactivities.',
    refusals: ['activityiscurrentlyhidden'],
    args: async (fx) => ({ cmid: (await hiddenUrl(fx)).cmid, name: 'Matrix hidden link', externalurl: `https://example.org/edited/${fx.unique()}` }),
  },
  mod_url_get_urls_by_courses: {
    allowed: LOGGED_IN,
    why: 'Courses the caller cannot enter become warnings, not errors, so every logged-in caller succeeds; hidden links only with moodle/course:viewhiddenactivities.',
    args: async (fx) => {
      await activities(fx);
      return { courseids: [fx.courseid] };
    },
    check: async (data, role, fx) => {
      const { urls, warnings } = data as { urls: Array<{ coursemodule: number }>; warnings: unknown[] };
      return checkByCourses(urls, warnings, (await visibleUrl(fx)).cmid, (await hiddenUrl(fx)).cmid, role);
    },
  },
};
