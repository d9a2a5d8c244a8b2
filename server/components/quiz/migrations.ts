import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';
import type { ComponentMigrations } from '../../db/migrator';

const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const one = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(1);
/** Review options default: everything immediately after and later (activities.md §3.1 bits). */
const REVIEW_DEFAULT = 0x01110;

async function quizTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  const review = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(REVIEW_DEFAULT);
  await withId(s.createTable('quiz'), dialect)
    .addColumn('course', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('intro', 'text', text)
    .addColumn('introformat', 'integer', one)
    .addColumn('timeopen', 'bigint', zero)
    .addColumn('timeclose', 'bigint', zero)
    .addColumn('timelimit', 'integer', zero)
    .addColumn('attempts', 'integer', zero)
    .addColumn('grademethod', 'integer', one)
    .addColumn('questionsperpage', 'integer', one)
    .addColumn('shufflequestions', 'integer', zero)
    .addColumn('shuffleanswers', 'integer', one)
    .addColumn('password', 'varchar(255)', text)
    .addColumn('browsersecurity', 'varchar(32)', (c) => c.notNull().defaultTo('-'))
    .addColumn('reviewattempt', 'integer', review)
    .addColumn('reviewcorrectness', 'integer', review)
    .addColumn('reviewmarks', 'integer', review)
    .addColumn('reviewspecificfeedback', 'integer', review)
    .addColumn('reviewgeneralfeedback', 'integer', review)
    .addColumn('reviewrightanswer', 'integer', review)
    .addColumn('sumgrades', 'double precision', zero)
    .addColumn('grade', 'double precision', (c) => c.notNull().defaultTo(10))
    .addColumn('decimalpoints', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .execute();
  await s.createIndex('quiz_course_ix').on('quiz').column('course').execute();

  await withId(s.createTable('quiz_slots'), dialect)
    .addColumn('quizid', 'integer', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('page', 'integer', one)
    .addColumn('questionid', 'integer', (c) => c.notNull())
    .addColumn('maxmark', 'double precision', one)
    .addUniqueConstraint('quiz_slots_uq', ['quizid', 'slot'])
    .execute();
  await s.createIndex('quiz_slots_question_ix').on('quiz_slots').column('questionid').execute();

  await withId(s.createTable('quiz_attempts'), dialect)
    .addColumn('quiz', 'integer', (c) => c.notNull())
    .addColumn('userid', 'integer', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('layout', 'text', text)
    .addColumn('currentpage', 'integer', zero)
    .addColumn('preview', 'integer', zero)
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('inprogress'))
    .addColumn('timestart', 'bigint', zero)
    .addColumn('timefinish', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .addColumn('timecheckstate', 'bigint')
    .addColumn('sumgrades', 'double precision')
    .addUniqueConstraint('quiz_attempts_uq', ['quiz', 'userid', 'attempt'])
    .execute();
  await s.createIndex('quiz_attempts_state_ix').on('quiz_attempts').columns(['quiz', 'state']).execute();
  await s.createIndex('quiz_attempts_userid_ix').on('quiz_attempts').column('userid').execute();

  await withId(s.createTable('quiz_attempt_slots'), dialect)
    .addColumn('attemptid', 'integer', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('questionid', 'integer', (c) => c.notNull())
    .addColumn('maxmark', 'double precision', one)
    .addColumn('choiceorder', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('response', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('sequencecheck', 'integer', zero)
    .addColumn('flagged', 'integer', zero)
    .addColumn('fraction', 'double precision')
    .addUniqueConstraint('quiz_attempt_slots_uq', ['attemptid', 'slot'])
    .execute();
  await s.createIndex('quiz_attempt_slots_question_ix').on('quiz_attempt_slots').column('questionid').execute();

  await withId(s.createTable('quiz_grades'), dialect)
    .addColumn('quiz', 'integer', (c) => c.notNull())
    .addColumn('userid', 'integer', (c) => c.notNull())
    .addColumn('grade', 'double precision', (c) => c.notNull())
    .addColumn('timemodified', 'bigint', zero)
    .addUniqueConstraint('quiz_grades_uq', ['quiz', 'userid'])
    .execute();

  await withId(s.createTable('quiz_password_passed'), dialect)
    .addColumn('sid', 'varchar(128)', (c) => c.notNull())
    .addColumn('quiz', 'integer', (c) => c.notNull())
    .addUniqueConstraint('quiz_password_passed_uq', ['sid', 'quiz'])
    .execute();

  // The module type, so course modules can name it (core_course's modules table is installed first).
  await (db as Kysely<{ modules: { name: string } }>).insertInto('modules').values({ name: 'quiz' }).execute();
}

/** What happens when an attempt's time runs out (activities.md §3.1), and the grace period for submitting it. */
async function overdueHandling(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quiz').addColumn('overduehandling', 'varchar(16)', (c) => c.notNull().defaultTo('autosubmit')).execute();
  await db.schema.alterTable('quiz').addColumn('graceperiod', 'integer', (c) => c.notNull().defaultTo(86400)).execute();
}

export const quizMigrations: ComponentMigrations = {
  component: 'mod_quiz',
  migrations: [
    { name: '0001_quiz', up: quizTables },
    { name: '0002_overdue_handling', up: overdueHandling },
  ],
};
