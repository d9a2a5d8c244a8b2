/**
 * The permission matrix: every registered web-service method is called with valid arguments as
 * anonymous, guest, student, non-editing teacher, editing teacher, manager and admin, and must
 * succeed for exactly the callers its declaration (server/security/matrix) allows. A refused call must
 * be refused for lack of access, not for some other error, and a refused write must change nothing.
 * A method with no declaration fails the suite, so every method added later is covered too.
 *
 * MATRIX_ONLY=<prefix>[,<prefix>…] narrows the run to methods whose names start so (for working on one
 * component); the declaration check still covers every method.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { createTestSite, type TestSite } from '../test/site';
import { changedTables, databaseChecksum } from './checksum';
import { fragmentProbe } from './matrix/core';
import { buildFixture } from './matrix/fixture';
import { declarations } from './matrix/index';
import { MATRIX_ROLES, type MatrixFixture, type MatrixRole } from './matrix/types';
import { recordSecurityStats } from './stats';

/** Error codes that mean "you may not": not logged in, not enrolled, no capability. */
export const ACCESS_REFUSALS: ReadonlySet<string> = new Set([
  'servicerequireslogin',
  'requireloginerror',
  'nopermissions',
  'notenrolled',
  'guestnoeditprofileother',
  'nologinas',
  'wsusercannotassign',
]);

interface Outcome {
  ok: boolean;
  data?: unknown;
  errorcode?: string;
  message?: string;
}

const only = (process.env.MATRIX_ONLY ?? '').split(',').filter(Boolean);
const selected = (name: string) => only.length === 0 || only.some((prefix) => name.startsWith(prefix));

describe('permission declarations', () => {
  it('every registered method declares who may call it, and every declaration names a method', async () => {
    const site = await createTestSite('sqlite');
    try {
      const names = site.app.methods.all().map((m) => m.contract.name);
      const undeclared = names.filter((name) => !(name in declarations));
      const unknown = Object.keys(declarations).filter((name) => !names.includes(name));
      expect(undeclared, 'methods without a permission declaration in server/security/matrix').toEqual([]);
      expect(unknown, 'declarations for methods that are not registered').toEqual([]);
    } finally {
      await site.close();
    }
  });
});

describe.each(testDialects)('permission matrix on %s', (dialect) => {
  let site: TestSite;
  let fx: MatrixFixture;
  const stats = { methods: 0, calls: 0, 'allowed as declared': 0, 'refused as declared': 0 };

  beforeAll(async () => {
    site = await createTestSite(dialect, [fragmentProbe]);
    fx = await buildFixture(site);
  }, 120_000);
  afterAll(async () => {
    recordSecurityStats(`permission matrix (${dialect})`, stats);
    await site?.close();
  });

  async function callAs(role: MatrixRole, methodname: string, nologin: boolean, args: unknown): Promise<Outcome> {
    const session = role === 'anonymous' ? null : await site.sessionFor(fx.users[role]);
    const { status, json } = await site.ajax([{ methodname, args }], session, nologin);
    const item = (Array.isArray(json) ? json[0] : json) as { error?: boolean; data?: unknown; errorcode?: string; message?: string; exception?: { errorcode: string; message: string } };
    if (status >= 500) return { ok: false, errorcode: `HTTP ${status}`, message: JSON.stringify(json).slice(0, 200) };
    if (item && item.error === false) return { ok: true, data: item.data };
    const exception = item?.exception ?? item;
    return { ok: false, errorcode: exception?.errorcode ?? 'none', message: exception?.message ?? '' };
  }

  it('each method succeeds for exactly the callers it declares', async () => {
    const failures: string[] = [];
    for (const method of site.app.methods.all()) {
      const name = method.contract.name;
      const declaration = declarations[name];
      if (!declaration || !selected(name)) continue;
      stats.methods += 1;
      const refusals = new Set([...ACCESS_REFUSALS, ...(declaration.refusals ?? [])]);
      for (const role of MATRIX_ROLES) {
        const expected = declaration.allowed.includes(role);
        let args: unknown;
        try {
          args = await declaration.args(fx, role);
        } catch (error) {
          failures.push(`${name} as ${role}: preparing the arguments failed: ${String(error)}`);
          continue;
        }
        const nologin = role === 'anonymous' && !method.contract.loginRequired;
        const before = !expected && method.contract.type === 'write' ? await databaseChecksum(site.platform.db) : null;
        const outcome = await callAs(role, name, nologin, args);
        stats.calls += 1;
        if (outcome.ok) {
          if (!expected) {
            failures.push(`${name} as ${role}: allowed, but the declaration says refused`);
            continue;
          }
          const problem = declaration.check ? await declaration.check(outcome.data, role, fx) : null;
          if (problem) failures.push(`${name} as ${role}: wrong answer: ${problem}`);
          else stats['allowed as declared'] += 1;
          continue;
        }
        const code = outcome.errorcode ?? '';
        if (!refusals.has(code)) {
          failures.push(`${name} as ${role}: failed with ${code} (${outcome.message}); the declared arguments must be valid`);
        } else if (expected) {
          failures.push(`${name} as ${role}: refused with ${code}, but the declaration says allowed`);
        } else {
          stats['refused as declared'] += 1;
          if (before) {
            const changed = changedTables(before, await databaseChecksum(site.platform.db));
            if (changed.length) failures.push(`${name} as ${role}: refused with ${code} but changed ${changed.join(', ')}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
