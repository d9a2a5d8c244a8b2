import { z } from 'zod';
import { contract } from './contract';
import { warningSchema, wsInt } from './types';

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
