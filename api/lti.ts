import { z } from 'zod';
import { contract } from './contract';
import { moduleGroupSettings } from './courseformat';
import { warningSchema, wsBool, wsInt } from './types';

const C = 'mod_lti';
const SITE_CONFIG = ['moodle/site:config'];

/** Tool type states (ws-admin-activity.md §7.1). */
export const LTI_TOOL_STATE_CONFIGURED = 1;
export const LTI_TOOL_STATE_PENDING = 2;
export const LTI_TOOL_STATE_REJECTED = 3;

/** Launch containers: 1 the tool's default, 2 embedded, 3 embedded without blocks, 4 new window, 5 same window. */
export const LTI_LAUNCH_CONTAINERS = [1, 2, 3, 4, 5] as const;

/** Only absolute http and https addresses. */
const webUrl = z
  .string()
  .trim()
  .max(1333)
  .refine((value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol), 'An http or https address is required');
const optionalWebUrl = z.union([z.literal(''), webUrl]);

/** A tool card as the administration page shows it (§7.2). */
export const toolTypeCardSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  ltiversion: z.string(),
  urls: z.object({ icon: z.string(), edit: z.string(), course: z.string().optional() }),
  state: z.object({ text: z.string(), pending: z.boolean(), configured: z.boolean(), rejected: z.boolean(), unknown: z.boolean() }),
  hascapabilitygroups: z.boolean(),
  capabilitygroups: z.array(z.string()),
  courseid: z.number(),
  instanceids: z.array(z.number()),
  instancecount: z.number(),
  platformid: z.string().optional(),
  clientid: z.string().optional(),
  deploymentid: z.string().optional(),
});
export type ToolTypeCard = z.infer<typeof toolTypeCardSchema>;

export const modLtiGetToolTypes = contract({
  name: 'mod_lti_get_tool_types',
  component: C,
  description: 'The site tool types as cards (newest and pending first); with a tool proxy id, only the types that proxy created.',
  type: 'read',
  loginRequired: true,
  capabilities: SITE_CONFIG,
  args: z.strictObject({ toolproxyid: wsInt.default(0) }),
  returns: z.array(toolTypeCardSchema),
});

export const modLtiCreateToolType = contract({
  name: 'mod_lti_create_tool_type',
  component: C,
  description: 'Creates an active site tool type from a basic LTI link cartridge fetched from the URL, with an optional consumer key and secret.',
  type: 'write',
  loginRequired: true,
  capabilities: SITE_CONFIG,
  args: z.strictObject({ cartridgeurl: z.string().trim().max(1333).default(''), key: z.string().max(255).default(''), secret: z.string().max(255).default('') }),
  returns: toolTypeCardSchema,
});

export const modLtiUpdateToolType = contract({
  name: 'mod_lti_update_tool_type',
  component: C,
  description: "Changes a tool type's name, description or state (1 configured, 2 pending, 3 rejected); empty values are left as they were.",
  type: 'write',
  loginRequired: true,
  capabilities: SITE_CONFIG,
  args: z.strictObject({ id: wsInt, name: z.string().max(255).nullable().default(null), description: z.string().max(10000).nullable().default(null), state: wsInt.nullable().default(null) }),
  returns: toolTypeCardSchema,
});

export const modLtiDeleteToolType = contract({
  name: 'mod_lti_delete_tool_type',
  component: C,
  description: "Deletes a tool type (and its tool proxy when that was the proxy's last type); the id is echoed even when unknown.",
  type: 'write',
  loginRequired: true,
  capabilities: SITE_CONFIG,
  args: z.strictObject({ id: wsInt }),
  returns: z.object({ id: z.number() }),
});

export const modLtiIsCartridge = contract({
  name: 'mod_lti_is_cartridge',
  component: C,
  description: 'Whether the URL is a basic LTI link cartridge: an .xml address, or a document that names a launch URL.',
  type: 'read',
  loginRequired: true,
  capabilities: SITE_CONFIG,
  args: z.strictObject({ url: z.string().trim().max(1333) }),
  returns: z.object({ iscartridge: z.boolean() }),
});

export const toolProxyCardSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  urls: z.object({ icon: z.string() }),
  state: z.object({ text: z.string(), pending: z.boolean(), configured: z.boolean(), rejected: z.boolean(), unknown: z.boolean() }),
  hascapabilitygroups: z.boolean(),
  capabilitygroups: z.array(z.string()),
  courseid: z.number(),
  instanceids: z.array(z.number()),
  instancecount: z.number(),
});
export type ToolProxyCard = z.infer<typeof toolProxyCardSchema>;

export const modLtiGetToolProxies = contract({
  name: 'mod_lti_get_tool_proxies',
  component: C,
  description: 'The LTI 2 tool proxies as cards; with orphanedonly, only proxies no tool type points to.',
  type: 'read',
  loginRequired: true,
  capabilities: SITE_CONFIG,
  args: z.strictObject({ orphanedonly: wsBool.default(false) }),
  returns: z.array(toolProxyCardSchema),
});

