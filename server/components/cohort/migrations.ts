import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';
import type { ComponentMigrations } from '../../db/migrator';

const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const one = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(1);

async function cohortTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('cohort'), dialect)
    .addColumn('contextid', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(254)', (c) => c.notNull())
    .addColumn('idnumber', 'varchar(100)', text)
    .addColumn('description', 'text', text)
    .addColumn('descriptionformat', 'integer', one)
    .addColumn('visible', 'integer', one)
    .addColumn('component', 'varchar(100)', text)
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .execute();
  await s.createIndex('cohort_contextid_name_ix').on('cohort').columns(['contextid', 'name']).execute();
  await s.createIndex('cohort_idnumber_ix').on('cohort').column('idnumber').execute();

  await withId(s.createTable('cohort_members'), dialect)
    .addColumn('cohortid', 'integer', (c) => c.notNull())
    .addColumn('userid', 'integer', (c) => c.notNull())
    .addColumn('timeadded', 'bigint', zero)
    .addUniqueConstraint('cohort_members_cohort_user_uq', ['cohortid', 'userid'])
    .execute();
  await s.createIndex('cohort_members_userid_ix').on('cohort_members').column('userid').execute();
}

export const cohortMigrations: ComponentMigrations = {
  component: 'core_cohort',
  migrations: [{ name: '0001_cohort_tables', up: cohortTables }],
};
