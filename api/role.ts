import { z } from 'zod';
import { contract } from './contract';
import { identityValuesShape } from './identity';
import { wsInt } from './types';

/** Permission values as Moodle stores them: inherit 0 (no row), allow 1, prevent -1, prohibit -1000. */
export const permissionSchema = z.literal([0, 1, -1, -1000]);
export type PermissionValue = z.infer<typeof permissionSchema>;

/** The archetypes a role may have; '' is "none". */
export const ROLE_ARCHETYPES = ['', 'manager', 'coursecreator', 'editingteacher', 'teacher', 'student', 'guest', 'user', 'frontpage'] as const;
export const archetypeSchema = z.enum(ROLE_ARCHETYPES);

/** Context levels where roles may be assigned, in Moodle's order. */
export const ASSIGNABLE_CONTEXT_LEVELS = [10, 30, 40, 50, 70, 80] as const;
const contextLevelSchema = wsInt.pipe(z.literal(ASSIGNABLE_CONTEXT_LEVELS));

export const roleListItemSchema = z.object({
  id: z.number(),
  shortname: z.string(),
  /** The name people see (the standard name when the role has none of its own). */
  name: z.string(),
  description: z.string(),
  archetype: z.string(),
  sortorder: z.number(),
  /** Users holding the role anywhere. */
  usercount: z.number(),
  /** Permission overrides of the role below the system context. */
  overridecount: z.number(),
  /** A site setting names this role (default user role, guest role, …): it cannot be deleted. */
  required: z.boolean(),
});

export const coreRoleListRoles = contract({
  name: 'core_role_list_roles',
  component: 'core_role',
  description: 'Every role in sort order, with its archetype, how many users hold it, and whether the site needs it.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/role:manage'],
  args: z.strictObject({}),
  returns: z.object({ roles: z.array(roleListItemSchema) }),
});

export const roleCapabilitySchema = z.object({
  name: z.string(),
  /** The human name ("Assign roles to users"), or the capability name when it has none. */
  displayname: z.string(),
  component: z.string(),
  contextlevel: z.number(),
  captype: z.string(),
  /** Risk string ids (core_role): riskxss, riskconfig, … */
  risks: z.array(z.string()),
  /** The role's value at the system context. */
  permission: permissionSchema,
});

export const roleDefinitionSchema = z.object({
  role: z.object({
    /** 0 for a role that does not exist yet (the defaults of an archetype). */
    id: z.number(),
    shortname: z.string(),
    /** The role's own name (empty for the standard roles, which take theirs from the language pack). */
    name: z.string(),
    displayname: z.string(),
    description: z.string(),
    archetype: z.string(),
    required: z.boolean(),
  }),
  contextlevels: z.array(z.number()),
  capabilities: z.array(roleCapabilitySchema),
  /** The capabilities the caller may set to Allow (admins: all); nobody raises their own rights. */
  cangrant: z.union([z.literal('all'), z.array(z.string())]),
});

export const coreRoleGetRoleDefinition = contract({
  name: 'core_role_get_role_definition',
  component: 'core_role',
  description:
    "A role's fields, the context levels where it may be assigned and its permission for every capability at the system context, with human names and risks. With roleid 0, the defaults of the given archetype (for a new role). search filters the capabilities by name or human name.",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/role:manage'],
  args: z.strictObject({
    roleid: wsInt.pipe(z.number().min(0)),
    archetype: archetypeSchema.default(''),
    search: z.string().max(255).default(''),
  }),
  returns: roleDefinitionSchema,
});

const roleFieldsShape = {
  shortname: z.string().max(100),
  name: z.string().max(255).default(''),
  description: z.string().max(10000).default(''),
  archetype: archetypeSchema,
  contextlevels: z.array(contextLevelSchema).max(ASSIGNABLE_CONTEXT_LEVELS.length),
  /** Only the capabilities listed change; value 0 removes the role's permission (Not set). */
  permissions: z.array(z.strictObject({ capability: z.string().max(255), permission: wsInt.pipe(permissionSchema) })).default([]),
};

export const coreRoleCreateRole = contract({
  name: 'core_role_create_role',
  component: 'core_role',
  description:
    "Creates a role with its context levels and system permissions; it gets its archetype's allow-assign and allow-override defaults. Short name and name must be unused. Nobody may allow a capability they lack.",
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/role:manage'],
  args: z.strictObject(roleFieldsShape),
  returns: z.object({ id: z.number() }),
});

export const coreRoleUpdateRole = contract({
  name: 'core_role_update_role',
  component: 'core_role',
  description: "Changes a role's fields, context levels and the listed system permissions. Nobody may allow a capability they lack.",
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/role:manage'],
  args: z.strictObject({ roleid: wsInt, ...roleFieldsShape }),
  returns: z.null(),
});

export const coreRoleResetRole = contract({
  name: 'core_role_reset_role',
  component: 'core_role',
  description:
    "Puts a role's system permissions, context levels and allow-assign/allow-override rows back to its archetype's defaults (all cleared for a role without archetype).",
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/role:manage'],
  args: z.strictObject({ roleid: wsInt }),
  returns: z.null(),
});

