import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fork, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { CompiledQuery, sql, type ControlledTransaction, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { FORBIDDEN_COLUMNS, FORBIDDEN_TABLES, COMPONENT } from './sqlguard';
import { sqliteWorkerFile } from './sqliteworker';

export type Row = unknown[];
export type Dialect = 'sqlite' | 'postgres';

/**
 * A result column: its name, and whether the database holds it as a number (declared integer or
 * floating point on SQLite, an integer or float type on PostgreSQL), whose text can only be digits,
 * signs, a point and an exponent. Unknown (an expression on SQLite) counts as not numeric.
 */
export interface ResultColumn {
  name: string;
  numeric: boolean;
}

/** PostgreSQL's type ids of int8, int2, int4, oid, float4 and float8. */
const PG_NUMBER_TYPES = new Set([20, 21, 23, 26, 700, 701]);

/**
 * A read-only connection for running report queries: its own connection to the site's database
 * (never the call's transaction), refusing every write, with a statement timeout.
 */
export interface ReadOnlySession {
  dialect: Dialect;
  /**
   * A second session on the same database, for a query to run beside this one's, when a connection
   * is free right now (never waiting for one); none otherwise, or when this session cannot have a twin.
   */
  spare(): Promise<ReadOnlySession | undefined>;
  /** The database it reads (file or address), for answers remembered between runs; none for a call's own connection. */
  source: string | undefined;
  /** The result's columns, in order (duplicates kept). */
  columns(sql: string, params: readonly unknown[]): Promise<ResultColumn[]>;
  /** Up to `max` rows; `truncated` when there were more. */
  rows(sql: string, params: readonly unknown[], max: number): Promise<{ rows: Row[]; truncated: boolean }>;
  /** Every row, a batch at a time, reading the next batch only when asked for it. */
  stream(sql: string, params: readonly unknown[], batch: number): AsyncGenerator<Row[]>;
  close(): Promise<void>;
}

/** A database's refusal or error, with where in the query text it points (1-based; 0 = unknown). */
export class QueryError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

export function timeoutError(seconds: number): AppError {
  return new AppError('querytimeout', { component: COMPONENT, a: seconds });
}

const require = createRequire(import.meta.url);

/** Idle SQLite readers per database file, kept warm: starting a child process costs ~80 ms. */
const idleReaders = new Map<string, ChildProcess[]>();
const MAX_IDLE_READERS = 4;
/** An idle reader not used again within this time stops. */
const IDLE_READER_MS = 30_000;
const idleTimers = new WeakMap<ChildProcess, NodeJS.Timeout>();

/**
 * Readers of one file at work at once; more sessions wait their turn. Each is a process scanning on a
 * core of its own, so a burst of reports (fifty people searching a large one) queues instead of
 * starting fifty processes.
 */
const MAX_BUSY_READERS = 4;

/** Per database file: the readers at work and the sessions waiting for one, first come first served. */
const readerSlots = new Map<string, { busy: number; waiting: Array<() => void> }>();

function slotsFor(file: string) {
  let slots = readerSlots.get(file);
  if (!slots) readerSlots.set(file, (slots = { busy: 0, waiting: [] }));
  return slots;
}

/** A reader's turn: at once when one is free, else in order; a wait longer than the query's timeout fails as a timeout. */
function waitForReaderSlot(file: string, timeoutMs: number): Promise<void> {
  const slots = slotsFor(file);
  if (slots.busy < MAX_BUSY_READERS && slots.waiting.length === 0) {
    slots.busy += 1;
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const turn = () => {
      clearTimeout(timer);
      slots.busy += 1;
      resolve();
    };
    const timer = setTimeout(() => {
      slots.waiting.splice(slots.waiting.indexOf(turn), 1);
      reject(timeoutError(timeoutMs / 1000));
    }, timeoutMs);
    slots.waiting.push(turn);
  });
}

/** A reader's turn only if one is free now and nobody is waiting. */
function takeFreeReaderSlot(file: string): boolean {
  const slots = slotsFor(file);
  if (slots.busy >= MAX_BUSY_READERS || slots.waiting.length > 0) return false;
  slots.busy += 1;
  return true;
}

function giveBackReaderSlot(file: string): void {
  const slots = slotsFor(file);
  slots.busy -= 1;
  slots.waiting.shift()?.();
}

