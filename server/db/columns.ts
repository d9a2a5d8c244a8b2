import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';
import type { DialectName } from './database';

/** Adds an auto-numbered integer primary key `id` that works on both dialects. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName) {
  return table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
  );
}
