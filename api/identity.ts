import { z } from 'zod';
import { contract } from './contract';

/**
 * The user fields the site setting "Show user identity" (`showuseridentity`) can show to staff, in
 * the order lists show them.
 */
export const IDENTITY_FIELDS = ['idnumber', 'email', 'phone1', 'phone2', 'department', 'institution'] as const;
export type IdentityField = (typeof IDENTITY_FIELDS)[number];
export const identityFieldSchema = z.enum(IDENTITY_FIELDS);

/**
 * The identity values of one user in a list: each present only when the site shows that field and
 * the caller may see users' identity where the list is (moodle/site:viewuseridentity).
 */
export const identityValuesShape = {
  idnumber: z.string().optional(),
  email: z.string().optional(),
  phone1: z.string().optional(),
  phone2: z.string().optional(),
  department: z.string().optional(),
  institution: z.string().optional(),
};

/** Which identity fields a list shows the caller, in order: the columns to draw (empty: none). */
export const identityFieldsSchema = z.array(identityFieldSchema);

export const coreUserGetIdentitySettings = contract({
  name: 'core_user_get_identity_settings',
  component: 'core_user',
  description: 'The site setting "Show user identity": which identity fields staff see in user lists and pickers (default: email). Needs moodle/site:config.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/site:config'],
  args: z.strictObject({}),
  returns: z.object({ showuseridentity: identityFieldsSchema }),
});

export const coreUserUpdateIdentitySettings = contract({
  name: 'core_user_update_identity_settings',
  component: 'core_user',
  description:
    'Saves "Show user identity": the identity fields (idnumber, email, phone1, phone2, department, institution; none is allowed) staff see in user lists and pickers. An unknown field is refused and nothing is saved. Needs moodle/site:config.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/site:config'],
  // Plain strings, so an unknown field gets its own error naming it rather than a generic one.
  args: z.strictObject({ showuseridentity: z.array(z.string().max(50)).max(20) }),
  returns: z.object({ showuseridentity: identityFieldsSchema }),
});
