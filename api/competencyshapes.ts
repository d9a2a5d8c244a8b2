import { z } from 'zod';
import { competencySchema } from './competency';

/** Capabilities of learning plans, templates, ratings and evidence (reference §4). */
export const CAP_COMPETENCY_GRADE = 'moodle/competency:competencygrade';
export const CAP_COURSECOMPETENCY_MANAGE = 'moodle/competency:coursecompetencymanage';
export const CAP_COURSECOMPETENCY_CONFIGURE = 'moodle/competency:coursecompetencyconfigure';
export const CAP_COURSECOMPETENCY_GRADABLE = 'moodle/competency:coursecompetencygradable';
export const CAP_COURSECOMPETENCY_VIEW = 'moodle/competency:coursecompetencyview';
export const CAP_EVIDENCE_DELETE = 'moodle/competency:evidencedelete';
export const CAP_PLAN_MANAGE = 'moodle/competency:planmanage';
export const CAP_PLAN_MANAGE_DRAFT = 'moodle/competency:planmanagedraft';
export const CAP_PLAN_MANAGE_OWN = 'moodle/competency:planmanageown';
export const CAP_PLAN_MANAGE_OWN_DRAFT = 'moodle/competency:planmanageowndraft';
export const CAP_PLAN_VIEW = 'moodle/competency:planview';
export const CAP_PLAN_VIEW_DRAFT = 'moodle/competency:planviewdraft';
export const CAP_PLAN_VIEW_OWN = 'moodle/competency:planviewown';
export const CAP_PLAN_VIEW_OWN_DRAFT = 'moodle/competency:planviewowndraft';
export const CAP_PLAN_REQUEST_REVIEW = 'moodle/competency:planrequestreview';
export const CAP_PLAN_REQUEST_REVIEW_OWN = 'moodle/competency:planrequestreviewown';
export const CAP_PLAN_REVIEW = 'moodle/competency:planreview';
export const CAP_UC_VIEW = 'moodle/competency:usercompetencyview';
export const CAP_UC_REQUEST_REVIEW = 'moodle/competency:usercompetencyrequestreview';
export const CAP_UC_REQUEST_REVIEW_OWN = 'moodle/competency:usercompetencyrequestreviewown';
export const CAP_UC_REVIEW = 'moodle/competency:usercompetencyreview';
export const CAP_TEMPLATE_MANAGE = 'moodle/competency:templatemanage';
export const CAP_TEMPLATE_VIEW = 'moodle/competency:templateview';
export const CAP_USEREVIDENCE_MANAGE = 'moodle/competency:userevidencemanage';
export const CAP_USEREVIDENCE_MANAGE_OWN = 'moodle/competency:userevidencemanageown';
export const CAP_USEREVIDENCE_VIEW = 'moodle/competency:userevidenceview';

export const PLAN_READ_CAPS = [CAP_PLAN_VIEW, CAP_PLAN_VIEW_DRAFT, CAP_PLAN_VIEW_OWN, CAP_PLAN_VIEW_OWN_DRAFT, CAP_PLAN_MANAGE, CAP_PLAN_MANAGE_DRAFT, CAP_PLAN_MANAGE_OWN, CAP_PLAN_MANAGE_OWN_DRAFT];
export const PLAN_MANAGE_CAPS = [CAP_PLAN_MANAGE, CAP_PLAN_MANAGE_DRAFT, CAP_PLAN_MANAGE_OWN, CAP_PLAN_MANAGE_OWN_DRAFT];

/** Plan statuses; draft, waiting for review and in review are "draft-like" (draft capabilities apply). */
export const PLAN_STATUS_DRAFT = 0;
export const PLAN_STATUS_ACTIVE = 1;
export const PLAN_STATUS_COMPLETE = 2;
export const PLAN_STATUS_WAITING_FOR_REVIEW = 3;
export const PLAN_STATUS_IN_REVIEW = 4;

/** User competency review statuses. */
export const UC_STATUS_IDLE = 0;
export const UC_STATUS_WAITING_FOR_REVIEW = 1;
export const UC_STATUS_IN_REVIEW = 2;

/** Evidence actions (1, the old "suggest", is refused). */
export const EVIDENCE_ACTION_LOG = 0;
export const EVIDENCE_ACTION_COMPLETE = 2;
export const EVIDENCE_ACTION_OVERRIDE = 3;

/** Course and activity competency outcomes: numbered unlike competency rule outcomes (2 and 3 swapped). */
export const COURSE_OUTCOME_NONE = 0;
export const COURSE_OUTCOME_EVIDENCE = 1;
export const COURSE_OUTCOME_RECOMMEND = 2;
export const COURSE_OUTCOME_COMPLETE = 3;
export const COURSE_OUTCOMES = [COURSE_OUTCOME_NONE, COURSE_OUTCOME_EVIDENCE, COURSE_OUTCOME_RECOMMEND, COURSE_OUTCOME_COMPLETE] as const;

