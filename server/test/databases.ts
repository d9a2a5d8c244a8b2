import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { components } from '../components/registry';
import { openDatabase, type Database, type DialectName } from '../db/database';
import { migrationsOf } from '../db/migrations';
import { migrateToLatest, withMigrationLock } from '../db/migrator';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDialects: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase extends Database {
  /** Closes the connection (and any opened by `connectAgain`) and removes what the test created. */
  drop(): Promise<void>;
  /**
   * Another, independent connection to the same database (its own SQLite handle or PostgreSQL pool),
   * as a second server process would open. In-memory SQLite cannot be shared: open with `onDisk`.
   */
  connectAgain(): Promise<Database>;
  /** The DATABASE_URL another process (a real server) would use for this database; needs `onDisk` on SQLite. */
  processUrl(): string;
}

export interface TestDatabaseOptions {
  /** SQLite: a file in a temporary directory instead of memory, so that a second connection can share it. */
  onDisk?: boolean;
}

/** A fresh, fully migrated database: in-memory SQLite (or a temporary file), or a new schema of its own on PostgreSQL. */
export async function openTestDatabase(dialect: DialectName, options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const others: Database[] = [];
  const closeOthers = async () => {
    for (const other of others.splice(0)) await other.close();
  };
  if (dialect === 'sqlite') {
    const dir = options.onDisk ? mkdtempSync(join(tmpdir(), 'tessera-test-')) : undefined;
    const url = dir === undefined ? 'sqlite::memory:' : `sqlite:${join(dir, 'site.db')}`;
    const database = await openDatabase(url);
    await migrateToLatest(database.db as never, database.dialect, migrationsOf(components));
    return {
      ...database,
      drop: async () => {
        await closeOthers();
        await database.close();
        if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
      },
      processUrl: () => {
        if (dir === undefined) throw new Error('An in-memory SQLite test database cannot be shared: open it with onDisk');
        return url;
      },
      connectAgain: async () => {
        if (dir === undefined) throw new Error('An in-memory SQLite test database cannot be shared: open it with onDisk');
        const other = await openDatabase(url);
        others.push(other);
        return other;
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase(url, { schema, poolSize: 4 });
  await migrateToLatest(database.db as never, database.dialect, migrationsOf(components));
  return {
    ...database,
    // node-postgres reads `options` from the URL, as openDatabase passes it for `schema`.
    processUrl: () => `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    connectAgain: async () => {
      const other = await openDatabase(url, { schema, poolSize: 4 });
      others.push(other);
      return other;
    },
    drop: async () => {
      await closeOthers();
      // Dropping while another run migrates would pull tables from under Kysely's catalogue queries.
      await withMigrationLock(database.db as never, 'postgres', () => sql`drop schema ${sql.id(schema)} cascade`.execute(database.db));
      await database.close();
    },
  };
}
