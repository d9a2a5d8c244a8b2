import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';
import type { ComponentMigrations } from '../../db/migrator';

const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

async function fileTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  // Content lives in the database, so every server process sees the same files without shared disks.
  await withId(s.createTable('files'), dialect)
    .addColumn('contextid', 'integer', (c) => c.notNull())
    .addColumn('component', 'varchar(100)', (c) => c.notNull())
    .addColumn('filearea', 'varchar(50)', (c) => c.notNull())
    .addColumn('itemid', 'integer', zero)
    .addColumn('filename', 'varchar(255)', text)
    .addColumn('mimetype', 'varchar(100)', text)
    .addColumn('filesize', 'integer', zero)
    .addColumn('contenthash', 'varchar(64)', text)
    .addColumn('content', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('userid', 'integer', zero)
    .addColumn('timecreated', 'bigint', zero)
    .execute();
  await s.createIndex('files_area_ix').on('files').columns(['contextid', 'component', 'filearea', 'itemid']).execute();
}

export const fileMigrations: ComponentMigrations = {
  component: 'core_files',
  migrations: [{ name: '0001_files', up: fileTables }],
};
