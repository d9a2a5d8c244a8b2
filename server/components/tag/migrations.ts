import type { ColumnDefinitionBuilder, Generated, Kysely } from 'kysely';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';
import type { ComponentMigrations } from '../../db/migrator';

const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const one = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(1);

async function tagTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('tag_coll'), dialect)
    .addColumn('name', 'varchar(255)', text)
    .addColumn('isdefault', 'integer', zero)
    .addColumn('component', 'varchar(100)', text)
    .addColumn('sortorder', 'integer', zero)
    .addColumn('searchable', 'integer', one)
    .addColumn('customurl', 'varchar(255)', text)
    .execute();
  await s.createIndex('tag_coll_order_ix').on('tag_coll').columns(['isdefault', 'sortorder']).execute();

  await withId(s.createTable('tag_area'), dialect)
    .addColumn('component', 'varchar(100)', (c) => c.notNull())
    .addColumn('itemtype', 'varchar(100)', (c) => c.notNull())
    .addColumn('enabled', 'integer', one)
    .addColumn('tagcollid', 'integer', (c) => c.notNull())
    .addColumn('showstandard', 'integer', zero)
    .addColumn('multiplecontexts', 'integer', zero)
    .addUniqueConstraint('tag_area_component_itemtype_uq', ['component', 'itemtype'])
    .execute();
  await s.createIndex('tag_area_tagcollid_ix').on('tag_area').column('tagcollid').execute();

  await withId(s.createTable('tag'), dialect)
    .addColumn('tagcollid', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('rawname', 'varchar(255)', (c) => c.notNull())
    .addColumn('userid', 'integer', zero)
    .addColumn('isstandard', 'integer', zero)
    .addColumn('description', 'text', text)
    .addColumn('descriptionformat', 'integer', zero)
    .addColumn('flag', 'integer', zero)
    .addColumn('timemodified', 'bigint', zero)
    .addUniqueConstraint('tag_tagcollid_name_uq', ['tagcollid', 'name'])
    .execute();
  await s.createIndex('tag_tagcollid_isstandard_ix').on('tag').columns(['tagcollid', 'isstandard']).execute();

  await withId(s.createTable('tag_instance'), dialect)
    .addColumn('tagid', 'integer', (c) => c.notNull())
    .addColumn('component', 'varchar(100)', (c) => c.notNull())
    .addColumn('itemtype', 'varchar(100)', (c) => c.notNull())
    .addColumn('itemid', 'integer', (c) => c.notNull())
    .addColumn('contextid', 'integer', zero)
    .addColumn('tiuserid', 'integer', zero)
    .addColumn('ordering', 'integer', zero)
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .addUniqueConstraint('tag_instance_item_tag_uq', ['component', 'itemtype', 'itemid', 'tiuserid', 'tagid'])
    .execute();
  await s.createIndex('tag_instance_tagid_area_ix').on('tag_instance').columns(['tagid', 'component', 'itemtype', 'itemid']).execute();
  await s.createIndex('tag_instance_contextid_ix').on('tag_instance').column('contextid').execute();

  // The default collection and the three areas people tag, all in it.
  const seed = db as Kysely<{
    tag_coll: { id: Generated<number>; name: string; isdefault: number; sortorder: number; searchable: number };
    tag_area: { component: string; itemtype: string; tagcollid: number; multiplecontexts: number };
  }>;
  const coll = await seed.insertInto('tag_coll').values({ name: '', isdefault: 1, sortorder: 0, searchable: 1 }).returning('id').executeTakeFirstOrThrow();
  await seed
    .insertInto('tag_area')
    .values(['course', 'course_modules', 'user'].map((itemtype) => ({ component: 'core', itemtype, tagcollid: coll.id, multiplecontexts: 0 })))
    .execute();
}

export const tagMigrations: ComponentMigrations = {
  component: 'core_tag',
  migrations: [{ name: '0001_tag_tables', up: tagTables }],
};
