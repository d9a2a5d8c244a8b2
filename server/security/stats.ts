import { appendFileSync } from 'node:fs';

/**
 * How many generated calls each method gets: a quick default for `npm test`, many more with
 * SECURITY_DEEP=1 (`npm run test:security -- --deep`). The generator's seed is fixed so a run can be
 * repeated; SECURITY_SEED picks another.
 */
export function securityRuns(): { malformed: number; typed: number; seed: number } {
  const seed = Number(process.env.SECURITY_SEED ?? '') || 20_261_123;
  return process.env.SECURITY_DEEP === '1' ? { malformed: 40, typed: 100, seed } : { malformed: 4, typed: 10, seed };
}

/**
 * Adds one suite's counts to the summary file `npm run test:security` prints (SECURITY_SUMMARY_FILE);
 * without that variable nothing is written.
 */
export function recordSecurityStats(suite: string, counts: Record<string, number>): void {
  const file = process.env.SECURITY_SUMMARY_FILE;
  if (!file) return;
  appendFileSync(file, `${JSON.stringify({ suite, counts })}\n`);
}
