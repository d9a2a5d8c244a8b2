import { Migrator, sql, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import type { DialectName } from './database';

/**
 * A component's migrations, in the order they must run. Names are stable forever once released:
 * the runner records `<component>/<name>` in `kysely_migration` and never runs a recorded one again.
 */
export interface ComponentMigrations {
  component: string;
  migrations: Array<{ name: string; up(db: Kysely<unknown>, dialect: DialectName): Promise<void> }>;
}

/** Key of the PostgreSQL advisory lock held while migrating (and while tests drop their schemas). */
export const MIGRATION_LOCK_KEY = 7_314_001;

/**
 * Runs `work` while holding the database-wide migration lock on PostgreSQL, so processes starting
 * together migrate one after another, and schema changes elsewhere (tests dropping their schemas)
 * never happen while Kysely inspects the catalogue. On SQLite it just runs `work`.
 */
export async function withMigrationLock<T>(db: Kysely<unknown>, dialect: DialectName, work: () => Promise<T>): Promise<T> {
  if (dialect !== 'postgres') return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection);
    }
  });
}

/** Runs every pending migration, components in the given order, each component's in its own order. */
export async function migrateToLatest(
  db: Kysely<unknown>,
  dialect: DialectName,
  components: readonly ComponentMigrations[],
): Promise<MigrationResultSet> {
  return withMigrationLock(db, dialect, () => migrateUnlocked(db, dialect, components));
}

async function migrateUnlocked(
  db: Kysely<unknown>,
  dialect: DialectName,
  components: readonly ComponentMigrations[],
): Promise<MigrationResultSet> {
  const order = new Map<string, number>();
  const all: Record<string, Migration> = {};
  components.forEach((c, ci) => {
    c.migrations.forEach((m, mi) => {
      const key = `${c.component}/${m.name}`;
      if (order.has(key)) throw new Error(`Duplicate migration ${key}`);
      order.set(key, ci * 10_000 + mi);
      all[key] = { up: (trx) => m.up(trx, dialect) };
    });
  });
  // Kysely looks for its bookkeeping tables in every schema unless told which one; on a PostgreSQL
  // database shared by several schemas (parallel test runs) it must be the connection's own.
  const schema =
    dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const migratorFor = (migrations: Record<string, Migration>) =>
    new Migrator({
      db,
      ...(schema ? { migrationTableSchema: schema } : {}),
      provider: { getMigrations: () => Promise.resolve(migrations) },
      // A component that gains a migration later still runs it even though later components ran before.
      allowUnorderedMigrations: true,
      nameComparator: (a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0),
    });
  // Kysely runs pending migrations in the plain sort order of their names (`core_user/…` before
  // `moodle/…`), so each component runs on its own, in registry order: a component's migrations can
  // rely on the tables of every component before it.
  const executed = new Set((await migratorFor(all).getMigrations()).filter((m) => m.executedAt).map((m) => m.name));
  const results: NonNullable<MigrationResultSet['results']> = [];
  const reached = new Set<string>();
  for (const c of components) {
    reached.add(c.component);
    if (c.migrations.every((m) => executed.has(`${c.component}/${m.name}`))) continue;
    const upTo = Object.fromEntries(Object.entries(all).filter(([key]) => executed.has(key) || reached.has(key.slice(0, key.indexOf('/')))));
    const result = await migratorFor(upTo).migrateToLatest();
    if (result.error) throw result.error instanceof Error ? result.error : new Error(`Migration of ${c.component} failed`, { cause: result.error });
    results.push(...(result.results ?? []));
  }
  return { results };
}
