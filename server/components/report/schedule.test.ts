import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSystemContext } from '../../platform/access/contexts';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { callAs as call, type Session } from '../tag/fixtures';
import { RESULT_AREA, RUNS_KEPT, runDueReports, runScheduled } from './schedule';
import { COMPONENT } from './sqlguard';

type Runs = { schedule: string; runs: Array<{ id: number; status: string; rowcount: number; truncated: boolean; message: string; downloadurl: string }> };

const NUMBERS = 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 7) SELECT i, %%USERID%% AS author FROM n';

describe.each(testDialects)('scheduled report runs on %s', (dialect) => {
  let site: TestSite;
  let systemContextId: number;
  let admin: Session;
  let student: Session;

  beforeAll(async () => {
    site = await createTestSite(dialect, [], false, { onDisk: true });
    if (dialect === 'postgres') site.platform.config.databaseUrl = site.database.processUrl();
    systemContextId = (await getSystemContext(site.platform.db)).id;
    const courseid = await site.createCourse('Biology', 'BIO1');
    const studentId = await site.createUser('student1');
    await site.enrol(studentId, courseid, 'student');
    admin = await site.sessionFor(site.adminId);
    student = await site.sessionFor(studentId);
  });
  afterAll(() => site.close());

  const db = () => site.platform.db;
  const save = async (args: Record<string, unknown>) => {
    const answer = await call<{ id: number }>(site, admin, 'block_configurable_reports_save_report', {
      id: 0,
      name: 'Scheduled',
      querysql: NUMBERS,
      contextid: systemContextId,
      capability: 'block/configurable_reports:managereports',
      ...args,
    });
    expect(answer.error).toBe(false);
    return answer.data?.id ?? 0;
  };
  const runs = async (id: number, session = admin) => call<Runs>(site, session, 'block_configurable_reports_list_runs', { id });
  const get = (url: string, session: Session | null = admin) => site.app.inject({ method: 'GET', url, headers: session ? { cookie: session.cookie } : {} });
  const notifications = async () =>
    db().selectFrom('notifications').select(['subject', 'contexturl']).where('component', '=', COMPONENT).where('useridto', '=', site.adminId).orderBy('id').execute();
  // Reports saved by other tests are due too: each test runs only its own by parking the others.
  const only = async (id: number) => db().updateTable('block_configurable_reports').set({ nextrun: 2_000_000_000 }).where('id', '!=', id).execute();

  it('runs a due report once, stores its CSV, tells its author, and waits a period for the next run', async () => {
    const id = await save({ name: 'Daily numbers', schedule: 'daily', emailresult: true });
    await only(id);
    const before = (await notifications()).length;
    // Two runners at once (two processes): the claim lets exactly one run it.
    await Promise.all([runDueReports(site.platform), runDueReports(site.platform)]);
    expect(await runDueReports(site.platform)).toBe(0);
    const report = await db().selectFrom('block_configurable_reports').select(['nextrun', 'timemodified']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(report.nextrun).toBeGreaterThanOrEqual(report.timemodified + 86_400 - 5);

    const listed = await runs(id);
    expect(listed.data?.schedule).toBe('daily');
    expect(listed.data?.runs).toHaveLength(1);
    const [run] = listed.data?.runs ?? [];
    expect(run).toMatchObject({ status: 'ok', rowcount: 7, truncated: false, message: '' });
    const csv = await get(run?.downloadurl ?? '');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('i,author');
    expect(lines).toHaveLength(8);
    // %%USERID%% is the report's author: the scheduled run runs as them.
    expect(lines[1]).toBe(`1,${site.adminId}`);

    const told = (await notifications()).slice(before);
    expect(told).toEqual([{ subject: 'Report "Daily numbers": 7 rows', contexturl: `/blocks/configurable_reports/viewreport.php?id=${id}` }]);
  });

  it('keeps a stored result from those who may not run the report', async () => {
    const id = await save({ name: 'Private', schedule: 'weekly' });
    const runid = await runScheduled(site.platform, await db().selectFrom('block_configurable_reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
    expect((await get(`/blocks/configurable_reports/result.php?id=${runid}`)).statusCode).toBe(200);
    expect((await get(`/blocks/configurable_reports/result.php?id=${runid}`, student)).statusCode).toBe(404);
    expect((await get(`/blocks/configurable_reports/result.php?id=${runid}`, null)).statusCode).toBe(401);
    expect((await get('/blocks/configurable_reports/result.php?id=999999')).statusCode).toBe(404);
    expect((await runs(id, student)).exception?.errorcode).toBe('nopermissions');
  });

  it('records a failing run with the database message and tells the author it failed', async () => {
    const id = await save({ name: 'Broken schedule', querysql: 'SELECT nosuchcolumn FROM course', schedule: 'daily', emailresult: true });
    await only(id);
    expect(await runDueReports(site.platform)).toBe(1);
    const [run] = (await runs(id)).data?.runs ?? [];
    expect(run?.status).toBe('failed');
    expect(run?.message).toMatch(/^Line 1: .*nosuchcolumn/);
    expect(run?.downloadurl).toBe('');
    expect((await notifications()).at(-1)?.subject).toBe('Report "Broken schedule" failed');
  });

  it('does not run unscheduled reports, and a schedule change runs at the next look', async () => {
    const id = await save({ name: 'Manual' });
    await only(id);
    expect(await runDueReports(site.platform)).toBe(0);
    const stamp = (await db().selectFrom('block_configurable_reports').select('timemodified').where('id', '=', id).executeTakeFirstOrThrow()).timemodified;
    await save({ id, name: 'Manual', schedule: 'weekly', timemodified: stamp });
    expect(await runDueReports(site.platform)).toBe(1);
  });

  it(`keeps the newest ${RUNS_KEPT} runs, and a deleted report takes its runs and files with it`, async () => {
    const id = await save({ name: 'Many runs', schedule: 'daily' });
    const report = await db().selectFrom('block_configurable_reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const made: number[] = [];
    for (let i = 0; i < RUNS_KEPT + 2; i += 1) made.push(await runScheduled(site.platform, report, 1_000_000 + i));
    const kept = await db().selectFrom('block_configurable_reports_runs').select('id').where('reportid', '=', id).orderBy('id').execute();
    expect(kept.map((r) => r.id)).toEqual(made.slice(2));
    const files = () => db().selectFrom('files').select('itemid').where('component', '=', COMPONENT).where('filearea', '=', RESULT_AREA).where('itemid', 'in', made).execute();
    expect((await files()).map((f) => f.itemid).sort((a, b) => a - b)).toEqual(made.slice(2));

    expect((await call(site, admin, 'block_configurable_reports_delete_report', { id })).error).toBe(false);
    expect(await db().selectFrom('block_configurable_reports_runs').select('id').where('reportid', '=', id).execute()).toEqual([]);
    expect(await files()).toEqual([]);
  });
});
