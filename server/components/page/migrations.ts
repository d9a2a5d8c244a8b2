import type { Kysely } from 'kysely';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';
import type { ComponentMigrations } from '../../db/migrator';

async function pageTable(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('page'), dialect)
    .addColumn('course', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('introformat', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contentformat', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('timemodified', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('page_course_ix').on('page').column('course').execute();
  // The module type, so course modules can name it (core_course's modules table is installed first).
  await (db as Kysely<{ modules: { name: string } }>).insertInto('modules').values({ name: 'page' }).execute();
}

export const pageMigrations: ComponentMigrations = {
  component: 'mod_page',
  migrations: [{ name: '0001_page', up: pageTable }],
};
