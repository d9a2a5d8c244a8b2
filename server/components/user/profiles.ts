import type { Selectable } from 'kysely';
import { IDENTITY_FIELDS, type IdentityField } from '../../../api/identity';
import type { UserTable } from '../../db/schema';
import { getContext, getSystemContext } from '../../platform/access/contexts';
import { CONTEXT_COURSE, type Context } from '../../platform/access/types';
import { getConfig } from '../../platform/config-store';
import type { CallContext } from '../../ws/method';
import { enrolledCourseIds } from '../course/access';
import { identityValues, visibleIdentityFields } from './identity';

type UserRow = Selectable<UserTable>;

/** How much of one profile the caller sees: nothing, the profile with some identity fields, or the whole record. */
type ProfileView = { kind: 'none' } | { kind: 'profile'; identity: readonly IdentityField[] } | { kind: 'whole' };

/** Whether the caller is the site's guest account. */
export async function isGuestCaller(ctx: CallContext): Promise<boolean> {
  const userid = ctx.access.userid;
  return userid !== 0 && userid === Number((await getConfig(ctx.db, 'siteguest')) ?? 0);
}

/** Whether the caller may see this user's profile at all: themself, a user editor, or moodle/user:viewdetails where they meet. */
export async function maySeeProfile(ctx: CallContext, userid: number): Promise<boolean> {
  if (userid === ctx.access.userid) return true;
  if (await ctx.access.hasCapability('moodle/user:update', await getSystemContext(ctx.db))) return true;
  return ((await profileContexts(ctx, [userid])).get(userid) ?? []).length > 0;
}

/**
 * The contexts where the caller may see each of these other users' profiles (moodle/user:viewdetails):
 * the system context for everyone, else the courses they share with the caller. Never for the guest
 * account, which holds moodle/user:viewdetails everywhere through the guest role: profiles are for
 * real accounts (Moodle's forceloginforprofiles, on by default).
 */
async function profileContexts(ctx: CallContext, userids: readonly number[]): Promise<Map<number, Context[]>> {
  const out = new Map<number, Context[]>();
  if (userids.length === 0 || (await isGuestCaller(ctx))) return out;
  const system = await getSystemContext(ctx.db);
  if (await ctx.access.hasCapability('moodle/user:viewdetails', system)) {
    for (const id of userids) out.set(id, [system]);
    return out;
  }
  const mine = [...(await enrolledCourseIds(ctx.db, ctx.access.userid))];
  if (mine.length === 0) return out;
  const pairs = await ctx.db
    .selectFrom('user_enrolments as ue')
    .innerJoin('enrol as e', 'e.id', 'ue.enrolid')
    .select(['ue.userid', 'e.courseid'])
    .distinct()
    .where('ue.userid', 'in', userids)
    .where('e.courseid', 'in', mine)
    .where('ue.status', '=', 0)
    .where('e.status', '=', 0)
    .execute();
  const viewable = new Map<number, Context | null>();
  for (const pair of pairs) {
    if (!viewable.has(pair.courseid)) {
      const context = await getContext(ctx.db, CONTEXT_COURSE, pair.courseid);
      viewable.set(pair.courseid, context && (await ctx.access.hasCapability('moodle/user:viewdetails', context)) ? context : null);
    }
    const context = viewable.get(pair.courseid);
    if (context) out.set(pair.userid, [...(out.get(pair.userid) ?? []), context]);
  }
  return out;
}

/**
 * Decides, for each user, what of their profile the caller sees. Themself and, for those who may edit
 * users (moodle/user:update in the system context, whose edit form loads records from here), the
 * whole record. Anyone else only where moodle/user:viewdetails lets them see the user, and of the
 * identity fields exactly those visibleIdentityFields grants in one of those contexts.
 */
export async function profileViews(ctx: CallContext, rows: readonly UserRow[]): Promise<Map<number, ProfileView>> {
  const self = ctx.user?.id ?? 0;
  const editor = await ctx.access.hasCapability('moodle/user:update', await getSystemContext(ctx.db));
  const contexts = await profileContexts(ctx, rows.filter((r) => r.id !== self).map((r) => r.id));
  const identityIn = new Map<number, IdentityField[]>();
  const views = new Map<number, ProfileView>();
  for (const row of rows) {
    const seenIn = contexts.get(row.id) ?? [];
    if (row.id !== self && seenIn.length === 0) {
      views.set(row.id, { kind: 'none' });
    } else if (row.id === self || editor) {
      views.set(row.id, { kind: 'whole' });
    } else {
      for (const context of seenIn) if (!identityIn.has(context.id)) identityIn.set(context.id, await visibleIdentityFields(ctx.db, ctx.access, context));
      const granted = new Set(seenIn.flatMap((context) => identityIn.get(context.id) ?? []));
      views.set(row.id, { kind: 'profile', identity: IDENTITY_FIELDS.filter((field) => granted.has(field)) });
    }
  }
  return views;
}

/**
 * One user's profile as the view allows (core_user_get_users_by_field's answer), or null when it is
 * not seen or was found by a field the caller may not see (finding would reveal the value).
 */
export function profileOf(row: UserRow, view: ProfileView, foundBy: 'id' | 'idnumber' | 'username' | 'email') {
  if (view.kind === 'none') return null;
  if (view.kind === 'profile' && foundBy !== 'id' && !(view.identity as readonly string[]).includes(foundBy)) return null;
  const whole = view.kind === 'whole';
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    fullname: `${row.firstname} ${row.lastname}`.trim(),
    city: row.city,
    country: row.country,
    lang: row.lang,
    timezone: row.timezone,
    description: row.description,
    lastaccess: row.lastaccess,
    picture: row.picture,
    ...identityValues(row, whole ? IDENTITY_FIELDS : view.identity),
    ...(whole ? { username: row.username, suspended: row.suspended === 1 } : {}),
  };
}
