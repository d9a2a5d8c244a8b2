import {
  coreUserCreateUsers,
  coreUserDeleteUsers,
  coreUserGetProfileChoices,
  coreUserGetUserPreferences,
  coreUserGetUsersByField,
  coreUserListUsers,
  coreUserUpdateUserPreferences,
  coreUserUpdateUsers,
} from '../../../api/user';
import { getSystemContext } from '../../platform/access/contexts';
import { getConfig } from '../../platform/config-store';
import { AppError, noPermissions } from '../../platform/errors';
import { eventActor } from '../../platform/events';
import { siteLanguage } from '../../platform/lang/preference';
import { getPreferences, setPreference, unsetPreference } from '../../platform/preferences';
import { defineMethod, type CallContext } from '../../ws/method';
import { profileChoices } from './choices';
import { visibleIdentityFields } from './identity';
import { listUsers } from './list';
import { siteLoginAsCheck } from './loginas';
import { isGuestCaller, profileOf, profileViews } from './profiles';
import { createUsers, deleteUsers, updateUsers } from './service';
import { userFieldRules } from './validation';

/** The user whose preferences are read or written: oneself, or anyone with moodle/user:update. */
async function targetUser(ctx: CallContext, userid: number): Promise<number> {
  const self = ctx.user?.id ?? 0;
  if (userid === 0 || userid === self) return self;
  await ctx.access.requireCapability('moodle/user:update', await getSystemContext(ctx.db));
  const exists = await ctx.db.selectFrom('user').select('id').where('id', '=', userid).where('deleted', '=', 0).executeTakeFirst();
  if (!exists) throw new AppError('invalidrecord', { a: 'user', status: 404 });
  return userid;
}

const getUserPreferences = defineMethod(coreUserGetUserPreferences, async (ctx, { name, userid }) => {
  const target = await targetUser(ctx, userid);
  const all = await getPreferences(ctx.db, target);
  const preferences: Array<{ name: string; value: string | null }> = Object.entries(all)
    .filter(([key]) => name === '' || key === name)
    .map(([key, value]) => ({ name: key, value }));
  if (name !== '' && preferences.length === 0) preferences.push({ name, value: null });
  return { preferences, warnings: [] };
});

const updateUserPreferences = defineMethod(coreUserUpdateUserPreferences, async (ctx, { userid, preferences }) => {
  const target = await targetUser(ctx, userid);
  for (const preference of preferences) {
    if (preference.value === null) await unsetPreference(ctx.db, target, preference.type);
    else await setPreference(ctx.db, target, preference.type, preference.value);
  }
  return null;
});

/**
 * Profiles: the caller always sees themself; others need moodle/user:viewdetails in the system
 * context or in a course both share, and of their identity fields see those "Show user identity"
 * grants there (profileViews has the whole rule). Nobody is found by a field the caller may not see.
 */
const getUsersByField = defineMethod(coreUserGetUsersByField, async (ctx, { field, values }) => {
  if (values.length === 0) return [];
  const keys = field === 'id' ? values.map(Number).filter(Number.isInteger) : values;
  // No usable id at all (say, only fractions): nothing matches, and PostgreSQL refuses an empty IN list.
  if (keys.length === 0) return [];
  const rows = await ctx.db.selectFrom('user').selectAll().where(field, 'in', keys).where('deleted', '=', 0).orderBy('id').execute();
  const views = await profileViews(ctx, rows);
  return rows.flatMap((row) => {
    const profile = profileOf(row, views.get(row.id) ?? { kind: 'none' }, field);
    return profile ? [profile] : [];
  });
});

/**
 * Browsing users (the method and /admin/user.php) needs moodle/user:update or moodle/user:viewdetails
 * in the system context. Never the guest account, which holds viewdetails through the guest role but
 * may see no one's profile (see profileContexts).
 */
export async function requireBrowseUsers(ctx: CallContext): Promise<void> {
  const system = await getSystemContext(ctx.db);
  if (await ctx.access.hasCapability('moodle/user:update', system)) return;
  if (await isGuestCaller(ctx)) throw noPermissions('moodle/user:viewdetails');
  await ctx.access.requireCapability('moodle/user:viewdetails', system);
}

const listUsersMethod = defineMethod(coreUserListUsers, async (ctx, args) => {
  await requireBrowseUsers(ctx);
  const system = await getSystemContext(ctx.db);
  const identityfields = await visibleIdentityFields(ctx.db, ctx.access, system);
  const [listed, mayLoginAs] = await Promise.all([listUsers(ctx.db, ctx.platform.dialect, args, identityfields), siteLoginAsCheck(ctx)]);
  return { ...listed, users: listed.users.map((u) => ({ ...u, canloginas: mayLoginAs(u) })), identityfields };
});

const createUsersMethod = defineMethod(coreUserCreateUsers, async (ctx, { users }) => {
  await ctx.access.requireCapability('moodle/user:create', await getSystemContext(ctx.db));
  return createUsers(ctx.db, users, await userFieldRules(ctx.db, ctx.platform.strings, ctx.lang), eventActor(ctx));
});

/** What a user may change of their own profile with moodle/user:editownprofile alone. */
const OWN_PROFILE_FIELDS = new Set(['id', 'firstname', 'lastname', 'email', 'city', 'country', 'description', 'lang', 'timezone']);

/**
 * Others (and oneself beyond the own-profile fields) need moodle/user:update; site admins may be
 * changed only by site admins.
 */
const updateUsersMethod = defineMethod(coreUserUpdateUsers, async (ctx, { users }) => {
  const system = await getSystemContext(ctx.db);
  const self = ctx.user?.id ?? 0;
  const ownProfileOnly = users.every((u) => u.id === self && Object.keys(u).every((key) => OWN_PROFILE_FIELDS.has(key)));
  if (ownProfileOnly && !(await ctx.access.hasCapability('moodle/user:update', system))) {
    await ctx.access.requireCapability('moodle/user:editownprofile', system);
  } else {
    await ctx.access.requireCapability('moodle/user:update', system);
    if (!(await ctx.access.isSiteAdmin())) {
      const admins = ((await getConfig(ctx.db, 'siteadmins')) ?? '').split(',').map(Number);
      if (users.some((u) => u.id !== self && admins.includes(u.id))) throw noPermissions('moodle/site:config', 'edit a site administrator');
    }
  }
  await updateUsers(ctx.db, users, await userFieldRules(ctx.db, ctx.platform.strings, ctx.lang), eventActor(ctx));
  return { warnings: [] };
});

const deleteUsersMethod = defineMethod(coreUserDeleteUsers, async (ctx, { userids }) => {
  await ctx.access.requireCapability('moodle/user:delete', await getSystemContext(ctx.db));
  await deleteUsers(ctx.db, userids, eventActor(ctx));
  return null;
});

/** Any logged-in user: the lists are the same for everyone, only their names follow the caller's language. */
const getProfileChoices = defineMethod(coreUserGetProfileChoices, async (ctx) => profileChoices(ctx.platform.strings, ctx.lang, await siteLanguage(ctx.db)));

export const userMethods = [
  getUserPreferences,
  updateUserPreferences,
  getUsersByField,
  listUsersMethod,
  createUsersMethod,
  updateUsersMethod,
  deleteUsersMethod,
  getProfileChoices,
];