function alive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null && child.connected;
}

/** An idle reader of the file, or a new one; in use it keeps the server's event loop alive. */
function takeReader(file: string): ChildProcess {
  const idle = idleReaders.get(file) ?? [];
  let child = idle.pop();
  while (child && !alive(child)) child = idle.pop();
  if (child) clearTimeout(idleTimers.get(child));
  child ??= fork(sqliteWorkerFile(), [JSON.stringify([file, require.resolve('better-sqlite3')])], {
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  child.ref();
  child.channel?.ref();
  return child;
}

/** Back to the idle readers when it is healthy and there is room; killed otherwise. Idle, it never holds the process open. */
function releaseReader(file: string, child: ChildProcess, healthy: boolean): void {
  const idle = idleReaders.get(file) ?? [];
  if (healthy && alive(child) && idle.length < MAX_IDLE_READERS) {
    child.unref();
    child.channel?.unref();
    idle.push(child);
    idleReaders.set(file, idle);
    const timer = setTimeout(() => {
      const list = idleReaders.get(file) ?? [];
      const at = list.indexOf(child);
      if (at >= 0) list.splice(at, 1);
      child.kill('SIGKILL');
    }, IDLE_READER_MS);
    timer.unref();
    idleTimers.set(child, timer);
  } else if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
  }
}

/** SQLite: a child process with its own read-only, query_only connection to the site's file, once a reader is free; killed on timeout. */
async function sqliteSession(file: string, timeoutMs: number): Promise<ReadOnlySession> {
  await waitForReaderSlot(file, timeoutMs);
  return readerSession(file, timeoutMs);
}

/** A session on a reader of the file; the caller has taken its slot, which closing gives back. */
function readerSession(file: string, timeoutMs: number): ReadOnlySession {
  let child: ChildProcess;
  try {
    child = takeReader(file);
  } catch (error) {
    giveBackReaderSlot(file);
    throw error;
  }
  let closed = false;
  let dead: Error | null = null;
  let streaming = false;
  const onDeath = () => {
    dead ??= new Error('The report reader stopped.');
  };
  child.on('exit', onDeath);
  type Answer = { ok: boolean; message?: string; code?: string; columns?: ResultColumn[]; rows?: Row[]; truncated?: boolean; more?: boolean };
  const ask = (command: object) =>
    new Promise<Answer>((resolve, reject) => {
      if (dead) return reject(dead);
      const onExit = () => {
        clearTimeout(timer);
        reject(dead ?? new Error('The report reader stopped.'));
      };
      const timer = setTimeout(() => {
        dead = timeoutError(timeoutMs / 1000);
        child.off('exit', onExit);
        child.kill('SIGKILL');
        reject(dead);
      }, timeoutMs);
      child.once('exit', onExit);
      child.once('message', (answer: Answer) => {
        clearTimeout(timer);
        child.off('exit', onExit);
        if (answer.ok) resolve(answer);
        else if (answer.code === 'TESSERA_NOT_READER') reject(new AppError('onlyselect', { component: COMPONENT }));
        else reject(new QueryError(answer.message ?? '', 0));
      });
      child.send(command);
    });
  return {
    dialect: 'sqlite',
    source: `sqlite:${file}`,
    spare: () => Promise.resolve(takeFreeReaderSlot(file) ? readerSession(file, timeoutMs) : undefined),
    columns: async (sql, params) => (await ask({ op: 'columns', sql, params })).columns ?? [],
    rows: async (sql, params, max) => {
      const a = await ask({ op: 'rows', sql, params, max });
      return { rows: a.rows ?? [], truncated: a.truncated ?? false };
    },
    async *stream(sql, params, batch) {
      streaming = true;
      let answer = await ask({ op: 'stream', sql, params, batch });
      let finished = false;
      try {
        for (;;) {
          yield answer.rows ?? [];
          if (!answer.more) break;
          answer = await ask({ op: 'more', batch });
        }
        finished = true;
      } finally {
        // A stream left part-way is stopped; the reader is reused only when it said it stopped.
        if (finished) streaming = false;
        else if (!dead) streaming = !(await ask({ op: 'stop' }).then(() => true, () => false));
      }
    },
    close: () => {
      if (closed) return Promise.resolve();
      closed = true;
      child.off('exit', onDeath);
      releaseReader(file, child, dead === null && !streaming);
      giveBackReaderSlot(file);
      return Promise.resolve();
    },
  };
}

const READER_ROLE = 'tessera_report_reader';
/** Report connections to one PostgreSQL database at once; more sessions wait for one. */
const POOL_SIZE = 4;
const pools = new Map<string, pg.Pool>();
const readerReady = new Map<string, Promise<boolean>>();

function poolFor(url: string): pg.Pool {
  let pool = pools.get(url);
  if (!pool) {
    pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, idleTimeoutMillis: 2000, connectionTimeoutMillis: 5000, allowExitOnIdle: true });
    // An idle connection the database drops (a restart, a remote going away) must not stop the server; the next session reconnects.
    pool.on('error', () => undefined);
    pools.set(url, pool);
  }
  return pool;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** Significant digits a double holds exactly. */
