import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
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

/**
 * Contents move to disk (FILES_DIR, by content hash): `content` is kept only for rows written before,
 * so it becomes nullable; the content hash gets an index for the sweep of unreferenced contents.
 */
async function contentOnDisk(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  if (dialect === 'postgres') {
    await sql`alter table files alter column content drop not null`.execute(db);
  } else {
    // SQLite cannot drop NOT NULL in place: rebuild the table with the same columns and ids.
    await withId(s.createTable('files_new'), dialect)
      .addColumn('contextid', 'integer', (c) => c.notNull())
      .addColumn('component', 'varchar(100)', (c) => c.notNull())
      .addColumn('filearea', 'varchar(50)', (c) => c.notNull())
      .addColumn('itemid', 'integer', zero)
      .addColumn('filename', 'varchar(255)', text)
      .addColumn('mimetype', 'varchar(100)', text)
      .addColumn('filesize', 'integer', zero)
      .addColumn('contenthash', 'varchar(64)', text)
      .addColumn('content', 'blob')
      .addColumn('userid', 'integer', zero)
      .addColumn('timecreated', 'bigint', zero)
      .execute();
    await sql`insert into files_new (id, contextid, component, filearea, itemid, filename, mimetype, filesize, contenthash, content, userid, timecreated)
      select id, contextid, component, filearea, itemid, filename, mimetype, filesize, contenthash, content, userid, timecreated from files`.execute(db);
    await s.dropTable('files').execute();
    await s.alterTable('files_new').renameTo('files').execute();
    await s.createIndex('files_area_ix').on('files').columns(['contextid', 'component', 'filearea', 'itemid']).execute();
  }
  await s.createIndex('files_contenthash_ix').on('files').column('contenthash').execute();
}

export const fileMigrations: ComponentMigrations = {
  component: 'core_files',
  migrations: [
    { name: '0001_files', up: fileTables },
    { name: '0002_content_on_disk', up: contentOnDisk },
  ],
};
