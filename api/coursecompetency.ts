import { z } from 'zod';
import { competencySchema } from './competency';
import {
  baseFields,
  CAP_COMPETENCY_GRADE,
  CAP_COURSECOMPETENCY_CONFIGURE,
  CAP_COURSECOMPETENCY_MANAGE,
  CAP_COURSECOMPETENCY_VIEW,
  CAP_UC_VIEW,
  COURSE_OUTCOMES,
  courseSummarySchema,
  linkedCompetencySchema,
  userCompetencyCourseSchema,
  userSummarySchema,
} from './competencyshapes';
import { contract } from './contract';
import { wsBool, wsInt } from './types';

const CORE = 'core_competency';
const VIEW = [CAP_COURSECOMPETENCY_VIEW, CAP_COURSECOMPETENCY_MANAGE];
const MANAGE = [CAP_COURSECOMPETENCY_MANAGE];

export const courseCompetencySchema = z.object({ id: z.number(), courseid: z.number(), competencyid: z.number(), sortorder: z.number(), ruleoutcome: z.number(), ...baseFields });
export const courseCompetencySettingsSchema = z.object({ id: z.number(), courseid: z.number(), pushratingstouserplans: z.boolean(), ...baseFields });
export const moduleCompetencySchema = z.object({
  id: z.number(),
  cmid: z.number(),
  competencyid: z.number(),
  sortorder: z.number(),
  ruleoutcome: z.number(),
  overridegrade: z.boolean(),
  ...baseFields,
});
const outcome = wsInt.pipe(z.number().int().refine((o) => (COURSE_OUTCOMES as readonly number[]).includes(o)));
const courseLink = z.strictObject({ courseid: wsInt, competencyid: wsInt });

export const coreCompetencyAddCompetencyToCourse = contract({
  name: 'core_competency_add_competency_to_course',
  component: CORE,
  description: "Link a competency to a course, last in order, with the outcome 'evidence'; false when already linked. Refused for a hidden framework's competency.",
  type: 'write',
  loginRequired: true,
  capabilities: MANAGE,
  args: courseLink,
  returns: z.boolean(),
});

export const coreCompetencyRemoveCompetencyFromCourse = contract({
  name: 'core_competency_remove_competency_from_course',
  component: CORE,
  description: "Unlink a competency from a course (and from the course's activities); false when it was not linked.",
  type: 'write',
  loginRequired: true,
  capabilities: MANAGE,
  args: courseLink,
  returns: z.boolean(),
});

export const coreCompetencyReorderCourseCompetency = contract({
  name: 'core_competency_reorder_course_competency',
  component: CORE,
  description: 'Move a competency of a course to the place of another.',
  type: 'write',
  loginRequired: true,
  capabilities: MANAGE,
  args: z.strictObject({ courseid: wsInt, competencyidfrom: wsInt, competencyidto: wsInt }),
  returns: z.boolean(),
});

export const coreCompetencyListCourseCompetencies = contract({
  name: 'core_competency_list_course_competencies',
  component: CORE,
  description: "A course's competencies in order with their links.",
  type: 'read',
  loginRequired: true,
  capabilities: VIEW,
  args: z.strictObject({ id: wsInt }),
  returns: z.array(z.object({ competency: competencySchema, coursecompetency: courseCompetencySchema })),
});

export const coreCompetencyCountCompetenciesInCourse = contract({
  name: 'core_competency_count_competencies_in_course',
  component: CORE,
  description: 'How many competencies a course has.',
  type: 'read',
  loginRequired: true,
  capabilities: VIEW,
  args: z.strictObject({ id: wsInt }),
  returns: z.number(),
});

export const coreCompetencySetCourseCompetencyRuleoutcome = contract({
  name: 'core_competency_set_course_competency_ruleoutcome',
  component: CORE,
  description: 'What completing the course does to a linked competency: 0 nothing, 1 attach evidence, 2 send for review, 3 complete it.',
  type: 'write',
  loginRequired: true,
  capabilities: MANAGE,
  args: z.strictObject({ coursecompetencyid: wsInt, ruleoutcome: outcome }),
  returns: z.boolean(),
});

export const coreCompetencyUpdateCourseCompetencySettings = contract({
  name: 'core_competency_update_course_competency_settings',
  component: CORE,
  description: "A course's competency settings: whether ratings given in the course also rate the learners' own competencies (their plans).",
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_COURSECOMPETENCY_CONFIGURE],
  args: z.strictObject({ courseid: wsInt, settings: z.strictObject({ pushratingstouserplans: wsBool }) }),
  returns: z.boolean(),
});

export const coreCompetencyListCourseModuleCompetencies = contract({
  name: 'core_competency_list_course_module_competencies',
  component: CORE,
  description: "An activity's competencies in order with their links.",
  type: 'read',
  loginRequired: true,
  capabilities: VIEW,
  args: z.strictObject({ cmid: wsInt }),
  returns: z.array(z.object({ competency: competencySchema, coursemodulecompetency: moduleCompetencySchema })),
});

