import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Dialect, type Generated } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { withLazyTransactions } from './lazyTransactions';

interface Probe {
  db: Kysely<{ note: { id: Generated<number>; text: string } }>;
  /** Every statement the database was sent, lower case, in order. */
  sent: string[];
}

/** A database with a `note` table whose every statement is recorded at the driver's own client. */
async function open(dialect: 'sqlite' | 'postgres'): Promise<Probe> {
  const sent: string[] = [];
  let inner: Dialect;
  if (dialect === 'sqlite') {
    const connection = new SQLite(':memory:');
    connection.exec('create table note (id integer primary key, text varchar(20) not null)');
    inner = new SqliteDialect({
      database: {
        close: () => connection.close(),
        prepare: (text: string) => {
          sent.push(text.toLowerCase());
          return connection.prepare(text);
        },
      },
    });
  } else {
    // One connection, so the temporary table is there for every statement.
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    const client = await pool.connect();
    await client.query('create temporary table note (id serial primary key, text varchar(20) not null)');
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      if (typeof args[0] === 'string') sent.push(args[0].toLowerCase());
      return query(...args);
    };
    client.release();
    inner = new PostgresDialect({ pool });
  }
  return { db: new Kysely({ dialect: withLazyTransactions(inner) }), sent };
}

describe.each(testDialects)('transactions that begin at their first statement, on %s', (dialect) => {
  let probe: Probe;
  afterEach(async () => {
    await probe.db.destroy();
  });

  it('sends nothing for a transaction that never queries', async () => {
    probe = await open(dialect);
    const answer = await probe.db.transaction().execute(() => Promise.resolve('cached'));
    expect(answer).toBe('cached');
    expect(probe.sent).toEqual([]);
  });

  it('begins right before the first statement and commits after the last', async () => {
    probe = await open(dialect);
    await probe.db.transaction().execute(async (trx) => {
      await trx.insertInto('note').values({ text: 'first' }).execute();
      await trx.insertInto('note').values({ text: 'second' }).execute();
    });
    expect(probe.sent[0]).toBe('begin');
    expect(probe.sent.filter((s) => s.startsWith('insert'))).toHaveLength(2);
    expect(probe.sent.at(-1)).toBe('commit');
    const rows = await probe.db.selectFrom('note').select('text').orderBy('id').execute();
    expect(rows.map((r) => r.text)).toEqual(['first', 'second']);
  });

  it('rolls back what a failing transaction wrote, and the connection is clean afterwards', async () => {
    probe = await open(dialect);
    await expect(
      probe.db.transaction().execute(async (trx) => {
        await trx.insertInto('note').values({ text: 'undone' }).execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(probe.sent.at(-1)).toBe('rollback');
    // Outside any transaction now: this write stays even though nothing commits it.
    await probe.db.insertInto('note').values({ text: 'kept' }).execute();
    const rows = await probe.db.selectFrom('note').select('text').execute();
    expect(rows.map((r) => r.text)).toEqual(['kept']);
  });

  it('sends nothing when a transaction fails before its first statement, and the next one still works', async () => {
    probe = await open(dialect);
    await expect(
      probe.db.transaction().execute(() => Promise.reject(new Error('invalid parameter'))),
    ).rejects.toThrow('invalid parameter');
    expect(probe.sent).toEqual([]);
    const count = await probe.db.transaction().execute(async (trx) => {
      await trx.insertInto('note').values({ text: 'after' }).execute();
      return sql<{ n: number }>`select count(*) as n from note`.execute(trx);
    });
    expect(Number(count.rows[0]?.n)).toBe(1);
    expect(probe.sent.filter((s) => s === 'begin')).toHaveLength(1);
  });
});
