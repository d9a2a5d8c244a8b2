import { z } from 'zod';
import { contract } from './contract';
import { identityFieldsSchema, identityValuesShape } from './identity';
import { wsInt } from './types';

const groupName = z.string().trim().min(1, 'a name is required').max(254);
const idnumber = z.string().trim().max(100);

export const groupSchema = z.object({
  id: z.number(),
  courseid: z.number(),
  name: z.string(),
  description: z.string(),
  descriptionformat: z.number(),
  idnumber: z.string(),
  membercount: z.number(),
});

export const coreGroupGetCourseGroups = contract({
  name: 'core_group_get_course_groups',
  component: 'core_group',
  description: "Return a course's groups with their member counts.",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:managegroups', 'moodle/site:accessallgroups'],
  args: z.strictObject({ courseid: wsInt }),
  returns: z.array(groupSchema),
});

export const coreGroupCreateGroups = contract({
  name: 'core_group_create_groups',
  component: 'core_group',
  description: 'Create groups in courses; names and id numbers must be unique within each course.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:managegroups'],
  args: z.strictObject({
    groups: z
      .array(z.strictObject({ courseid: wsInt, name: groupName, description: z.string().max(65535).default(''), descriptionformat: wsInt.default(1), idnumber: idnumber.default('') }))
      .min(1),
  }),
  returns: z.array(z.object({ id: z.number(), courseid: z.number(), name: z.string(), description: z.string(), descriptionformat: z.number(), idnumber: z.string() })),
});

export const coreGroupUpdateGroups = contract({
  name: 'core_group_update_groups',
  component: 'core_group',
  description: 'Rename groups or change their description or id number.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:managegroups'],
  args: z.strictObject({
    groups: z.array(z.strictObject({ id: wsInt, name: groupName, description: z.string().max(65535).optional(), descriptionformat: wsInt.optional(), idnumber: idnumber.optional() })).min(1),
  }),
  returns: z.null(),
});

export const coreGroupDeleteGroups = contract({
  name: 'core_group_delete_groups',
  component: 'core_group',
  description: 'Delete groups and their memberships.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:managegroups'],
  args: z.strictObject({ groupids: z.array(wsInt).min(1) }),
  returns: z.null(),
});

export const coreGroupGetGroupMembers = contract({
  name: 'core_group_get_group_members',
  component: 'core_group',
  description: 'Return the member ids of groups.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:managegroups'],
  args: z.strictObject({ groupids: z.array(wsInt).min(1) }),
  returns: z.array(z.object({ groupid: z.number(), userids: z.array(z.number()) })),
});

const memberList = z.array(z.strictObject({ groupid: wsInt, userid: wsInt })).min(1);

export const coreGroupAddGroupMembers = contract({
  name: 'core_group_add_group_members',
  component: 'core_group',
  description: "Add users to groups; each user must be enrolled in the group's course.",
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:managegroups'],
  args: z.strictObject({ members: memberList }),
  returns: z.null(),
});

export const coreGroupDeleteGroupMembers = contract({
  name: 'core_group_delete_group_members',
  component: 'core_group',
  description: 'Remove users from groups.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:managegroups'],
  args: z.strictObject({ members: memberList }),
  returns: z.null(),
});

/** A member or candidate, with the identity values the caller may see (identityfields names them). */
const personSchema = z.object({ id: z.number(), fullname: z.string(), picture: z.number(), ...identityValuesShape });

export const coreGroupListMembers = contract({
  name: 'core_group_list_members',
  component: 'core_group',
  description:
    "A group's members and, for adding, the course's enrolled users who are not members (at most 100; potentialtotal counts them all). Search matches names and the identity fields the caller sees (\"Show user identity\", with moodle/site:viewuseridentity in the course); identityfields names them.",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:managegroups', 'moodle/site:viewuseridentity'],
  args: z.strictObject({ groupid: wsInt, search: z.string().max(255).default('') }),
  returns: z.object({ members: z.array(personSchema), potential: z.array(personSchema), potentialtotal: z.number(), identityfields: identityFieldsSchema }),
});

export const coreGroupAutoCreate = contract({
  name: 'core_group_auto_create_groups',
  component: 'core_group',
  description:
    "Create groups from a course's enrolled users with a role: either a number of groups or a number of members per group, allocated at random or alphabetically. In the naming scheme @ becomes A, B, … and # becomes 1, 2, …. The new groups can go into an existing grouping (groupingid) or a new one (groupingname).",
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:managegroups'],
  args: z.strictObject({
    courseid: wsInt,
    namingscheme: z.string().trim().min(1).max(200).refine((v) => v.includes('@') || v.includes('#'), 'the naming scheme needs @ or #'),
    groupby: z.enum(['groups', 'members']),
    number: wsInt.pipe(z.number().int().min(1).max(1000)),
    roleid: wsInt.default(0),
    allocation: z.enum(['random', 'firstname', 'lastname']).default('random'),
    preview: z.boolean().default(false),
    /** An existing grouping of the course to put the new groups in (0: none). */
    groupingid: wsInt.default(0),
    /** A new grouping, by this name, to put the new groups in ('': none). */
    groupingname: z.string().trim().max(254).default(''),
  }),
  returns: z.array(z.object({ id: z.number(), name: z.string(), members: z.array(z.object({ id: z.number(), fullname: z.string() })) })),
});

export const coreGroupGetOverview = contract({
  name: 'core_group_get_overview',
  component: 'core_group',
  description: 'The course a groups page is about, and the id of the student role (the usual source of auto-created groups).',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:managegroups'],
  args: z.strictObject({ courseid: wsInt }),
  returns: z.object({ course: z.object({ id: z.number(), fullname: z.string(), shortname: z.string() }), studentroleid: z.number() }),
});

export const coreGroupCopyGroups = contract({
  name: 'core_group_copy_groups',
  component: 'core_group',
  description:
    "Copy another course's groups (names, descriptions, and id numbers where free) into this course, without members. Groups whose name this course already has are skipped. Needs moodle/course:managegroups in both courses.",
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:managegroups'],
  args: z.strictObject({ courseid: wsInt, fromcourseid: wsInt }),
  returns: z.object({
    created: z.array(z.object({ id: z.number(), name: z.string() })),
    skipped: z.array(z.string()),
  }),
});
