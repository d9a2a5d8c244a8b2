import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { withId } from '../db/columns';
import type { DialectName } from '../db/database';
import type { ComponentMigrations } from '../db/migrator';
import { seedArchetypeAllows } from './access/allow';

const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

async function coreTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  await s.createTable('config').addColumn('name', 'varchar(100)', (c) => c.primaryKey()).addColumn('value', 'text', text).execute();

  await withId(s.createTable('user'), dialect)
    .addColumn('auth', 'varchar(20)', (c) => c.notNull().defaultTo('manual'))
    .addColumn('username', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('password', 'varchar(255)', text)
    .addColumn('firstname', 'varchar(100)', text)
    .addColumn('lastname', 'varchar(100)', text)
    .addColumn('email', 'varchar(100)', text)
    .addColumn('idnumber', 'varchar(255)', text)
    .addColumn('phone1', 'varchar(20)', text)
    .addColumn('phone2', 'varchar(20)', text)
    .addColumn('department', 'varchar(255)', text)
    .addColumn('institution', 'varchar(255)', text)
    .addColumn('city', 'varchar(120)', text)
    .addColumn('country', 'varchar(2)', text)
    .addColumn('lang', 'varchar(30)', (c) => c.notNull().defaultTo('en'))
    .addColumn('timezone', 'varchar(100)', (c) => c.notNull().defaultTo('99'))
    .addColumn('description', 'text', text)
    .addColumn('suspended', 'integer', zero)
    .addColumn('deleted', 'integer', zero)
    .addColumn('picture', 'integer', zero)
    .addColumn('lastlogin', 'bigint', zero)
    .addColumn('currentlogin', 'bigint', zero)
    .addColumn('lastaccess', 'bigint', zero)
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .execute();
  await s.createIndex('user_deleted_lastname_ix').on('user').columns(['deleted', 'lastname', 'firstname']).execute();
  await s.createIndex('user_email_ix').on('user').column('email').execute();
  await s.createIndex('user_idnumber_ix').on('user').column('idnumber').execute();

  await s
    .createTable('sessions')
    .addColumn('sid', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('userid', 'integer', zero)
    .addColumn('sesskey', 'varchar(64)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('firstip', 'varchar(45)', text)
    .addColumn('lastip', 'varchar(45)', text)
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .execute();
  await s.createIndex('sessions_userid_ix').on('sessions').column('userid').execute();
  await s.createIndex('sessions_timemodified_ix').on('sessions').column('timemodified').execute();

  await withId(s.createTable('user_preferences'), dialect)
    .addColumn('userid', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('value', 'text', text)
    .addUniqueConstraint('user_preferences_userid_name_uq', ['userid', 'name'])
    .execute();

  await withId(s.createTable('context'), dialect)
    .addColumn('contextlevel', 'integer', (c) => c.notNull())
    .addColumn('instanceid', 'integer', (c) => c.notNull())
    .addColumn('path', 'varchar(255)', text)
    .addColumn('depth', 'integer', zero)
    .addColumn('locked', 'integer', zero)
    .addUniqueConstraint('context_level_instance_uq', ['contextlevel', 'instanceid'])
    .execute();
  await s.createIndex('context_path_ix').on('context').column('path').execute();

  await withId(s.createTable('role'), dialect)
    .addColumn('name', 'varchar(255)', text)
    .addColumn('shortname', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('description', 'text', text)
    .addColumn('sortorder', 'integer', (c) => c.notNull().unique())
    .addColumn('archetype', 'varchar(30)', text)
    .execute();

  await withId(s.createTable('role_assignments'), dialect)
    .addColumn('roleid', 'integer', (c) => c.notNull())
    .addColumn('contextid', 'integer', (c) => c.notNull())
    .addColumn('userid', 'integer', (c) => c.notNull())
    .addColumn('component', 'varchar(100)', text)
    .addColumn('itemid', 'integer', zero)
    .addColumn('modifierid', 'integer', zero)
    .addColumn('timemodified', 'bigint', zero)
    .execute();
  await s.createIndex('role_assignments_user_ctx_ix').on('role_assignments').columns(['userid', 'contextid', 'roleid']).execute();
  await s.createIndex('role_assignments_ctx_role_ix').on('role_assignments').columns(['contextid', 'roleid']).execute();

  await withId(s.createTable('role_capabilities'), dialect)
    .addColumn('contextid', 'integer', (c) => c.notNull())
    .addColumn('roleid', 'integer', (c) => c.notNull())
    .addColumn('capability', 'varchar(255)', (c) => c.notNull())
    .addColumn('permission', 'integer', zero)
    .addColumn('modifierid', 'integer', zero)
    .addColumn('timemodified', 'bigint', zero)
    .addUniqueConstraint('role_capabilities_role_ctx_cap_uq', ['roleid', 'contextid', 'capability'])
    .execute();
  await s.createIndex('role_capabilities_cap_ix').on('role_capabilities').columns(['capability', 'contextid']).execute();

  await withId(s.createTable('capabilities'), dialect)
    .addColumn('name', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('captype', 'varchar(50)', (c) => c.notNull())
    .addColumn('contextlevel', 'integer', zero)
    .addColumn('component', 'varchar(100)', text)
    .addColumn('riskbitmask', 'integer', zero)
    .execute();

  await withId(s.createTable('logstore_standard_log'), dialect)
    .addColumn('eventname', 'varchar(255)', text)
    .addColumn('component', 'varchar(100)', text)
    .addColumn('action', 'varchar(100)', text)
    .addColumn('target', 'varchar(100)', text)
    .addColumn('objecttable', 'varchar(50)', text)
    .addColumn('objectid', 'integer', zero)
    .addColumn('crud', 'varchar(1)', text)
    .addColumn('contextid', 'integer', zero)
    .addColumn('contextlevel', 'integer', zero)
    .addColumn('contextinstanceid', 'integer', zero)
    .addColumn('userid', 'integer', zero)
    .addColumn('courseid', 'integer', zero)
    .addColumn('relateduserid', 'integer', zero)
    .addColumn('other', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('ip', 'varchar(45)', text)
    .addColumn('timecreated', 'bigint', zero)
    .execute();
  await s.createIndex('log_time_ix').on('logstore_standard_log').column('timecreated').execute();
  await s.createIndex('log_user_ix').on('logstore_standard_log').columns(['userid', 'timecreated']).execute();
  await s.createIndex('log_context_ix').on('logstore_standard_log').columns(['contextid', 'timecreated']).execute();
  await s.createIndex('log_course_ix').on('logstore_standard_log').columns(['courseid', 'timecreated']).execute();

  await withId(s.createTable('session_notifications'), dialect)
    .addColumn('sid', 'varchar(128)', (c) => c.notNull())
    .addColumn('message', 'text', text)
    .addColumn('type', 'varchar(20)', (c) => c.notNull().defaultTo('error'))
    .addColumn('timecreated', 'bigint', zero)
    .execute();
  await s.createIndex('session_notifications_sid_ix').on('session_notifications').column('sid').execute();

  await withId(s.createTable('external_tokens'), dialect)
    .addColumn('token', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('userid', 'integer', (c) => c.notNull())
    .addColumn('service', 'varchar(100)', (c) => c.notNull())
    .addColumn('creatorid', 'integer', zero)
    .addColumn('validuntil', 'bigint', zero)
    .addColumn('lastaccess', 'bigint', zero)
    .addColumn('timecreated', 'bigint', zero)
    .execute();
  await s.createIndex('external_tokens_user_service_ix').on('external_tokens').columns(['userid', 'service']).execute();
}

/** Who really acted when someone was "logged in as" the event's user (0 otherwise), as Moodle's log keeps it. */
async function logRealUser(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('logstore_standard_log').addColumn('realuserid', 'integer', zero).execute();
}

/**
 * Where each role may be assigned, and which roles holders of a role may assign and override (Moodle's
 * role_context_levels, role_allow_assign and role_allow_override). Existing roles get their
 * archetype's defaults.
 */
async function roleAllowTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('role_context_levels'), dialect)
    .addColumn('roleid', 'integer', (c) => c.notNull())
    .addColumn('contextlevel', 'integer', (c) => c.notNull())
    .addUniqueConstraint('role_context_levels_uq', ['roleid', 'contextlevel'])
    .execute();
  await s.createIndex('role_context_levels_level_ix').on('role_context_levels').column('contextlevel').execute();
  for (const [table, column] of [
    ['role_allow_assign', 'allowassign'],
    ['role_allow_override', 'allowoverride'],
  ] as const) {
    await withId(s.createTable(table), dialect)
      .addColumn('roleid', 'integer', (c) => c.notNull())
      .addColumn(column, 'integer', (c) => c.notNull())
      .addUniqueConstraint(`${table}_uq`, ['roleid', column])
      .execute();
    await s.createIndex(`${table}_target_ix`).on(table).column(column).execute();
  }
  await seedArchetypeAllows(db);
}

export const platformMigrations: ComponentMigrations = {
  component: 'core',
  migrations: [
    { name: '0001_core_tables', up: coreTables },
    { name: '0002_log_realuser', up: logRealUser },
    { name: '0003_role_allow', up: roleAllowTables },
  ],
};
