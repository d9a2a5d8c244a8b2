import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { withId } from '../../db/columns';
import type { DialectName } from '../../db/database';
import type { ComponentMigrations } from '../../db/migrator';

const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

async function notificationTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('notifications'), dialect)
    .addColumn('useridfrom', 'integer', zero)
    .addColumn('useridto', 'integer', (c) => c.notNull())
    .addColumn('subject', 'text', text)
    .addColumn('fullmessage', 'text', text)
    .addColumn('fullmessageformat', 'integer', zero)
    .addColumn('fullmessagehtml', 'text', text)
    .addColumn('smallmessage', 'text', text)
    .addColumn('component', 'varchar(100)', text)
    .addColumn('eventtype', 'varchar(100)', text)
    .addColumn('contexturl', 'text', text)
    .addColumn('contexturlname', 'text', text)
    .addColumn('timeread', 'bigint', zero)
    .addColumn('timecreated', 'bigint', zero)
    // 0 no e-mail wanted, 1 waiting, 2 being sent, 3 sent, 4 failed
    .addColumn('emailstatus', 'integer', zero)
    .execute();
  await s.createIndex('notifications_useridto_timeread_ix').on('notifications').columns(['useridto', 'timeread', 'timecreated']).execute();
  await s.createIndex('notifications_emailstatus_ix').on('notifications').columns(['emailstatus', 'id']).execute();
}

export const messageMigrations: ComponentMigrations = {
  component: 'core_message',
  migrations: [{ name: '0001_notifications', up: notificationTables }],
};
