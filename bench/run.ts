/**
 * Load benchmark (autocannon) of the web-service endpoint and the page shell on a fresh demo site.
 * Usage: npm run bench [-- --seconds 5 --concurrency 16]   (DATABASE_URL=postgres://… to bench PostgreSQL)
 * Prints a table and writes bench/results/<timestamp>.json. Traffic goes only to 127.0.0.1.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildApp } from '../server/app';
import { components } from '../server/components/registry';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { createPlatform } from '../server/platform/create';
import { installOrUpgrade } from '../server/platform/install';
import { seedTagBench } from '../server/components/tag/benchdata';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '16' } } });
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface Row {
  scenario: string;
  requests: number;
  errors: number;
  non2xx: number;
  rps: number;
  p50ms: number;
  p90ms: number;
  p99ms: number;
}

/** Drives one scenario with autocannon for the configured time and connection count. */
async function run(address: string, scenario: Scenario): Promise<Row> {
  // One call first: a scenario whose answer is an exception would measure the error path.
  const probe = await fetch(address + scenario.path, { method: scenario.method, headers: scenario.headers, body: scenario.body });
  const text = await probe.text();
  if (!probe.ok || /"error":true/.test(text)) throw new Error(`${scenario.name} answers ${probe.status}: ${text.slice(0, 300)}`);
  const result = await autocannon({
    url: address + scenario.path,
    method: scenario.method,
    headers: scenario.headers,
    body: scenario.body,
    connections: concurrency,
    duration: seconds,
  });
  return {
    scenario: scenario.name,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
    rps: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p90ms: result.latency.p90,
    p99ms: result.latency.p99,
  };
}

const dir = mkdtempSync(join(tmpdir(), 'tessera-bench-'));
const config = {
  ...loadConfig({ LOG_LEVEL: 'silent', DEMO_DATA: '1', DEMO_PASSWORD: 'Bench-pass-1', ADMIN_PASSWORD: 'Bench-admin-1' }),
  databaseUrl: process.env.DATABASE_URL ?? `sqlite:${join(dir, 'bench.db')}`,
};
const database = await openDatabase(config.databaseUrl);
const platform = createPlatform(config, database, components);
await installOrUpgrade(platform, components);
const app = await buildApp(platform, components);
const address = await app.listen({ port: 0, host: '127.0.0.1' });

// A big site for the admin's user list: 50,000 extra accounts, written in bulk (no password hashing).
const EXTRA_USERS = 50_000;
const surnames = ['Smith', 'Garcia', 'Nguyen', 'Okafor', 'Kowalski', 'Tanaka', 'Larsen', 'Moreau', 'Rossi', 'Haddad'];
const givens = ['Ana', 'Ben', 'Chloe', 'Dev', 'Elif', 'Femi', 'Greta', 'Hiro', 'Ines', 'Jonas'];
const when = Math.floor(Date.now() / 1000);
for (let start = 0; start < EXTRA_USERS; start += 1000) {
  const values = Array.from({ length: Math.min(1000, EXTRA_USERS - start) }, (_, i) => {
    const n = start + i;
    return {
      username: `bench${n}`,
      firstname: givens[n % givens.length] ?? 'Ana',
      lastname: `${surnames[Math.floor(n / givens.length) % surnames.length] ?? 'Smith'}${n}`,
      email: `bench${n}@example.org`,
      department: `Department ${n % 40}`,
      lastaccess: n % 3 === 0 ? 0 : when - n,
      timecreated: when,
      timemodified: when,
    };
  });
  await platform.db.insertInto('user').values(values).execute();
}

// Tags at scale: 50,000 tags in one collection, and one tag on 10,000 activities.
const tagBench = await seedTagBench(platform.db);

interface Login {
  cookie: string;
  sesskey: string;
  userid: number;
}

// Log in through the real form, as a browser would.
async function logIn(username: string, password: string): Promise<Login> {
  const loginPage = await fetch(`${address}/login/index.php`);
  const visitorCookie = (loginPage.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const logintoken = /name="logintoken" value="([^"]+)"/.exec(await loginPage.text())?.[1] ?? '';
  const login = await fetch(`${address}/login/index.php`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: visitorCookie },
    body: new URLSearchParams({ username, password, logintoken }).toString(),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const dashboard = await (await fetch(`${address}/my/`, { headers: { cookie, accept: 'text/html' } })).text();
  const sesskey = /"sesskey":"([^"]+)"/.exec(dashboard)?.[1] ?? '';
  const userid = Number(/"userid":(\d+)/.exec(dashboard)?.[1] ?? 0);
  if (!sesskey || !userid) throw new Error(`benchmark login of ${username} failed`);
  return { cookie, sesskey, userid };
}
const { cookie, sesskey, userid } = await logIn('student1', 'Bench-pass-1');
const admin = await logIn('admin', 'Bench-admin-1');
const teacher = await logIn('teacher1', 'Bench-pass-1');
const firstCourse = await platform.db.selectFrom('course').select('id').where('id', '>', 1).orderBy('id').executeTakeFirstOrThrow();
const courseId = firstCourse.id;