export const toolLpSetCourseModuleCompetency = contract({
  name: 'tool_lp_set_course_module_competency',
  component: 'tool_lp',
  description:
    "Beyond Moodle's web services (its activity settings form): link a course competency to an activity with the outcome completing the activity has (0 none, 1 evidence, 2 recommend, 3 complete), or unlink it with `linked` false.",
  type: 'write',
  loginRequired: true,
  capabilities: MANAGE,
  args: z.strictObject({ cmid: wsInt, competencyid: wsInt, linked: wsBool, ruleoutcome: outcome.default(1) }),
  returns: z.boolean(),
});

export const ruleOutcomeOptionSchema = z.object({ value: z.number(), text: z.string(), selected: z.boolean() });

export const toolLpDataForCourseCompetenciesPage = contract({
  name: 'tool_lp_data_for_course_competencies_page',
  component: 'tool_lp',
  description:
    "A course's competencies page: its competencies in order with paths, linked activities, the outcome choices, the caller's own course rating when they are gradable, the settings and statistics.",
  type: 'read',
  loginRequired: true,
  capabilities: VIEW,
  args: z.strictObject({ courseid: wsInt, moduleid: wsInt.default(0) }),
  returns: z.object({
    courseid: z.number(),
    course: courseSummarySchema,
    pagecontextid: z.number(),
    gradableuserid: z.number(),
    canmanagecompetencyframeworks: z.boolean(),
    canmanagecoursecompetencies: z.boolean(),
    canconfigurecoursecompetencies: z.boolean(),
    cangradecompetencies: z.boolean(),
    settings: courseCompetencySettingsSchema,
    statistics: z.object({
      competencycount: z.number(),
      proficientcompetencycount: z.number(),
      proficientcompetencypercentage: z.number(),
      canbegradedincourse: z.boolean(),
      canmanagecoursecompetencies: z.boolean(),
    }),
    competencies: z.array(
      linkedCompetencySchema.extend({
        coursecompetency: courseCompetencySchema,
        coursemodules: z.array(z.object({ id: z.number(), name: z.string(), modname: z.string(), url: z.string(), ruleoutcome: z.number() })),
        usercompetencycourse: userCompetencyCourseSchema.optional(),
        ruleoutcomeoptions: z.array(ruleOutcomeOptionSchema),
      }),
    ),
    /** The course's activities, for linking competencies to them. */
    activities: z.array(z.object({ id: z.number(), name: z.string(), modname: z.string() })),
    manageurl: z.string(),
    pluginbaseurl: z.string(),
  }),
});

export const coreCompetencyListGradableUsersInCourse = contract({
  name: 'core_competency_list_gradable_users_in_course',
  component: CORE,
  description:
    "Beyond Moodle's web services (its pages build the list in PHP): the course's enrolled learners who can be rated there (coursecompetencygradable), by name. A caller without usercompetencyview in the course sees only themself.",
  type: 'read',
  loginRequired: true,
  capabilities: [CAP_COURSECOMPETENCY_VIEW, CAP_UC_VIEW],
  args: z.strictObject({ courseid: wsInt }),
  returns: z.array(userSummarySchema),
});

export const reportCompetencyDataForReport = contract({
  name: 'report_competency_data_for_report',
  component: 'report_competency',
  description: "One learner's course ratings of every course competency. The learner must be enrolled and gradable in the course.",
  type: 'read',
  loginRequired: true,
  capabilities: [CAP_COURSECOMPETENCY_VIEW, CAP_UC_VIEW],
  args: z.strictObject({ courseid: wsInt, userid: wsInt }),
  returns: z.object({
    courseid: z.number(),
    user: userSummarySchema,
    course: courseSummarySchema,
    usercompetencies: z.array(z.object({ usercompetencycourse: userCompetencyCourseSchema, competency: linkedCompetencySchema })),
    pushratingstouserplans: z.boolean(),
    cangrade: z.boolean(),
  }),
});

export const reportCompetencyDataForBreakdown = contract({
  name: 'report_competency_data_for_breakdown',
  component: 'report_competency',
  description: "Beyond Moodle: every gradable learner × course competency, paged by learner: each cell the course rating's name and proficiency.",
  type: 'read',
  loginRequired: true,
  capabilities: [CAP_UC_VIEW, CAP_COMPETENCY_GRADE],
  args: z.strictObject({ courseid: wsInt, page: wsInt.pipe(z.number().int().min(0)).default(0), perpage: wsInt.pipe(z.number().int().min(1).max(100)).default(25) }),
  returns: z.object({
    competencies: z.array(z.object({ id: z.number(), shortname: z.string(), idnumber: z.string() })),
    users: z.array(
      z.object({
        user: userSummarySchema,
        ratings: z.array(z.object({ competencyid: z.number(), grade: z.number().nullable(), gradename: z.string(), proficiency: z.boolean().nullable() })),
        proficientcount: z.number(),
      }),
    ),
    total: z.number(),
  }),
});
