import { z } from 'zod';
import { contract } from './contract';
import { IDENTITY_FIELDS, identityFieldsSchema, identityValuesShape } from './identity';
import { wsBool, wsInt } from './types';

export const roleSummarySchema = z.object({ id: z.number(), shortname: z.string(), name: z.string() });

export const participantSchema = z.object({
  id: z.number(),
  fullname: z.string(),
  /** The picture's revision (0: none), for /user/pix.php?id=…&rev=…. */
  picture: z.number(),
  /** The "Show user identity" fields, for callers with moodle/site:viewuseridentity in the course. */
  ...identityValuesShape,
  roles: z.array(roleSummarySchema),
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
  /** Last access to this course (0 = never). */
  lastaccess: z.number(),
  enrolments: z.array(
    z.object({
      /** The user_enrolments id. */
      id: z.number(),
      method: z.string(),
      /** 0 active, 1 suspended */
      status: z.number(),
      timestart: z.number(),
      timeend: z.number(),
    }),
  ),
});

export const coreEnrolListParticipants = contract({
  name: 'core_enrol_list_participants',
  component: 'core_enrol',
  description:
    'The enrolled users of a course, paged, with their roles, groups, enrolments and last access, and the roles the caller may assign there. Identity fields ("Show user identity") are answered, searched and sortable for callers with moodle/site:viewuseridentity in the course; identityfields names them. Status filters on the enrolment.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:viewparticipants', 'moodle/site:viewuseridentity', 'moodle/role:assign', 'moodle/course:enrolreview', 'moodle/course:enrolconfig'],
  args: z.strictObject({
    courseid: wsInt,
    search: z.string().max(255).default(''),
    roleid: wsInt.default(0),
    status: z.enum(['all', 'active', 'suspended']).default('all'),
    groupid: wsInt.default(0),
    /** An identity field the caller does not see sorts by last name. */
    sort: z.enum(['firstname', 'lastname', 'lastaccess', ...IDENTITY_FIELDS]).default('lastname'),
    direction: z.enum(['ASC', 'DESC', 'asc', 'desc']).default('ASC'),
    page: wsInt.pipe(z.number().min(0)).default(0),
    perpage: wsInt.pipe(z.number().min(1).max(5000)).default(20),
  }),
  returns: z.object({
    total: z.number(),
    participants: z.array(participantSchema),
    /** The identity columns the caller sees, in order. */
    identityfields: identityFieldsSchema,
    /** Roles the caller may assign in the course. */
    roles: z.array(roleSummarySchema),
    /** What the caller may do here, so the page offers only what the server would allow. */
    permissions: z.object({
      canenrol: z.boolean(),
      canunenrol: z.boolean(),
      canmanageenrolments: z.boolean(),
      canassignroles: z.boolean(),
      canconfigenrol: z.boolean(),
    }),
    course: z.object({ id: z.number(), fullname: z.string(), contextid: z.number() }),
  }),
});

export const coreEnrolSearchUsers = contract({
  name: 'core_enrol_search_users',
  component: 'core_enrol',
  description:
    'Users who are not enrolled in the course yet, matching the search text (names, and the identity fields the caller sees: "Show user identity" with moodle/site:viewuseridentity in the course), for the enrol dialogue; each with those identity fields.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:enrolreview', 'moodle/site:viewuseridentity'],
  args: z.strictObject({
    courseid: wsInt,
    search: z.string().max(255),
    searchanywhere: wsBool.default(true),
    page: wsInt.pipe(z.number().min(0)).default(0),
    perpage: wsInt.pipe(z.number().min(1).max(100)).default(20),
  }),
  returns: z.array(z.object({ id: z.number(), fullname: z.string(), ...identityValuesShape })),
});

export const enrolManualEnrolUsers = contract({
  name: 'enrol_manual_enrol_users',
  component: 'core_enrol',
  description: "Enrols users through the course's manual enrolment and gives each the role in the course.",
  type: 'write',
  loginRequired: true,
  capabilities: ['enrol/manual:enrol', 'moodle/role:assign'],
  args: z.strictObject({
    enrolments: z
      .array(
        z.strictObject({
          roleid: wsInt,
          userid: wsInt,
          courseid: wsInt,
          timestart: wsInt.pipe(z.number().min(0)).optional(),
          timeend: wsInt.pipe(z.number().min(0)).optional(),
          suspend: wsBool.optional(),
        }),
      )
      .min(1),
  }),
  returns: z.null(),
});

