import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import OAuth from 'oauth-1.0a';
import type { DB } from '../../db/schema';
import { now } from '../../platform/platform';

/** How old a signed request's timestamp may be (and how far in the future), in seconds. */
const TIMESTAMP_WINDOW = 300;

/** The OAuth parameters of an `Authorization: OAuth …` header. */
export function oauthHeader(header: string | undefined): Record<string, string> | undefined {
  if (!header || !/^OAuth\s/i.test(header)) return undefined;
  const params: Record<string, string> = {};
  for (const m of header.slice(6).matchAll(/([A-Za-z0-9_]+)="([^"]*)"/g)) params[m[1]!] = decodeURIComponent(m[2]!);
  return params;
}

export function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Checks a tool's OAuth 1.0a HMAC-SHA1 request with a body hash (lti.md §1.4, §1.5): the signature
 * over the header parameters, the body hash, the timestamp window, and a nonce not seen before for
 * this key (then remembered). Answers what is wrong, or null.
 */
export async function verifySignedBody(db: Kysely<DB>, url: string, oauth: Record<string, string>, body: string, key: string, secret: string): Promise<string | null> {
  if (!key || oauth.oauth_consumer_key !== key || oauth.oauth_signature_method !== 'HMAC-SHA1') return 'Invalid OAuth consumer key or method';
  if (!oauth.oauth_body_hash || !same(oauth.oauth_body_hash, createHash('sha1').update(body).digest('base64'))) return 'Invalid body hash';
  const timestamp = Number(oauth.oauth_timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(now() - timestamp) > TIMESTAMP_WINDOW) return 'Expired timestamp';
  const signed = Object.fromEntries(Object.entries(oauth).filter(([name]) => name !== 'oauth_signature' && name !== 'realm'));
  const signer = new OAuth({ consumer: { key, secret }, signature_method: 'HMAC-SHA1', hash_function: (base, k) => createHmac('sha1', k).update(base).digest('base64') });
  const expected = signer.getSignature({ url, method: 'POST' }, '', signed as unknown as OAuth.Data);
  if (!same(expected, oauth.oauth_signature ?? '')) return 'Invalid signature';
  await db.deleteFrom('lti_oauth_nonces').where('timecreated', '<', now() - 2 * TIMESTAMP_WINDOW).execute();
  if (!oauth.oauth_nonce) return 'Missing nonce';
  const fresh = await db.insertInto('lti_oauth_nonces').values({ consumerkey: key, nonce: oauth.oauth_nonce, timecreated: now() }).onConflict((oc) => oc.columns(['consumerkey', 'nonce']).doNothing()).returning('id').executeTakeFirst();
  return fresh ? null : 'Nonce already used';
}