export const baseFields = { timecreated: z.number(), timemodified: z.number(), usermodified: z.number() };

/** A user as competency screens show them; identity fields only when the caller may see them. */
export const userSummarySchema = z.object({
  id: z.number(),
  fullname: z.string(),
  /** The picture's revision (0: none; the client shows initials). */
  picture: z.number(),
  profileimageurl: z.string(),
  profileimageurlsmall: z.string(),
  /** The visible identity fields joined with commas. */
  identity: z.string(),
  email: z.string().optional(),
  idnumber: z.string().optional(),
  phone1: z.string().optional(),
  phone2: z.string().optional(),
  department: z.string().optional(),
  institution: z.string().optional(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const courseSummarySchema = z.object({
  id: z.number(),
  fullname: z.string(),
  shortname: z.string(),
  idnumber: z.string(),
  visible: z.boolean(),
  viewurl: z.string(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

/** Where a competency sits: its framework and ancestors, for "Framework › Domain" trails. */
export const competencyPathSchema = z.object({
  framework: z.object({ id: z.number(), name: z.string() }),
  ancestors: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type CompetencyPath = z.infer<typeof competencyPathSchema>;

export const scaleValueSchema = z.object({ id: z.number(), name: z.string() });

/** A competency with what lists of linked competencies show: its path and its scale. */
export const linkedCompetencySchema = z.object({
  competency: competencySchema,
  comppath: competencyPathSchema,
  /** The values of the competency's scale (its own, else its framework's), numbered from 1. */
  scalevalues: z.array(scaleValueSchema),
});

export const userCompetencySchema = z.object({
  id: z.number(),
  userid: z.number(),
  competencyid: z.number(),
  status: z.number(),
  reviewerid: z.number().nullable(),
  proficiency: z.boolean().nullable(),
  grade: z.number().nullable(),
  ...baseFields,
  canrequestreview: z.boolean(),
  canreview: z.boolean(),
  gradename: z.string(),
  isrequestreviewallowed: z.boolean(),
  iscancelreviewrequestallowed: z.boolean(),
  isstartreviewallowed: z.boolean(),
  isstopreviewallowed: z.boolean(),
  isstatusidle: z.boolean(),
  isstatusinreview: z.boolean(),
  isstatuswaitingforreview: z.boolean(),
  proficiencyname: z.string(),
  reviewer: userSummarySchema.optional(),
  statusname: z.string(),
  url: z.string(),
});
export type UserCompetency = z.infer<typeof userCompetencySchema>;

export const userCompetencyPlanSchema = z.object({
  id: z.number(),
  userid: z.number(),
  competencyid: z.number(),
  proficiency: z.boolean().nullable(),
  grade: z.number().nullable(),
  planid: z.number(),
  sortorder: z.number(),
  ...baseFields,
  gradename: z.string(),
  proficiencyname: z.string(),
});
export type UserCompetencyPlan = z.infer<typeof userCompetencyPlanSchema>;

export const userCompetencyCourseSchema = z.object({
  id: z.number(),
  userid: z.number(),
  courseid: z.number(),
  competencyid: z.number(),
  proficiency: z.boolean().nullable(),
  grade: z.number().nullable(),
  ...baseFields,
  gradename: z.string(),
  proficiencyname: z.string(),
});
export type UserCompetencyCourse = z.infer<typeof userCompetencyCourseSchema>;

export const evidenceSchema = z.object({
  id: z.number(),
  usercompetencyid: z.number(),
  contextid: z.number(),
  action: z.number(),
  actionuserid: z.number().nullable(),
  descidentifier: z.string(),
  desccomponent: z.string(),
  desca: z.string().nullable(),
  url: z.string().nullable(),
  grade: z.number().nullable(),
  note: z.string().nullable(),
  ...baseFields,
  actionuser: userSummarySchema.optional(),
  /** The description, from the language pack. */
  description: z.string(),
  gradename: z.string(),
  candelete: z.boolean(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

/** A user's rating of one competency with its evidence (tool_lp's user competency summary). */
export const userCompetencySummarySchema = z.object({
  showrelatedcompetencies: z.boolean(),
  cangrade: z.boolean(),
  competency: linkedCompetencySchema,
  user: userSummarySchema,
  usercompetency: userCompetencySchema.optional(),
  usercompetencyplan: userCompetencyPlanSchema.optional(),
  usercompetencycourse: userCompetencyCourseSchema.optional(),
  evidence: z.array(evidenceSchema),
});
export type UserCompetencySummary = z.infer<typeof userCompetencySummarySchema>;
