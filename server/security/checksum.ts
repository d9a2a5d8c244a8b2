import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { tableNames } from '../db/tables';

/**
 * Tables whose rows change on any request, refused or not: the session store is touched on use, and
 * the migration bookkeeping is Kysely's. Everything else must be unchanged by a refused request.
 */
const VOLATILE = new Set(['sessions', 'kysely_migration', 'kysely_migration_lock']);

/**
 * A digest of every row of every table (except the volatile ones), per table, so a test can show a
 * request changed nothing and, when it did, name the tables it changed.
 */
export async function databaseChecksum<T>(db: Kysely<T>): Promise<Map<string, string>> {
  const tables = (await tableNames(db)).filter((name) => !VOLATILE.has(name)).sort();
  const sums = new Map<string, string>();
  for (const table of tables) {
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    const rows = result.rows.map((row) => JSON.stringify(Object.entries(row).sort(([a], [b]) => a.localeCompare(b)), (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
    rows.sort();
    sums.set(table, createHash('sha1').update(rows.join('\n')).digest('hex'));
  }
  return sums;
}

/** The tables whose digests differ between two checksums. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
