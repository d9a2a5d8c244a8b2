import { coreUserGetUserPreferences, coreUserUpdateUserPreferences } from '../../../api/user';
import { getSystemContext } from '../../platform/access/contexts';
import { AppError } from '../../platform/errors';
import { getPreferences, setPreference, unsetPreference } from '../../platform/preferences';
import { defineMethod, type CallContext } from '../../ws/method';

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

export const userMethods = [getUserPreferences, updateUserPreferences];
