import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** All of a user's preferences as a name → value map. */
export async function getPreferences(db: Kysely<DB>, userid: number): Promise<Record<string, string>> {
  const rows = await db.selectFrom('user_preferences').select(['name', 'value']).where('userid', '=', userid).orderBy('name').execute();
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

export async function getPreference(db: Kysely<DB>, userid: number, name: string, fallback: string | null = null): Promise<string | null> {
  const row = await db.selectFrom('user_preferences').select('value').where('userid', '=', userid).where('name', '=', name).executeTakeFirst();
  return row ? row.value : fallback;
}

export async function setPreference(db: Kysely<DB>, userid: number, name: string, value: string): Promise<void> {
  await db
    .insertInto('user_preferences')
    .values({ userid, name, value })
    .onConflict((oc) => oc.columns(['userid', 'name']).doUpdateSet({ value }))
    .execute();
}

export async function unsetPreference(db: Kysely<DB>, userid: number, name: string): Promise<void> {
  await db.deleteFrom('user_preferences').where('userid', '=', userid).where('name', '=', name).execute();
}
