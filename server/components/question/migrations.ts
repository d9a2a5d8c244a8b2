import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';
import type { ComponentMigrations } from '../../db/migrator';

const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const one = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(1);

async function questionTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('question_categories'), dialect)
    .addColumn('courseid', 'integer', (c) => c.notNull())
    .addColumn('contextid', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('info', 'text', text)
    .addColumn('sortorder', 'integer', zero)
    .addColumn('timecreated', 'bigint', zero)
    .execute();
  await s.createIndex('question_categories_course_ix').on('question_categories').columns(['courseid', 'sortorder']).execute();

  await withId(s.createTable('question'), dialect)
    .addColumn('category', 'integer', (c) => c.notNull())
    .addColumn('qtype', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('questiontext', 'text', text)
    .addColumn('generalfeedback', 'text', text)
    .addColumn('defaultmark', 'double precision', one)
    .addColumn('single', 'integer', one)
    .addColumn('shuffleanswers', 'integer', one)
    .addColumn('usecase', 'integer', zero)
    .addColumn('createdby', 'integer', zero)
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .execute();
  await s.createIndex('question_category_ix').on('question').columns(['category', 'name']).execute();

  await withId(s.createTable('question_answers'), dialect)
    .addColumn('question', 'integer', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('fraction', 'double precision', (c) => c.notNull())
    .addColumn('feedback', 'text', text)
    .addColumn('tolerance', 'double precision', zero)
    .addColumn('sortorder', 'integer', zero)
    .execute();
  await s.createIndex('question_answers_question_ix').on('question_answers').columns(['question', 'sortorder']).execute();
}

export const questionMigrations: ComponentMigrations = {
  component: 'core_question',
  migrations: [{ name: '0001_question', up: questionTables }],
};
