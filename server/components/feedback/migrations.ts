import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';
import type { ComponentMigrations } from '../../db/migrator';

const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const one = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(1);

async function feedbackTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  // Settings of activities.md §5.1.
  await withId(s.createTable('feedback'), dialect)
    .addColumn('course', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('intro', 'text', text)
    .addColumn('introformat', 'integer', one)
    .addColumn('anonymous', 'integer', one)
    .addColumn('multiple_submit', 'integer', one)
    .addColumn('autonumbering', 'integer', one)
    .addColumn('page_after_submit', 'text', text)
    .addColumn('page_after_submitformat', 'integer', one)
    .addColumn('publish_stats', 'integer', zero)
    .addColumn('timeopen', 'bigint', zero)
    .addColumn('timeclose', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .execute();
  await s.createIndex('feedback_course_ix').on('feedback').column('course').execute();

  await withId(s.createTable('feedback_template'), dialect)
    .addColumn('course', 'integer', zero)
    .addColumn('ispublic', 'integer', zero)
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('timecreated', 'bigint', zero)
    .execute();
  await s.createIndex('feedback_template_course_ix').on('feedback_template').columns(['course', 'ispublic']).execute();
  await s.createIndex('feedback_template_public_ix').on('feedback_template').column('ispublic').execute();

  await withId(s.createTable('feedback_item'), dialect)
    .addColumn('feedback', 'integer', zero)
    .addColumn('template', 'integer', zero)
    .addColumn('name', 'text', text)
    .addColumn('label', 'varchar(255)', text)
    .addColumn('presentation', 'text', text)
    .addColumn('typ', 'varchar(255)', (c) => c.notNull())
    .addColumn('hasvalue', 'integer', zero)
    .addColumn('position', 'integer', zero)
    .addColumn('required', 'integer', zero)
    .addColumn('dependitem', 'integer', zero)
    .addColumn('dependvalue', 'varchar(255)', text)
    .addColumn('options', 'varchar(255)', text)
    .execute();
  // A feedback's items in order, and a template's.
  await s.createIndex('feedback_item_feedback_ix').on('feedback_item').columns(['feedback', 'position']).execute();
  await s.createIndex('feedback_item_template_ix').on('feedback_item').columns(['template', 'position']).execute();

  await withId(s.createTable('feedback_completed'), dialect)
    .addColumn('feedback', 'integer', (c) => c.notNull())
    .addColumn('userid', 'integer', zero)
    .addColumn('timemodified', 'bigint', zero)
    .addColumn('random_response', 'integer', zero)
    .addColumn('anonymous_response', 'integer', one)
    .addColumn('courseid', 'integer', zero)
    .addColumn('submissionkey', 'varchar(64)', text)
    .execute();
  // Responses of a feedback in time order (analysis, responses table, export) and one user's (already submitted?).
  await s.createIndex('feedback_completed_feedback_ix').on('feedback_completed').columns(['feedback', 'timemodified']).execute();
  await s.createIndex('feedback_completed_user_ix').on('feedback_completed').columns(['feedback', 'userid']).execute();
  // One response per submit key: two copies of the same final submit racing each other cannot both be stored.
  await s
    .createIndex('feedback_completed_key_uq')
    .unique()
    .on('feedback_completed')
    .columns(['feedback', 'userid', 'submissionkey'])
    .where(sql.ref('submissionkey'), '<>', '')
    .execute();

  await withId(s.createTable('feedback_value'), dialect)
    .addColumn('completed', 'integer', (c) => c.notNull())
    .addColumn('item', 'integer', (c) => c.notNull())
    .addColumn('course_id', 'integer', zero)
    .addColumn('value', 'text', text)
    .addUniqueConstraint('feedback_value_uq', ['completed', 'item'])
    .execute();
  await s.createIndex('feedback_value_item_ix').on('feedback_value').column('item').execute();

  await withId(s.createTable('feedback_completedtmp'), dialect)
    .addColumn('feedback', 'integer', (c) => c.notNull())
    .addColumn('userid', 'integer', zero)
    .addColumn('timemodified', 'bigint', zero)
    .addColumn('anonymous_response', 'integer', one)
    .addColumn('courseid', 'integer', zero)
    .addUniqueConstraint('feedback_completedtmp_uq', ['feedback', 'userid'])
    .execute();

  await withId(s.createTable('feedback_valuetmp'), dialect)
    .addColumn('completed', 'integer', (c) => c.notNull())
    .addColumn('item', 'integer', (c) => c.notNull())
    .addColumn('course_id', 'integer', zero)
    .addColumn('value', 'text', text)
    .addUniqueConstraint('feedback_valuetmp_uq', ['completed', 'item'])
    .execute();
  await s.createIndex('feedback_valuetmp_item_ix').on('feedback_valuetmp').column('item').execute();

  // The module type, so course modules can name it.
  await (db as Kysely<{ modules: { name: string } }>).insertInto('modules').values({ name: 'feedback' }).execute();
}

export const feedbackMigrations: ComponentMigrations = {
  component: 'mod_feedback',
  migrations: [{ name: '0001_feedback', up: feedbackTables }],
};
