import { createLocalJWKSet, decodeJwt, errors, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyOptions } from 'jose';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { fetchGuarded } from './fetch';

/** Signature algorithms a tool may use (lti.md §2.6): never `none` or a shared-secret HS*. */
const TOOL_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'ES512'];
/** How long a fetched key set is reused, and how soon it may be fetched again for a key it lacks. */
const CACHE_SECONDS = 600;
const COOLDOWN_SECONDS = 30;
/** Clock skew allowed on iat, exp and nbf (lti.md §6). */
export const CLOCK_TOLERANCE = 60;

const cache = new Map<string, { keys: ReturnType<typeof createLocalJWKSet>; fetched: number }>();

async function keySet(db: Kysely<DB>, url: string, fresh: boolean) {
  const cached = cache.get(url);
  const age = cached ? Date.now() / 1000 - cached.fetched : Infinity;
  if (cached && age < CACHE_SECONDS && !(fresh && age >= COOLDOWN_SECONDS)) return cached.keys;
  let parsed: JSONWebKeySet;
  try {
    parsed = JSON.parse(await fetchGuarded(db, url)) as JSONWebKeySet;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('errorreadingfile', { component: 'mod_lti', debuginfo: 'the key set is not JSON' });
  }
  if (!parsed || !Array.isArray(parsed.keys)) throw new AppError('errorreadingfile', { component: 'mod_lti', debuginfo: 'the key set has no keys' });
  const keys = createLocalJWKSet(parsed);
  cache.set(url, { keys, fetched: Date.now() / 1000 });
  return keys;
}

/** The claims of a JWT without checking it: only to find which tool claims to have signed it. */
export function unverifiedClaims(jwt: string): JWTPayload | undefined {
  try {
    return decodeJwt(jwt);
  } catch {
    return undefined;
  }
}

/**
 * Verifies a JWT the tool signed with a key from its public key set URL (fetched through the outbound
 * guard, cached, refetched once for an unknown key id). Answers the payload, or throws AppError
 * `invalidjwt` with what is wrong in debuginfo.
 */
export async function verifyToolJwt(db: Kysely<DB>, keySetUrl: string, jwt: string, options: Omit<JWTVerifyOptions, 'algorithms' | 'clockTolerance'>): Promise<JWTPayload> {
  const refuse = (why: string) => new AppError('invalidjwt', { component: 'mod_lti', debuginfo: why, status: 400 });
  if (!keySetUrl) throw refuse('the tool has no public key set URL');
  const verify = async (fresh: boolean) => (await jwtVerify(jwt, await keySet(db, keySetUrl, fresh), { ...options, algorithms: TOOL_ALGORITHMS, clockTolerance: CLOCK_TOLERANCE })).payload;
  try {
    try {
      return await verify(false);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey) return await verify(true);
      throw error;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(error instanceof Error ? error.message : 'invalid token');
  }
}
