/**
 * Prints one line per suite and then, alone on the last line, `N passed, N failed`; exits 1 when
 * anything failed. Used by .ci/run:
 *
 *   node --import tsx scripts/ci-summary.ts --step lint=0 --step typecheck=0 \
 *     --vitest /tmp/vitest.json=0 --playwright /tmp/playwright.json=1
 *
 * Each value is `<name or report file>=<exit code of that step>`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { countPlaywright, countStep, countVitest, summaryLine, totals, type SuiteCount } from './ci-counts';

function splitValue(value: string): { target: string; exitCode: number } {
  const at = value.lastIndexOf('=');
  const code = at < 0 ? NaN : Number(value.slice(at + 1));
  if (at <= 0 || !Number.isInteger(code)) throw new Error(`expected <name>=<exit code>, got "${value}"`);
  return { target: value.slice(0, at), exitCode: code };
}

function readJson(file: string): unknown {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    // A truncated or garbled report is counted like one of the wrong shape.
    return null;
  }
}

const { values } = parseArgs({
  options: {
    step: { type: 'string', multiple: true, default: [] },
    vitest: { type: 'string', multiple: true, default: [] },
    playwright: { type: 'string', multiple: true, default: [] },
  },
});

const counts: SuiteCount[] = [
  ...values.step.map(splitValue).map(({ target, exitCode }) => countStep(target, exitCode)),
  ...values.vitest.map(splitValue).map(({ target, exitCode }) => countVitest('vitest', readJson(target), exitCode)),
  ...values.playwright.map(splitValue).map(({ target, exitCode }) => countPlaywright('playwright', readJson(target), exitCode)),
];

for (const c of counts) {
  process.stdout.write(`${c.name}: ${c.passed} passed, ${c.failed} failed${c.note ? ` (${c.note})` : ''}\n`);
}
process.stdout.write(`${summaryLine(counts)}\n`);
process.exitCode = totals(counts).failed > 0 || counts.length === 0 ? 1 : 0;
