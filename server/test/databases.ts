import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { components } from '../components/registry';
import { openDatabase, type Database, type DialectName } from '../db/database';
import { migrationsOf } from '../db/migrations';
import { migrateToLatest, withMigrationLock } from '../db/migrator';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDialects: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase extends Database {
  /** Closes the connection and removes what the test created (the PostgreSQL schema). */
  drop(): Promise<void>;
}

/** A fresh, fully migrated database: in-memory SQLite, or a new schema of its own on PostgreSQL. */
export async function openTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const database = await openDatabase('sqlite::memory:');
    await migrateToLatest(database.db as never, database.dialect, migrationsOf(components));
    return { ...database, drop: () => database.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const database = await openDatabase(url, { schema, poolSize: 4 });
  await migrateToLatest(database.db as never, database.dialect, migrationsOf(components));
  return {
    ...database,
    drop: async () => {
      // Dropping while another run migrates would pull tables from under Kysely's catalogue queries.
      await withMigrationLock(database.db as never, 'postgres', () => sql`drop schema ${sql.id(schema)} cascade`.execute(database.db));
      await database.close();
    },
  };
}
