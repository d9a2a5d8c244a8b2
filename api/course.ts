import { z } from 'zod';
import { contract } from './contract';
import { warningSchema, wsBool, wsInt } from './types';

const courseFormatOption = z.object({ name: z.string(), value: z.string() });

export const courseSchema = z.object({
  id: z.number(),
  shortname: z.string(),
  categoryid: z.number(),
  fullname: z.string(),
  displayname: z.string(),
  summary: z.string(),
  summaryformat: z.number(),
  format: z.string(),
  startdate: z.number(),
  enddate: z.number(),
  // Only for callers with moodle/course:update in the course.
  categorysortorder: z.number().optional(),
  idnumber: z.string().optional(),
  showgrades: z.number().optional(),
  newsitems: z.number().optional(),
  numsections: z.number().optional(),
  maxbytes: z.number().optional(),
  showreports: z.number().optional(),
  visible: z.number().optional(),
  hiddensections: z.number().optional(),
  groupmode: z.number().optional(),
  groupmodeforce: z.number().optional(),
  defaultgroupingid: z.number().optional(),
  timecreated: z.number().optional(),
  timemodified: z.number().optional(),
  enablecompletion: z.number().optional(),
  completionnotify: z.number().optional(),
  lang: z.string().optional(),
  forcetheme: z.string().optional(),
  courseformatoptions: z.array(courseFormatOption).optional(),
});

export const coreCourseGetCourses = contract({
  name: 'core_course_get_courses',
  component: 'core_course',
  description: 'Return courses by id; all courses (including the front page, id 1) when no ids are given.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:view', 'moodle/course:update', 'moodle/course:viewhiddencourses'],
  args: z.strictObject({
    options: z.strictObject({ ids: z.array(wsInt).optional() }).default({}),
  }),
  returns: z.array(courseSchema),
});

export const coreCourseGetCoursesByField = contract({
  name: 'core_course_get_courses_by_field',
  component: 'core_course',
  description:
    'Return the courses whose field matches the value (all courses when the field is empty) that the caller may see listed: visible ones, and hidden ones with moodle/course:viewhiddencourses. Unlike core_course_get_courses it needs no moodle/course:view, so every user can read the courses they are in.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:update', 'moodle/course:viewhiddencourses'],
  args: z.strictObject({
    field: z.enum(['', 'id', 'ids', 'shortname', 'idnumber', 'category']).default(''),
    value: z.union([z.string(), z.number()]).transform(String).default(''),
  }),
  returns: z.object({ courses: z.array(courseSchema.extend({ categoryname: z.string() })), warnings: z.array(warningSchema) }),
});

export const searchCourseSchema = z.object({
  id: z.number(),
  fullname: z.string(),
  displayname: z.string(),
  shortname: z.string(),
  categoryid: z.number(),
  categoryname: z.string(),
  summary: z.string(),
  summaryformat: z.number(),
  overviewfiles: z.array(z.object({ filename: z.string(), fileurl: z.string(), filesize: z.number() })),
  contacts: z.array(z.object({ id: z.number(), fullname: z.string() })),
  enrollmentmethods: z.array(z.string()),
});

export const coreCourseSearchCourses = contract({
  name: 'core_course_search_courses',
  component: 'core_course',
  description: 'Search visible courses by name (never the front page), paged.',
  type: 'read',
  loginRequired: true,
  capabilities: [],
  args: z.strictObject({
    criterianame: z.enum(['search', 'modulelist', 'blocklist', 'tagid']),
    criteriavalue: z.string(),
    page: wsInt.default(0),
    perpage: wsInt.default(0),
    requiredcapabilities: z.array(z.string()).default([]),
    limittoenrolled: wsBool.default(false),
    onlywithcompletion: wsBool.default(false),
  }),
  returns: z.object({ total: z.number(), courses: z.array(searchCourseSchema), warnings: z.array(warningSchema) }),
});

export const enrolledCourseSchema = z.object({
  id: z.number(),
  shortname: z.string(),
  fullname: z.string(),
  displayname: z.string(),
  enrolledusercount: z.number(),
  idnumber: z.string(),
  visible: z.number(),
  summary: z.string(),
  summaryformat: z.number(),
  format: z.string(),
  category: z.number(),
  startdate: z.number(),
  enddate: z.number(),
  lastaccess: z.number().optional(),
});

export const coreEnrolGetUsersCourses = contract({
  name: 'core_enrol_get_users_courses',
  component: 'core_enrol',
  description: 'Return the courses a user is enrolled in (active enrolments only).',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:viewparticipants'],
  args: z.strictObject({ userid: wsInt, returnusercount: wsBool.default(true) }),
  returns: z.array(enrolledCourseSchema),
});

