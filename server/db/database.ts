import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import { withLazyTransactions } from './lazyTransactions';
import type { DB } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  close(): Promise<void>;
}

// int8 (bigint, count(*)) arrives as a string by default; every such value we store fits a JS number.
pg.types.setTypeParser(20, (value) => Number(value));
// numeric (used for grades) likewise.
pg.types.setTypeParser(1700, (value) => Number(value));

export interface OpenOptions {
  /** PostgreSQL only: the schema to use (created if missing). Tests use one schema per run. */
  schema?: string;
  poolSize?: number;
}

export async function openDatabase(url: string, options: OpenOptions = {}): Promise<Database> {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return openPostgres(url, options);
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got "${url}"`);
}

/** How many prepared statements one SQLite connection keeps (least recently used go first). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as kysely sees it, with prepared statements kept by their SQL text. Kysely prepares
 * every query anew, and preparing costs about as much as running a short query; every call's
 * `begin` and `commit` alone were two preparations. A kept statement still being read by a stream
 * is not handed out twice (a fresh one is), and SQLite re-prepares a kept one after a schema change.
 */
function withStatementCache(connection: SQLite.Database): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => connection.close(),
    prepare(text: string) {
      const found = kept.get(text);
      if (found?.busy) return connection.prepare(text);
      if (found) {
        kept.delete(text);
        kept.set(text, found);
        return found;
      }
      const statement = connection.prepare(text);
      kept.set(text, statement);
      if (kept.size > STATEMENT_CACHE_SIZE) kept.delete(kept.keys().next().value as string);
      return statement;
    },
  };
}

function openSqlite(file: string): Database {
  if (file !== ':memory:' && file !== '') mkdirSync(dirname(file), { recursive: true });
  const connection = new SQLite(file === '' ? ':memory:' : file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  connection.pragma('synchronous = NORMAL');
  // Planner statistics, as SQLite advises for long-lived connections: on open, then hourly. Without
  // them an index that leads with a flag every row shares (user.deleted) can look selective.
  connection.pragma('optimize = 0x10002');
  const optimizer = setInterval(() => connection.pragma('optimize'), 60 * 60 * 1000);
  optimizer.unref();
  const db = new Kysely<DB>({ dialect: withLazyTransactions(new SqliteDialect({ database: withStatementCache(connection) })) });
  return {
    db,
    dialect: 'sqlite',
    close: () => {
      clearInterval(optimizer);
      return db.destroy();
    },
  };
}

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const schema = options.schema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name "${schema}"`);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<DB>({ dialect: withLazyTransactions(new PostgresDialect({ pool })) });
  if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
