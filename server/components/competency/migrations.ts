import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';
import type { ComponentMigrations } from '../../db/migrator';
import { learningPlanTables } from './migrations-plans';

const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const one = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(1);

async function competencyTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('competency_framework'), dialect)
    .addColumn('shortname', 'varchar(100)', (c) => c.notNull())
    .addColumn('idnumber', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', text)
    .addColumn('descriptionformat', 'integer', one)
    .addColumn('visible', 'integer', one)
    .addColumn('scaleid', 'integer', (c) => c.notNull())
    .addColumn('scaleconfiguration', 'text', (c) => c.notNull())
    .addColumn('contextid', 'integer', (c) => c.notNull())
    .addColumn('taxonomies', 'varchar(255)', text)
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .addColumn('usermodified', 'integer', zero)
    .addUniqueConstraint('competency_framework_idnumber_uq', ['idnumber'])
    .execute();
  await s.createIndex('competency_framework_contextid_ix').on('competency_framework').column('contextid').execute();
  await s.createIndex('competency_framework_shortname_ix').on('competency_framework').column('shortname').execute();

  await withId(s.createTable('competency'), dialect)
    .addColumn('shortname', 'varchar(100)', (c) => c.notNull())
    .addColumn('idnumber', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', text)
    .addColumn('descriptionformat', 'integer', one)
    .addColumn('sortorder', 'integer', zero)
    .addColumn('parentid', 'integer', zero)
    .addColumn('path', 'varchar(255)', (c) => c.notNull().defaultTo('/0/'))
    .addColumn('ruleoutcome', 'integer', zero)
    .addColumn('ruletype', 'varchar(100)')
    .addColumn('ruleconfig', 'text')
    .addColumn('scaleid', 'integer')
    .addColumn('scaleconfiguration', 'text')
    .addColumn('competencyframeworkid', 'integer', (c) => c.notNull())
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .addColumn('usermodified', 'integer', zero)
    .addUniqueConstraint('competency_framework_idnumber_uq2', ['competencyframeworkid', 'idnumber'])
    .execute();
  // Siblings in order (tree reads, move up/down, sort order upkeep) and subtrees by path prefix.
  await s.createIndex('competency_parent_sortorder_ix').on('competency').columns(['competencyframeworkid', 'parentid', 'sortorder']).execute();
  await s.createIndex('competency_framework_path_ix').on('competency').columns(['competencyframeworkid', 'path']).execute();
  await s.createIndex('competency_parentid_ix').on('competency').column('parentid').execute();

  await withId(s.createTable('competency_relatedcomp'), dialect)
    .addColumn('competencyid', 'integer', (c) => c.notNull())
    .addColumn('relatedcompetencyid', 'integer', (c) => c.notNull())
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .addColumn('usermodified', 'integer', zero)
    .addUniqueConstraint('competency_relatedcomp_pair_uq', ['competencyid', 'relatedcompetencyid'])
    .execute();
  await s.createIndex('competency_relatedcomp_related_ix').on('competency_relatedcomp').column('relatedcompetencyid').execute();
}

/**
 * The text a competency search looks in, lower-cased once when the row is written rather than for
 * every row of every search: a search of 10,000 competencies spent most of its time in lower().
 * PostgreSQL keeps it as a stored generated column; SQLite cannot add one to a table, so there a
 * plain column is filled by triggers. Newlines keep a search from matching across two fields.
 */
async function competencySearchText(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    const lowered = sql`lower(shortname || chr(10) || idnumber || chr(10) || coalesce(description, ''))`;
    await db.schema.alterTable('competency').addColumn('searchtext', 'text', (c) => c.generatedAlwaysAs(lowered).stored()).execute();
    return;
  }
  const lowered = sql`lower(new.shortname || char(10) || new.idnumber || char(10) || coalesce(new.description, ''))`;
  await db.schema.alterTable('competency').addColumn('searchtext', 'text', (c) => c.notNull().defaultTo('')).execute();
  await sql`update competency set searchtext = lower(shortname || char(10) || idnumber || char(10) || coalesce(description, ''))`.execute(db);
  await sql`create trigger competency_searchtext_insert after insert on competency
    begin update competency set searchtext = ${lowered} where id = new.id; end`.execute(db);
  await sql`create trigger competency_searchtext_update after update of shortname, idnumber, description on competency
    begin update competency set searchtext = ${lowered} where id = new.id; end`.execute(db);
}

export const competencyMigrations: ComponentMigrations = {
  component: 'core_competency',
  migrations: [
    { name: '0001_competency_tables', up: competencyTables },
    { name: '0002_learning_plan_tables', up: learningPlanTables },
    { name: '0003_competency_search_text', up: competencySearchText },
  ],
};
