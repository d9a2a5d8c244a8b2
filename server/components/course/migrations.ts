import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';
import type { ComponentMigrations } from '../../db/migrator';

const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const one = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(1);

async function courseTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('course_categories'), dialect)
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('idnumber', 'varchar(100)', text)
    .addColumn('description', 'text', text)
    .addColumn('descriptionformat', 'integer', one)
    .addColumn('parent', 'integer', zero)
    .addColumn('sortorder', 'integer', zero)
    .addColumn('coursecount', 'integer', zero)
    .addColumn('visible', 'integer', one)
    .addColumn('depth', 'integer', zero)
    .addColumn('path', 'varchar(255)', text)
    .addColumn('timemodified', 'bigint', zero)
    .execute();
  await s.createIndex('course_categories_parent_ix').on('course_categories').columns(['parent', 'sortorder']).execute();

  await withId(s.createTable('course'), dialect)
    .addColumn('category', 'integer', zero)
    .addColumn('sortorder', 'integer', zero)
    .addColumn('fullname', 'varchar(254)', (c) => c.notNull())
    .addColumn('shortname', 'varchar(255)', (c) => c.notNull())
    .addColumn('idnumber', 'varchar(100)', text)
    .addColumn('summary', 'text', text)
    .addColumn('summaryformat', 'integer', one)
    .addColumn('format', 'varchar(21)', (c) => c.notNull().defaultTo('topics'))
    .addColumn('showgrades', 'integer', one)
    .addColumn('newsitems', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('startdate', 'bigint', zero)
    .addColumn('enddate', 'bigint', zero)
    .addColumn('maxbytes', 'bigint', zero)
    .addColumn('showreports', 'integer', zero)
    .addColumn('visible', 'integer', one)
    .addColumn('groupmode', 'integer', zero)
    .addColumn('groupmodeforce', 'integer', zero)
    .addColumn('defaultgroupingid', 'integer', zero)
    .addColumn('lang', 'varchar(30)', text)
    .addColumn('theme', 'varchar(50)', text)
    .addColumn('enablecompletion', 'integer', zero)
    .addColumn('completionnotify', 'integer', zero)
    .addColumn('hiddensections', 'integer', zero)
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .execute();
  await s.createIndex('course_category_sortorder_ix').on('course').columns(['category', 'sortorder']).execute();
  await s.createIndex('course_shortname_ix').on('course').column('shortname').execute();
  await s.createIndex('course_idnumber_ix').on('course').column('idnumber').execute();

  await withId(s.createTable('course_sections'), dialect)
    .addColumn('course', 'integer', (c) => c.notNull())
    .addColumn('section', 'integer', zero)
    .addColumn('name', 'varchar(255)', text)
    .addColumn('summary', 'text', text)
    .addColumn('summaryformat', 'integer', one)
    .addColumn('sequence', 'text', text)
    .addColumn('visible', 'integer', one)
    .addColumn('timemodified', 'bigint', zero)
    .addUniqueConstraint('course_sections_course_section_uq', ['course', 'section'])
    .execute();

  await withId(s.createTable('modules'), dialect)
    .addColumn('name', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('visible', 'integer', one)
    .execute();

  await withId(s.createTable('course_modules'), dialect)
    .addColumn('course', 'integer', (c) => c.notNull())
    .addColumn('module', 'integer', (c) => c.notNull())
    .addColumn('instance', 'integer', (c) => c.notNull())
    .addColumn('section', 'integer', (c) => c.notNull())
    .addColumn('idnumber', 'varchar(100)', text)
    .addColumn('added', 'bigint', zero)
    .addColumn('visible', 'integer', one)
    .addColumn('groupmode', 'integer', zero)
    .execute();
  await s.createIndex('course_modules_course_ix').on('course_modules').column('course').execute();
  await s.createIndex('course_modules_module_instance_ix').on('course_modules').columns(['module', 'instance']).execute();

  await withId(s.createTable('enrol'), dialect)
    .addColumn('enrol', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'integer', zero)
    .addColumn('courseid', 'integer', (c) => c.notNull())
    .addColumn('sortorder', 'integer', zero)
    .addColumn('name', 'varchar(255)', text)
    .addColumn('roleid', 'integer', zero)
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .execute();
  await s.createIndex('enrol_courseid_ix').on('enrol').columns(['courseid', 'enrol']).execute();

  await withId(s.createTable('user_enrolments'), dialect)
    .addColumn('status', 'integer', zero)
    .addColumn('enrolid', 'integer', (c) => c.notNull())
    .addColumn('userid', 'integer', (c) => c.notNull())
    .addColumn('timestart', 'bigint', zero)
    .addColumn('timeend', 'bigint', zero)
    .addColumn('modifierid', 'integer', zero)
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .addUniqueConstraint('user_enrolments_enrol_user_uq', ['enrolid', 'userid'])
    .execute();
  await s.createIndex('user_enrolments_userid_ix').on('user_enrolments').column('userid').execute();

  await withId(s.createTable('groups'), dialect)
    .addColumn('courseid', 'integer', (c) => c.notNull())
    .addColumn('idnumber', 'varchar(100)', text)
    .addColumn('name', 'varchar(254)', (c) => c.notNull())
    .addColumn('description', 'text', text)
    .addColumn('descriptionformat', 'integer', one)
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .execute();
  await s.createIndex('groups_courseid_ix').on('groups').column('courseid').execute();

  await withId(s.createTable('groups_members'), dialect)
    .addColumn('groupid', 'integer', (c) => c.notNull())
    .addColumn('userid', 'integer', (c) => c.notNull())
    .addColumn('timeadded', 'bigint', zero)
    .addUniqueConstraint('groups_members_group_user_uq', ['groupid', 'userid'])
    .execute();
  await s.createIndex('groups_members_userid_ix').on('groups_members').column('userid').execute();
}

/** Lookup paths of course and category management: a category's courses sorted by each column, subtrees by path, id numbers. */
async function managementIndexes(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s.createIndex('course_category_fullname_ix').on('course').columns(['category', 'fullname']).execute();
  await s.createIndex('course_category_shortname_ix').on('course').columns(['category', 'shortname']).execute();
  await s.createIndex('course_category_idnumber_ix').on('course').columns(['category', 'idnumber']).execute();
  await s.createIndex('course_category_timecreated_ix').on('course').columns(['category', 'timecreated']).execute();
  await s.createIndex('course_categories_path_ix').on('course_categories').column('path').execute();
  await s.createIndex('course_categories_idnumber_ix').on('course_categories').column('idnumber').execute();
}

export const courseMigrations: ComponentMigrations = {
  component: 'core_course',
  migrations: [
    { name: '0001_course_tables', up: courseTables },
    { name: '0002_management_indexes', up: managementIndexes },
  ],
};
