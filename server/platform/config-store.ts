import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** A site setting from the `config` table, or undefined when it was never set. */
export async function getConfig(db: Kysely<DB>, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('config').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

/** Several site settings in one query; names never set are absent from the map. */
export async function getConfigs(db: Kysely<DB>, names: readonly string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await db.selectFrom('config').select(['name', 'value']).where('name', 'in', names).execute();
  return new Map(rows.map((r) => [r.name, r.value]));
}

export async function setConfig(db: Kysely<DB>, name: string, value: string): Promise<void> {
  await db
    .insertInto('config')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}

export async function unsetConfig(db: Kysely<DB>, name: string): Promise<void> {
  await db.deleteFrom('config').where('name', '=', name).execute();
}
