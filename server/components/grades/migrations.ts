import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';
import type { ComponentMigrations } from '../../db/migrator';

const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const one = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(1);
/** Grades keep 5 decimals, as Moodle's number(10,5). */
const GRADE = 'numeric(15, 5)';

async function gradeTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('scale'), dialect)
    .addColumn('courseid', 'integer', zero)
    .addColumn('userid', 'integer', zero)
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('scale', 'text', (c) => c.notNull())
    .addColumn('description', 'text', text)
    .addColumn('descriptionformat', 'integer', one)
    .addColumn('timemodified', 'bigint', zero)
    .execute();
  await s.createIndex('scale_courseid_ix').on('scale').column('courseid').execute();

  await withId(s.createTable('grade_items'), dialect)
    .addColumn('courseid', 'integer', (c) => c.notNull())
    .addColumn('itemtype', 'varchar(30)', (c) => c.notNull().defaultTo('mod'))
    .addColumn('itemmodule', 'varchar(30)', (c) => c.notNull())
    .addColumn('iteminstance', 'integer', (c) => c.notNull())
    .addColumn('itemnumber', 'integer', zero)
    .addColumn('cmid', 'integer', zero)
    .addColumn('itemname', 'varchar(1333)', text)
    .addColumn('gradetype', 'integer', one)
    .addColumn('grademax', GRADE, (c) => c.notNull().defaultTo(100))
    .addColumn('grademin', GRADE, zero)
    .addColumn('scaleid', 'integer')
    .addColumn('sortorder', 'integer', zero)
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .addUniqueConstraint('grade_items_module_instance_number_uq', ['itemmodule', 'iteminstance', 'itemnumber'])
    .execute();
  await s.createIndex('grade_items_courseid_sortorder_ix').on('grade_items').columns(['courseid', 'sortorder']).execute();
  await s.createIndex('grade_items_cmid_ix').on('grade_items').column('cmid').execute();
  await s.createIndex('grade_items_scaleid_ix').on('grade_items').column('scaleid').execute();

  await withId(s.createTable('grade_grades'), dialect)
    .addColumn('itemid', 'integer', (c) => c.notNull())
    .addColumn('userid', 'integer', (c) => c.notNull())
    .addColumn('rawgrade', GRADE)
    .addColumn('finalgrade', GRADE)
    .addColumn('feedback', 'text')
    .addColumn('feedbackformat', 'integer', zero)
    .addColumn('usermodified', 'integer', zero)
    .addColumn('dategraded', 'bigint')
    .addColumn('datesubmitted', 'bigint')
    .addColumn('timemodified', 'bigint', zero)
    .addUniqueConstraint('grade_grades_item_user_uq', ['itemid', 'userid'])
    .execute();
  await s.createIndex('grade_grades_userid_ix').on('grade_grades').column('userid').execute();
}

/** Moodle's standard site scales, installed with the gradebook. */
async function standardScales(db: Kysely<unknown>): Promise<void> {
  const scales = db as Kysely<{ scale: { courseid: number; userid: number; name: string; scale: string; description: string; timemodified: number } }>;
  const t = Math.floor(Date.now() / 1000);
  await scales
    .insertInto('scale')
    .values([
      {
        courseid: 0,
        userid: 0,
        name: 'Separate and Connected ways of knowing',
        scale: 'Mostly separate knowing,Separate and connected,Mostly connected knowing',
        description: 'The scale based on the theory of separate and connected knowing. This theory describes two different ways that we can evaluate and learn about the things we see and hear.',
        timemodified: t,
      },
      { courseid: 0, userid: 0, name: 'Default competence scale', scale: 'Not yet competent,Competent', description: 'A binary rating scale that provides no further information beyond whether someone has demonstrated proficiency or not.', timemodified: t },
    ])
    .execute();
}

export const gradesMigrations: ComponentMigrations = {
  component: 'core_grades',
  migrations: [
    { name: '0001_grade_tables', up: gradeTables },
    { name: '0002_standard_scales', up: (db) => standardScales(db) },
  ],
};
