/**
 * Report speed on SQLite: a report over a 1,000,000-row table in server mode (first page, a sorted
 * page, a searched page) and a streamed CSV-sized read of every row, with the process's peak memory.
 * Run: npx tsx bench/report-sql.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { DB } from '../server/db/schema';
import { PreparedReport } from '../server/components/report/query';
import { openReadOnly } from '../server/components/report/readonly';

const ROWS = 1_000_000;
const dir = mkdtempSync(join(tmpdir(), 'tessera-report-bench-'));
const file = join(dir, 'bench.db');
const raw = new SQLite(file);
raw.pragma('journal_mode = WAL');
raw.exec('create table bench_rows (id integer primary key, name text not null, value integer not null)');
const insert = raw.prepare('insert into bench_rows (name, value) values (?, ?)');
raw.transaction(() => {
  for (let i = 0; i < ROWS; i += 1) insert.run(`name ${i}`, (i * 7919) % 100_000);
})();
raw.exec('create index bench_rows_value_ix on bench_rows (value)');
const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: raw }) });

const values = { userid: 2, courseid: 0, starttime: 0, endtime: 0 };
const time = async (label: string, work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  process.stdout.write(`${label.padEnd(36)} ${(performance.now() - started).toFixed(1)} ms\n`);
};
let peak = 0;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const session = await openReadOnly(db, 'sqlite', `sqlite:${file}`, 30_000);
const prepared = await PreparedReport.prepare(session, 'SELECT id, name, value FROM bench_rows', values);
const request = { start: 0, length: 10, sort: [] as Array<{ column: number; dir: 'asc' | 'desc' }>, search: '', columnsearch: [] as string[] };
await time('first page (with total count)', () => prepared.page(values, request));
await time('page 5000, sorted by indexed value', () => prepared.page(values, { ...request, start: 50_000, sort: [{ column: 2, dir: 'asc' }] }));
await time('sorted by id desc', () => prepared.page(values, { ...request, sort: [{ column: 0, dir: 'desc' }] }));
await time('global search "name 99999"', () => prepared.page(values, { ...request, search: 'name 99999' }));
const before = process.memoryUsage().rss;
let count = 0;
await time('stream every row (1000 per batch)', async () => {
  for await (const rows of prepared.all(values, 1000, ROWS)) count += rows.length;
});
clearInterval(sample);
process.stdout.write(`streamed ${count} rows; rss before ${(before / 1e6).toFixed(0)} MB, peak ${(peak / 1e6).toFixed(0)} MB\n`);
await session.close();
await db.destroy();
rmSync(dir, { recursive: true, force: true });
