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