export const courseModuleSchema = z.object({
  id: z.number(),
  name: z.string(),
  instance: z.number(),
  modname: z.string(),
  modplural: z.string(),
  url: z.string().optional(),
  visible: z.number(),
  uservisible: z.boolean(),
  description: z.string().optional(),
  /** The group mode the activity runs in: 0 none, 1 separate, 2 visible (the course's when it forces one). */
  groupmode: z.number().optional(),
  /** The grouping whose groups the activity works with; 0 = all. */
  groupingid: z.number().optional(),
});

export const courseSectionSchema = z.object({
  id: z.number(),
  name: z.string(),
  section: z.number(),
  visible: z.number(),
  summary: z.string(),
  summaryformat: z.number(),
  uservisible: z.boolean(),
  modules: z.array(courseModuleSchema),
});

export const coreCourseGetContents = contract({
  name: 'core_course_get_contents',
  component: 'core_course',
  description: "Return a course's sections with the activities the user can see.",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:view', 'moodle/course:viewhiddensections', 'moodle/course:viewhiddenactivities'],
  args: z.strictObject({
    courseid: wsInt,
    options: z.array(z.strictObject({ name: z.string(), value: z.string() })).default([]),
  }),
  returns: z.array(courseSectionSchema),
});

export const categorySchema = z.object({
  id: z.number(),
  name: z.string(),
  idnumber: z.string(),
  description: z.string(),
  descriptionformat: z.number(),
  parent: z.number(),
  sortorder: z.number(),
  coursecount: z.number(),
  visible: z.number(),
  depth: z.number(),
  path: z.string(),
});

export const coreCourseGetCategories = contract({
  name: 'core_course_get_categories',
  component: 'core_course',
  description:
    'Return the categories matching every criterion (id, name, parent, idnumber, visible), with their subcategories unless addsubcategories is false. Hidden categories only with moodle/category:viewhiddencategories.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/category:viewhiddencategories'],
  args: z.strictObject({
    criteria: z
      .array(z.strictObject({ key: z.enum(['id', 'ids', 'name', 'parent', 'idnumber', 'visible']), value: z.union([z.string(), z.number()]).transform(String) }))
      .default([]),
    addsubcategories: wsBool.default(true),
  }),
  returns: z.array(categorySchema),
});

export const coreCourseCreateCategories = contract({
  name: 'core_course_create_categories',
  component: 'core_course',
  description: 'Create categories; needs moodle/category:manage in the parent category (the system context for top-level ones).',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/category:manage'],
  args: z.strictObject({
    categories: z
      .array(
        z.strictObject({
          name: z.string().trim().min(1).max(255),
          parent: wsInt.default(0),
          idnumber: z.string().trim().max(100).optional(),
          description: z.string().optional(),
          descriptionformat: wsInt.optional(),
        }),
      )
      .min(1),
  }),
  returns: z.array(z.object({ id: z.number(), name: z.string() })),
});

export const coreCourseUpdateCategories = contract({
  name: 'core_course_update_categories',
  component: 'core_course',
  description: 'Rename, re-describe, hide/show or move categories (parent); moodle/category:manage in the category and in a new parent.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/category:manage'],
  args: z.strictObject({
    categories: z
      .array(
        z.strictObject({
          id: wsInt,
          name: z.string().trim().min(1).max(255).optional(),
          idnumber: z.string().trim().max(100).optional(),
          parent: wsInt.optional(),
          description: z.string().optional(),
          descriptionformat: wsInt.optional(),
          visible: wsBool.optional(),
        }),
      )
      .min(1),
  }),
  returns: z.null(),
});

export const coreCourseDeleteCategories = contract({
  name: 'core_course_delete_categories',
  component: 'core_course',
  description:
    'Delete categories. Their courses and subcategories move to newparent (default: the parent), or with recursive=1 are deleted with them. Needs moodle/category:manage in the category (and the new parent), and moodle/course:delete for deleted courses.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/category:manage', 'moodle/course:delete'],
  args: z.strictObject({
    categories: z.array(z.strictObject({ id: wsInt, newparent: wsInt.optional(), recursive: wsInt.default(0) })).min(1),
  }),
  returns: z.null(),
});

const courseFormat = z.enum(['topics', 'weeks']);

