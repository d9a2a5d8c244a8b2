import type { Kysely } from 'kysely';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';
import type { ComponentMigrations } from '../../db/migrator';

async function reportTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('block_configurable_reports'), dialect)
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('querysql', 'text', (c) => c.notNull())
    .addColumn('contextid', 'integer', (c) => c.notNull())
    .addColumn('capability', 'varchar(255)', (c) => c.notNull())
    .addColumn('usermodified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('timecreated', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('timemodified', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // The reports of a context (course report menu, site index), listed by name.
  await db.schema.createIndex('block_configurable_reports_context_ix').on('block_configurable_reports').columns(['contextid', 'name']).execute();
}

export const reportMigrations: ComponentMigrations = {
  component: 'block_configurable_reports',
  migrations: [{ name: '0001_reports', up: reportTables }],
};
