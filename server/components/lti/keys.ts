import { exportJWK, generateKeyPair, importJWK, type JWK, type SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { now } from '../../platform/platform';
import { randomToken } from '../../platform/session';

type SigningKey = Parameters<SignJWT['sign']>[0];

/** A key pair signs for this long before a successor is made. */
export const KEY_ROTATE_AFTER = 30 * 24 * 3600;
/**
 * A new key is published this long before it signs, so tools that cached the key set (certs.php
 * allows 300 s) have seen it by then.
 */
export const KEY_PUBLISH_AHEAD = 600;
/** A replaced key stays published this long after its successor starts signing: longer than any token it signed lives. */
export const KEY_RETIRE_AFTER = 3600;

interface KeyRow {
  id: number;
  kid: string;
  privatejwk: string;
  timecreated: number;
}

async function makeKey(db: Kysely<DB>, timecreated: number): Promise<void> {
  const kid = randomToken(12);
  const pair = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const privatejwk = JSON.stringify(await exportJWK(pair.privateKey));
  const publicjwk = JSON.stringify({ ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' });
  await db.insertInto('lti_keys').values({ kid, privatejwk, publicjwk, timecreated }).onConflict((oc) => oc.column('kid').doNothing()).execute();
}

/** The key that signs now: the newest one published for KEY_PUBLISH_AHEAD, else (a new site) the oldest. */
function activeKey(keys: readonly KeyRow[], at: number): KeyRow | undefined {
  return keys.find((k) => k.timecreated <= at - KEY_PUBLISH_AHEAD) ?? keys.at(-1);
}

/**
 * Keeps the key set turning over: the first key is made on first use and signs at once; when the
 * newest key is older than KEY_ROTATE_AFTER a successor is published; a key replaced by an active
 * successor more than KEY_RETIRE_AFTER ago is removed. Answers the keys newest first.
 */
async function rotate(db: Kysely<DB>): Promise<KeyRow[]> {
  const read = () => db.selectFrom('lti_keys').select(['id', 'kid', 'privatejwk', 'timecreated']).orderBy('timecreated', 'desc').orderBy('id', 'desc').execute();
  let keys = await read();
  const t = now();
  if (keys.length === 0) {
    // Back-dated so that it signs at once: there is no older key for tools to use meanwhile.
    await makeKey(db, t - KEY_PUBLISH_AHEAD);
    keys = await read();
  } else if (keys[0]!.timecreated < t - KEY_ROTATE_AFTER) {
    await makeKey(db, t);
    keys = await read();
  }
  const active = activeKey(keys, t);
  if (active) {
    const activeSince = active.timecreated + KEY_PUBLISH_AHEAD;
    const retired = keys.filter((k) => k.timecreated < active.timecreated && activeSince < t - KEY_RETIRE_AFTER).map((k) => k.id);
    if (retired.length) {
      await db.deleteFrom('lti_keys').where('id', 'in', retired).execute();
      keys = keys.filter((k) => !retired.includes(k.id));
    }
  }
  return keys;
}

/** The platform's current RS256 signing key (rotating; see `rotate`). */
export async function signingKey(db: Kysely<DB>): Promise<{ kid: string; key: SigningKey }> {
  const keys = await rotate(db);
  const row = activeKey(keys, now())!;
  return { kid: row.kid, key: await importJWK(JSON.parse(row.privatejwk) as JWK, 'RS256') };
}

/** The public keys for `certs.php`: every key that signs, will sign soon, or signed tokens that may still be alive; only public members. */
export async function publicKeySet(db: Kysely<DB>): Promise<{ keys: JWK[] }> {
  await rotate(db);
  const rows = await db.selectFrom('lti_keys').select('publicjwk').orderBy('timecreated', 'desc').orderBy('id', 'desc').execute();
  return { keys: rows.map((r) => JSON.parse(r.publicjwk) as JWK) };
}
