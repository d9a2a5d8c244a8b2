import { exportJWK, generateKeyPair, importJWK, type JWK, type SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { now } from '../../platform/platform';
import { randomToken } from '../../platform/session';

type SigningKey = Parameters<SignJWT['sign']>[0];

/** The platform's current RS256 signing key, made on first use (the newest key signs). */
export async function signingKey(db: Kysely<DB>): Promise<{ kid: string; key: SigningKey }> {
  let row = await db.selectFrom('lti_keys').select(['kid', 'privatejwk']).orderBy('id', 'desc').executeTakeFirst();
  if (!row) {
    const kid = randomToken(12);
    const pair = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const privatejwk = JSON.stringify(await exportJWK(pair.privateKey));
    const publicjwk = JSON.stringify({ ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' });
    await db.insertInto('lti_keys').values({ kid, privatejwk, publicjwk, timecreated: now() }).onConflict((oc) => oc.column('kid').doNothing()).execute();
    row = await db.selectFrom('lti_keys').select(['kid', 'privatejwk']).orderBy('id', 'desc').executeTakeFirstOrThrow();
  }
  return { kid: row.kid, key: await importJWK(JSON.parse(row.privatejwk) as JWK, 'RS256') };
}

/** The public keys for `certs.php`: only public members. */
export async function publicKeySet(db: Kysely<DB>): Promise<{ keys: JWK[] }> {
  const rows = await db.selectFrom('lti_keys').select('publicjwk').orderBy('id', 'desc').execute();
  return { keys: rows.map((r) => JSON.parse(r.publicjwk) as JWK) };
}
