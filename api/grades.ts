import { z } from 'zod';
import { contract } from './contract';
import { warningSchema, wsInt } from './types';

const COMPONENT = 'core_grades';

/** A scale usable in a course: value k (1-based) is items[k-1]. courseid 0 = a standard (site) scale. */
export const scaleSchema = z.object({
  id: z.number(),
  courseid: z.number(),
  name: z.string(),
  items: z.array(z.string()),
});
export type ScaleInfo = z.infer<typeof scaleSchema>;

export const coreGradesGetScales = contract({
  name: 'core_grades_get_scales',
  component: COMPONENT,
  description: "The scales usable in a course: the site's standard scales, then the course's own, by name. Needs access to the course.",
  type: 'read',
  loginRequired: true,
  capabilities: [],
  args: z.strictObject({ courseid: wsInt }),
  returns: z.array(scaleSchema),
});

/** One grade item of the user report with the user's grade in it. */
export const userGradeItemSchema = z.object({
  id: z.number(),
  itemname: z.string(),
  itemtype: z.string(),
  itemmodule: z.string(),
  iteminstance: z.number(),
  cmid: z.number(),
  gradetype: z.number(),
  graderaw: z.number().nullable(),
  gradeformatted: z.string(),
  grademin: z.number(),
  grademax: z.number(),
  /** Sanitised HTML. */
  feedback: z.string(),
  feedbackformat: z.number(),
  gradedategraded: z.number().nullable(),
  gradedatesubmitted: z.number().nullable(),
});
export type UserGradeItem = z.infer<typeof userGradeItemSchema>;

export const userGradesSchema = z.object({
  courseid: z.number(),
  courseidnumber: z.string(),
  userid: z.number(),
  userfullname: z.string(),
  useridnumber: z.string(),
  gradeitems: z.array(userGradeItemSchema),
});

export const gradereportUserGetGradeItems = contract({
  name: 'gradereport_user_get_grade_items',
  component: 'gradereport_user',
  description:
    "The grade items of a course with one user's grades and feedback (the user report). userid 0 = the caller: needs moodle/grade:view in the course. Another user's grades need moodle/grade:viewall. Only visible activities are listed.",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/grade:view', 'moodle/grade:viewall'],
  args: z.strictObject({ courseid: wsInt, userid: wsInt.default(0) }),
  returns: z.object({ usergrades: z.array(userGradesSchema), warnings: z.array(warningSchema) }),
});

/** A column of the grader report. */
export const graderItemSchema = z.object({
  id: z.number(),
  itemname: z.string(),
  itemmodule: z.string(),
  cmid: z.number(),
  gradetype: z.number(),
  grademax: z.number(),
});

export const graderUserSchema = z.object({
  id: z.number(),
  fullname: z.string(),
  profileimageurlsmall: z.string(),
  grades: z.array(z.object({ itemid: z.number(), graderaw: z.number().nullable(), gradeformatted: z.string() })),
});
export type GraderUser = z.infer<typeof graderUserSchema>;

export const gradereportGraderGetCourseGrades = contract({
  name: 'gradereport_grader_get_course_grades',
  component: 'gradereport_grader',
  description:
    "One page of the course's grades table (the grader report): the grade items as columns and the course's students (users with moodle/grade:view among the enrolled) as rows, by last name then first name, searchable by name. Needs moodle/grade:viewall in the course.",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/grade:viewall'],
  args: z.strictObject({
    courseid: wsInt,
    search: z.string().max(255).default(''),
    page: wsInt.pipe(z.number().int().min(0)).default(0),
    perpage: wsInt.pipe(z.number().int().min(1).max(100)).default(50),
  }),
  returns: z.object({ items: z.array(graderItemSchema), users: z.array(graderUserSchema), total: z.number() }),
});
