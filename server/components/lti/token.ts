import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { now } from '../../platform/platform';
import { unverifiedClaims, verifyToolJwt } from './toolkeys';
import type { ToolTypeRow } from './tooltypes';

export const TOKEN_PATH = '/mod/lti/token.php';
/** How long a service token lives (lti.md §2.7). */
export const ACCESS_TOKEN_LIFETIME = 3600;
/** A client assertion older than this is refused, so its `jti` needs keeping only this long (plus skew). */
const ASSERTION_MAX_AGE = 300;

const AGS = 'https://purl.imsglobal.org/spec/lti-ags/scope/';
export const SCOPE_LINEITEM_READONLY = `${AGS}lineitem.readonly`;
export const SCOPE_RESULT_READONLY = `${AGS}result.readonly`;
export const SCOPE_SCORE = `${AGS}score`;

/**
 * The service scopes a tool may be granted: grade services when it may send grades (always, or when
 * the teacher allows it). Tessera keeps the tool's line items as the activities' grade items, so
 * managing line items (`…/scope/lineitem`) is not offered.
 */
export function enabledScopes(type: Pick<ToolTypeRow, 'ltiversion' | 'acceptgrades' | 'state'>): string[] {
  if (type.ltiversion !== '1.3.0' || type.state !== 1 || type.acceptgrades === 0) return [];
  return [SCOPE_LINEITEM_READONLY, SCOPE_RESULT_READONLY, SCOPE_SCORE];
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

type TokenAnswer = { status: number; body: Record<string, unknown> };
const oauthError = (error: string, description: string): TokenAnswer => ({ status: 400, body: { error, error_description: description } });

/**
 * The OAuth 2 client-credentials grant of LTI Advantage (lti.md §2.7): the tool proves itself with a
 * JWT signed by its own key (`iss` = `sub` = its client id, `aud` = this endpoint, a fresh `jti`); it
 * gets a bearer token for the requested scopes it may have.
 */
export async function issueToken(db: Kysely<DB>, wwwroot: string, form: Record<string, string | undefined>): Promise<TokenAnswer> {
  if (form.grant_type !== 'client_credentials') return oauthError('unsupported_grant_type', 'grant_type must be client_credentials');
  if (form.client_assertion_type !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer' || !form.client_assertion) return oauthError('invalid_request', 'a jwt-bearer client_assertion is required');
  const claimed = unverifiedClaims(form.client_assertion);
  const clientid = typeof claimed?.sub === 'string' ? claimed.sub : '';
  const type = clientid ? await db.selectFrom('lti_types').selectAll().where('clientid', '=', clientid).where('ltiversion', '=', '1.3.0').executeTakeFirst() : undefined;
  if (!type) return oauthError('invalid_client', 'unknown client');
  let payload;
  try {
    payload = await verifyToolJwt(db, type.publickeyseturl, form.client_assertion, {
      issuer: clientid,
      subject: clientid,
      audience: [`${wwwroot}${TOKEN_PATH}`, wwwroot],
      maxTokenAge: ASSERTION_MAX_AGE,
      requiredClaims: ['jti', 'iat', 'exp'],
    });
  } catch (error) {
    if (error instanceof AppError) return oauthError('invalid_client', error.debuginfo ?? 'the client assertion is not valid');
    throw error;
  }
  const t = now();
  await db.deleteFrom('lti_oauth_nonces').where('consumerkey', 'like', 'jti:%').where('timecreated', '<', t - 2 * ASSERTION_MAX_AGE).execute();
  const fresh = await db
    .insertInto('lti_oauth_nonces')
    .values({ consumerkey: `jti:${clientid}`, nonce: String(payload.jti).slice(0, 255), timecreated: t })
    .onConflict((oc) => oc.columns(['consumerkey', 'nonce']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!fresh) return oauthError('invalid_client', 'the client assertion was used before');
  const enabled = enabledScopes(type);
  const granted = [...new Set((form.scope ?? '').split(/\s+/).filter((s) => enabled.includes(s)))];
  if (granted.length === 0) return oauthError('invalid_scope', 'none of the requested scopes is available to this tool');
  const token = randomBytes(32).toString('base64url');
  await db.deleteFrom('lti_access_tokens').where('validuntil', '<', t).execute();
  await db.insertInto('lti_access_tokens').values({ typeid: type.id, token: tokenHash(token), scope: granted.join(' '), validuntil: t + ACCESS_TOKEN_LIFETIME, timecreated: t }).execute();
  return { status: 200, body: { access_token: token, token_type: 'Bearer', expires_in: ACCESS_TOKEN_LIFETIME, scope: granted.join(' ') } };
}
