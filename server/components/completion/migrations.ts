import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';
import type { ComponentMigrations } from '../../db/migrator';

const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const required = (c: ColumnDefinitionBuilder) => c.notNull();

/** The completion settings of activities (on core_course's course_modules) and the learners' states. */
async function completionTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  await s.alterTable('course_modules').addColumn('completion', 'integer', zero).execute();
  await s.alterTable('course_modules').addColumn('completionview', 'integer', zero).execute();

  await withId(s.createTable('course_modules_completion'), dialect)
    .addColumn('coursemoduleid', 'integer', required)
    .addColumn('userid', 'integer', required)
    .addColumn('completionstate', 'integer', zero)
    .addColumn('viewed', 'integer', zero)
    .addColumn('overrideby', 'integer')
    .addColumn('timemodified', 'bigint', zero)
    .addUniqueConstraint('course_modules_completion_cm_user_uq', ['coursemoduleid', 'userid'])
    .execute();
  await s.createIndex('course_modules_completion_user_ix').on('course_modules_completion').column('userid').execute();

  await withId(s.createTable('course_completions'), dialect)
    .addColumn('userid', 'integer', required)
    .addColumn('course', 'integer', required)
    .addColumn('timeenrolled', 'bigint', zero)
    .addColumn('timestarted', 'bigint', zero)
    .addColumn('timecompleted', 'bigint')
    .addColumn('reaggregate', 'bigint', zero)
    .addUniqueConstraint('course_completions_user_course_uq', ['userid', 'course'])
    .execute();
  await s.createIndex('course_completions_course_ix').on('course_completions').column('course').execute();
}

export const completionMigrations: ComponentMigrations = {
  component: 'core_completion',
  migrations: [{ name: '0001_completion', up: completionTables }],
};
