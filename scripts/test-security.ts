/**
 * `npm run test:security [-- --deep]`: runs the security suite (server/security) on SQLite, and on
 * PostgreSQL too when TEST_DATABASE_URL is set, then prints a summary table. --deep gives every
 * method many more generated calls (SECURITY_DEEP=1).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const deep = process.argv.includes('--deep');
const dir = mkdtempSync(join(tmpdir(), 'tessera-security-'));
const summaryFile = join(dir, 'summary.jsonl');
const resultsFile = join(dir, 'vitest.json');

const run = spawnSync('npx', ['vitest', 'run', 'server/security', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsFile}`], {
  stdio: 'inherit',
  env: { ...process.env, SECURITY_SUMMARY_FILE: summaryFile, ...(deep ? { SECURITY_DEEP: '1' } : {}) },
});

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
}

function readLines(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

const rows: Array<[string, string, string]> = [];
for (const line of readLines(summaryFile)) {
  const { suite, counts } = JSON.parse(line) as { suite: string; counts: Record<string, number> };
  for (const [name, value] of Object.entries(counts)) rows.push([suite, name, String(value)]);
}
let results: VitestJson | undefined;
try {
  results = JSON.parse(readFileSync(resultsFile, 'utf8')) as VitestJson;
} catch {
  results = undefined;
}
if (results) {
  rows.push(['all security tests', 'passed', String(results.numPassedTests)]);
  rows.push(['all security tests', 'failures', String(results.numFailedTests)]);
}
rmSync(dir, { recursive: true, force: true });

const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]?.length ?? 0), ['suite', 'measure', 'count'][i]?.length ?? 0));
const format = (r: readonly string[]) => r.map((cell, i) => (i === 2 ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0))).join('  ');
const lines = [`Security summary${deep ? ' (deep)' : ''}`, format(['suite', 'measure', 'count']), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(format)];
process.stdout.write(`\n${lines.join('\n')}\n`);
process.exit(run.status ?? 1);