/** A tool proxy record; the secret is never answered. */
export const toolProxySchema = z.object({
  id: z.number(),
  name: z.string(),
  regurl: z.string(),
  state: z.number(),
  guid: z.string(),
  vendorcode: z.string(),
  capabilityoffered: z.string(),
  serviceoffered: z.string(),
  timecreated: z.number(),
  timemodified: z.number(),
});

export const modLtiCreateToolProxy = contract({
  name: 'mod_lti_create_tool_proxy',
  component: C,
  description: 'Starts an LTI 2 registration: a pending tool proxy for the registration URL, offering the given (or all supported) capabilities and services.',
  type: 'write',
  loginRequired: true,
  capabilities: SITE_CONFIG,
  args: z.strictObject({ name: z.string().max(255).default(''), regurl: webUrl, capabilityoffered: z.array(z.string().max(255)).default([]), serviceoffered: z.array(z.string().max(255)).default([]) }),
  returns: toolProxySchema,
});

export const modLtiDeleteToolProxy = contract({
  name: 'mod_lti_delete_tool_proxy',
  component: C,
  description: 'Deletes a tool proxy with every tool type it created; answers the proxy as it was.',
  type: 'write',
  loginRequired: true,
  capabilities: SITE_CONFIG,
  args: z.strictObject({ id: wsInt }),
  returns: toolProxySchema,
});

export const modLtiGetToolProxyRegistrationRequest = contract({
  name: 'mod_lti_get_tool_proxy_registration_request',
  component: C,
  description: 'The form fields of the LTI 2 registration request to post to the tool proxy\u2019s registration URL.',
  type: 'read',
  loginRequired: true,
  capabilities: SITE_CONFIG,
  args: z.strictObject({ id: wsInt }),
  returns: z.object({
    lti_message_type: z.string(),
    lti_version: z.string(),
    reg_key: z.string(),
    reg_password: z.string(),
    reg_url: z.string(),
    tc_profile_url: z.string(),
    launch_presentation_return_url: z.string(),
  }),
});

/** A manually configured site tool: LTI 1.1 (key and secret) or LTI 1.3 (client id, keyset, login and redirection URLs). */
export const toolSettingsSchema = z.object({
  name: z.string().trim().min(1).max(255),
  baseurl: webUrl,
  description: z.string().max(10000).default(''),
  ltiversion: z.enum(['LTI-1p0', '1.3.0']),
  resourcekey: z.string().max(255).default(''),
  /** Empty on update keeps the stored secret. */
  password: z.string().max(255).default(''),
  publickeyseturl: optionalWebUrl.default(''),
  initiatelogin: optionalWebUrl.default(''),
  redirectionuris: z.string().max(5000).default(''),
  parameter: z.string().max(5000).default(''),
  sendname: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(2),
  sendemailaddr: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(2),
  acceptgrades: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(2),
  launchcontainer: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]).default(3),
  icon: optionalWebUrl.default(''),
  /** LTI 1.3: the tool takes deep-linking requests (teachers choose content in the tool), at this URL or else its tool URL. */
  contentitem: z.union([z.literal(0), z.literal(1)]).default(0),
  contentitemurl: optionalWebUrl.default(''),
});

export const modLtiSaveToolType = contract({
  name: 'mod_lti_save_tool_type',
  component: C,
  description: 'Creates (id 0) or updates a manually configured site tool; a saved secret is kept when none is sent. A new LTI 1.3 tool gets a client id.',
  type: 'write',
  loginRequired: true,
  capabilities: SITE_CONFIG,
  args: z.strictObject({ id: wsInt.default(0), ...toolSettingsSchema.shape }),
  returns: toolTypeCardSchema,
});

export const modLtiGetToolTypeSettings = contract({
  name: 'mod_lti_get_tool_type_settings',
  component: C,
  description: 'The settings of a site tool for its edit form; the secret is only said to be set, never answered.',
  type: 'read',
  loginRequired: true,
  capabilities: SITE_CONFIG,
  args: z.strictObject({ id: wsInt }),
  returns: z.object({
    id: z.number(),
    ...toolSettingsSchema.shape,
    password: z.literal(''),
    hassecret: z.boolean(),
    clientid: z.string(),
    deploymentid: z.string(),
    platform: z.object({ issuer: z.string(), jwksurl: z.string(), authurl: z.string(), tokenurl: z.string() }),
  }),
});

// ---- Course tools (mod/lti:addcoursetool) ----

const ADD_COURSE_TOOL = ['mod/lti:addcoursetool'];

/** A tool configured by a teacher for one course: offered in that course's activities only. */
export const courseToolSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  ltiversion: z.string(),
  baseurl: z.string(),
  /** How many activities of the course use it. */
  instancecount: z.number(),
  timemodified: z.number(),
});

export const modLtiGetCourseToolTypes = contract({
  name: 'mod_lti_get_course_tool_types',
  component: C,
  description: "The tools configured for one course (course-level tool types), for the course's tool management page; never secrets.",
  type: 'read',
  loginRequired: true,
  capabilities: ADD_COURSE_TOOL,
  args: z.strictObject({ courseid: wsInt }),
  returns: z.array(courseToolSchema),
});

