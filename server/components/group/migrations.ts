import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';
import type { ComponentMigrations } from '../../db/migrator';

const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const one = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(1);

/** Groupings: named sets of a course's groups, so an activity can work with some groups only. */
async function groupingTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('groupings'), dialect)
    .addColumn('courseid', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(254)', (c) => c.notNull())
    .addColumn('idnumber', 'varchar(100)', text)
    .addColumn('description', 'text', text)
    .addColumn('descriptionformat', 'integer', one)
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .execute();
  await s.createIndex('groupings_courseid_ix').on('groupings').column('courseid').execute();
  await s.createIndex('groupings_courseid_idnumber_ix').on('groupings').columns(['courseid', 'idnumber']).execute();

  await withId(s.createTable('groupings_groups'), dialect)
    .addColumn('groupingid', 'integer', (c) => c.notNull())
    .addColumn('groupid', 'integer', (c) => c.notNull())
    .addColumn('timeadded', 'bigint', zero)
    .addUniqueConstraint('groupings_groups_grouping_group_uq', ['groupingid', 'groupid'])
    .execute();
  await s.createIndex('groupings_groups_groupid_ix').on('groupings_groups').column('groupid').execute();
}

/**
 * The grouping an activity works with (0: all the course's groups). core_course's course_modules
 * table already has groupmode; the column lives with the groupings it points to.
 */
async function moduleGrouping(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('course_modules').addColumn('groupingid', 'integer', zero).execute();
}

export const groupMigrations: ComponentMigrations = {
  component: 'core_group',
  migrations: [
    { name: '0001_groupings', up: groupingTables },
    { name: '0002_course_modules_groupingid', up: moduleGrouping },
  ],
};
