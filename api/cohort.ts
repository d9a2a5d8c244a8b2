import { z } from 'zod';
import { contract } from './contract';
import { identityFieldsSchema, identityValuesShape } from './identity';
import { warningSchema, wsBool, wsInt } from './types';

const cohortName = z.string().trim().min(1, 'a name is required').max(254);
const idnumber = z.string().trim().max(100);
/** Where a cohort lives: the system, or a course category by id or id number (Moodle's categorytype). */
const categoryType = z.strictObject({ type: z.enum(['id', 'idnumber', 'system']), value: z.union([z.string(), z.number()]).transform(String) });

export const cohortSchema = z.object({
  id: z.number(),
  name: z.string(),
  idnumber: z.string(),
  description: z.string(),
  descriptionformat: z.number(),
  visible: z.boolean(),
});

/** What the cohort list sorts by: the columns it shows. */
export const cohortSortColumns = ['name', 'idnumber', 'contextname', 'membercount', 'visible'] as const;

export const coreCohortListCohorts = contract({
  name: 'core_cohort_list_cohorts',
  component: 'core_cohort',
  description: 'Cohorts in a context (0: every context where the caller may view cohorts), searchable by name, id number or description, sorted by one or more of their columns, paged.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/cohort:view', 'moodle/cohort:manage'],
  args: z.strictObject({
    contextid: wsInt.default(0),
    search: z.string().max(255).default(''),
    page: wsInt.default(0),
    perpage: wsInt.pipe(z.number().int().min(1).max(500)).default(25),
    /** Columns to sort by, in order (default: by name). */
    sorts: z.array(z.strictObject({ column: z.enum(cohortSortColumns), direction: z.enum(['asc', 'desc']) })).max(cohortSortColumns.length).default([]),
  }),
  returns: z.object({
    total: z.number(),
    cohorts: z.array(
      cohortSchema.extend({ contextid: z.number(), categoryid: z.number(), contextname: z.string(), membercount: z.number(), canmanage: z.boolean(), canassign: z.boolean() }),
    ),
  }),
});

export const coreCohortGetCohorts = contract({
  name: 'core_cohort_get_cohorts',
  component: 'core_cohort',
  description: 'Cohorts by id (all visible ones when no ids are given).',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/cohort:view'],
  args: z.strictObject({ cohortids: z.array(wsInt).default([]) }),
  returns: z.array(cohortSchema.extend({ contextid: z.number() })),
});

export const coreCohortCreateCohorts = contract({
  name: 'core_cohort_create_cohorts',
  component: 'core_cohort',
  description: 'Create cohorts in the system context or a course category.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/cohort:manage'],
  args: z.strictObject({
    cohorts: z
      .array(z.strictObject({ categorytype: categoryType, name: cohortName, idnumber: idnumber.default(''), description: z.string().max(65535).default(''), descriptionformat: wsInt.default(1), visible: wsBool.default(true) }))
      .min(1),
  }),
  returns: z.array(cohortSchema),
});

export const coreCohortUpdateCohorts = contract({
  name: 'core_cohort_update_cohorts',
  component: 'core_cohort',
  description: 'Change cohorts: name, id number, description, visibility, or the context they live in.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/cohort:manage'],
  args: z.strictObject({
    cohorts: z
      .array(z.strictObject({ id: wsInt, categorytype: categoryType, name: cohortName, idnumber: idnumber.default(''), description: z.string().max(65535).optional(), descriptionformat: wsInt.optional(), visible: wsBool.optional() }))
      .min(1),
  }),
  returns: z.null(),
});

export const coreCohortDeleteCohorts = contract({
  name: 'core_cohort_delete_cohorts',
  component: 'core_cohort',
  description: 'Delete cohorts and their memberships.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/cohort:manage'],
  args: z.strictObject({ cohortids: z.array(wsInt).min(1) }),
  returns: z.null(),
});

export const coreCohortAddCohortMembers = contract({
  name: 'core_cohort_add_cohort_members',
  component: 'core_cohort',
  description: 'Add users to cohorts, each named by id, username, id number or email; unknown ones come back as warnings and the rest are added.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/cohort:assign'],
  args: z.strictObject({
    members: z
      .array(
        z.strictObject({
          cohorttype: z.strictObject({ type: z.enum(['id', 'idnumber']), value: z.union([z.string(), z.number()]).transform(String) }),
          usertype: z.strictObject({ type: z.enum(['id', 'username', 'idnumber', 'email']), value: z.union([z.string(), z.number()]).transform(String) }),
        }),
      )
      .min(1)
      .max(10000),
  }),
  returns: z.object({ added: z.number(), warnings: z.array(warningSchema) }),
});

export const coreCohortDeleteCohortMembers = contract({
  name: 'core_cohort_delete_cohort_members',
  component: 'core_cohort',
  description: 'Remove users from cohorts.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/cohort:assign'],
  args: z.strictObject({ members: z.array(z.strictObject({ cohortid: wsInt, userid: wsInt })).min(1) }),
  returns: z.null(),
});

export const coreCohortGetCohortMembers = contract({
  name: 'core_cohort_get_cohort_members',
  component: 'core_cohort',
  description: 'The user ids in each cohort.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/cohort:view'],
  args: z.strictObject({ cohortids: z.array(wsInt).min(1) }),
  returns: z.array(z.object({ cohortid: z.number(), userids: z.array(z.number()) })),
});

/** A member or candidate, with the "Show user identity" fields the caller may see in the cohort's context. */
const person = z.object({
  id: z.number(),
  fullname: z.string(),
  /** The picture's revision (0: none), for /user/pix.php?id=…&rev=…. */
  picture: z.number(),
  ...identityValuesShape,
});

export const coreCohortListMembers = contract({
  name: 'core_cohort_list_members',
  component: 'core_cohort',
  description:
    "A cohort's members (searchable, paged) and, for adding, up to 20 other users matching the search. Search matches names and the identity fields the caller sees (\"Show user identity\", with moodle/site:viewuseridentity in the cohort's context); identityfields names them.",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/cohort:assign', 'moodle/site:viewuseridentity'],
  args: z.strictObject({ cohortid: wsInt, search: z.string().max(255).default(''), page: wsInt.default(0), perpage: wsInt.pipe(z.number().int().min(1).max(500)).default(50) }),
  returns: z.object({
    cohort: cohortSchema.extend({ contextid: z.number(), contextname: z.string() }),
    total: z.number(),
    members: z.array(person),
    candidates: z.array(person),
    identityfields: identityFieldsSchema,
  }),
});
