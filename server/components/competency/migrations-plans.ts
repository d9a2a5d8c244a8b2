import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';

const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const one = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(1);
const required = (c: ColumnDefinitionBuilder) => c.notNull();

/** The persistent base fields every competency table carries. */
function times<T extends string>(table: CreateTableBuilder<T, never>) {
  return table.addColumn('timecreated', 'bigint', zero).addColumn('timemodified', 'bigint', zero).addColumn('usermodified', 'integer', zero);
}

/**
 * The learning-plan side of core_competency: templates (with their competencies and cohorts), plans
 * (with their competencies), users' ratings (live, frozen in a completed plan, local to a course),
 * evidence, prior learning, and the links of competencies to courses and activities.
 */
export async function learningPlanTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;

  await times(
    withId(s.createTable('competency_template'), dialect)
      .addColumn('shortname', 'varchar(100)', required)
      .addColumn('description', 'text', text)
      .addColumn('descriptionformat', 'integer', one)
      .addColumn('duedate', 'bigint', zero)
      .addColumn('visible', 'integer', one)
      .addColumn('contextid', 'integer', required),
  ).execute();
  await s.createIndex('competency_template_context_ix').on('competency_template').columns(['contextid', 'shortname']).execute();

  await times(
    withId(s.createTable('competency_templatecomp'), dialect)
      .addColumn('templateid', 'integer', required)
      .addColumn('competencyid', 'integer', required)
      .addColumn('sortorder', 'integer', zero)
      .addUniqueConstraint('competency_templatecomp_uq', ['templateid', 'competencyid']),
  ).execute();
  await s.createIndex('competency_templatecomp_order_ix').on('competency_templatecomp').columns(['templateid', 'sortorder']).execute();
  await s.createIndex('competency_templatecomp_comp_ix').on('competency_templatecomp').column('competencyid').execute();

  await times(
    withId(s.createTable('competency_templatecohort'), dialect)
      .addColumn('templateid', 'integer', required)
      .addColumn('cohortid', 'integer', required)
      .addUniqueConstraint('competency_templatecohort_uq', ['templateid', 'cohortid']),
  ).execute();
  await s.createIndex('competency_templatecohort_cohort_ix').on('competency_templatecohort').column('cohortid').execute();

  await times(
    withId(s.createTable('competency_plan'), dialect)
      .addColumn('name', 'varchar(100)', required)
      .addColumn('description', 'text', text)
      .addColumn('descriptionformat', 'integer', one)
      .addColumn('userid', 'integer', required)
      .addColumn('templateid', 'integer')
      .addColumn('origtemplateid', 'integer')
      .addColumn('status', 'integer', zero)
      .addColumn('duedate', 'bigint', zero)
      .addColumn('reviewerid', 'integer'),
  ).execute();
  await s.createIndex('competency_plan_user_ix').on('competency_plan').columns(['userid', 'status']).execute();
  await s.createIndex('competency_plan_template_ix').on('competency_plan').columns(['templateid', 'userid']).execute();
  await s.createIndex('competency_plan_origtemplate_ix').on('competency_plan').columns(['origtemplateid', 'userid']).execute();

  await times(
    withId(s.createTable('competency_plancomp'), dialect)
      .addColumn('planid', 'integer', required)
      .addColumn('competencyid', 'integer', required)
      .addColumn('sortorder', 'integer', zero)
      .addUniqueConstraint('competency_plancomp_uq', ['planid', 'competencyid']),
  ).execute();
  await s.createIndex('competency_plancomp_order_ix').on('competency_plancomp').columns(['planid', 'sortorder']).execute();
  await s.createIndex('competency_plancomp_comp_ix').on('competency_plancomp').column('competencyid').execute();

  await times(
    withId(s.createTable('competency_usercomp'), dialect)
      .addColumn('userid', 'integer', required)
      .addColumn('competencyid', 'integer', required)
      .addColumn('status', 'integer', zero)
      .addColumn('reviewerid', 'integer')
      .addColumn('proficiency', 'integer')
      .addColumn('grade', 'integer')
      .addUniqueConstraint('competency_usercomp_uq', ['userid', 'competencyid']),
  ).execute();
  await s.createIndex('competency_usercomp_comp_ix').on('competency_usercomp').columns(['competencyid', 'status']).execute();

  await times(
    withId(s.createTable('competency_usercompplan'), dialect)
      .addColumn('userid', 'integer', required)
      .addColumn('competencyid', 'integer', required)
      .addColumn('proficiency', 'integer')
      .addColumn('grade', 'integer')
      .addColumn('planid', 'integer', required)
      .addColumn('sortorder', 'integer', zero)
      .addUniqueConstraint('competency_usercompplan_uq', ['planid', 'competencyid']),
  ).execute();
  await s.createIndex('competency_usercompplan_user_ix').on('competency_usercompplan').columns(['userid', 'competencyid']).execute();
  await s.createIndex('competency_usercompplan_comp_ix').on('competency_usercompplan').column('competencyid').execute();

  await times(
    withId(s.createTable('competency_usercompcourse'), dialect)
      .addColumn('userid', 'integer', required)
      .addColumn('courseid', 'integer', required)
      .addColumn('competencyid', 'integer', required)
      .addColumn('proficiency', 'integer')
      .addColumn('grade', 'integer')
      .addUniqueConstraint('competency_usercompcourse_uq', ['courseid', 'userid', 'competencyid']),
  ).execute();
  await s.createIndex('competency_usercompcourse_comp_ix').on('competency_usercompcourse').columns(['courseid', 'competencyid']).execute();
  await s.createIndex('competency_usercompcourse_user_ix').on('competency_usercompcourse').columns(['userid', 'competencyid']).execute();

  await times(
    withId(s.createTable('competency_evidence'), dialect)
      .addColumn('usercompetencyid', 'integer', required)
      .addColumn('contextid', 'integer', required)
      .addColumn('action', 'integer', required)
      .addColumn('actionuserid', 'integer')
      .addColumn('descidentifier', 'varchar(255)', required)
      .addColumn('desccomponent', 'varchar(255)', required)
      .addColumn('desca', 'text')
      .addColumn('url', 'varchar(255)')
      .addColumn('grade', 'integer')
      .addColumn('note', 'text'),
  ).execute();
  await s.createIndex('competency_evidence_uc_ix').on('competency_evidence').columns(['usercompetencyid', 'timecreated']).execute();
  await s.createIndex('competency_evidence_context_ix').on('competency_evidence').column('contextid').execute();

  await times(
    withId(s.createTable('competency_userevidence'), dialect)
      .addColumn('userid', 'integer', required)
      .addColumn('name', 'varchar(100)', required)
      .addColumn('description', 'text', text)
      .addColumn('descriptionformat', 'integer', one)
      .addColumn('url', 'varchar(255)', text),
  ).execute();
  await s.createIndex('competency_userevidence_user_ix').on('competency_userevidence').columns(['userid', 'name']).execute();

  await times(
    withId(s.createTable('competency_userevidencecomp'), dialect)
      .addColumn('userevidenceid', 'integer', required)
      .addColumn('competencyid', 'integer', required)
      .addUniqueConstraint('competency_userevidencecomp_uq', ['userevidenceid', 'competencyid']),
  ).execute();
  await s.createIndex('competency_userevidencecomp_comp_ix').on('competency_userevidencecomp').column('competencyid').execute();

  await times(
    withId(s.createTable('competency_coursecomp'), dialect)
      .addColumn('courseid', 'integer', required)
      .addColumn('competencyid', 'integer', required)
      .addColumn('sortorder', 'integer', zero)
      .addColumn('ruleoutcome', 'integer', one)
      .addUniqueConstraint('competency_coursecomp_uq', ['courseid', 'competencyid']),
  ).execute();
  await s.createIndex('competency_coursecomp_order_ix').on('competency_coursecomp').columns(['courseid', 'sortorder']).execute();
  await s.createIndex('competency_coursecomp_comp_ix').on('competency_coursecomp').column('competencyid').execute();

  await times(
    withId(s.createTable('competency_coursecompsetting'), dialect)
      .addColumn('courseid', 'integer', required)
      .addColumn('pushratingstouserplans', 'integer', one)
      .addUniqueConstraint('competency_coursecompsetting_uq', ['courseid']),
  ).execute();

  await times(
    withId(s.createTable('competency_modulecomp'), dialect)
      .addColumn('cmid', 'integer', required)
      .addColumn('competencyid', 'integer', required)
      .addColumn('sortorder', 'integer', zero)
      .addColumn('ruleoutcome', 'integer', one)
      .addColumn('overridegrade', 'integer', zero)
      .addUniqueConstraint('competency_modulecomp_uq', ['cmid', 'competencyid']),
  ).execute();
  await s.createIndex('competency_modulecomp_order_ix').on('competency_modulecomp').columns(['cmid', 'sortorder']).execute();
  await s.createIndex('competency_modulecomp_comp_ix').on('competency_modulecomp').column('competencyid').execute();
}
