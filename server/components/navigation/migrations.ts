import { sql, type Kysely } from 'kysely';
import { BLOCK_NAVIGATION, BLOCK_SETTINGS } from '../../../api/navigation';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';
import type { ComponentMigrations } from '../../db/migrator';

/** The block instances table, with the navigation and settings blocks placed on every page. */
async function blockInstances(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable('block_instances'), dialect)
    .addColumn('blockname', 'varchar(40)', (c) => c.notNull())
    .addColumn('defaultregion', 'varchar(16)', (c) => c.notNull())
    .addColumn('defaultweight', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('timecreated', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('timemodified', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // The blocks of a region in order (every page reads this), and a block type's instances.
  await db.schema.createIndex('block_instances_region_ix').on('block_instances').columns(['defaultregion', 'defaultweight']).execute();
  await db.schema.createIndex('block_instances_blockname_ix').on('block_instances').column('blockname').execute();
  const t = Math.floor(Date.now() / 1000);
  // Raw SQL: the migration's database handle has no table types.
  await sql`insert into block_instances (blockname, defaultregion, defaultweight, timecreated, timemodified)
    values (${BLOCK_NAVIGATION}, 'side-pre', 0, ${t}, ${t}), (${BLOCK_SETTINGS}, 'side-pre', 1, ${t}, ${t})`.execute(db);
}

export const navigationMigrations: ComponentMigrations = {
  component: 'block_navigation',
  migrations: [{ name: '0001_block_instances', up: blockInstances }],
};
