import { describe, expect, test } from 'vitest';
import { countPlaywright, countStep, countVitest, summaryLine } from './ci-counts';

/** Shaped like Vitest 4's `--reporter=json` output (only the fields the count reads, plus a few). */
function vitestReport(files: Array<{ status: string; tests: string[] }>) {
  return {
    numTotalTests: files.reduce((n, f) => n + f.tests.length, 0),
    success: files.every((f) => f.status === 'passed'),
    testResults: files.map((f, i) => ({
      name: `/repo/server/file${i}.test.ts`,
      status: f.status,
      message: '',
      assertionResults: f.tests.map((status, j) => ({ fullName: `test ${j}`, status, failureMessages: [] })),
    })),
  };
}

/** Shaped like Playwright 1.65's JSON reporter output. */
function playwrightReport(stats: { expected: number; unexpected: number; flaky: number; skipped: number }, errors: unknown[] = []) {
  return { config: {}, suites: [], errors, stats: { startTime: '2026-01-01T00:00:00.000Z', duration: 1, ...stats } };
}

describe('countStep', () => {
  test('a step that exits 0 is one passed test, any other code one failed test', () => {
    expect(countStep('lint', 0)).toEqual({ name: 'lint', passed: 1, failed: 0 });
    expect(countStep('typecheck', 2)).toEqual({ name: 'typecheck', passed: 0, failed: 1 });
  });
});

describe('countVitest', () => {
  test('counts passed and failed tests and ignores skipped and todo ones', () => {
    const report = vitestReport([
      { status: 'failed', tests: ['passed', 'failed', 'skipped', 'todo'] },
      { status: 'passed', tests: ['passed', 'passed'] },
    ]);
    expect(countVitest('vitest', report, 1)).toEqual({ name: 'vitest', passed: 3, failed: 1 });
  });

  test('a file that failed to load counts as one failure', () => {
    const report = vitestReport([
      { status: 'failed', tests: [] },
      { status: 'passed', tests: ['passed'] },
    ]);
    expect(countVitest('vitest', report, 1)).toMatchObject({ passed: 1, failed: 1 });
  });

  test('a non-zero exit with no failed test (an unhandled error) counts as one failure', () => {
    const report = vitestReport([{ status: 'passed', tests: ['passed'] }]);
    expect(countVitest('vitest', report, 1)).toMatchObject({ passed: 1, failed: 1, note: expect.stringContaining('code 1') as unknown });
  });

  test('a missing or malformed report counts as one failure', () => {
    expect(countVitest('vitest', undefined, 1)).toMatchObject({ passed: 0, failed: 1 });
    expect(countVitest('vitest', null, 0)).toMatchObject({ passed: 0, failed: 1 });
    expect(countVitest('vitest', { something: 'else' }, 0)).toMatchObject({ passed: 0, failed: 1 });
  });
});

describe('countPlaywright', () => {
  test('flaky tests count as passed, unexpected ones as failed, skipped ones not at all', () => {
    const report = playwrightReport({ expected: 4, unexpected: 1, flaky: 1, skipped: 2 });
    expect(countPlaywright('playwright', report, 1)).toEqual({ name: 'playwright', passed: 5, failed: 1 });
  });

  test('a global error such as a web server that did not start counts as a failure', () => {
    const report = playwrightReport({ expected: 0, unexpected: 0, flaky: 0, skipped: 0 }, [{ message: 'Error: Process from config.webServer was not able to start.' }]);
    expect(countPlaywright('playwright', report, 1)).toMatchObject({ passed: 0, failed: 1 });
  });

  test('a missing report counts as one failure', () => {
    expect(countPlaywright('playwright', undefined, 1)).toMatchObject({ passed: 0, failed: 1 });
  });
});

describe('summaryLine', () => {
  test('totals every suite into the line the CI reads', () => {
    const line = summaryLine([
      { name: 'lint', passed: 1, failed: 0 },
      { name: 'vitest', passed: 120, failed: 2 },
      { name: 'playwright', passed: 5, failed: 0 },
    ]);
    expect(line).toBe('126 passed, 2 failed');
  });
});
