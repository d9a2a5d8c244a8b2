import { z } from 'zod';
import { competencySchema, contextParamSchema, frameworkIncludesSchema } from './competency';
import {
  baseFields,
  CAP_PLAN_REQUEST_REVIEW,
  CAP_PLAN_REQUEST_REVIEW_OWN,
  CAP_PLAN_REVIEW,
  CAP_TEMPLATE_MANAGE,
  CAP_TEMPLATE_VIEW,
  courseSummarySchema,
  linkedCompetencySchema,
  PLAN_MANAGE_CAPS,
  PLAN_READ_CAPS,
  userCompetencyPlanSchema,
  userCompetencySchema,
  userSummarySchema,
} from './competencyshapes';
import { contract } from './contract';
import { wsBool, wsInt } from './types';

const CORE = 'core_competency';
const TOOL = 'tool_lp';
const TEMPLATE_READ = [CAP_TEMPLATE_VIEW, CAP_TEMPLATE_MANAGE];
const TEMPLATE_MANAGE = [CAP_TEMPLATE_MANAGE];
const REVIEW_CAPS = [CAP_PLAN_REQUEST_REVIEW, CAP_PLAN_REQUEST_REVIEW_OWN, CAP_PLAN_REVIEW, ...PLAN_READ_CAPS];

const name = z.string().trim().min(1).max(100);
const description = z.string().max(1_000_000);
const textFormat = wsInt.pipe(z.number().int().refine((f) => [0, 1, 2, 4].includes(f)));
const dueDate = wsInt.pipe(z.number().int().min(0));