const DOUBLE_DIGITS = 15;

/** A numeric's text when it is a plain decimal (not NaN or Infinity) a double holds exactly. */
function exactDecimal(value: string): boolean {
  const match = /^-?(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return false;
  const digits = `${match[1] ?? ''}${(match[2] ?? '').replace(/0+$/, '')}`.replace(/^0+/, '');
  return digits.length <= DOUBLE_DIGITS;
}

/**
 * pg answers bigint (every count and sum of integers) and numeric as text, as they may not fit a
 * double. Reports want numbers where they are exact: those become numbers (sorted and exported as
 * such), the rest stay text.
 */
const reportTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID) return (value: string) => (Number.isSafeInteger(Number(value)) ? Number(value) : value);
    if (oid === NUMERIC_OID) return (value: string) => (exactDecimal(value) ? Number(value) : value);
    return pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown;
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * A role that may only read, and not the secret tables and columns: SELECT on the schema's tables,
 * without the forbidden tables, and only the harmless columns of tables holding a secret column.
 * Made once per schema and process; false when the database user may not create roles (then the
 * READ ONLY transaction and the text checks still hold).
 */
async function ensureReaderRole(pool: pg.Pool): Promise<boolean> {
  const client = await pool.connect();
  try {
    const schema = String((await client.query<{ s: string }>('select current_schema() as s')).rows[0]?.s);
    const key = `${pool.options.connectionString ?? ''}#${schema}`;
    let ready = readerReady.get(key);
    if (!ready) {
      ready = (async () => {
        try {
          await client.query('begin');
          const exists = await client.query('select 1 from pg_roles where rolname = $1', [READER_ROLE]);
          if (exists.rowCount === 0) await client.query(`create role ${READER_ROLE} nologin`);
          await client.query(`grant usage on schema ${ident(schema)} to ${READER_ROLE}`);
          await client.query(`grant select on all tables in schema ${ident(schema)} to ${READER_ROLE}`);
          const tables = await client.query<{ table_name: string; column_name: string }>(
            'select table_name, column_name from information_schema.columns where table_schema = $1',
            [schema],
          );
          const byTable = new Map<string, string[]>();
          for (const r of tables.rows) byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r.column_name]);
          for (const [table, columns] of byTable) {
            const secret = columns.some((c) => (FORBIDDEN_COLUMNS as readonly string[]).includes(c));
            if (!(FORBIDDEN_TABLES as readonly string[]).includes(table) && !secret) continue;
            await client.query(`revoke select on ${ident(schema)}.${ident(table)} from ${READER_ROLE}`);
            if ((FORBIDDEN_TABLES as readonly string[]).includes(table)) continue;
            const open = columns.filter((c) => !(FORBIDDEN_COLUMNS as readonly string[]).includes(c)).map(ident).join(', ');
            await client.query(`grant select (${open}) on ${ident(schema)}.${ident(table)} to ${READER_ROLE}`);
          }
          await client.query('commit');
          return true;
        } catch {
          await client.query('rollback').catch(() => undefined);
          return false;
        }
      })();
      readerReady.set(key, ready);
    }
    return await ready;
  } finally {
    client.release();
  }
}

/**
 * PostgreSQL: a READ ONLY transaction with a statement timeout on a pooled connection; on the site's
 * own database also as the reader role. A remote database is the admin's: no role is made there, its
 * configured user is expected to be read-only, and the transaction refuses writes regardless.
 */
