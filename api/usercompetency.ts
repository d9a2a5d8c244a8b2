import { z } from 'zod';
import { CAP_COMPETENCY_MANAGE, CAP_COMPETENCY_VIEW } from './competency';
import {
  CAP_COMPETENCY_GRADE,
  CAP_COURSECOMPETENCY_MANAGE,
  CAP_COURSECOMPETENCY_VIEW,
  CAP_EVIDENCE_DELETE,
  CAP_UC_REQUEST_REVIEW,
  CAP_UC_REQUEST_REVIEW_OWN,
  CAP_UC_REVIEW,
  CAP_UC_VIEW,
  courseSummarySchema,
  evidenceSchema,
  PLAN_READ_CAPS,
  userCompetencySummarySchema,
  userSummarySchema,
} from './competencyshapes';
import { contract } from './contract';
import { planSchema } from './plans';
import { wsInt } from './types';

const CORE = 'core_competency';
const TOOL = 'tool_lp';
const UC_READ = [CAP_UC_VIEW, ...PLAN_READ_CAPS];
const REQUEST = [CAP_UC_REQUEST_REVIEW, CAP_UC_REQUEST_REVIEW_OWN, ...UC_READ];

const userCompetencyArgs = z.strictObject({ userid: wsInt, competencyid: wsInt });
/** A rating: a 1-based index into the competency's scale, or null to clear it. */
const grade = wsInt.pipe(z.number().int().min(1)).nullable();
const note = z.string().max(10_000).nullable().default(null);

export const coreCompetencyUserCompetencyRequestReview = contract({
  name: 'core_competency_user_competency_request_review',
  component: CORE,
  description: "Ask for a user's competency to be reviewed (idle → waiting for review); the rating record is created when missing.",
  type: 'write',
  loginRequired: true,
  capabilities: REQUEST,
  args: userCompetencyArgs,
  returns: z.boolean(),
});

export const coreCompetencyUserCompetencyCancelReviewRequest = contract({
  name: 'core_competency_user_competency_cancel_review_request',
  component: CORE,
  description: 'Withdraw a review request (waiting for review → idle).',
  type: 'write',
  loginRequired: true,
  capabilities: REQUEST,
  args: userCompetencyArgs,
  returns: z.boolean(),
});

export const coreCompetencyUserCompetencyStartReview = contract({
  name: 'core_competency_user_competency_start_review',
  component: CORE,
  description: 'Start reviewing a competency waiting for review; the caller becomes its reviewer.',
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_UC_REVIEW],
  args: userCompetencyArgs,
  returns: z.boolean(),
});

export const coreCompetencyUserCompetencyStopReview = contract({
  name: 'core_competency_user_competency_stop_review',
  component: CORE,
  description: 'Stop reviewing a competency (in review → idle); the reviewer is kept.',
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_UC_REVIEW],
  args: userCompetencyArgs,
  returns: z.boolean(),
});

export const coreCompetencyGradeCompetency = contract({
  name: 'core_competency_grade_competency',
  component: CORE,
  description: "Rate a user's competency directly: evidence (manual override) in the user's context, the proficiency from the scale configuration, and the parent's rule applied when the user becomes proficient.",
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_COMPETENCY_GRADE, CAP_COMPETENCY_VIEW, CAP_COMPETENCY_MANAGE],
  args: z.strictObject({ userid: wsInt, competencyid: wsInt, grade, note }),
  returns: evidenceSchema,
});

export const coreCompetencyGradeCompetencyInPlan = contract({
  name: 'core_competency_grade_competency_in_plan',
  component: CORE,
  description: "Rate a competency of a plan (the owner's live rating, even when the plan is complete).",
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_COMPETENCY_GRADE, ...PLAN_READ_CAPS],
  args: z.strictObject({ planid: wsInt, competencyid: wsInt, grade, note }),
  returns: evidenceSchema,
});

export const coreCompetencyGradeCompetencyInCourse = contract({
  name: 'core_competency_grade_competency_in_course',
  component: CORE,
  description:
    "Rate a learner's competency in a course: the course rating, and the user's own rating too when the course pushes ratings to plans. The competency must be linked to the course and the learner gradable in it.",
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_COMPETENCY_GRADE, CAP_UC_VIEW],
  args: z.strictObject({ courseid: wsInt, userid: wsInt, competencyid: wsInt, grade, note }),
  returns: evidenceSchema,
});

export const coreCompetencyCompetencyViewed = contract({
  name: 'core_competency_competency_viewed',
  component: CORE,
  description: 'Logs that the caller viewed a competency.',
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_COMPETENCY_VIEW, CAP_COMPETENCY_MANAGE],
  args: z.strictObject({ id: wsInt }),
  returns: z.boolean(),
});

