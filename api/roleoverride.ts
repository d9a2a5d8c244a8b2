import { z } from 'zod';
import { contract } from './contract';
import { wsInt } from './types';

/** A context as the role screens show it, with the trail of its parents for the breadcrumb. */
export const roleContextSchema = z.object({
  id: z.number(),
  contextlevel: z.number(),
  instanceid: z.number(),
  /** Its own name ("Introduction to Biology"). */
  name: z.string(),
  /** Its labelled name ("Course: Introduction to Biology"). */
  label: z.string(),
  /** The contexts above it and itself, outermost first, each with its page (empty when it has none). */
  trail: z.array(z.object({ id: z.number(), contextlevel: z.number(), name: z.string(), url: z.string() })),
});

const overrideRoleSchema = z.object({
  id: z.number(),
  shortname: z.string(),
  name: z.string(),
  /** The caller may change this role's permissions here. */
  overridable: z.boolean(),
});

export const coreRoleGetPermissionOverrides = contract({
  name: 'core_role_get_permission_overrides',
  component: 'core_role',
  description:
    'The permission manager of a context: every capability that can be overridden there (optionally filtered by text in its name or human name), with its risks and the roles allowed and prohibited there, whether each prohibit can be removed here, and the roles the caller may override. Changes go through /admin/roles/ajax.php.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/role:review', 'moodle/role:override', 'moodle/role:safeoverride'],
  args: z.strictObject({
    contextid: wsInt,
    search: z.string().max(255).default(''),
  }),
  returns: z.object({
    context: roleContextSchema,
    /** moodle/role:override here: every capability may be changed. */
    canoverride: z.boolean(),
    /** moodle/role:safeoverride here: capabilities without unsafe risks may be changed. */
    cansafeoverride: z.boolean(),
    roles: z.array(overrideRoleSchema),
    capabilities: z.array(
      z.object({
        name: z.string(),
        displayname: z.string(),
        riskbitmask: z.number(),
        /** String ids (core_role) of the risks: riskmanagetrust, riskconfig, riskxss, riskpersonal, riskspam, riskdataloss. */
        risks: z.array(z.string()),
        /** The caller may change this capability's overrides here. */
        canchange: z.boolean(),
        allowed: z.array(z.number()),
        prohibited: z.array(z.object({ roleid: z.number(), removable: z.boolean() })),
      }),
    ),
  }),
});

export const coreRoleGetReviewAccess = contract({
  name: 'core_role_get_review_access',
  component: 'core_role',
  description:
    'Whether the caller may open the permission pages of a course, activity, category or the system (moodle/role:review there) and assign roles there (moodle/role:assign), and the context id to open them with; for links in menus. The pages check again.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/role:review'],
  args: z.strictObject({
    contextlevel: z.enum(['system', 'coursecat', 'course', 'module']),
    instanceid: wsInt.default(0),
  }),
  returns: z.object({ contextid: z.number(), canreview: z.boolean(), canassign: z.boolean() }),
});

const decisionSchema = z.object({
  roleid: z.number(),
  rolename: z.string(),
  contextid: z.number(),
  contextname: z.string(),
  /** 1 allow, -1 prevent, -1000 prohibit. */
  permission: z.number(),
});

export const coreRoleCheckUserPermissions = contract({
  name: 'core_role_check_user_permissions',
  component: 'core_role',
  description:
    "Check permissions: for one user in a context, per capability that applies there, whether they have it and why — site administrator, a prohibit (which role, in which context), the roles whose nearest value allows or prevents it, or nothing set — and the roles that count for them there.",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/role:review'],
  args: z.strictObject({
    contextid: wsInt,
    /** 0: no user yet — only the context is answered (for the page's heading). */
    userid: wsInt.default(0),
  }),
  returns: z.object({
    context: roleContextSchema,
    user: z.object({ id: z.number(), fullname: z.string() }).nullable(),
    /** The roles that count for the user here and where each is held (implicit ones at the system context). */
    roles: z.array(decisionSchema),
    capabilities: z.array(
      z.object({
        name: z.string(),
        displayname: z.string(),
        risks: z.array(z.string()),
        hascapability: z.boolean(),
        reason: z.enum(['siteadmin', 'guestrisky', 'deleteduser', 'prohibited', 'allowed', 'prevented', 'notset']),
        decisions: z.array(decisionSchema),
      }),
    ),
  }),
});

export const coreRoleSearchContextUsers = contract({
  name: 'core_role_search_context_users',
  component: 'core_role',
  description:
    'Users to check permissions for in a context, by name: in a course or activity those enrolled in the course or holding a role there or above; in a category those holding a role there or above; in the system every user. At most `limit` (≤ 50), ordered by name.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/role:review'],
  args: z.strictObject({
    contextid: wsInt,
    search: z.string().max(255).default(''),
    limit: wsInt.pipe(z.number().min(1).max(50)).default(20),
  }),
  returns: z.array(z.object({ id: z.number(), fullname: z.string() })),
});
