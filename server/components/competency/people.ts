import type { UserSummary } from '../../../api/competencyshapes';
import { IDENTITY_FIELDS } from '../../../api/identity';
import { ensureUserContext, getContext, getSystemContext } from '../../platform/access/contexts';
import { CONTEXT_USER, type Context } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import { formatString } from '../../platform/sanitize';
import type { CallContext } from '../../ws/method';
import { pictureUrl } from '../grades/access';
import { identityValues, visibleIdentityFields } from '../user/identity';

/** An existing, not deleted user, or invalidrecord. */
export async function requireUser(ctx: CallContext, userid: number): Promise<{ id: number }> {
  const user = await ctx.db.selectFrom('user').select('id').where('id', '=', userid).where('deleted', '=', 0).executeTakeFirst();
  if (!user) throw new AppError('invalidrecord', { a: 'user', debuginfo: `user ${userid}`, status: 404 });
  return user;
}

/** A user's context (made when the user has none yet: every plan and rating is checked there). */
export async function userContext(ctx: CallContext, userid: number): Promise<Context> {
  return (await getContext(ctx.db, CONTEXT_USER, userid)) ?? ensureUserContext(ctx.db, userid);
}

/** Users as competency screens show them: names, pictures, and the identity fields the caller may see (in `context`, the system by default). */
export async function userSummaries(ctx: CallContext, userids: readonly number[], context?: Context): Promise<Map<number, UserSummary>> {
  const ids = [...new Set(userids)].filter((id) => id > 0);
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('user')
    .select(['id', 'firstname', 'lastname', 'picture', ...IDENTITY_FIELDS])
    .where('id', 'in', ids)
    .execute();
  const fields = await visibleIdentityFields(ctx.db, ctx.access, context ?? (await getSystemContext(ctx.db)));
  const wwwroot = ctx.platform.config.wwwroot;
  return new Map(
    rows.map((r) => {
      const values = identityValues(r, fields);
      const picture = pictureUrl(wwwroot, r);
      return [
        r.id,
        {
          id: r.id,
          fullname: formatString(`${r.firstname} ${r.lastname}`.trim()),
          picture: r.picture,
          profileimageurl: picture,
          profileimageurlsmall: picture ? `${picture}&size=small` : '',
          identity: Object.values(values).filter(Boolean).join(', '),
          ...values,
        },
      ];
    }),
  );
}

/** One user's summary; the user must exist. */
export async function userSummary(ctx: CallContext, userid: number, context?: Context): Promise<UserSummary> {
  const summary = (await userSummaries(ctx, [userid], context)).get(userid);
  if (!summary) throw new AppError('invalidrecord', { a: 'user', debuginfo: `user ${userid}`, status: 404 });
  return summary;
}
