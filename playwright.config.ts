/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against a real server on a fresh
 * SQLite file with demo data. Build the SPA first (`npm run test:e2e` does both).
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, E2E_DEMO_PASSWORD } from './e2e/site';

// Workers load this file again; the environment carries the main process's choices to them.
process.env.E2E_PORT ??= '8181';
process.env.E2E_DATABASE_FILE ??= join(tmpdir(), `tessera-e2e-${randomUUID()}.db`);
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

/** Debian's Chromium, never a downloaded browser. */
const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  },
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two cores, shared with the server under test.
  workers: 2,
  // Multi-step specs take 20–30 s on a loaded 2-core machine; 30 s failed one in CI.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? 'playwright-report/results.json' }]],
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL,
    locale: 'en-GB',
    timezoneId: 'UTC',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  // Specs named *.sitewide.spec.ts change site-wide settings (the identity fields, a tag area) that
  // other specs read; they run after all the others have finished, so nothing sees them half-way.
  // The site's default language changes even the login page every other spec uses, so that spec runs
  // alone, after the site-wide ones.
  projects: [
    { name: 'chromium', testIgnore: /\.(sitewide|sitelanguage)\.spec\.ts$/, use: browser },
    { name: 'sitewide', testMatch: /\.sitewide\.spec\.ts$/, dependencies: ['chromium'], use: browser },
    { name: 'sitelanguage', testMatch: /\.sitelanguage\.spec\.ts$/, dependencies: ['sitewide'], use: browser },
  ],
  webServer: {
    // The compiled server, as `npm start` runs it, built into this run's own folder so parallel runs
    // on other ports do not overwrite each other's bundle.
    command: `node --import tsx scripts/build-server.ts --out dist/e2e-server-${port} && node --enable-source-maps dist/e2e-server-${port}/main.mjs`,
    url: `${baseURL}/login/index.php`,
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM lets the server close the SQLite file cleanly.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      WWWROOT: baseURL,
      DATABASE_URL: `sqlite:${process.env.E2E_DATABASE_FILE}`,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      DEMO_DATA: '1',
      DEMO_PASSWORD: E2E_DEMO_PASSWORD,
      DEBUG_DEVELOPER: '0',
      LOG_LEVEL: 'warn',
    },
  },
});