export const coreRoleDeleteRole = contract({
  name: 'core_role_delete_role',
  component: 'core_role',
  description: 'Deletes a role with its assignments, permissions and allow rows. Roles named by site settings cannot be deleted.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/role:manage'],
  args: z.strictObject({ roleid: wsInt }),
  returns: z.null(),
});

export const coreRoleMoveRole = contract({
  name: 'core_role_move_role',
  component: 'core_role',
  description: 'Moves a role one place up or down the sort order.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/role:manage'],
  args: z.strictObject({ roleid: wsInt, direction: z.enum(['up', 'down']) }),
  returns: z.null(),
});

export const allowModeSchema = z.enum(['assign', 'override']);
const allowPairSchema = z.strictObject({ roleid: wsInt, targetid: wsInt });

export const coreRoleGetAllowMatrix = contract({
  name: 'core_role_get_allow_matrix',
  component: 'core_role',
  description: 'The allow-assign or allow-override matrix: which roles holders of each role may assign or override.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/role:manage'],
  args: z.strictObject({ mode: allowModeSchema }),
  returns: z.object({
    roles: z.array(z.object({ id: z.number(), shortname: z.string(), name: z.string() })),
    allowed: z.array(z.object({ roleid: z.number(), targetid: z.number() })),
  }),
});

export const coreRoleSetAllowMatrix = contract({
  name: 'core_role_set_allow_matrix',
  component: 'core_role',
  description: 'Replaces the allow-assign or allow-override matrix with the given pairs.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/role:manage'],
  args: z.strictObject({ mode: allowModeSchema, allowed: z.array(allowPairSchema).max(10000) }),
  returns: z.null(),
});

export const contextSummarySchema = z.object({
  id: z.number(),
  contextlevel: z.number(),
  instanceid: z.number(),
  /** "System", "Category: Science", "Course: Biology", "Activity: Week 1 quiz". */
  name: z.string(),
  /** Where the context's own page is (empty for the system context). */
  url: z.string(),
  /** The course the context is in or is (0 for system and categories). */
  courseid: z.number(),
});

export const coreRoleGetContextRoles = contract({
  name: 'core_role_get_context_roles',
  component: 'core_role',
  description: 'The roles the caller may assign in a context, each with the number of users holding it there.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/role:assign'],
  args: z.strictObject({ contextid: wsInt }),
  returns: z.object({
    context: contextSummarySchema,
    roles: z.array(z.object({ id: z.number(), shortname: z.string(), name: z.string(), description: z.string(), count: z.number() })),
  }),
});

const personSchema = z.object({ id: z.number(), fullname: z.string(), ...identityValuesShape });

export const coreRoleListRoleUsers = contract({
  name: 'core_role_list_role_users',
  component: 'core_role',
  description: 'The users holding a role in a context (assigned there, not above), paged.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/role:assign'],
  args: z.strictObject({
    contextid: wsInt,
    roleid: wsInt,
    page: wsInt.pipe(z.number().min(0)).default(0),
    perpage: wsInt.pipe(z.number().min(1).max(100)).default(20),
  }),
  returns: z.object({ total: z.number(), users: z.array(personSchema.extend({ removable: z.boolean() })) }),
});

export const coreRoleSearchAssignableUsers = contract({
  name: 'core_role_search_assignable_users',
  component: 'core_role',
  description:
    'Users who could be given the role in the context and do not hold it there yet: the enrolled users in a course or activity, any user in the system or a category. Matches names and the identity fields the caller sees.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/role:assign'],
  args: z.strictObject({
    contextid: wsInt,
    roleid: wsInt,
    search: z.string().max(255).default(''),
    page: wsInt.pipe(z.number().min(0)).default(0),
    perpage: wsInt.pipe(z.number().min(1).max(100)).default(20),
  }),
  returns: z.object({ users: z.array(personSchema), more: z.boolean() }),
});

/** Moodle's context level names in core_role_assign_roles. */
const contextLevelNameSchema = z.enum(['system', 'user', 'coursecat', 'course', 'module', 'block']);

const assignmentSchema = z
  .strictObject({
    roleid: wsInt,
    userid: wsInt,
    contextid: wsInt.optional(),
    contextlevel: contextLevelNameSchema.optional(),
    instanceid: wsInt.optional(),
  })
  .refine((a) => a.contextid !== undefined || (a.contextlevel !== undefined && a.instanceid !== undefined), {
    message: 'contextid, or contextlevel and instanceid, are required',
  });

export const coreRoleAssignRoles = contract({
  name: 'core_role_assign_roles',
  component: 'core_role',
  description: 'Assigns roles to users in contexts (by contextid, or contextlevel and instanceid); each role must be one the caller may assign there.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/role:assign'],
  args: z.strictObject({ assignments: z.array(assignmentSchema).min(1) }),
  returns: z.null(),
});

export const coreRoleUnassignRoles = contract({
  name: 'core_role_unassign_roles',
  component: 'core_role',
  description: 'Removes manual role assignments; each role must be one the caller may assign in that context.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/role:assign'],
  args: z.strictObject({ unassignments: z.array(assignmentSchema).min(1) }),
  returns: z.null(),
});