export const enrolManualUnenrolUsers = contract({
  name: 'enrol_manual_unenrol_users',
  component: 'core_enrol',
  description: "Removes users' manual enrolments and their role assignments in the course.",
  type: 'write',
  loginRequired: true,
  capabilities: ['enrol/manual:unenrol'],
  args: z.strictObject({
    enrolments: z.array(z.strictObject({ userid: wsInt, courseid: wsInt, roleid: wsInt.optional() })).min(1),
  }),
  returns: z.null(),
});

export const coreEnrolEditUserEnrolment = contract({
  name: 'core_enrol_edit_user_enrolment',
  component: 'core_enrol',
  description: "Changes a user enrolment's status and dates.",
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:enrolreview', 'enrol/manual:manage', 'enrol/self:manage'],
  args: z.strictObject({
    courseid: wsInt,
    ueid: wsInt,
    /** 0 active, 1 suspended */
    status: wsInt.pipe(z.number().min(0).max(1)),
    timestart: wsInt.pipe(z.number().min(0)).default(0),
    timeend: wsInt.pipe(z.number().min(0)).default(0),
  }),
  returns: z.object({ result: z.boolean() }),
});

export const enrolInstanceSchema = z.object({
  id: z.number(),
  courseid: z.number(),
  type: z.string(),
  name: z.string(),
  /** 0 enabled, 1 disabled */
  status: z.number(),
  /** Present when a key is needed, never the key itself. */
  enrolpassword: z.string().optional(),
});

export const enrolSelfGetInstanceInfo = contract({
  name: 'enrol_self_get_instance_info',
  component: 'core_enrol',
  description: 'What a user needs to know to enrol themself through a self-enrolment instance.',
  type: 'read',
  loginRequired: true,
  capabilities: [],
  args: z.strictObject({ instanceid: wsInt }),
  returns: enrolInstanceSchema,
});

export const coreEnrolGetCourseEnrolmentMethods = contract({
  name: 'core_enrol_get_course_enrolment_methods',
  component: 'core_enrol',
  description: "A course's enrolment instances (manual, self) as any logged-in user may see them.",
  type: 'read',
  loginRequired: true,
  capabilities: [],
  args: z.strictObject({ courseid: wsInt }),
  returns: z.array(enrolInstanceSchema),
});

export const enrolSelfEnrolUser = contract({
  name: 'enrol_self_enrol_user',
  component: 'core_enrol',
  description: "Enrols the caller in a course through its self enrolment, checking the key when one is set.",
  type: 'write',
  loginRequired: true,
  capabilities: [],
  args: z.strictObject({ courseid: wsInt, password: z.string().max(255).default(''), instanceid: wsInt.default(0) }),
  returns: z.object({ status: z.boolean(), warnings: z.array(z.object({ warningcode: z.string(), message: z.string() })) }),
});

export const enrolSelfGetSettings = contract({
  name: 'enrol_self_get_settings',
  component: 'core_enrol',
  description: "A course's self enrolment settings, key included, for those who configure enrolment methods.",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/course:enrolconfig'],
  args: z.strictObject({ courseid: wsInt }),
  returns: z.object({ enabled: z.boolean(), password: z.string(), roleid: z.number(), enrolstartdate: z.number(), enrolenddate: z.number() }),
});

export const enrolSelfUpdateSettings = contract({
  name: 'enrol_self_update_settings',
  component: 'core_enrol',
  description: "Turns a course's self enrolment on or off and sets its key and dates (the instance is made on first use).",
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:enrolconfig'],
  args: z.strictObject({
    courseid: wsInt,
    enabled: wsBool,
    password: z.string().max(50).default(''),
    enrolstartdate: wsInt.pipe(z.number().min(0)).default(0),
    enrolenddate: wsInt.pipe(z.number().min(0)).default(0),
  }),
  returns: z.object({ instanceid: z.number() }),
});
