import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';
import type { ComponentMigrations } from '../../db/migrator';

const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

async function ltiTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  // Tool types (site tools, course 1): the stored type of ws-admin-activity.md §7.2, with its settings as columns.
  await withId(s.createTable('lti_types'), dialect)
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('baseurl', 'text', text)
    .addColumn('tooldomain', 'varchar(255)', text)
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('course', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('coursevisible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('ltiversion', 'varchar(10)', (c) => c.notNull().defaultTo('LTI-1p0'))
    .addColumn('clientid', 'varchar(255)', text)
    .addColumn('toolproxyid', 'integer', zero)
    .addColumn('enabledcapability', 'text', text)
    .addColumn('parameter', 'text', text)
    .addColumn('icon', 'text', text)
    .addColumn('secureicon', 'text', text)
    .addColumn('description', 'text', text)
    .addColumn('resourcekey', 'varchar(255)', text)
    .addColumn('password', 'varchar(255)', text)
    .addColumn('publickeyseturl', 'text', text)
    .addColumn('initiatelogin', 'text', text)
    .addColumn('redirectionuris', 'text', text)
    .addColumn('sendname', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('sendemailaddr', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('acceptgrades', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('launchcontainer', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('servicesalt', 'varchar(40)', text)
    .addColumn('createdby', 'integer', zero)
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .execute();
  await s.createIndex('lti_types_state_ix').on('lti_types').columns(['state', 'timemodified']).execute();
  await s.createIndex('lti_types_toolproxy_ix').on('lti_types').column('toolproxyid').execute();
  await s.createIndex('lti_types_clientid_ix').on('lti_types').column('clientid').execute();

  // LTI 2 tool proxies (ws-admin-activity.md §7.3); states 1 configured, 2 pending, 3 accepted, 4 rejected.
  await withId(s.createTable('lti_tool_proxies'), dialect)
    .addColumn('name', 'varchar(255)', text)
    .addColumn('regurl', 'text', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('guid', 'varchar(255)', (c) => c.notNull())
    .addColumn('secret', 'varchar(255)', (c) => c.notNull())
    .addColumn('vendorcode', 'varchar(255)', text)
    .addColumn('capabilityoffered', 'text', text)
    .addColumn('serviceoffered', 'text', text)
    .addColumn('toolproxy', 'text', text)
    .addColumn('createdby', 'integer', zero)
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .execute();
  await s.createIndex('lti_tool_proxies_guid_uix').on('lti_tool_proxies').column('guid').unique().execute();
  await s.createIndex('lti_tool_proxies_state_ix').on('lti_tool_proxies').columns(['state', 'timemodified']).execute();

  // The external tool activity.
  await withId(s.createTable('lti'), dialect)
    .addColumn('course', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('intro', 'text', text)
    .addColumn('introformat', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('typeid', 'integer', zero)
    .addColumn('toolurl', 'text', text)
    .addColumn('resourcekey', 'varchar(255)', text)
    .addColumn('password', 'varchar(255)', text)
    .addColumn('instructorcustomparameters', 'text', text)
    .addColumn('launchcontainer', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('instructorchoicesendname', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('instructorchoicesendemailaddr', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('instructorchoiceacceptgrades', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('grade', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('servicesalt', 'varchar(40)', text)
    .addColumn('timecreated', 'bigint', zero)
    .addColumn('timemodified', 'bigint', zero)
    .execute();
  await s.createIndex('lti_course_ix').on('lti').column('course').execute();
  await s.createIndex('lti_typeid_ix').on('lti').column('typeid').execute();

  // LTI 1.3 launches waiting for the tool's authentication request: single use, short-lived, bound to user and tool.
  await withId(s.createTable('lti_launch_hints'), dialect)
    .addColumn('hint', 'varchar(64)', (c) => c.notNull())
    .addColumn('userid', 'integer', (c) => c.notNull())
    .addColumn('cmid', 'integer', (c) => c.notNull())
    .addColumn('typeid', 'integer', (c) => c.notNull())
    .addColumn('expires', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('lti_launch_hints_hint_uix').on('lti_launch_hints').column('hint').unique().execute();

  // OAuth 1.0 nonces of outcome requests, kept past the timestamp window so a replay is refused.
  await withId(s.createTable('lti_oauth_nonces'), dialect)
    .addColumn('consumerkey', 'varchar(255)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(255)', (c) => c.notNull())
    .addColumn('timecreated', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('lti_oauth_nonces_uix').on('lti_oauth_nonces').columns(['consumerkey', 'nonce']).unique().execute();
  await s.createIndex('lti_oauth_nonces_time_ix').on('lti_oauth_nonces').column('timecreated').execute();

  // The platform's RS256 signing keys; the newest signs, all unretired ones are published.
  await withId(s.createTable('lti_keys'), dialect)
    .addColumn('kid', 'varchar(64)', (c) => c.notNull())
    .addColumn('privatejwk', 'text', (c) => c.notNull())
    .addColumn('publicjwk', 'text', (c) => c.notNull())
    .addColumn('timecreated', 'bigint', zero)
    .execute();
  await s.createIndex('lti_keys_kid_uix').on('lti_keys').column('kid').unique().execute();

  await (db as Kysely<{ modules: { name: string } }>).insertInto('modules').values({ name: 'lti' }).execute();
}

/** LTI Advantage: deep linking settings of a tool, deep-linking requests waiting for the tool's answer, service tokens and score records. */
async function ltiAdvantage(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  // Whether a tool takes deep-linking requests (content selection), and where (empty: its launch URL).
  await s.alterTable('lti_types').addColumn('contentitem', 'integer', zero).execute();
  await s.alterTable('lti_types').addColumn('contentitemurl', 'text', text).execute();
  // A login initiation for a deep-linking request names the course and section instead of an activity (cmid 0).
  await s.alterTable('lti_launch_hints').addColumn('courseid', 'integer', zero).execute();
  await s.alterTable('lti_launch_hints').addColumn('section', 'integer', zero).execute();

  // A deep-linking request sent to a tool: its `data` value, bound to the user, tool, course and section; single use.
  await withId(s.createTable('lti_deeplinks'), dialect)
    .addColumn('data', 'varchar(64)', (c) => c.notNull())
    .addColumn('userid', 'integer', (c) => c.notNull())
    .addColumn('typeid', 'integer', (c) => c.notNull())
    .addColumn('courseid', 'integer', (c) => c.notNull())
    .addColumn('section', 'integer', (c) => c.notNull())
    .addColumn('expires', 'bigint', (c) => c.notNull())
    .execute();
  await s.createIndex('lti_deeplinks_data_uix').on('lti_deeplinks').column('data').unique().execute();

  // Bearer tokens of the LTI Advantage services, stored as SHA-256 hashes, bound to a tool and its granted scopes.
  await withId(s.createTable('lti_access_tokens'), dialect)
    .addColumn('typeid', 'integer', (c) => c.notNull())
    .addColumn('token', 'varchar(64)', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('validuntil', 'bigint', (c) => c.notNull())
    .addColumn('timecreated', 'bigint', zero)
    .execute();
  await s.createIndex('lti_access_tokens_token_uix').on('lti_access_tokens').column('token').unique().execute();
  await s.createIndex('lti_access_tokens_valid_ix').on('lti_access_tokens').column('validuntil').execute();

  // The last score a tool posted for a user on a line item (AGS): its timestamp orders scores; progress and comment are kept for results.
  await withId(s.createTable('lti_ags_scores'), dialect)
    .addColumn('itemid', 'integer', (c) => c.notNull())
    .addColumn('userid', 'integer', (c) => c.notNull())
    .addColumn('timestampms', 'bigint', (c) => c.notNull())
    .addColumn('activityprogress', 'varchar(20)', text)
    .addColumn('gradingprogress', 'varchar(20)', text)
    .addColumn('comment', 'text', text)
    .execute();
  await s.createIndex('lti_ags_scores_uix').on('lti_ags_scores').columns(['itemid', 'userid']).unique().execute();
}

export const ltiMigrations: ComponentMigrations = {
  component: 'mod_lti',
  migrations: [
    { name: '0001_lti', up: ltiTables },
    { name: '0002_lti_advantage', up: ltiAdvantage },
  ],
};
