import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCategoryContext, getSystemContext, getContext } from '../../platform/access/contexts';
import { assignRole, getRoleByShortname } from '../../platform/access/install';
import { CONTEXT_COURSE } from '../../platform/access/types';
import { setConfig } from '../../platform/config-store';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { callAs as call, type Session } from '../tag/fixtures';
import { XMLParser } from 'fast-xml-parser';
import { CLIENT_ROW_CAP } from '../../../api/report';
import { ODS_MIMETYPE } from './ods';
import { openReadOnly } from './readonly';
import { readZip } from './zipfixture';

type Run = { columns: string[]; data: Array<Array<string | number | null>>; recordsTotal: number; recordsFiltered: number; truncated: boolean; error?: string };
type Listing = { reports: Array<{ id: number; name: string; courseid: number }>; canmanage: boolean };

const NUMBERS = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 35)\nSELECT i, 'row ' || i AS label FROM n";

describe.each(testDialects)('block_configurable_reports on %s', (dialect) => {
  let site: TestSite;
  let courseid: number;
  let courseContextId: number;
  let systemContextId: number;
  let admin: Session;
  let teacher: Session;
  let teacherId: number;
  let student: Session;

  beforeAll(async () => {
    // On disk, so the read-only worker opens its own connection to the same file as a second process would.
    site = await createTestSite(dialect, [], false, { onDisk: true });
    if (dialect === 'postgres') site.platform.config.databaseUrl = site.database.processUrl();
    courseid = await site.createCourse('Biology', 'BIO1');
    courseContextId = (await getContext(site.platform.db, CONTEXT_COURSE, courseid))?.id ?? 0;
    systemContextId = (await getSystemContext(site.platform.db)).id;
    teacherId = await site.createUser('teacher1');
    const studentId = await site.createUser('student1');
    await site.enrol(teacherId, courseid, 'editingteacher');
    await site.enrol(studentId, courseid, 'student');
    admin = await site.sessionFor(site.adminId);
    teacher = await site.sessionFor(teacherId);
    student = await site.sessionFor(studentId);
  });
  afterAll(() => site.close());

  const db = () => site.platform.db;
  /** What a refusal must leave as it was, field by field (an UPDATE changes no count). */
  const snapshot = async () => ({
    course: await db().selectFrom('course').select(['id', 'fullname', 'shortname', 'timemodified']).orderBy('id').execute(),
    user: await db().selectFrom('user').select(['id', 'username', 'password', 'firstname', 'timemodified']).orderBy('id').execute(),
    reports: await db().selectFrom('block_configurable_reports').select(['id', 'name', 'querysql', 'timemodified']).orderBy('id').execute(),
  });
  const save = (session: Session, args: Record<string, unknown>) =>
    call<{ id: number }>(site, session, 'block_configurable_reports_save_report', { id: 0, name: 'Report', querysql: 'SELECT id FROM course', contextid: systemContextId, capability: 'block/configurable_reports:viewreports', ...args });
  const preview = (querysql: string, session = admin) => call<{ columns: string[]; rows: unknown[][]; truncated: boolean }>(site, session, 'block_configurable_reports_preview_query', { querysql });
  const run = async (session: Session, args: Record<string, unknown>) => call<Run>(site, session, 'block_configurable_reports_run_report', args);

  it('creates, edits, lists and deletes a report; only report managers may change them', async () => {
    const created = await save(admin, { name: 'Courses', summary: 'Every course', contextid: courseContextId });
    expect(created.error).toBe(false);
    const id = created.data?.id ?? 0;
    expect((await save(admin, { id, name: 'All courses', contextid: courseContextId })).error).toBe(false);
    const row = await db().selectFrom('block_configurable_reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.name).toBe('All courses');

    const menu = await call<Listing>(site, teacher, 'block_configurable_reports_list_reports', { courseid });
    expect(menu.data?.reports.map((r) => r.name)).toContain('All courses');
    expect(menu.data?.canmanage).toBe(false);
    const studentMenu = await call<Listing>(site, student, 'block_configurable_reports_list_reports', { courseid });
    expect(studentMenu.data?.reports).toEqual([]);
    const index = await call<Listing>(site, admin, 'block_configurable_reports_list_reports', {});
    expect(index.data?.reports.some((r) => r.id === id && r.courseid === courseid)).toBe(true);

    const before = await snapshot();
    expect((await save(teacher, { name: 'Mine' })).exception?.errorcode).toBe('nopermissions');
    expect((await call(site, teacher, 'block_configurable_reports_delete_report', { id })).exception?.errorcode).toBe('nopermissions');
    expect((await preview('SELECT 1', teacher)).exception?.errorcode).toBe('nopermissions');
    expect((await run(student, { id })).exception?.errorcode).toBe('nopermissions');
    expect((await call(site, student, 'block_configurable_reports_get_report', { id })).exception?.errorcode).toBe('nopermissions');
    const teacherView = await call<{ querysql: string }>(site, teacher, 'block_configurable_reports_get_report', { id });
    expect(teacherView.data?.querysql).toBe('');
    expect(await snapshot()).toEqual(before);

    expect((await call(site, admin, 'block_configurable_reports_delete_report', { id })).error).toBe(false);
    expect((await snapshot()).reports).toEqual(before.reports.filter((r) => r.id !== id));
  });

  it('lists a category report in the site index for those with its capability in the category, and runs it for them only', async () => {
    const category = await db().insertInto('course_categories').values({ name: 'Sciences' }).returning('id').executeTakeFirstOrThrow();
    const categoryContext = await ensureCategoryContext(db(), category.id, 0);
    const headId = await site.createUser('head1');
    const role = await getRoleByShortname(db(), 'editingteacher');
    await assignRole(db(), role?.id ?? 0, headId, categoryContext.id);
    const head = await site.sessionFor(headId);
    const created = await save(admin, { name: 'Science staff', contextid: categoryContext.id });
    const id = created.data?.id ?? 0;

    const places = await call<{ places: Array<{ contextid: number; name: string }> }>(site, admin, 'block_configurable_reports_list_reports', {});
    expect(places.data?.places).toContainEqual({ contextid: categoryContext.id, name: expect.stringContaining('Sciences') as unknown });
    const index = await call<Listing>(site, head, 'block_configurable_reports_list_reports', {});
    expect(index.data?.reports.map((r) => r.id)).toEqual([id]);
    expect((await run(head, { id, mode: 'client' })).data?.data.length).toBeGreaterThan(0);
    expect((await call<Listing>(site, teacher, 'block_configurable_reports_list_reports', {})).data?.reports).toEqual([]);
    expect((await run(teacher, { id })).exception?.errorcode).toBe('nopermissions');
    await call(site, admin, 'block_configurable_reports_delete_report', { id });
  });

  it('refuses bad fields by name and keeps nothing', async () => {
    const before = await snapshot();
    const badContext = await save(admin, { contextid: 999_999 });
    expect(badContext.exception?.errorcode).toBe('invalidreportcontext');
    expect(badContext.exception?.fielderrors?.[0]?.field).toBe('contextid');
    const badCapability = await save(admin, { capability: 'no/such:thing' });
    expect(badCapability.exception?.fielderrors?.[0]?.field).toBe('capability');
    const badQuery = await save(admin, { querysql: 'DELETE FROM course' });
    expect(badQuery.exception?.fielderrors?.[0]?.field).toBe('querysql');
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['INSERT INTO course (fullname, shortname) VALUES (\'x\', \'x\')', 'onlyselect'],
    ['UPDATE course SET fullname = \'x\'', 'onlyselect'],
    ['DELETE FROM course', 'onlyselect'],
    ['DROP TABLE course', 'onlyselect'],
    ['CREATE TABLE evil (id integer)', 'onlyselect'],
    ["ATTACH DATABASE '/tmp/evil.db' AS evil", 'onlyselect'],
    ['PRAGMA query_only = OFF', 'onlyselect'],
    ['SET statement_timeout = 0', 'onlyselect'],
    ['ALTER TABLE course ADD COLUMN evil integer', 'onlyselect'],
    ['TRUNCATE course', 'onlyselect'],
    ["REPLACE INTO course (id, fullname, shortname) VALUES (1, 'x', 'x')", 'onlyselect'],
    ['DETACH DATABASE main', 'onlyselect'],
    ['VACUUM', 'onlyselect'],
    ['RESET ALL', 'onlyselect'],
    ['SELECT 1; DELETE FROM course', 'multiplestatements'],
    ['SELECT 1; SELECT 2', 'multiplestatements'],
    ["SELECT 1; ATTACH DATABASE '/tmp/evil.db' AS evil", 'multiplestatements'],
    ['SELECT 1;\n;', 'multiplestatements'],
    ['WITH gone AS (DELETE FROM course RETURNING id) SELECT * FROM gone', 'forbiddenkeyword'],
    ['SELECT * INTO evil FROM course', 'forbiddenkeyword'],
    ["WITH c AS (SELECT 1) UPDATE course SET fullname = 'x'", 'forbiddenkeyword'],
    ['SELECT * FROM sessions', 'forbiddentable'],
    ['SELECT * FROM "sessions"', 'forbiddentable'],
    ['SELECT kid FROM lti_keys', 'forbiddentable'],
    ['SELECT name, value FROM config', 'forbiddentable'],
    ['SELECT sid FROM quiz_password_passed', 'forbiddentable'],
    ['SELECT rolname, rolpassword FROM pg_authid', 'forbiddentable'],
    ['SELECT token FROM external_tokens', 'forbiddencolumn'],
    ['SELECT userid FROM external_tokens', 'forbiddentable'],
    ['SELECT username, password FROM "user"', 'forbiddencolumn'],
    ['SELECT * FROM "user"', 'forbiddencolumn'],
    ['SELECT e.password FROM enrol e', 'forbiddencolumn'],
    ["SELECT set_config('default_transaction_read_only', 'off', false)", 'forbiddenfunction'],
    ["SELECT * FROM query_to_xml('select * from sessions', true, true, '')", 'forbiddenfunction'],
    ["SELECT * FROM pragma_table_info('course')", 'forbiddenfunction'],
    ["SELECT load_extension('/tmp/evil.so')", 'forbiddenfunction'],
    ["SELECT * FROM ts_stat('SELECT to_tsvector(sid) FROM sessions')", 'forbiddenfunction'],
    ['SELECT * FROM U&"sess\\0069ons"', 'escapedname'],
    // PostgreSQL reads E'\'' as one quote: the rest is a query of the sessions table, not text.
    ["SELECT E'\\'' AS q, sid FROM sessions --'", 'forbiddentable'],
    // x$q$ is a name, not the start of PostgreSQL's $q$ text; SQLite reads [a'] as a name, PostgreSQL [ … ] as an expression.
    ['SELECT 1 AS x$q$, sid FROM sessions, (SELECT 1 AS y$q$) t', 'forbiddentable'],
    ["SELECT [a'], sid FROM sessions --'", 'forbiddentable'],
    ['SELECT (ARRAY[1, (SELECT count(*) FROM sessions)])[1]', 'forbiddentable'],
  ])('refuses %s with %s and changes nothing', async (querysql, errorcode) => {
    const before = await snapshot();
    const answer = await preview(querysql);
    // On PostgreSQL the reader role refuses `SELECT *` over the user table before its columns are seen.
    const expected = dialect === 'postgres' && querysql === 'SELECT * FROM "user"' ? 'forbiddenaccess' : errorcode;
    expect(answer.exception?.errorcode).toBe(expected);
    expect(answer.exception?.message.length).toBeGreaterThan(10);
    // Saving the text is refused the same way; a result's columns are known only when it runs.
    if (querysql !== 'SELECT * FROM "user"') expect((await save(admin, { querysql })).exception?.errorcode).toBe(errorcode);
    expect(await snapshot()).toEqual(before);
  });

  it('reads through a connection that refuses writes even when the text checks are bypassed', async () => {
    const before = await snapshot();
    const session = await openReadOnly(db(), site.platform.dialect, site.platform.config.databaseUrl, 5000);
    try {
      await expect(session.columns("INSERT INTO course (fullname, shortname, category) VALUES ('x', 'x', 1)", [])).rejects.toMatchObject({
        errorcode: dialect === 'sqlite' ? 'onlyselect' : 'readonlyrefused',
      });
      if (dialect === 'postgres') {
        // The reader role may not read secret columns or tables, whatever the text looks like.
        await expect(session.rows('SELECT password FROM "user"', [], 10)).rejects.toMatchObject({ errorcode: 'forbiddenaccess' });
        await expect(session.rows('SELECT * FROM sessions', [], 10)).rejects.toMatchObject({ errorcode: 'forbiddenaccess' });
        await expect(session.columns("SELECT set_config('transaction_read_only', 'off', true)", [])).rejects.toBeDefined();
        await expect(session.columns("UPDATE course SET fullname = 'x'", [])).rejects.toMatchObject({ errorcode: 'readonlyrefused' });
      }
    } finally {
      await session.close();
    }
    expect(await snapshot()).toEqual(before);
  });

  it('hands the next report a clean reader after a stream left part-way and after a failed query', async () => {
    const open = () => openReadOnly(db(), site.platform.dialect, site.platform.config.databaseUrl, 5000);
    for (let round = 0; round < 3; round += 1) {
      const left = await open();
      try {
        const batches = left.stream(NUMBERS, [], 5);
        expect((await batches.next()).value).toHaveLength(5);
        await batches.return(undefined);
        await expect(left.rows('SELECT no_such_column FROM course', [], 5)).rejects.toBeDefined();
      } finally {
        await left.close();
      }
      const next = await open();
      try {
        expect((await next.rows(NUMBERS, [], 100)).rows.map((r) => Number(r[0]))).toEqual(Array.from({ length: 35 }, (_, i) => i + 1));
        const all: unknown[][] = [];
        for await (const rows of next.stream(NUMBERS, [], 10)) all.push(...rows);
        expect(all).toHaveLength(35);
      } finally {
        await next.close();
      }
    }
  });

  it('stops a query that runs past the timeout and answers the error in the table', async () => {
    await setConfig(db(), 'block_configurable_reports_querytimeout', '1');
    try {
      const forever = await save(admin, { name: 'Forever', querysql: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) AS n FROM c' });
      const started = Date.now();
      const answer = await run(admin, { id: forever.data?.id ?? 0, mode: 'client' });
      expect(Date.now() - started).toBeLessThan(8000);
      expect(answer.error).toBe(false);
      expect(answer.data?.error).toContain('took longer than 1 seconds');
      expect(answer.data?.data).toEqual([]);
    } finally {
      await setConfig(db(), 'block_configurable_reports_querytimeout', '10');
    }
  }, 20_000);

  it('lets other requests through while a report runs long: the run does not hold the site connection', async () => {
    await setConfig(db(), 'block_configurable_reports_querytimeout', '2');
    try {
      const forever = await save(admin, { name: 'Long run', querysql: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) AS n FROM c' });
      const finished: string[] = [];
      const long = run(admin, { id: forever.data?.id ?? 0, mode: 'client' }).then((answer) => (finished.push('report'), answer));
      // Give the run time to reach its reader before the other request arrives.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const listed = await call<{ reports: Array<{ id: number }> }>(site, admin, 'block_configurable_reports_list_reports', {}).then((answer) => (finished.push('list'), answer));
      expect(listed.data?.reports.map((r) => r.id)).toContain(forever.data?.id);
      expect((await long).data?.error).toContain('took longer than 2 seconds');
      expect(finished).toEqual(['list', 'report']);
    } finally {
      await setConfig(db(), 'block_configurable_reports_querytimeout', '10');
    }
  }, 20_000);

  it('binds the placeholders as parameters: the caller, the course, the time range', async () => {
    const report = await save(admin, {
      name: 'Placeholders',
      contextid: courseContextId,
      querysql: "SELECT %%USERID%% AS me, %%COURSEID%% AS course, %%STARTTIME%% AS startt, %%ENDTIME%% AS endt, '%%USERID%%' AS literal\n-- %%COURSEID%% in a comment",
    });
    const id = report.data?.id ?? 0;
    const answer = await run(teacher, { id, mode: 'client', starttime: 1000, endtime: 2000 });
    expect(answer.data?.error).toBeUndefined();
    const [row] = answer.data?.data ?? [];
    expect(row?.slice(0, 4).map(Number)).toEqual([teacherId, courseid, 1000, 2000]);
    expect(row?.[4]).toBe('%%USERID%%');
    // No end given: the range runs until now.
    const before = Math.floor(Date.now() / 1000);
    const open = await run(teacher, { id, mode: 'client' });
    const [untilNow] = open.data?.data ?? [];
    expect(Number(untilNow?.[2])).toBe(0);
    expect(Number(untilNow?.[3])).toBeGreaterThanOrEqual(before - 1);
    expect(Number(untilNow?.[3])).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);
  });

  it(`runs at most ${CLIENT_ROW_CAP} rows in client mode and says the result was cut`, async () => {
    const report = await save(admin, { name: 'Many rows', querysql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${CLIENT_ROW_CAP + 1})\nSELECT i FROM n` });
    const answer = await run(admin, { id: report.data?.id ?? 0, mode: 'client' });
    expect(answer.data?.error).toBeUndefined();
    expect(answer.data?.data).toHaveLength(CLIENT_ROW_CAP);
    expect(answer.data?.truncated).toBe(true);
    expect(Number(answer.data?.data.at(-1)?.[0])).toBe(CLIENT_ROW_CAP);
  });

  it('pages, sorts and searches in the database (server mode)', async () => {
    const report = await save(admin, { name: 'Numbers', querysql: NUMBERS });
    const id = report.data?.id ?? 0;
    const first = await run(admin, { id, start: 0, length: 10 });
    expect(first.data?.columns).toEqual(['i', 'label']);
    expect(first.data?.recordsTotal).toBe(35);
    expect(first.data?.data).toHaveLength(10);
    const sorted = await run(admin, { id, start: 10, length: 10, sort: [{ column: 0, dir: 'desc' }] });
    expect(sorted.data?.data.map((r) => Number(r[0]))).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    const searched = await run(admin, { id, start: 0, length: 25, search: '3', sort: [{ column: 0, dir: 'asc' }] });
    expect(searched.data?.recordsFiltered).toBe(9);
    expect(searched.data?.recordsTotal).toBe(35);
    expect(searched.data?.data.map((r) => Number(r[0]))).toEqual([3, 13, 23, 30, 31, 32, 33, 34, 35]);
    expect(searched.data?.data.every((r) => r.length === 2)).toBe(true);
    const pastTheEnd = await run(admin, { id, start: 20, length: 10, search: '3' });
    expect(pastTheEnd.data?.data).toEqual([]);
    expect(pastTheEnd.data?.recordsFiltered).toBe(9);
    const column = await run(admin, { id, start: 0, length: 10, columnsearch: ['', 'row 1'] });
    expect(column.data?.recordsFiltered).toBe(11);
    const multi = await run(admin, { id, start: 0, length: 3, sort: [{ column: 1, dir: 'asc' }, { column: 0, dir: 'desc' }] });
    expect(multi.data?.data.map((r) => r[1])).toEqual(['row 1', 'row 10', 'row 11']);
  });

  it('previews the first rows, or the database error with its line', async () => {
    const rows = await preview(NUMBERS);
    expect(rows.data?.rows).toHaveLength(20);
    expect(rows.data?.truncated).toBe(true);
    const wrong = await preview('SELECT id,\n  shortname\nFROM course\nWHERE nosuchcolumn = 1');
    expect(wrong.exception?.errorcode).toBe('queryerror');
    expect(wrong.exception?.message).toMatch(/^Line 4: .*nosuchcolumn/);
    const syntax = await preview('SELECT id\nFROM course WHERE');
    expect(syntax.exception?.message).toMatch(/^Line 2: /);
  });

  it('exports every row as CSV and as an Excel workbook, to those who may run the report', async () => {
    const report = await save(admin, { name: 'Numbers export', querysql: NUMBERS, contextid: courseContextId });
    const id = report.data?.id ?? 0;
    const csv = await site.app.inject({ method: 'GET', url: `/blocks/configurable_reports/export.php?id=${id}&format=csv`, headers: { cookie: teacher.cookie } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('i,label');
    expect(lines).toHaveLength(36);
    expect(lines[35]).toBe('35,row 35');
    const xlsx = await site.app.inject({ method: 'GET', url: `/blocks/configurable_reports/export.php?id=${id}&format=xlsx`, headers: { cookie: admin.cookie } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const refused = await site.app.inject({ method: 'GET', url: `/blocks/configurable_reports/export.php?id=${id}&format=csv`, headers: { cookie: student.cookie } });
    expect(refused.statusCode).toBe(403);
    const anonymous = await site.app.inject({ method: 'GET', url: `/blocks/configurable_reports/export.php?id=${id}&format=csv` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('exports an OpenDocument spreadsheet: the stored mimetype first, then content.xml with numbers typed as floats', async () => {
    // A bell character (illegal in XML) and markup in the text; a fraction and an empty cell.
    const bell = dialect === 'postgres' ? 'chr(7)' : 'char(7)';
    const querysql = `${NUMBERS.replace("SELECT i, 'row ' || i AS label FROM n", `SELECT i, 'row ' || i || ' <b> & "q"' || ${bell} AS label, i * 0.5 AS half, NULL AS blank FROM n`)}`;
    const report = await save(admin, { name: 'Numbers: ODS', querysql, contextid: courseContextId });
    const id = report.data?.id ?? 0;
    const ods = await site.app.inject({ method: 'GET', url: `/blocks/configurable_reports/export.php?id=${id}&format=ods`, headers: { cookie: teacher.cookie } });
    expect(ods.statusCode, ods.body.slice(0, 300)).toBe(200);
    expect(ods.headers['content-type']).toBe(ODS_MIMETYPE);
    expect(ods.headers['content-disposition']).toContain("filename*=UTF-8''Numbers%20ODS.ods");

    const entries = readZip(ods.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['mimetype', 'META-INF/manifest.xml', 'content.xml', 'meta.xml']);
    const mimetype = entries[0];
    expect(mimetype).toMatchObject({ offset: 0, method: 0, sizesInHeader: true, extraLength: 0 });
    expect(mimetype?.data.toString('ascii')).toBe(ODS_MIMETYPE);
    // Tools recognise the type by the bytes at offset 38 (after the 30-byte header and the 8-byte name).
    expect(ods.rawPayload.toString('ascii', 30, 38 + ODS_MIMETYPE.length)).toBe(`mimetype${ODS_MIMETYPE}`);

    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['table:table-row', 'table:table-cell'].includes(name) });
    const manifest = parser.parse(entries[1]?.data.toString('utf8') ?? '') as { 'manifest:manifest': { 'manifest:file-entry': Array<Record<string, string>> } };
    expect(manifest['manifest:manifest']['manifest:file-entry'].map((e) => e['@manifest:full-path'])).toEqual(['/', 'content.xml', 'meta.xml']);

    type OdsCell = { '@office:value-type'?: string; '@office:value'?: string; 'text:p'?: string | number };
    type OdsRow = { 'table:table-cell': OdsCell[] };
    const content = parser.parse(entries[2]?.data.toString('utf8') ?? '') as {
      'office:document-content': { 'office:body': { 'office:spreadsheet': { 'table:table': { '@table:name': string; 'table:table-header-rows': { 'table:table-row': OdsRow[] }; 'table:table-row': OdsRow[] } } } };
    };
    const table = content['office:document-content']['office:body']['office:spreadsheet']['table:table'];
    expect(table['@table:name']).toBe('Numbers  ODS');
    expect(table['table:table-header-rows']['table:table-row'][0]?.['table:table-cell'].map((c) => c['text:p'])).toEqual(['i', 'label', 'half', 'blank']);
    const rows = table['table:table-row'];
    expect(rows).toHaveLength(35);
    const [number, label, half, blank] = rows[2]?.['table:table-cell'] ?? [];
    expect(number).toMatchObject({ '@office:value-type': 'float', '@office:value': '3' });
    expect(label).toMatchObject({ '@office:value-type': 'string', 'text:p': 'row 3 <b> & "q"' });
    expect(blank).toEqual('');
    expect(half).toMatchObject({ '@office:value-type': 'float', '@office:value': '1.5' });
    expect(rows[1]?.['table:table-cell'][2]).toMatchObject({ '@office:value-type': 'float', '@office:value': '1' });
    expect(rows[34]?.['table:table-cell'][0]).toMatchObject({ '@office:value': '35' });
  });

  it('refuses an OpenDocument export exactly as it refuses CSV and Excel', async () => {
    const report = await save(admin, { name: 'Refusals', querysql: NUMBERS, contextid: courseContextId });
    const id = report.data?.id ?? 0;
    for (const format of ['csv', 'xlsx', 'ods']) {
      const get = (query: string, session?: Session) =>
        site.app.inject({ method: 'GET', url: `/blocks/configurable_reports/export.php?${query}`, headers: session ? { cookie: session.cookie } : {} });
      const student1 = await get(`id=${id}&format=${format}`, student);
      expect([format, student1.statusCode, student1.json<{ errorcode: string }>().errorcode]).toEqual([format, 403, 'nopermissions']);
      expect([format, (await get(`id=${id}&format=${format}`)).statusCode]).toEqual([format, 401]);
      const missing = await get(`id=${id + 1000}&format=${format}`, admin);
      expect([format, missing.statusCode]).toEqual([format, 404]);
      // No remote query: the same sentence in every format.
      const remote = await get(`id=${id}&format=${format}&source=remote`, admin);
      expect([format, remote.statusCode, remote.json<{ errorcode: string }>().errorcode]).toEqual([format, 400, 'noremotequery']);
    }
    const bad = await site.app.inject({ method: 'GET', url: `/blocks/configurable_reports/export.php?id=${id}&format=odt`, headers: { cookie: admin.cookie } });
    expect([bad.statusCode, bad.json<{ errorcode: string }>().errorcode]).toEqual([400, 'invalidparameter']);
  });
});
