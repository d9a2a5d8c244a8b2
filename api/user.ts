import { z } from 'zod';
import { contract } from './contract';
import { IDENTITY_FIELDS, identityFieldsSchema, identityValuesShape } from './identity';
import { warningSchema, wsBool, wsInt } from './types';

const preferenceName = z.string().min(1).max(255).regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : -');

export const coreUserGetUserPreferences = contract({
  name: 'core_user_get_user_preferences',
  component: 'core_user',
  description: "Return one or all of a user's preferences (0 = the current user).",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/user:update'],
  args: z.strictObject({ name: z.string().default(''), userid: wsInt.default(0) }),
  returns: z.object({ preferences: z.array(z.object({ name: z.string(), value: z.string().nullable() })), warnings: z.array(warningSchema) }),
});

export const coreUserUpdateUserPreferences = contract({
  name: 'core_user_update_user_preferences',
  component: 'core_user',
  description: "Set or (with a null value) remove preferences of a user (0 = the current user), all or nothing.",
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/user:update'],
  args: z.strictObject({
    userid: wsInt.default(0),
    preferences: z.array(z.strictObject({ type: preferenceName, value: z.string().max(1333).nullable() })).default([]),
  }),
  returns: z.null(),
});

export const userDetailsSchema = z.object({
  id: z.number(),
  username: z.string().optional(),
  firstname: z.string(),
  lastname: z.string(),
  fullname: z.string(),
  email: z.string().optional(),
  idnumber: z.string().optional(),
  phone1: z.string().optional(),
  phone2: z.string().optional(),
  department: z.string().optional(),
  institution: z.string().optional(),
  city: z.string().optional(),
  country: z.string().optional(),
  lang: z.string().optional(),
  timezone: z.string().optional(),
  description: z.string().optional(),
  firstaccess: z.number().optional(),
  lastaccess: z.number().optional(),
  suspended: z.boolean().optional(),
  /** The picture's revision (0: none); /user/pix.php?id=…&rev=… serves it. */
  picture: z.number(),
});

export const coreUserGetUsersByField = contract({
  name: 'core_user_get_users_by_field',
  component: 'core_user',
  description:
    'Return the users whose field (id, idnumber, username or email) has one of the values. Users the caller may not see (moodle/user:viewdetails in the system context or a shared course) are left out. The caller sees all of their own record; of other users, the identity fields of "Show user identity" where the caller holds moodle/site:viewuseridentity, and never their username or suspension, except that those who may edit users (moodle/user:update) get whole records. Others are found only by a field the caller sees.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/user:viewdetails', 'moodle/site:viewuseridentity', 'moodle/user:update'],
  args: z.strictObject({
    field: z.enum(['id', 'idnumber', 'username', 'email']),
    values: z.array(z.union([z.string(), z.number()]).transform(String)).max(1000),
  }),
  returns: z.array(userDetailsSchema),
});

/** Identity columns sort only when the caller sees them (else the list sorts by last name). */
const sortColumns = ['lastname', 'firstname', 'username', 'lastaccess', ...IDENTITY_FIELDS] as const;

export const userListItemSchema = z.object({
  id: z.number(),
  username: z.string(),
  fullname: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  ...identityValuesShape,
  suspended: z.boolean(),
  lastaccess: z.number(),
  auth: z.string(),
  /** The picture's revision (0: none), for /user/pix.php?id=…&rev=…. */
  picture: z.number(),
  /** Whether the caller may "log in as" this user from the list (site-wide). */
  canloginas: z.boolean(),
});

export const coreUserListUsers = contract({
  name: 'core_user_list_users',
  component: 'core_user',
  description:
    'Browse the users of the site: search (names, username and the identity fields the caller sees), filter by status, sort (by one column, or by several with sorts) and page. Identity fields are those of "Show user identity", for callers with moodle/site:viewuseridentity in the system context. Never lists deleted users or the guest user. Needs moodle/user:update or moodle/user:viewdetails in the system context.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/user:update', 'moodle/user:viewdetails', 'moodle/site:viewuseridentity', 'moodle/user:loginas'],
  args: z.strictObject({
    search: z.string().max(255).default(''),
    suspended: z.enum(['all', 'active', 'suspended']).default('all'),
    sort: z.enum(sortColumns).default('lastname'),
    direction: z.enum(['asc', 'desc']).default('asc'),
    page: wsInt.pipe(z.number().min(0)).default(0),
    perpage: wsInt.pipe(z.number().min(1).max(500)).default(30),
    /** Several columns in order (the report table's multi-sort); when given, `sort` and `direction` are not used. */
    sorts: z.array(z.strictObject({ column: z.enum(sortColumns), direction: z.enum(['asc', 'desc']) })).max(sortColumns.length).default([]),
  }),
  returns: z.object({
    total: z.number(),
    users: z.array(userListItemSchema),
    /** The identity columns the caller sees ("Show user identity" and moodle/site:viewuseridentity). */
    identityfields: identityFieldsSchema,
  }),
});

