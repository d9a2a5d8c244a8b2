import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';
import type { ComponentMigrations } from '../../db/migrator';

/**
 * Indexes for browsing users (core_user_list_users): one per sort order, each led by `deleted` (every
 * list filters on it) and ending in `id` (the tie-breaker), so a page is read in index order.
 * Substring search (`%word%`) cannot use a B-tree; it scans the rows that the status filter keeps.
 */
async function userListIndexes(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s.createIndex('user_list_lastname_ix').on('user').columns(['deleted', 'lastname', 'firstname', 'id']).execute();
  await s.createIndex('user_list_firstname_ix').on('user').columns(['deleted', 'firstname', 'lastname', 'id']).execute();
  await s.createIndex('user_list_email_ix').on('user').columns(['deleted', 'email', 'id']).execute();
  await s.createIndex('user_list_username_ix').on('user').columns(['deleted', 'username', 'id']).execute();
  await s.createIndex('user_list_lastaccess_ix').on('user').columns(['deleted', 'lastaccess', 'id']).execute();
  await s.createIndex('user_list_suspended_ix').on('user').columns(['deleted', 'suspended', 'lastname', 'firstname', 'id']).execute();
}

const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');

/**
 * CSV uploads of users (upload.ts, upload-jobs.ts): the stored file and its progress, so any server
 * process can take the next batch, and the rows that failed with their errors.
 */
async function userUploadTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('user_uploads'), dialect)
    .addColumn('userid', 'integer', (c) => c.notNull())
    .addColumn('mode', 'varchar(20)', (c) => c.notNull())
    .addColumn('delimiter', 'varchar(20)', (c) => c.notNull())
    .addColumn('content', 'text', text)
    .addColumn('totalrows', 'integer', zero)
    .addColumn('processedrows', 'integer', zero)
    .addColumn('created', 'integer', zero)
    .addColumn('updated', 'integer', zero)
    .addColumn('skipped', 'integer', zero)
    .addColumn('failed', 'integer', zero)
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .addColumn('timefinished', 'bigint', zero)
    .execute();
  await s.createIndex('user_uploads_userid_ix').on('user_uploads').column('userid').execute();
  await s.createIndex('user_uploads_timecreated_ix').on('user_uploads').column('timecreated').execute();
  await withId(s.createTable('user_upload_failures'), dialect)
    .addColumn('uploadid', 'integer', (c) => c.notNull())
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('username', 'varchar(255)', text)
    .addColumn('errors', 'text', text)
    .execute();
  await s.createIndex('user_upload_failures_upload_line_ix').on('user_upload_failures').columns(['uploadid', 'line']).execute();
}

export const userMigrations: ComponentMigrations = {
  component: 'core_user',
  migrations: [
    { name: '0001_user_list_indexes', up: userListIndexes },
    { name: '0002_user_upload_tables', up: userUploadTables },
  ],
};