export const templateSchema = z.object({
  id: z.number(),
  shortname: z.string(),
  description: z.string(),
  descriptionformat: z.number(),
  duedate: z.number(),
  visible: z.boolean(),
  contextid: z.number(),
  ...baseFields,
  cohortscount: z.number(),
  planscount: z.number(),
  competenciescount: z.number(),
  canmanage: z.boolean(),
  canread: z.boolean(),
  contextname: z.string(),
  contextnamenoprefix: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

export const planSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  descriptionformat: z.number(),
  userid: z.number(),
  templateid: z.number().nullable(),
  origtemplateid: z.number().nullable(),
  status: z.number(),
  duedate: z.number(),
  reviewerid: z.number().nullable(),
  ...baseFields,
  statusname: z.string(),
  isbasedontemplate: z.boolean(),
  canmanage: z.boolean(),
  canrequestreview: z.boolean(),
  canreview: z.boolean(),
  canbeedited: z.boolean(),
  isactive: z.boolean(),
  isdraft: z.boolean(),
  iscompleted: z.boolean(),
  isinreview: z.boolean(),
  iswaitingforreview: z.boolean(),
  isreopenallowed: z.boolean(),
  iscompleteallowed: z.boolean(),
  isunlinkallowed: z.boolean(),
  isrequestreviewallowed: z.boolean(),
  iscancelreviewrequestallowed: z.boolean(),
  isstartreviewallowed: z.boolean(),
  isstopreviewallowed: z.boolean(),
  isapproveallowed: z.boolean(),
  isunapproveallowed: z.boolean(),
  reviewer: userSummarySchema.optional(),
  template: templateSchema.optional(),
  url: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

// ---- templates ----

const templateFields = {
  shortname: name,
  description: description.default(''),
  descriptionformat: textFormat.default(1),
  duedate: dueDate.default(0),
  visible: wsBool.default(true),
};

export const coreCompetencyCreateTemplate = contract({
  name: 'core_competency_create_template',
  component: CORE,
  description: 'Create a learning-plan template in a system or category context. A due date must be 0 or not more than 10 minutes in the past.',
  type: 'write',
  loginRequired: true,
  capabilities: TEMPLATE_MANAGE,
  args: z.strictObject({ template: z.strictObject({ ...templateFields, contextid: wsInt.default(0), contextlevel: contextParamSchema.shape.contextlevel, instanceid: wsInt.default(0) }) }),
  returns: templateSchema,
});

export const coreCompetencyReadTemplate = contract({
  name: 'core_competency_read_template',
  component: CORE,
  description: 'One template with its counts.',
  type: 'read',
  loginRequired: true,
  capabilities: TEMPLATE_READ,
  args: z.strictObject({ id: wsInt }),
  returns: templateSchema,
});

export const coreCompetencyUpdateTemplate = contract({
  name: 'core_competency_update_template',
  component: CORE,
  description: "Change a template (never its context). Name, description and due date are copied to the template's plans that are not complete.",
  type: 'write',
  loginRequired: true,
  capabilities: TEMPLATE_MANAGE,
  args: z.strictObject({
    template: z.strictObject({
      id: wsInt,
      shortname: name.optional(),
      description: description.optional(),
      descriptionformat: textFormat.optional(),
      duedate: dueDate.optional(),
      visible: wsBool.optional(),
    }),
  }),
  returns: z.boolean(),
});

export const coreCompetencyDeleteTemplate = contract({
  name: 'core_competency_delete_template',
  component: CORE,
  description: 'Delete a template with its competency and cohort links; its plans are deleted (deleteplans) or unlinked and kept with copies of the competencies. One transaction.',
  type: 'write',
  loginRequired: true,
  capabilities: TEMPLATE_MANAGE,
  args: z.strictObject({ id: wsInt, deleteplans: wsBool }),
  returns: z.boolean(),
});

export const coreCompetencyDuplicateTemplate = contract({
  name: 'core_competency_duplicate_template',
  component: CORE,
  description: 'Copy a template as "<name> (copy)" with its competencies in order; cohorts and plans are not copied.',
  type: 'write',
  loginRequired: true,
  capabilities: TEMPLATE_MANAGE,
  args: z.strictObject({ id: wsInt }),
  returns: templateSchema,
});

export const coreCompetencyListTemplates = contract({
  name: 'core_competency_list_templates',
  component: CORE,
  description: 'The templates in a context and its children (or parents, or itself) that the caller may view.',
  type: 'read',
  loginRequired: true,
  capabilities: TEMPLATE_READ,
  args: z.strictObject({
    sort: z.enum(['', 'shortname', 'id', 'duedate', 'timecreated', 'timemodified']).default(''),
    order: z.enum(['', 'ASC', 'DESC']).default(''),
    skip: wsInt.pipe(z.number().int().min(0)).default(0),
    limit: wsInt.pipe(z.number().int().min(0).max(1000)).default(0),
    context: contextParamSchema,
    includes: frameworkIncludesSchema.default('children'),
    onlyvisible: wsBool.default(false),
  }),
  returns: z.array(templateSchema),
});

export const coreCompetencyCountTemplates = contract({
  name: 'core_competency_count_templates',
  component: CORE,
  description: 'How many templates list_templates would answer.',
  type: 'read',
  loginRequired: true,
  capabilities: TEMPLATE_READ,
  args: z.strictObject({ context: contextParamSchema, includes: frameworkIncludesSchema.default('children') }),
  returns: z.number(),
});

export const coreCompetencyTemplateHasRelatedData = contract({
  name: 'core_competency_template_has_related_data',
  component: CORE,
  description: 'Whether a template has plans (so deleting it must choose between deleting and unlinking them).',
  type: 'read',
  loginRequired: true,
  capabilities: TEMPLATE_READ,
  args: z.strictObject({ id: wsInt }),
  returns: z.boolean(),
});

export const coreCompetencyTemplateViewed = contract({
  name: 'core_competency_template_viewed',
  component: CORE,
  description: 'Logs that the caller viewed a template.',
  type: 'write',
  loginRequired: true,
  capabilities: TEMPLATE_READ,
  args: z.strictObject({ id: wsInt }),
  returns: z.boolean(),
});

const templateLink = z.strictObject({ templateid: wsInt, competencyid: wsInt });
const reorderArgs = { competencyidfrom: wsInt, competencyidto: wsInt };

export const coreCompetencyAddCompetencyToTemplate = contract({
  name: 'core_competency_add_competency_to_template',
  component: CORE,
  description: "Add a competency last in a template; false when it already is there. Refused for a hidden framework's competency.",
  type: 'write',
  loginRequired: true,
  capabilities: TEMPLATE_MANAGE,
  args: templateLink,
  returns: z.boolean(),
});

export const coreCompetencyRemoveCompetencyFromTemplate = contract({
  name: 'core_competency_remove_competency_from_template',
  component: CORE,
  description: 'Remove a competency from a template, closing the gap in the order; false when it was not there.',
  type: 'write',
  loginRequired: true,
  capabilities: TEMPLATE_MANAGE,
  args: templateLink,
  returns: z.boolean(),
});

export const coreCompetencyReorderTemplateCompetency = contract({
  name: 'core_competency_reorder_template_competency',
  component: CORE,
  description: 'Move a competency of a template to the place of another; those between shift by one.',
  type: 'write',
  loginRequired: true,
  capabilities: TEMPLATE_MANAGE,
  args: z.strictObject({ templateid: wsInt, ...reorderArgs }),
  returns: z.boolean(),
});

export const coreCompetencyListCompetenciesInTemplate = contract({
  name: 'core_competency_list_competencies_in_template',
  component: CORE,
  description: "A template's competencies in order.",
  type: 'read',
  loginRequired: true,
  capabilities: TEMPLATE_READ,
  args: z.strictObject({ id: wsInt }),
  returns: z.array(competencySchema),
});

export const coreCompetencyCountCompetenciesInTemplate = contract({
  name: 'core_competency_count_competencies_in_template',
  component: CORE,
  description: "How many competencies a template has.",
  type: 'read',
  loginRequired: true,
  capabilities: TEMPLATE_READ,
  args: z.strictObject({ id: wsInt }),
  returns: z.number(),
});

export const coreCompetencyListTemplatesUsingCompetency = contract({
  name: 'core_competency_list_templates_using_competency',
  component: CORE,
  description: 'The learning plan templates holding a competency, by short name; hidden ones only for callers who manage templates at the system level.',
  type: 'read',
  loginRequired: true,
  capabilities: TEMPLATE_READ,
  args: z.strictObject({ id: wsInt }),
  returns: z.array(templateSchema),
});

export const coreCompetencyCountTemplatesUsingCompetency = contract({
  name: 'core_competency_count_templates_using_competency',
  component: CORE,
  description: 'How many templates list_templates_using_competency would answer.',
  type: 'read',
  loginRequired: true,
  capabilities: TEMPLATE_READ,
  args: z.strictObject({ id: wsInt }),
  returns: z.number(),
});

export const toolLpDataForTemplatesManagePage = contract({
  name: 'tool_lp_data_for_templates_manage_page',
  component: TOOL,
  description: 'The templates page of a context: every template the caller may view in it and below, and whether they may manage templates there.',
  type: 'read',
  loginRequired: true,
  capabilities: TEMPLATE_READ,
  args: z.strictObject({ pagecontext: contextParamSchema }),
  returns: z.object({
    templates: z.array(templateSchema),
    pluginbaseurl: z.string(),
    navigation: z.array(z.string()),
    pagecontextid: z.number(),
    canmanage: z.boolean(),
    contextname: z.string(),
  }),
});

export const toolLpDataForTemplateCompetenciesPage = contract({
  name: 'tool_lp_data_for_template_competencies_page',
  component: TOOL,
  description: "A template's competencies page: the template, its competencies in order with their paths, and statistics over its plans.",
  type: 'read',
  loginRequired: true,
  capabilities: TEMPLATE_READ,
  args: z.strictObject({ templateid: wsInt, pagecontext: contextParamSchema }),
  returns: z.object({
    template: templateSchema,
    pagecontextid: z.number(),
    canmanagecompetencyframeworks: z.boolean(),
    canmanagetemplatecompetencies: z.boolean(),
    competencies: z.array(linkedCompetencySchema.extend({ linkedcoursescount: z.number() })),
    manageurl: z.string(),
    pluginbaseurl: z.string(),
    statistics: z.object({
      competencycount: z.number(),
      linkedcompetencycount: z.number(),
      plancount: z.number(),
      completedplancount: z.number(),
      usercompetencyplancount: z.number(),
      proficientusercompetencyplancount: z.number(),
    }),
  }),
});

export const cohortSummarySchema = z.object({ id: z.number(), name: z.string(), idnumber: z.string(), visible: z.boolean(), contextname: z.string(), membercount: z.number() });

export const toolLpDataForTemplatePlansPage = contract({
  name: 'tool_lp_data_for_template_plans_page',
  component: TOOL,
  description: "Beyond Moodle's web services (tool_lp's template cohorts and plans pages): a template's cohorts, and its plans paged with their owners and statuses.",
  type: 'read',
  loginRequired: true,
  capabilities: TEMPLATE_READ,
  args: z.strictObject({ templateid: wsInt, page: wsInt.pipe(z.number().int().min(0)).default(0), perpage: wsInt.pipe(z.number().int().min(1).max(100)).default(25) }),
  returns: z.object({
    template: templateSchema,
    canmanage: z.boolean(),
    cohorts: z.array(cohortSummarySchema),
    plans: z.array(z.object({ id: z.number(), name: z.string(), status: z.number(), statusname: z.string(), user: userSummarySchema, url: z.string() })),
    plancount: z.number(),
  }),
});

export const toolLpAddTemplateCohort = contract({
  name: 'tool_lp_add_template_cohort',
  component: TOOL,
  description:
    "Beyond Moodle's web services (tool_lp's template cohorts form): link a cohort to a visible template and create a plan for each member who has none from it (members whose plan was unlinked count as having one). Answers how many plans were created.",
  type: 'write',
  loginRequired: true,
  capabilities: TEMPLATE_MANAGE,
  args: z.strictObject({ templateid: wsInt, cohortid: wsInt }),
  returns: z.object({ plancount: z.number() }),
});

export const toolLpRemoveTemplateCohort = contract({
  name: 'tool_lp_remove_template_cohort',
  component: TOOL,
  description: "Beyond Moodle's web services: unlink a cohort from a template. Plans already created are kept.",
  type: 'write',
  loginRequired: true,
  capabilities: TEMPLATE_MANAGE,
  args: z.strictObject({ templateid: wsInt, cohortid: wsInt }),
  returns: z.boolean(),
});

export const toolLpSearchCohorts = contract({
  name: 'tool_lp_search_cohorts',
  component: TOOL,
  description: 'Cohorts whose name or id number contains the text, in a context and its parents (or only it, or every context), among those the caller may view or manage there.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/cohort:view', 'moodle/cohort:manage'],
  args: z.strictObject({
    query: z.string().max(255),
    context: contextParamSchema,
    includes: z.enum(['self', 'parents', 'all']).default('parents'),
    limitfrom: wsInt.pipe(z.number().int().min(0)).default(0),
    limitnum: wsInt.pipe(z.number().int().min(1).max(100)).default(25),
  }),
  returns: z.object({ cohorts: z.array(cohortSummarySchema) }),
});

// ---- plans ----

export const coreCompetencyCreatePlan = contract({
  name: 'core_competency_create_plan',
  component: CORE,
  description: 'Create a plan for a user (never complete, never from a template this way); the caller must be allowed to manage plans in that status.',
  type: 'write',
  loginRequired: true,
  capabilities: PLAN_MANAGE_CAPS,
  args: z.strictObject({
    plan: z.strictObject({
      name,
      description: description.default(''),
      descriptionformat: textFormat.default(1),
      userid: wsInt,
      status: wsInt.pipe(z.number().int().refine((s) => [0, 1, 3, 4].includes(s))).default(0),
      duedate: dueDate.default(0),
    }),
  }),
  returns: planSchema,
});

export const coreCompetencyUpdatePlan = contract({
  name: 'core_competency_update_plan',
  component: CORE,
  description: 'Change the name, description or due date of a plan that is neither complete nor based on a template.',
  type: 'write',
  loginRequired: true,
  capabilities: PLAN_MANAGE_CAPS,
  args: z.strictObject({ plan: z.strictObject({ id: wsInt, name: name.optional(), description: description.optional(), descriptionformat: textFormat.optional(), duedate: dueDate.optional() }) }),
  returns: planSchema,
});

export const coreCompetencyReadPlan = contract({
  name: 'core_competency_read_plan',
  component: CORE,
  description: 'One plan with the actions its status allows the caller.',
  type: 'read',
  loginRequired: true,
  capabilities: PLAN_READ_CAPS,
  args: z.strictObject({ id: wsInt }),
  returns: planSchema,
});

export const coreCompetencyDeletePlan = contract({
  name: 'core_competency_delete_plan',
  component: CORE,
  description: 'Delete a plan in any status with its competencies and frozen ratings.',
  type: 'write',
  loginRequired: true,
  capabilities: PLAN_MANAGE_CAPS,
  args: z.strictObject({ id: wsInt }),
  returns: z.boolean(),
});

export const coreCompetencyListUserPlans = contract({
  name: 'core_competency_list_user_plans',
  component: CORE,
  description: "A user's plans the caller may read, by name.",
  type: 'read',
  loginRequired: true,
  capabilities: PLAN_READ_CAPS,
  args: z.strictObject({ userid: wsInt }),
  returns: z.array(planSchema),
});

const planidArgs = z.strictObject({ planid: wsInt });
const idArgs = z.strictObject({ id: wsInt });

export const coreCompetencyCompletePlan = contract({
  name: 'core_competency_complete_plan',
  component: CORE,
  description: "Complete a plan that is not complete: its competencies' ratings are frozen into the plan.",
  type: 'write',
  loginRequired: true,
  capabilities: PLAN_MANAGE_CAPS,
  args: planidArgs,
  returns: z.boolean(),
});

export const coreCompetencyReopenPlan = contract({
  name: 'core_competency_reopen_plan',
  component: CORE,
  description: 'Reopen a complete plan: it becomes active, the frozen ratings go, and a due date within 10 minutes is cleared.',
  type: 'write',
  loginRequired: true,
  capabilities: PLAN_MANAGE_CAPS,
  args: planidArgs,
  returns: z.boolean(),
});

export const coreCompetencyUnlinkPlanFromTemplate = contract({
  name: 'core_competency_unlink_plan_from_template',
  component: CORE,
  description: "Detach a plan (not complete) from its template, copying the template's competencies into it; true without change for a plan not based on a template.",
  type: 'write',
  loginRequired: true,
  capabilities: PLAN_MANAGE_CAPS,
  args: planidArgs,
  returns: z.boolean(),
});

function transition(methodname: string, text: string) {
  return contract({ name: methodname, component: CORE, description: text, type: 'write', loginRequired: true, capabilities: REVIEW_CAPS, args: idArgs, returns: z.boolean() });
}

export const coreCompetencyPlanRequestReview = transition('core_competency_plan_request_review', 'Ask for a draft plan to be reviewed (draft → waiting for review). Not for plans based on a template.');
export const coreCompetencyPlanCancelReviewRequest = transition('core_competency_plan_cancel_review_request', 'Withdraw a review request (waiting for review → draft).');
export const coreCompetencyPlanStartReview = transition('core_competency_plan_start_review', 'Start reviewing a plan waiting for review; the caller becomes its reviewer.');
export const coreCompetencyPlanStopReview = transition('core_competency_plan_stop_review', 'Stop reviewing a plan (in review → draft); the reviewer is cleared.');
export const coreCompetencyApprovePlan = transition('core_competency_approve_plan', 'Approve a draft, waiting or in-review plan: it becomes active.');
export const coreCompetencyUnapprovePlan = transition('core_competency_unapprove_plan', 'Send an active plan back to draft.');

const planLink = z.strictObject({ planid: wsInt, competencyid: wsInt });

export const coreCompetencyAddCompetencyToPlan = contract({
  name: 'core_competency_add_competency_to_plan',
  component: CORE,
  description: "Add a competency last in a plan (true also when it is there). Refused for plans based on a template, complete plans and hidden frameworks' competencies.",
  type: 'write',
  loginRequired: true,
  capabilities: PLAN_MANAGE_CAPS,
  args: planLink,
  returns: z.boolean(),
});

export const coreCompetencyRemoveCompetencyFromPlan = contract({
  name: 'core_competency_remove_competency_from_plan',
  component: CORE,
  description: 'Remove a competency from a plan that is neither complete nor based on a template.',
  type: 'write',
  loginRequired: true,
  capabilities: PLAN_MANAGE_CAPS,
  args: planLink,
  returns: z.boolean(),
});

export const coreCompetencyReorderPlanCompetency = contract({
  name: 'core_competency_reorder_plan_competency',
  component: CORE,
  description: 'Move a competency of a plan to the place of another.',
  type: 'write',
  loginRequired: true,
  capabilities: PLAN_MANAGE_CAPS,
  args: z.strictObject({ planid: wsInt, ...reorderArgs }),
  returns: z.boolean(),
});

export const planCompetencySchema = z.object({
  competency: competencySchema,
  usercompetency: userCompetencySchema.optional(),
  usercompetencyplan: userCompetencyPlanSchema.optional(),
});

export const coreCompetencyListPlanCompetencies = contract({
  name: 'core_competency_list_plan_competencies',
  component: CORE,
  description: "A plan's competencies with the owner's live rating (usercompetency, unsaved with id 0 when there is none) or, for a complete plan, the frozen one (usercompetencyplan).",
  type: 'read',
  loginRequired: true,
  capabilities: PLAN_READ_CAPS,
  args: idArgs,
  returns: z.array(planCompetencySchema),
});

export const coreCompetencyPlanViewed = contract({
  name: 'core_competency_plan_viewed',
  component: CORE,
  description: "Beyond Moodle's web services (its plan page logs it): logs that the caller viewed a plan.",
  type: 'write',
  loginRequired: true,
  capabilities: PLAN_READ_CAPS,
  args: idArgs,
  returns: z.boolean(),
});

export const toolLpDataForPlansPage = contract({
  name: 'tool_lp_data_for_plans_page',
  component: TOOL,
  description: "A user's learning plans page: the plans the caller may read, and what else they may do for that user.",
  type: 'read',
  loginRequired: true,
  capabilities: PLAN_READ_CAPS,
  args: z.strictObject({ userid: wsInt }),
  returns: z.object({
    userid: z.number(),
    user: userSummarySchema,
    plans: z.array(planSchema),
    pluginbaseurl: z.string(),
    navigation: z.array(z.string()),
    canreaduserevidence: z.boolean(),
    canmanageuserplans: z.boolean(),
  }),
});

export const toolLpDataForPlanPage = contract({
  name: 'tool_lp_data_for_plan_page',
  component: TOOL,
  description: "A plan's page: the plan, its competencies with paths, ratings and linked courses, and how many are proficient.",
  type: 'read',
  loginRequired: true,
  capabilities: PLAN_READ_CAPS,
  args: z.strictObject({ planid: wsInt }),
  returns: z.object({
    plan: planSchema,
    user: userSummarySchema,
    contextid: z.number(),
    pluginbaseurl: z.string(),
    competencies: z.array(
      linkedCompetencySchema.extend({
        usercompetency: userCompetencySchema.optional(),
        usercompetencyplan: userCompetencyPlanSchema.optional(),
        linkedcourses: z.array(courseSummarySchema),
      }),
    ),
    competencycount: z.number(),
    proficientcompetencycount: z.number(),
    proficientcompetencypercentage: z.number(),
    canreaduserevidence: z.boolean(),
  }),
});
