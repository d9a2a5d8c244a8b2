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

/** The optional remote query: run on the second database connection the admin sets up. */
async function remoteQuery(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('block_configurable_reports').addColumn('remotequerysql', 'text', (c) => c.notNull().defaultTo('')).execute();
}

/** Scheduled runs: how often, when next, whether the author is told; and each run's stored result. */
async function schedules(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = () => db.schema.alterTable('block_configurable_reports');
  await table().addColumn('schedule', 'varchar(20)', (c) => c.notNull().defaultTo('none')).execute();
  await table().addColumn('nextrun', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await table().addColumn('emailresult', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // The runner's question each minute: which scheduled reports are due.
  await db.schema.createIndex('block_configurable_reports_due_ix').on('block_configurable_reports').columns(['schedule', 'nextrun']).execute();
  await withId(db.schema.createTable('block_configurable_reports_runs'), dialect)
    .addColumn('reportid', 'integer', (c) => c.notNull())
    .addColumn('timecreated', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('rowcount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('truncated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('block_configurable_reports_runs_report_ix').on('block_configurable_reports_runs').columns(['reportid', 'timecreated']).execute();
}

export const reportMigrations: ComponentMigrations = {
  component: 'block_configurable_reports',
  migrations: [
    { name: '0001_reports', up: reportTables },
    { name: '0002_remote_query', up: remoteQuery },
    { name: '0003_schedules', up: schedules },
  ],
};