export const modLtiSaveCourseToolType = contract({
  name: 'mod_lti_save_course_tool_type',
  component: C,
  description: 'Creates (id 0) or updates a tool that exists only in this course; a tool of another course or of the site is refused. A saved secret is kept when none is sent.',
  type: 'write',
  loginRequired: true,
  capabilities: ADD_COURSE_TOOL,
  args: z.strictObject({ courseid: wsInt, id: wsInt.default(0), ...toolSettingsSchema.shape }),
  returns: courseToolSchema,
});

export const modLtiGetCourseToolTypeSettings = contract({
  name: 'mod_lti_get_course_tool_type_settings',
  component: C,
  description: "The settings of one of this course's tools for its edit form; the secret is only said to be set.",
  type: 'read',
  loginRequired: true,
  capabilities: ADD_COURSE_TOOL,
  args: z.strictObject({ courseid: wsInt, id: wsInt }),
  returns: modLtiGetToolTypeSettings.returns,
});

export const modLtiDeleteCourseToolType = contract({
  name: 'mod_lti_delete_course_tool_type',
  component: C,
  description: "Deletes a course tool (checked in the tool's own course); site tools are refused. Answers true.",
  type: 'write',
  loginRequired: true,
  capabilities: ADD_COURSE_TOOL,
  args: z.strictObject({ tooltypeid: wsInt }),
  returns: z.boolean(),
});

// ---- The activity ----

/** A tool an editing teacher can pick for an activity. */
export const modLtiGetCourseTools = contract({
  name: 'mod_lti_get_course_tools',
  component: C,
  description: "The configured site tools and the course's own tools offered for activities in a course (name, version, launch URL; never secrets).",
  type: 'read',
  loginRequired: true,
  capabilities: ['mod/lti:addinstance'],
  args: z.strictObject({ courseid: wsInt }),
  /** deeplinking: the tool can be asked to choose the content of a new activity (`/mod/lti/contentitem.php`). */
  returns: z.array(z.object({ id: z.number(), name: z.string(), ltiversion: z.string(), baseurl: z.string(), description: z.string(), deeplinking: z.boolean() })),
});

const activitySettings = {
  name: z.string().trim().min(1).max(255),
  intro: z.string().default(''),
  /** A configured site tool, or 0 for a manual launch URL (matched to a tool by domain when one fits). */
  typeid: wsInt.default(0),
  toolurl: optionalWebUrl.default(''),
  resourcekey: z.string().max(255).default(''),
  /** Empty on update keeps the stored secret. */
  password: z.string().max(255).default(''),
  instructorcustomparameters: z.string().max(5000).default(''),
  launchcontainer: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]).default(1),
  instructorchoicesendname: z.union([z.literal(0), z.literal(1)]).default(1),
  instructorchoicesendemailaddr: z.union([z.literal(0), z.literal(1)]).default(1),
  /** Whether the tool may send grades (when the tool leaves it to the teacher), and out of how many points. */
  instructorchoiceacceptgrades: z.union([z.literal(0), z.literal(1)]).default(1),
  grade: wsInt.pipe(z.number().int().min(1).max(10000)).default(100),
};

export const modLtiAddInstance = contract({
  name: 'mod_lti_add_instance',
  component: C,
  description: 'Adds an external tool activity to a section of a course (by section number).',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:manageactivities', 'mod/lti:addinstance'],
  args: z.strictObject({ courseid: wsInt, section: wsInt, ...activitySettings, ...moduleGroupSettings }),
  returns: z.object({ cmid: z.number(), instance: z.number() }),
});

export const modLtiUpdateInstance = contract({
  name: 'mod_lti_update_instance',
  component: C,
  description: "Changes an external tool activity's settings; an empty secret keeps the stored one.",
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:manageactivities'],
  args: z.strictObject({ cmid: wsInt, ...activitySettings, ...moduleGroupSettings }),
  returns: z.object({ cmid: z.number(), instance: z.number() }),
});

export const ltiActivitySchema = z.object({
  id: z.number(),
  coursemodule: z.number(),
  course: z.number(),
  name: z.string(),
  intro: z.string(),
  introformat: z.number(),
  typeid: z.number(),
  toolname: z.string(),
  ltiversion: z.string(),
  toolurl: z.string(),
  launchcontainer: z.number(),
  section: z.number(),
  visible: z.boolean(),
  timemodified: z.number(),
});

export const modLtiGetLtisByCourses = contract({
  name: 'mod_lti_get_ltis_by_courses',
  component: C,
  description: 'The external tool activities the user can see in the given courses (all their courses when none are given); refused courses become warnings. Launching checks mod/lti:view.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:viewhiddenactivities'],
  args: z.strictObject({ courseids: z.array(wsInt).default([]) }),
  returns: z.object({ ltis: z.array(ltiActivitySchema), warnings: z.array(warningSchema) }),
});
