/**
 * `npm run bench:frontend`: the front end's first load, measured in Debian's Chromium against the
 * real server on a fresh demo site. For the dashboard (`/my/`) as a logged-in student with an empty
 * cache it records the JavaScript the page loads (its size, what was sent over the wire — the
 * build's precompressed brotli files — and its size gzipped, which the target is stated in), first paint, first contentful paint, and the time until the course list is shown.
 * Each figure is the median of `--runs` cold loads (default 5). Prints a table and writes
 * bench/results/frontend-latest.json. Build the app first (`npm run bench:frontend` does).
 *
 * Targets (issue 7): JavaScript under 300 KB gzipped for the first load; first paint under 1 s.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { exited, startServerProcess, waitUntilServing } from '../server/test/process';
import { buildServer } from '../scripts/build-server';
import { freePort } from './ports';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Math.max(1, Number(values.runs));

const TARGET_JS_GZIP_KB = 300;
const TARGET_FIRST_PAINT_MS = 1000;
const DEMO_PASSWORD = 'Bench-pass-1';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface Load {
  scripts: number;
  jsBytes: number;
  jsGzipBytes: number;
  /** As sent over the wire: the server sends the build's precompressed brotli files. */
  jsSentBytes: number;
  firstPaintMs: number;
  firstContentfulPaintMs: number;
  coursesShownMs: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Logs in through the form once and answers the session cookies, so every measured load starts logged in. */
async function sessionCookies(browser: Browser, base: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/login/index.php`);
  await page.getByLabel('Username').fill('student1');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/my/');
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}

/** One cold load of the dashboard in a fresh context (empty cache) with the logged-in session. */
async function coldLoad(browser: Browser, base: string, cookies: Awaited<ReturnType<typeof sessionCookies>>): Promise<Load> {
  const context = await browser.newContext();
  await context.addCookies(cookies);
  const page = await context.newPage();
  const scripts: Array<Promise<{ body: Buffer; sent: number } | null>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const sizes = Promise.all([response.body(), response.request().sizes()]);
    scripts.push(sizes.then(([body, { responseBodySize }]) => ({ body, sent: responseBodySize })).catch(() => null));
  });
  const started = Date.now();
  await page.goto(`${base}/my/`);
  // The dashboard has drawn its course list (demo students are enrolled in several courses).
  await page.getByRole('main').getByRole('link').first().waitFor();
  const coursesShownMs = Date.now() - started;
  // Runs in the page: the browser's Performance API (this file is typed for Node, where 'paint' is no entry type).
  const paints = await page.evaluate(() => {
    const timeline = performance as unknown as { getEntriesByType(type: string): Array<{ name: string; startTime: number }> };
    return Object.fromEntries(timeline.getEntriesByType('paint').map((e) => [e.name, e.startTime]));
  });
  const loaded = (await Promise.all(scripts)).filter((s) => s !== null);
  await context.close();
  return {
    scripts: loaded.length,
    jsBytes: loaded.reduce((sum, s) => sum + s.body.length, 0),
    jsGzipBytes: loaded.reduce((sum, s) => sum + gzipSync(s.body).length, 0),
    jsSentBytes: loaded.reduce((sum, s) => sum + s.sent, 0),
    firstPaintMs: paints['first-paint'] ?? Number.NaN,
    firstContentfulPaintMs: paints['first-contentful-paint'] ?? Number.NaN,
    coursesShownMs,
  };
}

const dir = mkdtempSync(join(tmpdir(), 'tessera-bench-frontend-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = startServerProcess(
  {
    PORT: String(port),
    WWWROOT: base,
    DATABASE_URL: `sqlite:${join(dir, 'frontend.db')}`,
    DEMO_DATA: '1',
    DEMO_PASSWORD,
    ADMIN_PASSWORD: 'Bench-admin-1',
    LOG_LEVEL: 'warn',
  },
  undefined,
  await buildServer(join(import.meta.dirname, '..', 'dist', 'bench-server')),
);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  await waitUntilServing(base);
  const cookies = await sessionCookies(browser, base);
  // One load first so the server's own caches (strings, templates) are warm, as on a live site.
  await coldLoad(browser, base, cookies);
  const loads: Load[] = [];
  for (let i = 0; i < runs; i += 1) loads.push(await coldLoad(browser, base, cookies));
  const pick = (key: keyof Load) => median(loads.map((l) => l[key]));
  const result = {
    date: new Date().toISOString(),
    runs,
    page: '/my/ (student1, cold cache)',
    scripts: pick('scripts'),
    jsKB: Math.round(pick('jsBytes') / 1024),
    jsGzipKB: Math.round(pick('jsGzipBytes') / 1024),
    jsSentKB: Math.round(pick('jsSentBytes') / 1024),
    firstPaintMs: Math.round(pick('firstPaintMs')),
    firstContentfulPaintMs: Math.round(pick('firstContentfulPaintMs')),
    coursesShownMs: Math.round(pick('coursesShownMs')),
    targets: { jsGzipKB: TARGET_JS_GZIP_KB, firstPaintMs: TARGET_FIRST_PAINT_MS },
  };
  const met = (ok: boolean) => (ok ? 'yes' : 'NO');
  const rows = [
    ['JavaScript loaded', `${result.scripts} files, ${result.jsKB} KB`, '', ''],
    ['JavaScript sent (br)', `${result.jsSentKB} KB`, '', ''],
    ['JavaScript gzipped', `${result.jsGzipKB} KB`, `< ${TARGET_JS_GZIP_KB} KB`, met(result.jsGzipKB < TARGET_JS_GZIP_KB)],
    ['first paint', `${result.firstPaintMs} ms`, `< ${TARGET_FIRST_PAINT_MS} ms`, met(result.firstPaintMs < TARGET_FIRST_PAINT_MS)],
    ['first contentful paint', `${result.firstContentfulPaintMs} ms`, '', ''],
    ['course list shown', `${result.coursesShownMs} ms`, '', ''],
  ];
  process.stdout.write(`\nDashboard first load, median of ${runs} cold loads, headless Chromium on localhost\n`);
  for (const [name, value, target, ok] of rows) process.stdout.write(`${(name ?? '').padEnd(24)}${(value ?? '').padEnd(22)}${(target ?? '').padEnd(12)}${ok ?? ''}\n`);
  const results = join(import.meta.dirname, 'results');
  mkdirSync(results, { recursive: true });
  writeFileSync(join(results, 'frontend-latest.json'), JSON.stringify(result, null, 2) + '\n');
  process.stdout.write(`wrote ${join(results, 'frontend-latest.json')}\n`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await exited(server);
  rmSync(dir, { recursive: true, force: true });
}
