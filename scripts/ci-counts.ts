/**
 * Counting for the CI summary line: turns each step's exit code and JSON report into passed/failed
 * numbers. A step that failed without a report that says so (a crash, a config error, an unhandled
 * error outside any test) still counts as one failure, so a broken step can never read as green.
 */
import { z } from 'zod';

export interface SuiteCount {
  name: string;
  passed: number;
  failed: number;
  /** Why the count was adjusted, for the log. */
  note?: string;
}

/** The parts of Vitest's `--reporter=json` output that the count reads. */
const vitestReport = z.object({
  testResults: z.array(
    z.object({
      name: z.string(),
      status: z.string(),
      assertionResults: z.array(z.object({ status: z.string() })),
    }),
  ),
});

/** The parts of Playwright's JSON reporter output that the count reads. */
const playwrightReport = z.object({
  stats: z.object({ expected: z.number(), unexpected: z.number(), flaky: z.number() }),
  errors: z.array(z.unknown()).default([]),
});

/** A step with no report of its own (lint, typecheck) is one test: it passes when it exits 0. */
export function countStep(name: string, exitCode: number): SuiteCount {
  return exitCode === 0 ? { name, passed: 1, failed: 0 } : { name, passed: 0, failed: 1 };
}

function withExitCode(count: SuiteCount, exitCode: number): SuiteCount {
  if (exitCode === 0 || count.failed > 0) return count;
  return { ...count, failed: 1, note: `exited with code ${exitCode} although no test failed` };
}

function missingReport(name: string, reason: string): SuiteCount {
  return { name, passed: 0, failed: 1, note: reason };
}

/** Counts Vitest's JSON report; `report` is undefined when no report file was written. */
export function countVitest(name: string, report: unknown, exitCode: number): SuiteCount {
  if (report === undefined) return missingReport(name, 'no JSON report was written');
  const parsed = vitestReport.safeParse(report);
  if (!parsed.success) return missingReport(name, 'the JSON report is unreadable or has an unexpected shape');
  let passed = 0;
  let failed = 0;
  for (const file of parsed.data.testResults) {
    const failedHere = file.assertionResults.filter((a) => a.status === 'failed').length;
    passed += file.assertionResults.filter((a) => a.status === 'passed').length;
    // A file that fails to import, or whose beforeAll throws, fails with no failed test in it.
    failed += file.status === 'failed' && failedHere === 0 ? 1 : failedHere;
  }
  return withExitCode({ name, passed, failed }, exitCode);
}

/** Counts Playwright's JSON report: flaky tests passed on retry; global errors (web server, setup) fail. */
export function countPlaywright(name: string, report: unknown, exitCode: number): SuiteCount {
  if (report === undefined) return missingReport(name, 'no JSON report was written');
  const parsed = playwrightReport.safeParse(report);
  if (!parsed.success) return missingReport(name, 'the JSON report is unreadable or has an unexpected shape');
  const { stats, errors } = parsed.data;
  return withExitCode({ name, passed: stats.expected + stats.flaky, failed: stats.unexpected + errors.length }, exitCode);
}

export function totals(counts: readonly SuiteCount[]): { passed: number; failed: number } {
  return counts.reduce((sum, c) => ({ passed: sum.passed + c.passed, failed: sum.failed + c.failed }), { passed: 0, failed: 0 });
}

/** The line the CI reads, alone on the last line of the log. */
export function summaryLine(counts: readonly SuiteCount[]): string {
  const { passed, failed } = totals(counts);
  return `${passed} passed, ${failed} failed`;
}
