import { z } from 'zod';
import { contract } from './contract';
import { wsBool, wsInt } from './types';

/** Groupings of core_group: named sets of a course's groups (Moodle's core_group_*grouping* methods). */

const groupingName = z.string().trim().min(1, 'a name is required').max(254);
const idnumber = z.string().trim().max(100);
const description = z.string().max(65535);

export const groupingSchema = z.object({
  id: z.number(),
  courseid: z.number(),
  name: z.string(),
  description: z.string(),
  descriptionformat: z.number(),
  idnumber: z.string(),
});

const groupingGroupSchema = z.object({
  id: z.number(),
  courseid: z.number(),
  name: z.string(),
  description: z.string(),
  descriptionformat: z.number(),
  enrolmentkey: z.string(),
  idnumber: z.string(),
});

export const coreGroupCreateGroupings = contract({
  name: 'core_group_create_groupings',
  component: 'core_group',
  description: 'Create groupings in courses; names and id numbers must be unique within each course.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:managegroups'],
  args: z.strictObject({
    groupings: z
      .array(z.strictObject({ courseid: wsInt, name: groupingName, description: description.default(''), descriptionformat: wsInt.default(1), idnumber: idnumber.default('') }))
      .min(1),
  }),
  returns: z.array(groupingSchema),
});

export const coreGroupUpdateGroupings = contract({
  name: 'core_group_update_groupings',
  component: 'core_group',
  description: 'Rename groupings or change their description or id number.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:managegroups'],
  args: z.strictObject({
    groupings: z.array(z.strictObject({ id: wsInt, name: groupingName, description: description.optional(), descriptionformat: wsInt.optional(), idnumber: idnumber.optional() })).min(1),
  }),
  returns: z.null(),
});

export const coreGroupDeleteGroupings = contract({
  name: 'core_group_delete_groupings',
  component: 'core_group',
  description: 'Delete groupings. Their groups stay in the course; activities that used a deleted grouping work with every group again.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:managegroups'],
  args: z.strictObject({ groupingids: z.array(wsInt).min(1) }),
  returns: z.null(),
});

export const coreGroupGetCourseGroupings = contract({
  name: 'core_group_get_course_groupings',
  component: 'core_group',
  description: "Return a course's groupings, by name.",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:managegroups'],
  args: z.strictObject({ courseid: wsInt }),
  returns: z.array(groupingSchema),
});

export const coreGroupGetGroupings = contract({
  name: 'core_group_get_groupings',
  component: 'core_group',
  description: 'Return groupings by id, with their groups when returngroups is true.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:managegroups'],
  args: z.strictObject({ groupingids: z.array(wsInt).min(1), returngroups: wsBool.default(false) }),
  returns: z.array(groupingSchema.extend({ groups: z.array(groupingGroupSchema).optional() })),
});

const assignmentList = z.array(z.strictObject({ groupingid: wsInt, groupid: wsInt })).min(1);

export const coreGroupAssignGrouping = contract({
  name: 'core_group_assign_grouping',
  component: 'core_group',
  description: 'Put groups into groupings of the same course; a group already in the grouping stays as it is.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:managegroups'],
  args: z.strictObject({ assignments: assignmentList }),
  returns: z.null(),
});

export const coreGroupUnassignGrouping = contract({
  name: 'core_group_unassign_grouping',
  component: 'core_group',
  description: 'Take groups out of groupings; the groups themselves and their members stay.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:managegroups'],
  args: z.strictObject({ unassignments: assignmentList }),
  returns: z.null(),
});