const ajax = (name: string, calls: Array<{ methodname: string; args: unknown }>, as: Login = { cookie, sesskey, userid }): Scenario => ({
  name,
  method: 'POST',
  path: `/lib/ajax/service.php?sesskey=${as.sesskey}&info=${calls.map((c) => c.methodname).join(',')}`,
  headers: { 'content-type': 'application/json', cookie: as.cookie },
  body: JSON.stringify(calls.map((c, index) => ({ index, ...c }))),
});

const scenarios: Scenario[] = [
  {
    name: 'core_get_strings (nologin, 10 strings)',
    method: 'POST',
    path: '/lib/ajax/service-nologin.php?info=core_get_strings',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify([{ index: 0, methodname: 'core_get_strings', args: { strings: ['login', 'logout', 'dashboard', 'mycourses', 'profile', 'preferences', 'search', 'cancel', 'ok', 'close'].map((stringid) => ({ stringid })) } }]),
  },
  ajax('core_enrol_get_users_courses (dashboard)', [{ methodname: 'core_enrol_get_users_courses', args: { userid } }]),
  ajax('core_course_search_courses', [{ methodname: 'core_course_search_courses', args: { criterianame: 'search', criteriavalue: 'a', perpage: 20 } }]),
  ajax('core_course_get_contents (course page)', [{ methodname: 'core_course_get_contents', args: { courseid: courseId } }]),
  ajax('batch of 3 (dashboard load)', [
    { methodname: 'core_enrol_get_users_courses', args: { userid } },
    { methodname: 'core_fetch_notifications', args: { contextid: 1 } },
    { methodname: 'core_user_get_user_preferences', args: {} },
  ]),
  { name: 'page shell GET /my/', method: 'GET', path: '/my/', headers: { cookie, accept: 'text/html' } },
  ajax(`core_user_list_users (admin, ${EXTRA_USERS} users, first page)`, [{ methodname: 'core_user_list_users', args: {} }], admin),
  ajax('core_user_list_users (search "smith4", sort email desc)', [{ methodname: 'core_user_list_users', args: { search: 'smith4', sort: 'email', direction: 'desc' } }], admin),
  ajax('core_enrol_list_participants (teacher, course page)', [{ methodname: 'core_enrol_list_participants', args: { courseid: courseId } }], teacher),
  // The course page as its editing teacher: many capability checks (update, manage, hidden sections and activities).
  ajax('core_courseformat_get_state (teacher, course page)', [{ methodname: 'core_courseformat_get_state', args: { courseid: courseId } }], teacher),
  ajax('core_user_list_users (page 1000 of 50, last access)', [{ methodname: 'core_user_list_users', args: { sort: 'lastaccess', direction: 'desc', page: 1000, perpage: 50 } }], admin),
  ajax('core_tag_list_tags (50,000 tags, first page)', [{ methodname: 'core_tag_list_tags', args: { tc: tagBench.tc } }], admin),
  ajax('core_tag_list_tags (50,000 tags, search "0123")', [{ methodname: 'core_tag_list_tags', args: { tc: tagBench.tc, search: '0123' } }], admin),
  ajax('core_tag_get_tagindex (10,000 activities, page 50)', [
    { methodname: 'core_tag_get_tagindex', args: { tagindex: { tag: tagBench.tag, tc: tagBench.defaulttc, ta: tagBench.ta, page: 50 } } },
  ]),
];

const rows: Row[] = [];
for (const scenario of scenarios) rows.push(await run(address, scenario));
await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });

const header = ['scenario', 'requests', 'errors', 'non2xx', 'rps', 'p50ms', 'p90ms', 'p99ms'] as const;
const widths = header.map((h) => Math.max(h.length, ...rows.map((r) => String(r[h]).length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
process.stdout.write(`${database.dialect}, ${concurrency} concurrent clients, ${seconds}s per scenario\n`);
process.stdout.write([line([...header]), ...rows.map((r) => line(header.map((h) => String(r[h]))))].join('\n') + '\n');
const out = join(import.meta.dirname, 'results');
mkdirSync(out, { recursive: true });
const file = join(out, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ dialect: database.dialect, seconds, concurrency, rows }, null, 2));
process.stdout.write(`wrote ${file}\n`);
