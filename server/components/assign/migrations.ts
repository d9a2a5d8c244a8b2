import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';
import type { ComponentMigrations } from '../../db/migrator';

const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const one = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(1);
/** Grades keep 5 decimals, as Moodle's number(10,5). */
const GRADE = 'numeric(15, 5)';

async function assignTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  // Settings of activities.md §1.1, with the online text and file submission settings as columns.
  await withId(s.createTable('assign'), dialect)
    .addColumn('course', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('intro', 'text', text)
    .addColumn('introformat', 'integer', one)
    .addColumn('alwaysshowdescription', 'integer', one)
    .addColumn('nosubmissions', 'integer', zero)
    .addColumn('submissiondrafts', 'integer', zero)
    .addColumn('sendnotifications', 'integer', zero)
    .addColumn('sendlatenotifications', 'integer', zero)
    .addColumn('sendstudentnotifications', 'integer', one)
    .addColumn('duedate', 'bigint', zero)
    .addColumn('allowsubmissionsfromdate', 'bigint', zero)
    .addColumn('cutoffdate', 'bigint', zero)
    .addColumn('gradingduedate', 'bigint', zero)
    .addColumn('grade', 'integer', zero)
    .addColumn('completionsubmit', 'integer', zero)
    .addColumn('requiresubmissionstatement', 'integer', zero)
    .addColumn('teamsubmission', 'integer', zero)
    .addColumn('requireallteammemberssubmit', 'integer', zero)
    .addColumn('teamsubmissiongroupingid', 'integer', zero)
    .addColumn('preventsubmissionnotingroup', 'integer', zero)
    .addColumn('blindmarking', 'integer', zero)
    .addColumn('hidegrader', 'integer', zero)
    .addColumn('revealidentities', 'integer', zero)
    .addColumn('attemptreopenmethod', 'varchar(10)', (c) => c.notNull().defaultTo('none'))
    .addColumn('maxattempts', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('markingworkflow', 'integer', zero)
    .addColumn('markingallocation', 'integer', zero)
    .addColumn('onlinetext_enabled', 'integer', zero)
    .addColumn('onlinetext_wordlimit', 'integer', zero)
    .addColumn('file_enabled', 'integer', zero)
    .addColumn('file_maxfiles', 'integer', one)
    .addColumn('file_maxsizebytes', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .execute();
  await s.createIndex('assign_course_ix').on('assign').column('course').execute();

  await withId(s.createTable('assign_submission'), dialect)
    .addColumn('assignment', 'integer', (c) => c.notNull())
    .addColumn('userid', 'integer', zero)
    .addColumn('groupid', 'integer', zero)
    .addColumn('attemptnumber', 'integer', zero)
    .addColumn('latest', 'integer', zero)
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('new'))
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .addUniqueConstraint('assign_submission_uq', ['assignment', 'userid', 'groupid', 'attemptnumber'])
    .execute();
  // The latest attempt of every user of an assignment (participant lists, grading table, counts).
  await s.createIndex('assign_submission_latest_ix').on('assign_submission').columns(['assignment', 'latest', 'userid']).execute();
  await s.createIndex('assign_submission_status_ix').on('assign_submission').columns(['assignment', 'latest', 'status']).execute();
  await s.createIndex('assign_submission_userid_ix').on('assign_submission').column('userid').execute();

  await withId(s.createTable('assignsubmission_onlinetext'), dialect)
    .addColumn('assignment', 'integer', (c) => c.notNull())
    .addColumn('submission', 'integer', (c) => c.notNull())
    .addColumn('onlinetext', 'text', text)
    .addColumn('onlineformat', 'integer', one)
    .addUniqueConstraint('assignsubmission_onlinetext_submission_uq', ['submission'])
    .execute();
  await s.createIndex('assignsubmission_onlinetext_assignment_ix').on('assignsubmission_onlinetext').column('assignment').execute();

  await withId(s.createTable('assign_grades'), dialect)
    .addColumn('assignment', 'integer', (c) => c.notNull())
    .addColumn('userid', 'integer', (c) => c.notNull())
    .addColumn('attemptnumber', 'integer', zero)
    // −1 = not set, as Moodle stores it.
    .addColumn('grade', GRADE, (c) => c.notNull().defaultTo(-1))
    .addColumn('grader', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .addUniqueConstraint('assign_grades_uq', ['assignment', 'userid', 'attemptnumber'])
    .execute();
  await s.createIndex('assign_grades_userid_ix').on('assign_grades').column('userid').execute();
  await s.createIndex('assign_grades_timemodified_ix').on('assign_grades').columns(['assignment', 'timemodified']).execute();

  await withId(s.createTable('assignfeedback_comments'), dialect)
    .addColumn('assignment', 'integer', (c) => c.notNull())
    .addColumn('grade', 'integer', (c) => c.notNull())
    .addColumn('commenttext', 'text', text)
    .addColumn('commentformat', 'integer', one)
    .addUniqueConstraint('assignfeedback_comments_grade_uq', ['grade'])
    .execute();
  await s.createIndex('assignfeedback_comments_assignment_ix').on('assignfeedback_comments').column('assignment').execute();

  await withId(s.createTable('assign_user_flags'), dialect)
    .addColumn('assignment', 'integer', (c) => c.notNull())
    .addColumn('userid', 'integer', (c) => c.notNull())
    .addColumn('locked', 'integer', zero)
    // 0 to be sent, 1 sent, 2 do not send yet.
    .addColumn('mailed', 'integer', zero)
    .addColumn('extensionduedate', 'bigint', zero)
    .addColumn('workflowstate', 'varchar(20)', text)
    .addColumn('allocatedmarker', 'integer', zero)
    .addUniqueConstraint('assign_user_flags_uq', ['assignment', 'userid'])
    .execute();
  await s.createIndex('assign_user_flags_userid_ix').on('assign_user_flags').column('userid').execute();

  // The module type, so course modules can name it (core_course's modules table is installed first).
  await (db as Kysely<{ modules: { name: string } }>).insertInto('modules').values({ name: 'assign' }).execute();
}

export const assignMigrations: ComponentMigrations = {
  component: 'mod_assign',
  migrations: [{ name: '0001_assign', up: assignTables }],
};
