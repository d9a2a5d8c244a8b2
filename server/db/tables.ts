import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The names of the tables in the connection's own schema: PostgreSQL's current schema, or SQLite's
 * main file. Unlike Kysely's introspection it never reads another schema's catalogue rows, so a
 * schema another process drops meanwhile (a parallel test run's) cannot fail the call.
 */
export async function tableNames<T>(db: Kysely<T>): Promise<string[]> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const result = postgres
    ? await sql<{ name: string }>`select c.relname as name from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relkind in ('r', 'p')`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  return result.rows.map((r) => r.name);
}
