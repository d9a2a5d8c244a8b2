import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSystemContext } from '../../platform/access/contexts';
import { getConfig } from '../../platform/config-store';
import { assignRole, getRoleByShortname } from '../../platform/access/install';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { callAs as call, type Session } from '../tag/fixtures';
import { maskAddress, unmaskAddress } from './settings';

type Run = { columns: string[]; data: Array<Array<string | number | null>>; recordsTotal: number; recordsFiltered: number; error?: string };
type Settings = { querytimeout: number; remotedb: string };

const THINGS = 'SELECT id, name FROM things ORDER BY id';

/**
 * A second database for remote queries: a SQLite file, or a schema of its own on the PostgreSQL test
 * server (reached by a URL whose search_path names it), holding 12 rows in `things`.
 */
async function remoteDatabase(dialect: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const rows = Array.from({ length: 12 }, (_, i) => [i + 1, `thing ${i + 1}`] as const);
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-remote-'));
    const file = join(dir, 'remote.db');
    const db = new SQLite(file);
    db.exec('create table things (id integer primary key, name text not null)');
    const insert = db.prepare('insert into things (id, name) values (?, ?)');
    for (const r of rows) insert.run(...r);
    db.close();
    return { url: `sqlite:${file}`, drop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })) };
  }
  const base = process.env.TEST_DATABASE_URL ?? '';
  const schema = `r_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.query(`create table ${schema}.things (id integer primary key, name text not null)`);
  for (const r of rows) await client.query(`insert into ${schema}.things (id, name) values ($1, $2)`, [...r]);
  await client.end();
  const url = `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return {
    url,
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

describe.each(testDialects)('remote queries, report settings and the table data address on %s', (dialect) => {
  let site: TestSite;
  let remote: { url: string; drop: () => Promise<void> };
  let systemContextId: number;
  let admin: Session;
  let manager: Session;
  let student: Session;

  beforeAll(async () => {
    site = await createTestSite(dialect, [], false, { onDisk: true });
    if (dialect === 'postgres') site.platform.config.databaseUrl = site.database.processUrl();
    remote = await remoteDatabase(dialect);
    systemContextId = (await getSystemContext(site.platform.db)).id;
    const managerId = await site.createUser('manager1');
    const role = await getRoleByShortname(site.platform.db, 'manager');
    await assignRole(site.platform.db, role?.id ?? 0, managerId, systemContextId);
    const courseid = await site.createCourse('Biology', 'BIO1');
    const studentId = await site.createUser('student1');
    await site.enrol(studentId, courseid, 'student');
    admin = await site.sessionFor(site.adminId);
    manager = await site.sessionFor(managerId);
    student = await site.sessionFor(studentId);
  });
  afterAll(async () => {
    await site.close();
    await remote.drop();
  });

  const db = () => site.platform.db;
  const settings = (session: Session, args: Partial<Settings> = {}) => call<Settings>(site, session, 'block_configurable_reports_save_settings', { querytimeout: 10, remotedb: '', ...args });
  const save = (args: Record<string, unknown>) =>
    call<{ id: number }>(site, admin, 'block_configurable_reports_save_report', { id: 0, name: 'Report', querysql: 'SELECT id FROM course', contextid: systemContextId, capability: 'block/configurable_reports:managereports', ...args });
  const run = (session: Session, args: Record<string, unknown>) => call<Run>(site, session, 'block_configurable_reports_run_report', args);
  const get = (url: string, session: Session | null = admin) => site.app.inject({ method: 'GET', url, headers: session ? { cookie: session.cookie } : {} });

  it('keeps the settings to administrators, tries a connection before keeping it, and never shows its password', async () => {
    expect((await call(site, manager, 'block_configurable_reports_get_settings', {})).exception?.errorcode).toBe('nopermissions');
    expect((await settings(manager, { remotedb: remote.url })).exception?.errorcode).toBe('nopermissions');
    expect(await getConfig(db(), 'block_configurable_reports_remotedb')).toBeUndefined();

    const format = await settings(admin, { remotedb: 'mysql://somewhere/db' });
    expect(format.exception?.errorcode).toBe('remotedbformat');
    expect(format.exception?.fielderrors?.[0]?.field).toBe('remotedb');
    const missing = await settings(admin, { remotedb: 'sqlite:/no/such/file.db', querytimeout: 20 });
    expect(missing.exception?.errorcode).toBe('remotedbunavailable');
    expect((await settings(admin, { querytimeout: 0 })).exception?.errorcode).toBe('invalidparameter');
    // Nothing of a refused save is kept, not even its valid timeout.
    expect(await getConfig(db(), 'block_configurable_reports_remotedb')).toBeUndefined();
    expect(await getConfig(db(), 'block_configurable_reports_querytimeout')).toBeUndefined();

    const saved = await settings(admin, { remotedb: remote.url, querytimeout: 15 });
    expect(saved.error).toBe(false);
    expect(await getConfig(db(), 'block_configurable_reports_remotedb')).toBe(remote.url);
    const read = await call<Settings>(site, admin, 'block_configurable_reports_get_settings', {});
    expect(read.data?.querytimeout).toBe(15);
    if (dialect === 'postgres' && new URL(remote.url).password) expect(read.data?.remotedb).not.toContain(new URL(remote.url).password);
    // Saving the masked address back keeps the stored one.
    expect((await settings(admin, { remotedb: read.data?.remotedb ?? '', querytimeout: 10 })).error).toBe(false);
    expect(await getConfig(db(), 'block_configurable_reports_remotedb')).toBe(remote.url);
  });

  it('runs, previews and exports the remote query on the second database, read-only', async () => {
    await settings(admin, { remotedb: remote.url });
    const report = await save({ name: 'Two sources', remotequerysql: THINGS });
    const id = report.data?.id ?? 0;
    const stored = await call<{ remotequerysql: string; hasremote: boolean }>(site, admin, 'block_configurable_reports_get_report', { id });
    expect(stored.data).toMatchObject({ remotequerysql: THINGS, hasremote: true });

    const page = await run(admin, { id, source: 'remote', start: 0, length: 5, sort: [{ column: 0, dir: 'desc' }] });
    expect(page.data?.error).toBeUndefined();
    expect(page.data?.columns).toEqual(['id', 'name']);
    expect(page.data?.recordsTotal).toBe(12);
    expect(page.data?.data.map((r) => Number(r[0]))).toEqual([12, 11, 10, 9, 8]);
    // The main query still reads the site's database.
    expect((await run(admin, { id, start: 0, length: 5 })).data?.columns).toEqual(['id']);

    const preview = await call<{ rows: unknown[][] }>(site, admin, 'block_configurable_reports_preview_query', { querysql: "SELECT name FROM things WHERE name LIKE 'thing 1%'", source: 'remote' });
    expect(preview.data?.rows).toHaveLength(4);
    for (const write of ['DELETE FROM things', 'SELECT 1; DELETE FROM things', "ATTACH DATABASE '/tmp/x.db' AS x"]) {
      const refused = await call(site, admin, 'block_configurable_reports_preview_query', { querysql: write, source: 'remote' });
      expect(refused.exception?.errorcode).toMatch(/^(onlyselect|multiplestatements)$/);
    }
    const csv = await get(`/blocks/configurable_reports/export.php?id=${id}&format=csv&source=remote`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines).toHaveLength(13);
    expect(lines[1]).toBe('1,thing 1');
  });

  it('refuses a remote query that writes when saving, and answers a clear warning when there is nothing to run', async () => {
    await settings(admin, { remotedb: remote.url });
    const before = await db().selectFrom('block_configurable_reports').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const bad = await save({ name: 'Bad remote', remotequerysql: 'UPDATE things SET name = 1' });
    expect(bad.exception?.errorcode).toBe('onlyselect');
    expect(bad.exception?.fielderrors?.[0]?.field).toBe('remotequerysql');
    const after = await db().selectFrom('block_configurable_reports').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const mainOnly = await save({ name: 'Main only' });
    expect((await run(admin, { id: mainOnly.data?.id ?? 0, source: 'remote' })).data?.error).toBe('This report has no remote query.');
    const both = await save({ name: 'Both', remotequerysql: THINGS });
    await settings(admin, { remotedb: '' });
    expect((await call<{ hasremote: boolean }>(site, admin, 'block_configurable_reports_get_report', { id: both.data?.id ?? 0 })).data?.hasremote).toBe(false);
    expect((await run(admin, { id: both.data?.id ?? 0, source: 'remote' })).data?.error).toContain('No second database is set up');
    const csv = await get(`/blocks/configurable_reports/export.php?id=${both.data?.id ?? 0}&format=csv&source=remote`);
    expect(csv.statusCode).toBe(400);
    expect(csv.json<{ errorcode: string }>().errorcode).toBe('noremotedb');
  });

  it('serves a page of the table by GET, paged, sorted and searched by the database', async () => {
    const report = await save({ name: 'Numbers', querysql: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 35)\nSELECT i, 'row ' || i AS label FROM n" });
    const id = report.data?.id ?? 0;
    const first = await get(`/blocks/configurable_reports/data.php?id=${id}`);
    expect(first.statusCode).toBe(200);
    const page = first.json<Run>();
    expect(page.data).toHaveLength(10);
    expect(page).toMatchObject({ recordsTotal: 35, recordsFiltered: 35, columns: ['i', 'label'] });
    expect(page.error).toBeUndefined();

    const sorted = (await get(`/blocks/configurable_reports/data.php?id=${id}&start=10&length=25&sort=1:asc,0:desc`)).json<Run>();
    expect(sorted.data[0]).toEqual([19, 'row 19']);
    const searched = (await get(`/blocks/configurable_reports/data.php?id=${id}&search=3&columnsearch=&columnsearch=row%201`)).json<Run>();
    expect(searched.data.map((r) => Number(r[0]))).toEqual([13]);
    expect(searched.recordsFiltered).toBe(1);

    const bad = await get(`/blocks/configurable_reports/data.php?id=${id}&length=1000`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errorcode: string }>().errorcode).toBe('invalidparameter');
    expect((await get(`/blocks/configurable_reports/data.php?id=${id}&sort=0:sideways`)).statusCode).toBe(400);
    expect((await get(`/blocks/configurable_reports/data.php?id=${id}`, student)).statusCode).toBe(403);
    expect((await get(`/blocks/configurable_reports/data.php?id=${id}`, null)).statusCode).toBe(401);

    const broken = await save({ name: 'Broken', querysql: 'SELECT nosuchcolumn FROM course' });
    const warning = await get(`/blocks/configurable_reports/data.php?id=${broken.data?.id ?? 0}`);
    expect(warning.statusCode).toBe(200);
    expect(warning.json<Run>()).toMatchObject({ data: [], recordsTotal: 0 });
    expect(warning.json<Run>().error).toMatch(/^Line 1: .*nosuchcolumn/);
  });

  it('refuses an edit made from a stale copy and keeps the other save', async () => {
    const created = await save({ name: 'Shared' });
    const id = created.data?.id ?? 0;
    const read = await call<{ timemodified: number }>(site, admin, 'block_configurable_reports_get_report', { id });
    const stamp = read.data?.timemodified ?? 0;
    expect((await save({ id, name: 'First edit', timemodified: stamp })).error).toBe(false);
    const second = await save({ id, name: 'Second edit', timemodified: stamp });
    expect(second.exception?.errorcode).toBe('reportchanged');
    const row = await db().selectFrom('block_configurable_reports').select(['name', 'timemodified']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.name).toBe('First edit');
    expect(row.timemodified).toBeGreaterThan(stamp);
  });
});

describe('the second database address on the settings page', () => {
  it('shows a password as the mask and puts the stored one back when the mask returns', () => {
    const stored = 'postgres://reader:s3cret@db.example.org:5432/warehouse';
    const shown = maskAddress(stored);
    expect(shown).toBe('postgres://reader:********@db.example.org:5432/warehouse');
    expect(unmaskAddress(shown, stored)).toBe(stored);
    expect(unmaskAddress('postgres://reader:new@db.example.org:5432/warehouse', stored)).toBe('postgres://reader:new@db.example.org:5432/warehouse');
    expect(maskAddress('sqlite:/srv/data/other.db')).toBe('sqlite:/srv/data/other.db');
  });
});
