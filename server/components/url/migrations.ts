import type { Kysely } from 'kysely';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';
import type { ComponentMigrations } from '../../db/migrator';

async function urlTable(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('url'), dialect)
    .addColumn('course', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('introformat', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('externalurl', 'text', (c) => c.notNull())
    .addColumn('timemodified', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('url_course_ix').on('url').column('course').execute();
  // The module type, so course modules can name it (core_course's modules table is installed first).
  await (db as Kysely<{ modules: { name: string } }>).insertInto('modules').values({ name: 'url' }).execute();
}

export const urlMigrations: ComponentMigrations = {
  component: 'mod_url',
  migrations: [{ name: '0001_url', up: urlTable }],
};