export const coreCompetencyUserCompetencyViewed = contract({
  name: 'core_competency_user_competency_viewed',
  component: CORE,
  description: "Logs that the caller viewed a user's competency.",
  type: 'write',
  loginRequired: true,
  capabilities: UC_READ,
  args: z.strictObject({ usercompetencyid: wsInt }),
  returns: z.boolean(),
});

const inPlanArgs = z.strictObject({ competencyid: wsInt, userid: wsInt, planid: wsInt });

export const coreCompetencyUserCompetencyViewedInPlan = contract({
  name: 'core_competency_user_competency_viewed_in_plan',
  component: CORE,
  description: "Logs that the caller viewed a user's competency in a plan that is not complete.",
  type: 'write',
  loginRequired: true,
  capabilities: UC_READ,
  args: inPlanArgs,
  returns: z.boolean(),
});

export const coreCompetencyUserCompetencyPlanViewed = contract({
  name: 'core_competency_user_competency_plan_viewed',
  component: CORE,
  description: "Logs that the caller viewed a frozen rating in a complete plan.",
  type: 'write',
  loginRequired: true,
  capabilities: UC_READ,
  args: inPlanArgs,
  returns: z.boolean(),
});

export const coreCompetencyUserCompetencyViewedInCourse = contract({
  name: 'core_competency_user_competency_viewed_in_course',
  component: CORE,
  description: "Logs that the caller viewed a learner's competency in a course (the course rating is created when missing).",
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_COURSECOMPETENCY_VIEW, CAP_COURSECOMPETENCY_MANAGE, CAP_UC_VIEW],
  args: z.strictObject({ competencyid: wsInt, userid: wsInt, courseid: wsInt }),
  returns: z.boolean(),
});

export const coreCompetencyDeleteEvidence = contract({
  name: 'core_competency_delete_evidence',
  component: CORE,
  description: 'Delete one piece of evidence (the rating it set stays).',
  type: 'write',
  loginRequired: true,
  capabilities: [CAP_EVIDENCE_DELETE],
  args: z.strictObject({ id: wsInt }),
  returns: z.boolean(),
});

export const toolLpDataForUserCompetencySummary = contract({
  name: 'tool_lp_data_for_user_competency_summary',
  component: TOOL,
  description: "A user's rating of a competency with its evidence, newest first, and what the caller may do with it.",
  type: 'read',
  loginRequired: true,
  capabilities: UC_READ,
  args: userCompetencyArgs,
  returns: userCompetencySummarySchema,
});

export const toolLpDataForUserCompetencySummaryInPlan = contract({
  name: 'tool_lp_data_for_user_competency_summary_in_plan',
  component: TOOL,
  description: "The owner's rating of a plan's competency (frozen for a complete plan, with evidence up to its completion) and the plan.",
  type: 'read',
  loginRequired: true,
  capabilities: UC_READ,
  args: z.strictObject({ competencyid: wsInt, planid: wsInt }),
  returns: z.object({ usercompetencysummary: userCompetencySummarySchema, plan: planSchema }),
});

export const toolLpDataForUserCompetencySummaryInCourse = contract({
  name: 'tool_lp_data_for_user_competency_summary_in_course',
  component: TOOL,
  description: "A learner's course rating of a course competency with its evidence; cangrade is the right to rate in the course.",
  type: 'read',
  loginRequired: true,
  capabilities: [CAP_COURSECOMPETENCY_VIEW, CAP_UC_VIEW],
  args: z.strictObject({ userid: wsInt, competencyid: wsInt, courseid: wsInt }),
  returns: z.object({
    usercompetencysummary: userCompetencySummarySchema,
    course: courseSummarySchema,
    coursemodules: z.array(z.object({ id: z.number(), name: z.string(), modname: z.string(), url: z.string() })),
  }),
});

export const toolLpSearchUsers = contract({
  name: 'tool_lp_search_users',
  component: TOOL,
  description: "Users whose name (or an identity field the caller may see) contains the text, among those on whose user context the caller holds the capability; identity fields are blank unless the caller may see them.",
  type: 'read',
  loginRequired: true,
  capabilities: [],
  args: z.strictObject({
    query: z.string().max(255),
    capability: z.string().regex(/^[a-z0-9_/:]+$/).max(255),
    limitfrom: wsInt.pipe(z.number().int().min(0)).default(0),
    limitnum: wsInt.pipe(z.number().int().min(1).max(100)).default(100),
  }),
  returns: z.object({ users: z.array(userSummarySchema), count: z.number() }),
});
