/**
 * Generated bad input for every web-service method in the registry (so every method added later is
 * covered too): arguments of the wrong shape, and arguments of the right shape full of hostile values
 * (unicode, markup and script, SQL fragments, huge strings, negative and huge ids). Each answer must
 * be a structured exception with a stable error code (never an unexpected error, a 500 or a stack
 * trace), and a refused call must leave the database exactly as it was.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { createTestSite, type TestSite } from '../test/site';
import { changedTables, databaseChecksum } from './checksum';
import { argsSchema, malformed, typedHostile } from './generate';
import { recordSecurityStats, securityRuns } from './stats';

/** Error codes that mean the server failed, not the caller: none may ever be answered. */
const SERVER_FAULTS = new Set(['generalexceptionmessage', 'unexpectederror', 'invalidresponse', 'dmlreadexception', 'dmlwriteexception']);

interface Answer {
  status: number;
  item?: { error: boolean; data?: unknown; exception?: { errorcode: string; message: string; debuginfo?: string; backtrace?: string } };
  whole?: { errorcode?: string };
}

describe.each(testDialects)('generated bad input on %s', (dialect) => {
  let site: TestSite;
  const runs = securityRuns();
  const stats = { methods: 0, calls: 0, refused: 0, accepted: 0 };

  beforeAll(async () => {
    site = await createTestSite(dialect);
    // Something for hostile ids to hit: a course with a teacher and a student.
    const course = await site.createCourse('Input 101', 'IN101');
    await site.enrol(await site.createUser('inputteacher'), course, 'editingteacher');
    await site.enrol(await site.createUser('inputstudent'), course, 'student');
  });
  afterAll(async () => {
    recordSecurityStats(`bad input (${dialect})`, { 'methods covered': stats.methods, 'calls tried': stats.calls, 'refused as expected': stats.refused, 'accepted (valid after all)': stats.accepted });
    await site.close();
  });

  async function call(session: { cookie: string; sesskey: string }, methodname: string, args: unknown): Promise<Answer> {
    const response = await site.app.inject({
      method: 'POST',
      url: `/lib/ajax/service.php?sesskey=${session.sesskey}&info=${methodname}`,
      headers: { 'content-type': 'application/json', cookie: session.cookie },
      payload: JSON.stringify([{ index: 0, methodname, args }]),
    });
    const json = response.json<unknown>();
    return Array.isArray(json) ? { status: response.statusCode, item: json[0] as Answer['item'] } : { status: response.statusCode, whole: json as Answer['whole'] };
  }

  it('every method answers hostile and malformed arguments with a clean refusal and no change', async () => {
    const failures: string[] = [];
    for (const [index, method] of site.app.methods.all().entries()) {
      const name = method.contract.name;
      stats.methods += 1;
      // A fresh admin session per method: an earlier method's accepted call cannot leave this one without a login.
      const session = await site.sessionFor(site.adminId);
      const schema = argsSchema(method.contract.args);
      // Refused calls are checked together: one checksum after a run of them instead of one each (the
      // checksum is the slow part). An accepted call may change data, so the refused calls before it
      // are replayed afterwards, each between two checksums.
      let baseline = await databaseChecksum(site.platform.db);
      let pending: unknown[] = [];
      const replay: unknown[] = [];
      const seed = runs.seed + index;
      const samples = [...fc.sample(malformed(schema), { numRuns: runs.malformed, seed }), ...fc.sample(typedHostile(schema), { numRuns: runs.typed, seed })];
      /** Calls once; true when the call was refused as it should be (the refusal's form checked). */
      const refusedCleanly = async (args: unknown): Promise<boolean> => {
        stats.calls += 1;
        const answer = await call(session, name, args);
        const shown = JSON.stringify(args).slice(0, 160);
        if (answer.status >= 500 || !answer.item) {
          failures.push(`${name} ${shown}: HTTP ${answer.status} ${JSON.stringify(answer.whole ?? {}).slice(0, 120)}`);
          return false;
        }
        if (!answer.item.error) {
          // Valid after all: the method may have changed data, which is its job.
          stats.accepted += 1;
          return false;
        }
        stats.refused += 1;
        const exception = answer.item.exception;
        const code = exception?.errorcode ?? '';
        if (!/^[a-z][a-z0-9_]*$/.test(code) || SERVER_FAULTS.has(code)) failures.push(`${name} ${shown}: errorcode ${code} (${exception?.message ?? ''})`);
        if (exception?.backtrace || exception?.debuginfo) failures.push(`${name} ${shown}: debugging details sent`);
        return true;
      };
      for (const args of samples) {
        if (await refusedCleanly(args)) {
          pending.push(args);
          continue;
        }
        replay.push(...pending);
        pending = [];
        baseline = await databaseChecksum(site.platform.db);
      }
      if (pending.length) {
        const changed = changedTables(baseline, await databaseChecksum(site.platform.db));
        if (changed.length) {
          failures.push(`${name}: ${pending.length} refused calls together changed ${changed.join(', ')}`);
          // Replay them one by one to name the call.
          replay.push(...pending);
        }
      }
      for (const args of replay) {
        const before = await databaseChecksum(site.platform.db);
        if (!(await refusedCleanly(args))) continue;
        const changed = changedTables(before, await databaseChecksum(site.platform.db));
        if (changed.length) failures.push(`${name} ${JSON.stringify(args).slice(0, 160)}: refused but changed ${changed.join(', ')}`);
      }
    }
    expect(stats.methods).toBe(site.app.methods.all().length);
    expect(failures, `seed ${runs.seed}`).toEqual([]);
  }, 600_000);
});
