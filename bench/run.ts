/**
 * Load benchmark of the web-service endpoint and the page shell on a fresh demo site.
 * Usage: npm run bench [-- --seconds 5 --concurrency 16]   (DATABASE_URL=postgres://… to bench PostgreSQL)
 * Prints a table and writes bench/results/<timestamp>.json. Traffic goes only to 127.0.0.1.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app';
import { components } from '../server/components/registry';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { createPlatform } from '../server/platform/create';
import { installOrUpgrade } from '../server/platform/install';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '16' } } });
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);

interface Scenario {
  name: string;
  request(): Promise<Response>;
}

interface Row {
  scenario: string;
  requests: number;
  errors: number;
  rps: number;
  p50ms: number;
  p95ms: number;
  p99ms: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function run(scenario: Scenario): Promise<Row> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const start = performance.now();
      const response = await scenario.request();
      await response.arrayBuffer();
      latencies.push(performance.now() - start);
      if (!response.ok) errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    scenario: scenario.name,
    requests: latencies.length,
    errors,
    rps: Math.round(latencies.length / elapsed),
    p50ms: round(percentile(latencies, 50)),
    p95ms: round(percentile(latencies, 95)),
    p99ms: round(percentile(latencies, 99)),
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

// Log in through the real form, as a browser would.
const loginPage = await fetch(`${address}/login/index.php`);
const visitorCookie = (loginPage.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
const logintoken = /name="logintoken" value="([^"]+)"/.exec(await loginPage.text())?.[1] ?? '';
const login = await fetch(`${address}/login/index.php`, {
  method: 'POST',
  redirect: 'manual',
  headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: visitorCookie },
  body: new URLSearchParams({ username: 'student1', password: 'Bench-pass-1', logintoken }).toString(),
});
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
const dashboard = await (await fetch(`${address}/`, { headers: { cookie, accept: 'text/html' } })).text();
const sesskey = /"sesskey":"([^"]+)"/.exec(dashboard)?.[1] ?? '';
const userid = Number(/"userid":(\d+)/.exec(dashboard)?.[1] ?? 0);
if (!sesskey || !userid) throw new Error('benchmark login failed');

const ajax = (calls: Array<{ methodname: string; args: unknown }>) => () =>
  fetch(`${address}/lib/ajax/service.php?sesskey=${sesskey}&info=${calls.map((c) => c.methodname).join(',')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(calls.map((c, index) => ({ index, ...c }))),
  });

const scenarios: Scenario[] = [
  {
    name: 'core_get_strings (nologin, 10 strings)',
    request: () =>
      fetch(`${address}/lib/ajax/service-nologin.php?info=core_get_strings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ index: 0, methodname: 'core_get_strings', args: { strings: ['login', 'logout', 'dashboard', 'mycourses', 'profile', 'preferences', 'search', 'cancel', 'ok', 'close'].map((stringid) => ({ stringid })) } }]),
      }),
  },
  { name: 'core_enrol_get_users_courses (dashboard)', request: ajax([{ methodname: 'core_enrol_get_users_courses', args: { userid } }]) },
  { name: 'core_course_search_courses', request: ajax([{ methodname: 'core_course_search_courses', args: { criterianame: 'search', criteriavalue: 'a', perpage: 20 } }]) },
  {
    name: 'batch of 3 (dashboard load)',
    request: ajax([
      { methodname: 'core_enrol_get_users_courses', args: { userid } },
      { methodname: 'core_fetch_notifications', args: { contextid: 1 } },
      { methodname: 'core_user_get_user_preferences', args: {} },
    ]),
  },
  { name: 'page shell GET /', request: () => fetch(`${address}/`, { headers: { cookie, accept: 'text/html' } }) },
];

const rows: Row[] = [];
for (const scenario of scenarios) rows.push(await run(scenario));
await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });

const header = ['scenario', 'requests', 'errors', 'rps', 'p50ms', 'p95ms', 'p99ms'] as const;
const widths = header.map((h) => Math.max(h.length, ...rows.map((r) => String(r[h]).length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
process.stdout.write(`${database.dialect}, ${concurrency} concurrent clients, ${seconds}s per scenario\n`);
process.stdout.write([line([...header]), ...rows.map((r) => line(header.map((h) => String(r[h]))))].join('\n') + '\n');
const out = join(import.meta.dirname, 'results');
mkdirSync(out, { recursive: true });
const file = join(out, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ dialect: database.dialect, seconds, concurrency, rows }, null, 2));
process.stdout.write(`wrote ${file}\n`);