async function postgresSession(url: string, timeoutMs: number, readerRole = true): Promise<ReadOnlySession> {
  const pool = poolFor(url);
  const asReader = readerRole && (await ensureReaderRole(pool));
  const client = await pool.connect();
  await client.query('begin transaction read only');
  await client.query(`set local statement_timeout = ${Math.max(1, Math.round(timeoutMs))}`);
  if (asReader) await client.query(`set local role ${READER_ROLE}`);
  /** `prefix` goes before the query; an error's position stays relative to the query. */
  const run = async (sql: string, params: readonly unknown[], prefix = '') => {
    try {
      return await client.query({ text: prefix + sql, values: [...params], rowMode: 'array', types: reportTypes });
    } catch (error) {
      const e = error as Error & { code?: string; position?: string };
      if (e.code === '57014') throw timeoutError(timeoutMs / 1000);
      if (e.code === '25006') throw new AppError('readonlyrefused', { component: COMPONENT });
      if (e.code === '42501') throw new AppError('forbiddenaccess', { component: COMPONENT, a: e.message });
      throw new QueryError(e.message, Math.max(0, Number(e.position ?? 0) - prefix.length));
    }
  };
  let savepoint = 0;
  // A failed statement aborts the transaction; each command runs under a savepoint so the session stays usable.
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    const name = `s${(savepoint += 1)}`;
    await client.query(`savepoint ${name}`);
    try {
      const result = await work();
      await client.query(`release savepoint ${name}`);
      return result;
    } catch (error) {
      await client.query(`rollback to savepoint ${name}`).catch(() => undefined);
      throw error;
    }
  };
  return {
    dialect: 'postgres',
    source: url,
    spare: async () => {
      const free = pool.waitingCount === 0 && (pool.idleCount > 0 || pool.totalCount < POOL_SIZE);
      return free ? postgresSession(url, timeoutMs, readerRole) : undefined;
    },
    columns: (sql, params) => guarded(async () => (await run(sql, params)).fields.map((f) => ({ name: f.name, numeric: PG_NUMBER_TYPES.has(f.dataTypeID) }))),
    rows: (sql, params, max) =>
      guarded(async () => {
        // A limit, so a row cap over a huge result reads only the rows it keeps. Not a cursor:
        // PostgreSQL never plans a cursor's query for parallel workers, and a count over a million
        // rows then takes twice as long.
        const rows = (await run(`${sql}\n) report_capped limit ${Math.round(max) + 1}`, params, 'select * from (\n')).rows as Row[];
        return { rows: rows.slice(0, max), truncated: rows.length > max };
      }),
    async *stream(sql, params, batch) {
      await run(sql, params, 'declare report_cursor no scroll cursor for ');
      for (;;) {
        const result = await run(`fetch ${Math.round(batch)} from report_cursor`, []);
        const rows = result.rows as Row[];
        if (rows.length) yield rows;
        if (rows.length < batch) break;
      }
    },
    close: async () => {
      await client.query('rollback').catch(() => undefined);
      client.release();
    },
  };
}

/**
 * The fallback when no second connection can reach the call's database (an in-memory SQLite test
 * database; a test platform whose DATABASE_URL names another database): the call's own connection,
 * inside a savepoint that is rolled back, with SQLite's `query_only` or PostgreSQL's read-only
 * transaction and statement timeout. SQLite cannot interrupt a statement on the server's own thread,
 * so this fallback has no timeout there; rows are capped by LIMIT.
 */
