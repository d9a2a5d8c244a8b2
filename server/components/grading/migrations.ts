import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';
import type { ComponentMigrations } from '../../db/migrator';

const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const one = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(1);
/** Scores and grades keep 5 decimals, as Moodle's number(10,5). */
const SCORE = 'numeric(15, 5)';

async function gradingTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('grading_areas'), dialect)
    .addColumn('contextid', 'integer', (c) => c.notNull())
    .addColumn('component', 'varchar(100)', (c) => c.notNull())
    .addColumn('areaname', 'varchar(100)', (c) => c.notNull())
    .addColumn('activemethod', 'varchar(100)', text)
    .addUniqueConstraint('grading_areas_context_component_area_uq', ['contextid', 'component', 'areaname'])
    .execute();

  await withId(s.createTable('grading_definitions'), dialect)
    .addColumn('areaid', 'integer', (c) => c.notNull())
    .addColumn('method', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', text)
    .addColumn('descriptionformat', 'integer', one)
    .addColumn('status', 'integer', zero)
    .addColumn('copiedfromid', 'integer')
    .addColumn('options', 'text', text)
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('usercreated', 'integer', zero)
    .addColumn('timemodified', 'bigint', zero)
    .addColumn('usermodified', 'integer', zero)
    .addColumn('timecopied', 'bigint', zero)
    .addUniqueConstraint('grading_definitions_area_method_uq', ['areaid', 'method'])
    .execute();

  await withId(s.createTable('gradingform_guide_criteria'), dialect)
    .addColumn('definitionid', 'integer', (c) => c.notNull())
    .addColumn('sortorder', 'integer', (c) => c.notNull())
    .addColumn('shortname', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', text)
    .addColumn('descriptionformat', 'integer', one)
    .addColumn('descriptionmarkers', 'text', text)
    .addColumn('descriptionmarkersformat', 'integer', one)
    .addColumn('maxscore', SCORE, (c) => c.notNull())
    .execute();
  await s.createIndex('gradingform_guide_criteria_def_ix').on('gradingform_guide_criteria').columns(['definitionid', 'sortorder']).execute();

  await withId(s.createTable('gradingform_guide_comments'), dialect)
    .addColumn('definitionid', 'integer', (c) => c.notNull())
    .addColumn('sortorder', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', text)
    .addColumn('descriptionformat', 'integer', one)
    .execute();
  await s.createIndex('gradingform_guide_comments_def_ix').on('gradingform_guide_comments').columns(['definitionid', 'sortorder']).execute();

  await withId(s.createTable('grading_instances'), dialect)
    .addColumn('definitionid', 'integer', (c) => c.notNull())
    .addColumn('raterid', 'integer', (c) => c.notNull())
    .addColumn('itemid', 'integer', (c) => c.notNull())
    .addColumn('rawgrade', SCORE)
    .addColumn('status', 'integer', zero)
    .addColumn('feedback', 'text')
    .addColumn('feedbackformat', 'integer', one)
    .addColumn('timemodified', 'bigint', zero)
    .execute();
  await s.createIndex('grading_instances_def_item_status_ix').on('grading_instances').columns(['definitionid', 'itemid', 'status']).execute();
  await s.createIndex('grading_instances_raterid_ix').on('grading_instances').column('raterid').execute();

  await withId(s.createTable('gradingform_guide_fillings'), dialect)
    .addColumn('instanceid', 'integer', (c) => c.notNull())
    .addColumn('criterionid', 'integer', (c) => c.notNull())
    .addColumn('score', SCORE, (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('remarkformat', 'integer', one)
    .addUniqueConstraint('gradingform_guide_fillings_instance_criterion_uq', ['instanceid', 'criterionid'])
    .execute();
  await s.createIndex('gradingform_guide_fillings_criterionid_ix').on('gradingform_guide_fillings').column('criterionid').execute();
}

export const gradingMigrations: ComponentMigrations = {
  component: 'core_grading',
  migrations: [{ name: '0001_grading_tables', up: gradingTables }],
};
