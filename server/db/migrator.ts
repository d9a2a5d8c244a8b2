import { Migrator, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import type { DialectName } from './database';

/**
 * A component's migrations, in the order they must run. Names are stable forever once released:
 * the runner records `<component>/<name>` in `kysely_migration` and never runs a recorded one again.
 */
export interface ComponentMigrations {
  component: string;
  migrations: Array<{ name: string; up(db: Kysely<unknown>, dialect: DialectName): Promise<void> }>;
}

/** Runs every pending migration, components in the given order, each component's in its own order. */
export async function migrateToLatest(
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
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(all) },
    // A component that gains a migration later still runs it even though later components ran before.
    allowUnorderedMigrations: true,
    nameComparator: (a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0),
  });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}
