import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';
import type { ComponentMigrations } from '../../db/migrator';

const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

/**
 * The enrol and user_enrolments tables belong to the course install; enrolment methods add what they
 * need: the self-enrolment key and the window in which self enrolment is open, and per-course last
 * access for the participants page.
 */
async function enrolSettings(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  await s.alterTable('enrol').addColumn('password', 'varchar(50)', (c) => c.notNull().defaultTo('')).execute();
  await s.alterTable('enrol').addColumn('enrolstartdate', 'bigint', zero).execute();
  await s.alterTable('enrol').addColumn('enrolenddate', 'bigint', zero).execute();

  await withId(s.createTable('user_lastaccess'), dialect)
    .addColumn('userid', 'integer', (c) => c.notNull())
    .addColumn('courseid', 'integer', (c) => c.notNull())
    .addColumn('timeaccess', 'bigint', zero)
    .addUniqueConstraint('user_lastaccess_user_course_uq', ['userid', 'courseid'])
    .execute();
  await s.createIndex('user_lastaccess_courseid_ix').on('user_lastaccess').column('courseid').execute();
}

export const enrolMigrations: ComponentMigrations = {
  component: 'core_enrol',
  migrations: [{ name: '0001_enrol_settings', up: enrolSettings }],
};