function inCallSession(callDb: Kysely<DB>, dialect: Dialect, timeoutMs: number): ReadOnlySession {
  let opened = false;
  /** A call that runs outside a transaction gets one of the session's own, held until it closes. */
  let own: ControlledTransaction<DB> | undefined;
  let db: Kysely<DB> = callDb;
  const open = async () => {
    if (opened) return;
    opened = true;
    if (!callDb.isTransaction) db = own = await callDb.startTransaction().execute();
    await sql`savepoint report_readonly`.execute(db);
    if (dialect === 'sqlite') await sql`pragma query_only = on`.execute(db);
    else {
      await sql`set local transaction_read_only = on`.execute(db);
      await sql.raw(`set local statement_timeout = ${Math.max(1, Math.round(timeoutMs))}`).execute(db);
    }
  };
  const run = async (text: string, params: readonly unknown[]) => {
    await open();
    try {
      const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, [...params]));
      return result.rows.map((r) => Object.values(r));
    } catch (error) {
      const e = error as Error & { code?: string; position?: string };
      if (e.code === '57014') throw timeoutError(timeoutMs / 1000);
      if (e.code === '25006' || /readonly|read-only/i.test(e.message)) throw new AppError('readonlyrefused', { component: COMPONENT });
      throw new QueryError(e.message, Number(e.position ?? 0));
    }
  };
  return {
    dialect,
    source: undefined,
    // The call's one connection runs one statement at a time.
    spare: () => Promise.resolve(undefined),
    columns: async (text, params) => {
      // Row objects carry the names; a result with no row has none to show.
      await open();
      const limited = text.replace(/limit 0$/, 'limit 1');
      const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(limited, [...params])).catch((error: Error & { position?: string }) => {
        throw new QueryError(error.message, Number(error.position ?? 0));
      });
      return Object.keys(result.rows[0] ?? {}).map((name) => ({ name, numeric: false }));
    },
    rows: async (text, params, max) => {
      const rows = await run(`select * from (${text}) report_capped limit ${Math.round(max) + 1}`, params);
      return { rows: rows.slice(0, max), truncated: rows.length > max };
    },
    async *stream(text, params, batch) {
      for (let offset = 0; ; offset += batch) {
        const rows = await run(`select * from (${text}) report_batch limit ${Math.round(batch)} offset ${offset}`, params);
        if (rows.length) yield rows;
        if (rows.length < batch) break;
      }
    },
    close: async () => {
      if (!opened) return;
      try {
        if (dialect === 'sqlite') await sql`pragma query_only = off`.execute(db);
        await sql`rollback to savepoint report_readonly`.execute(db);
        await sql`release savepoint report_readonly`.execute(db);
      } finally {
        await own?.rollback().execute();
      }
    },
  };
}

/**
 * Opens a read-only session on the call's database: SQLite by its file (read from the connection
 * itself), PostgreSQL by the configured DATABASE_URL once it is seen to reach the same schema.
 */
export async function openReadOnly(db: Kysely<DB>, dialect: Dialect, databaseUrl: string, timeoutMs: number): Promise<ReadOnlySession> {
  if (dialect === 'sqlite') {
    const list = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
    const file = list.rows.find((r) => r.name === 'main')?.file ?? '';
    // An in-memory database lives inside one connection: no second connection can see it.
    return file === '' ? inCallSession(db, dialect, timeoutMs) : sqliteSession(file, timeoutMs);
  }
  if (databaseUrl.startsWith('postgres://') || databaseUrl.startsWith('postgresql://')) {
    const here = await sql<{ d: string; s: string }>`select current_database() as d, current_schema() as s`.execute(db);
    const there = await poolFor(databaseUrl)
      .query<{ d: string; s: string }>('select current_database() as d, current_schema() as s')
      .catch(() => undefined);
    if (there?.rows[0]?.d === here.rows[0]?.d && there?.rows[0]?.s === here.rows[0]?.s) return postgresSession(databaseUrl, timeoutMs);
  }
  return inCallSession(db, dialect, timeoutMs);
}

/** The remote database is missing or refuses the connection: the admin's setting needs attention. */
export function remoteUnavailable(detail: string): AppError {
  return new AppError('remotedbunavailable', { component: COMPONENT, a: detail, debuginfo: detail });
}

/**
 * Opens a read-only session on the second database the admin set up (`sqlite:<file>` or
 * `postgres://…`), with the same statement timeout and refusals as the site's own.
 */
export async function openRemote(url: string, timeoutMs: number): Promise<ReadOnlySession> {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file === '' || file === ':memory:' || !existsSync(file)) throw remoteUnavailable(`no database file ${file}`);
    return sqliteSession(file, timeoutMs);
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    try {
      return await postgresSession(url, timeoutMs, false);
    } catch (error) {
      throw error instanceof AppError ? error : remoteUnavailable(error instanceof Error ? error.message : String(error));
    }
  }
  throw remoteUnavailable('unknown database address');
}
