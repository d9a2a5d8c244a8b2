import { createHash } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { tableNames } from '../db/tables';

/**
 * Tables whose rows change on any request, refused or not: the session store is touched on use, and
 * the migration bookkeeping is Kysely's. Everything else must be unchanged by a refused request.
 */
const VOLATILE = new Set(['sessions', 'kysely_migration', 'kysely_migration_lock']);

/**
 * A digest of every row of every table (except the volatile ones), per table, so a test can show a
 * request changed nothing and, when it did, name the tables it changed. The permission matrix takes
 * two per refused write, so it is built for speed: PostgreSQL digests every table itself in one query
 * (no rows cross the wire); SQLite, in process, hashes rows in their stored order.
 */
export async function databaseChecksum<T>(db: Kysely<T>): Promise<Map<string, string>> {
  const tables = (await tableNames(db)).filter((name) => !VOLATILE.has(name)).sort();
  const sums = new Map<string, string>();
  if (tables.length === 0) return sums;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // A row's text form covers every column; sorting the row digests makes the order of rows irrelevant.
    const perTable = tables.map(
      (table) => sql`select ${table}::text as name, md5(coalesce(string_agg(md5(r::text), '' order by md5(r::text)), '')) as digest from ${sql.table(table)} r`,
    );
    const result = await sql<{ name: string; digest: string }>`${sql.join(perTable, sql` union all `)}`.execute(db);
    for (const row of result.rows) sums.set(row.name, row.digest);
    return sums;
  }
  for (const table of tables) {
    // rowid order is stable while a table is unchanged, and a changed table changes its digest anyway.
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by rowid`.execute(db);
    const hash = createHash('sha1');
    for (const row of result.rows) hash.update(JSON.stringify(Object.values(row), (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))).update('\n');
    sums.set(table, hash.digest('hex'));
  }
  return sums;
}

/** The tables whose digests differ between two checksums. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
