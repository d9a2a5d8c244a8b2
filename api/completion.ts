import { z } from 'zod';
import { contract } from './contract';
import { warningSchema, wsBool, wsInt } from './types';

const COMPONENT = 'core_completion';

/** Activity completion tracking: none, the learner ticks it, or its rules decide. */
export const COMPLETION_TRACKING_NONE = 0;
export const COMPLETION_TRACKING_MANUAL = 1;
export const COMPLETION_TRACKING_AUTOMATIC = 2;

/** A learner's state in an activity. */
export const COMPLETION_INCOMPLETE = 0;
export const COMPLETION_COMPLETE = 1;
export const COMPLETION_COMPLETE_PASS = 2;
export const COMPLETION_COMPLETE_FAIL = 3;

const statusResult = z.object({ status: z.boolean(), warnings: z.array(warningSchema) });

export const coreCompletionUpdateActivityCompletionStatusManually = contract({
  name: 'core_completion_update_activity_completion_status_manually',
  component: COMPONENT,
  description: 'Tick or untick an activity with manual completion for the caller, who must be tracked in the course.',
  type: 'write',
  loginRequired: true,
  capabilities: [],
  args: z.strictObject({ cmid: wsInt, completed: wsBool }),
  returns: statusResult,
});

export const completionRuleSchema = z.object({
  rulename: z.string(),
  rulevalue: z.object({ status: z.number(), description: z.string() }),
});

export const activityCompletionStatusSchema = z.object({
  cmid: z.number(),
  modname: z.string(),
  instance: z.number(),
  state: z.number(),
  timecompleted: z.number(),
  tracking: z.number(),
  overrideby: z.number().nullable(),
  valueused: z.boolean(),
  hascompletion: z.boolean(),
  isautomatic: z.boolean(),
  istrackeduser: z.boolean(),
  uservisible: z.boolean(),
  details: z.array(completionRuleSchema),
});
export type ActivityCompletionStatus = z.infer<typeof activityCompletionStatusSchema>;

export const coreCompletionGetActivitiesCompletionStatus = contract({
  name: 'core_completion_get_activities_completion_status',
  component: COMPONENT,
  description: "A user's completion of every activity with completion tracking that they can see in the course; another user's needs report/progress:view.",
  type: 'read',
  loginRequired: true,
  capabilities: ['report/progress:view'],
  args: z.strictObject({ courseid: wsInt, userid: wsInt }),
  returns: z.object({ statuses: z.array(activityCompletionStatusSchema), warnings: z.array(warningSchema) }),
});

export const coreCompletionGetCourseCompletionStatus = contract({
  name: 'core_completion_get_course_completion_status',
  component: COMPONENT,
  description: "A tracked user's completion of the course: complete when every activity with completion tracking is; another user's needs report/progress:view.",
  type: 'read',
  loginRequired: true,
  capabilities: ['report/progress:view'],
  args: z.strictObject({ courseid: wsInt, userid: wsInt }),
  returns: z.object({
    completionstatus: z.object({
      completed: z.boolean(),
      aggregation: z.number(),
      completions: z.array(
        z.object({
          type: z.number(),
          title: z.string(),
          status: z.string(),
          complete: z.boolean(),
          timecompleted: z.number().nullable(),
          details: z.object({ type: z.string(), criteria: z.string(), requirement: z.string(), status: z.string() }),
        }),
      ),
    }),
    warnings: z.array(warningSchema),
  }),
});

export const coreCompletionOverrideActivityCompletionStatus = contract({
  name: 'core_completion_override_activity_completion_status',
  component: COMPONENT,
  description: "Set a tracked learner's completion of an activity by hand (moodle/course:overridecompletion); the rules no longer change it.",
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:overridecompletion'],
  args: z.strictObject({ userid: wsInt, cmid: wsInt, newstate: wsInt.pipe(z.number().int().min(COMPLETION_INCOMPLETE).max(COMPLETION_COMPLETE)) }),
  returns: z.object({
    cmid: z.number(),
    userid: z.number(),
    state: z.number(),
    timecompleted: z.number(),
    overrideby: z.number().nullable(),
    tracking: z.number(),
  }),
});

export const moduleCompletionSettingsSchema = z.object({
  cmid: z.number(),
  name: z.string(),
  modname: z.string(),
  section: z.number(),
  /** The section's own name; empty when it has none. */
  sectionname: z.string(),
  completion: z.number(),
  completionview: z.boolean(),
  /** Whether automatic completion also needs the activity's own rule, and which; null when it has none. */
  ownrule: z.string().nullable(),
  /** The assignment's "students must submit" setting; null for other activities. */
  completionsubmit: z.boolean().nullable(),
});
export type ModuleCompletionSettings = z.infer<typeof moduleCompletionSettingsSchema>;

export const coreCompletionGetModuleSettings = contract({
  name: 'core_completion_get_module_settings',
  component: COMPONENT,
  description: "The completion settings of every activity in the course, in course order, for the bulk editing page (moodle/course:manageactivities).",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:manageactivities'],
  args: z.strictObject({ courseid: wsInt }),
  returns: z.object({ enablecompletion: z.boolean(), modules: z.array(moduleCompletionSettingsSchema) }),
});

export const coreCompletionUpdateModuleSettings = contract({
  name: 'core_completion_update_module_settings',
  component: COMPONENT,
  description:
    'Set the completion of several activities of a course at once: none, manual or automatic, and whether viewing is required; completionsubmit sets the assignments\' "students must submit" rule. Automatic completion needs at least one rule per activity. Learners\' states are re-evaluated.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:manageactivities'],
  args: z.strictObject({
    courseid: wsInt,
    cmids: z.array(wsInt).min(1).max(500),
    completion: wsInt.pipe(z.number().int().min(COMPLETION_TRACKING_NONE).max(COMPLETION_TRACKING_AUTOMATIC)),
    completionview: wsBool.default(false),
    completionsubmit: wsBool.optional(),
  }),
  returns: z.object({ updated: z.number(), warnings: z.array(warningSchema) }),
});