const shortText = (max: number) => z.string().max(max);

/** The profile fields create and update share; strings are stored as given and cleaned on output. */
const profileFields = {
  firstname: shortText(100),
  lastname: shortText(100),
  email: shortText(100),
  idnumber: shortText(255),
  department: shortText(255),
  institution: shortText(255),
  phone1: shortText(20),
  phone2: shortText(20),
  city: shortText(120),
  country: z.string().regex(/^([A-Z]{2})?$/, 'two capital letters or empty'),
  lang: z.string().regex(/^[a-z_]{0,30}$/, 'a language code'),
  timezone: shortText(100),
  description: z.string().max(65535),
  suspended: wsBool,
};

export const newUserSchema = z.strictObject({
  username: shortText(100),
  password: z.string().max(255).optional(),
  createpassword: wsBool.optional(),
  firstname: profileFields.firstname,
  lastname: profileFields.lastname,
  email: profileFields.email,
  idnumber: profileFields.idnumber.optional(),
  department: profileFields.department.optional(),
  institution: profileFields.institution.optional(),
  phone1: profileFields.phone1.optional(),
  phone2: profileFields.phone2.optional(),
  city: profileFields.city.optional(),
  country: profileFields.country.optional(),
  lang: profileFields.lang.optional(),
  timezone: profileFields.timezone.optional(),
  description: profileFields.description.optional(),
  suspended: wsBool.optional(),
});

export const coreUserCreateUsers = contract({
  name: 'core_user_create_users',
  component: 'core_user',
  description:
    'Create users, all or nothing: the username (lower case, letters, digits and _ . @ -) must be unused, the email valid and the password meet the site policy (unless createpassword, which sets a random one).',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/user:create'],
  args: z.strictObject({ users: z.array(newUserSchema).min(1).max(1000) }),
  returns: z.array(z.object({ id: z.number(), username: z.string() })),
});

export const userUpdateSchema = z.strictObject({
  id: wsInt,
  username: shortText(100).optional(),
  password: z.string().max(255).optional(),
  firstname: profileFields.firstname.optional(),
  lastname: profileFields.lastname.optional(),
  email: profileFields.email.optional(),
  idnumber: profileFields.idnumber.optional(),
  department: profileFields.department.optional(),
  institution: profileFields.institution.optional(),
  phone1: profileFields.phone1.optional(),
  phone2: profileFields.phone2.optional(),
  city: profileFields.city.optional(),
  country: profileFields.country.optional(),
  lang: profileFields.lang.optional(),
  timezone: profileFields.timezone.optional(),
  description: profileFields.description.optional(),
  suspended: wsBool.optional(),
});

export const coreUserUpdateUsers = contract({
  name: 'core_user_update_users',
  component: 'core_user',
  description:
    'Update users, all or nothing (also the way to suspend or reactivate several users; suspending ends their sessions). Others need moodle/user:update; a user may edit their own names, email, city, country, description, language and timezone with moodle/user:editownprofile.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/user:update', 'moodle/user:editownprofile'],
  args: z.strictObject({ users: z.array(userUpdateSchema).min(1).max(1000) }),
  returns: z.object({ warnings: z.array(warningSchema) }),
});

export const coreUserDeleteUsers = contract({
  name: 'core_user_delete_users',
  component: 'core_user',
  description:
    'Delete users, all or nothing: their record is kept (history stays) but marked deleted with username and email scrambled, their sessions end and they are unenrolled. Never yourself or a site admin.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/user:delete'],
  args: z.strictObject({ userids: z.array(wsInt).min(1).max(1000) }),
  returns: z.null(),
});

export const coreUserGetProfileChoices = contract({
  name: 'core_user_get_profile_choices',
  component: 'core_user',
  description:
    'The choices the user forms offer, named in the caller\'s language: the installed languages, the timezones (99 = the server\'s) and the ISO 3166 countries. Values outside these lists are refused by core_user_create_users and core_user_update_users.',
  type: 'read',
  loginRequired: true,
  capabilities: [],
  args: z.strictObject({}),
  returns: z.object({
    languages: z.array(z.object({ code: z.string(), name: z.string() })),
    /** The site's default language: what a user whose own language is empty ("site default") sees. */
    sitelang: z.string(),
    timezones: z.array(z.object({ id: z.string(), name: z.string() })),
    countries: z.array(z.object({ code: z.string(), name: z.string() })),
  }),
});