export const coreCourseCreateCourses = contract({
  name: 'core_course_create_courses',
  component: 'core_course',
  description: 'Create courses with their context, sections 0..numsections and a manual enrolment instance; moodle/course:create in the category.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:create', 'moodle/course:visibility'],
  args: z.strictObject({
    courses: z
      .array(
        z.strictObject({
          fullname: z.string().trim().min(1).max(254),
          shortname: z.string().trim().min(1).max(255),
          categoryid: wsInt,
          idnumber: z.string().trim().max(100).optional(),
          summary: z.string().optional(),
          summaryformat: wsInt.optional(),
          format: courseFormat.default('topics'),
          startdate: wsInt.optional(),
          enddate: wsInt.optional(),
          visible: wsBool.optional(),
          numsections: wsInt.pipe(z.number().int().min(0).max(52)).optional(),
          /** 0 no groups, 1 separate groups, 2 visible groups. */
          groupmode: wsInt.pipe(z.number().int().min(0).max(2)).optional(),
          /** The course's group mode overrides every activity's. */
          groupmodeforce: wsBool.optional(),
          /** Track activity and course completion (on by default for new courses, as in Moodle). */
          enablecompletion: wsBool.optional(),
        }),
      )
      .min(1),
  }),
  returns: z.array(z.object({ id: z.number(), shortname: z.string() })),
});

export const coreCourseUpdateCourses = contract({
  name: 'core_course_update_courses',
  component: 'core_course',
  description:
    'Update courses; moodle/course:update in the course, moodle/course:visibility to show or hide it, moodle/course:create in a new category to move it.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:update', 'moodle/course:visibility', 'moodle/course:create'],
  args: z.strictObject({
    courses: z
      .array(
        z.strictObject({
          id: wsInt,
          fullname: z.string().trim().min(1).max(254).optional(),
          shortname: z.string().trim().min(1).max(255).optional(),
          categoryid: wsInt.optional(),
          idnumber: z.string().trim().max(100).optional(),
          summary: z.string().optional(),
          summaryformat: wsInt.optional(),
          format: courseFormat.optional(),
          startdate: wsInt.optional(),
          enddate: wsInt.optional(),
          visible: wsBool.optional(),
          numsections: wsInt.pipe(z.number().int().min(0).max(52)).optional(),
          /** 0 no groups, 1 separate groups, 2 visible groups. */
          groupmode: wsInt.pipe(z.number().int().min(0).max(2)).optional(),
          /** The course's group mode overrides every activity's. */
          groupmodeforce: wsBool.optional(),
          /** Track activity and course completion (on by default for new courses, as in Moodle). */
          enablecompletion: wsBool.optional(),
        }),
      )
      .min(1),
  }),
  returns: z.object({ warnings: z.array(warningSchema) }),
});

export const coreCourseDeleteCourses = contract({
  name: 'core_course_delete_courses',
  component: 'core_course',
  description: 'Delete courses with their sections, activities, enrolments and contexts; moodle/course:delete in each course.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:delete'],
  args: z.strictObject({ courseids: z.array(wsInt).min(1) }),
  returns: z.object({ warnings: z.array(warningSchema) }),
});

export const managedCourseSchema = z.object({
  id: z.number(),
  fullname: z.string(),
  shortname: z.string(),
  idnumber: z.string(),
  visible: z.number(),
  timecreated: z.number(),
  enrolledusercount: z.number(),
});

export const coreCourseListCoursesInCategory = contract({
  name: 'core_course_list_courses_in_category',
  component: 'core_course',
  description:
    "Tessera: one page of a category's courses for course management, searched by name, short name or id number and sorted; needs moodle/category:manage or moodle/course:create in the category.",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/category:manage', 'moodle/course:create'],
  args: z.strictObject({
    categoryid: wsInt,
    search: z.string().default(''),
    sort: z.enum(['fullname', 'shortname', 'idnumber', 'timecreated']).default('fullname'),
    direction: z.enum(['asc', 'desc']).default('asc'),
    page: wsInt.pipe(z.number().int().min(0)).default(0),
    perpage: wsInt.pipe(z.number().int().min(1).max(500)).default(20),
  }),
  returns: z.object({ total: z.number(), courses: z.array(managedCourseSchema) }),
});

export const coreCourseMoveCategoryOrder = contract({
  name: 'core_course_move_category_order',
  component: 'core_course',
  description: 'Tessera: move a category one place up or down among its siblings; moodle/category:manage in its parent (the system context at the top).',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/category:manage'],
  args: z.strictObject({ id: wsInt, direction: z.enum(['up', 'down']) }),
  returns: z.object({ moved: z.boolean() }),
});
