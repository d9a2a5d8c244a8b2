/**
 * Scale-out: the real server started with WORKERS=2 (node cluster) on one database. Both workers
 * serve one session, a change made through one is seen by the next request whichever worker takes
 * it, and a worker that dies is replaced while the site keeps serving.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDialects, type TestDatabase } from './test/databases';
import { exited, logInByForm, startServerProcess, waitUntilServing } from './test/process';

const ADMIN_PASSWORD = 'Cluster-admin-1';

/** The worker processes under the primary (its other children, such as tsx's esbuild, are left out). */
function workerPids(primary: number): number[] {
  const children = readFileSync(`/proc/${primary}/task/${primary}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return children.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server/main.ts');
    } catch {
      return false;
    }
  });
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(testDialects)('two worker processes on %s', (dialect) => {
  const port = 8490 + (process.pid % 5) * 2 + (dialect === 'postgres' ? 1 : 0);
  const base = `http://127.0.0.1:${port}`;
  let database: TestDatabase;
  let server: ChildProcess;
  let output = '';

  beforeAll(async () => {
    database = await openTestDatabase(dialect, { onDisk: true });
    server = startServerProcess({ PORT: String(port), DATABASE_URL: database.processUrl(), ADMIN_PASSWORD, WORKERS: '2' }, (text) => (output += text));
    await waitUntilServing(base);
    await until(() => output.includes('with 2 worker processes'), 'both workers');
  }, 90_000);
  afterAll(async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await exited(server);
    }
    await database.drop();
  });

  async function call(session: { cookie: string; sesskey: string }, methodname: string, args: unknown): Promise<{ error: boolean; data?: unknown }> {
    const response = await fetch(`${base}/lib/ajax/service.php?sesskey=${session.sesskey}&info=${methodname}`, {
      method: 'POST',
      headers: { cookie: session.cookie, 'content-type': 'application/json' },
      body: JSON.stringify([{ index: 0, methodname, args }]),
    });
    return ((await response.json()) as Array<{ error: boolean; data?: unknown }>)[0] ?? { error: true };
  }

  it('serves one session from both workers and sees each change on the next request', async () => {
    expect(workerPids(server.pid ?? 0)).toHaveLength(2);
    const session = await logInByForm(base, 'admin', ADMIN_PASSWORD);
    const created = await call(session, 'core_user_create_users', { users: [{ username: 'clustered', password: 'Cluster-pass-1', firstname: 'Clara', lastname: 'Cluster', email: 'clustered@example.org' }] });
    expect(created.error).toBe(false);
    // The cluster hands connections out in turn, so these reach both workers.
    const answers = await Promise.all(Array.from({ length: 8 }, () => call(session, 'core_user_get_users_by_field', { field: 'username', values: ['clustered'] })));
    expect(answers.map((a) => (a.data as Array<{ username: string }> | undefined)?.[0]?.username)).toEqual(Array(8).fill('clustered'));
  });

  it('replaces a worker that dies and keeps serving', async () => {
    const [victim] = workerPids(server.pid ?? 0);
    process.kill(victim ?? 0, 'SIGKILL');
    await until(() => output.includes('starting another'), 'a replacement worker');
    await until(() => workerPids(server.pid ?? 0).length === 2 && !workerPids(server.pid ?? 0).includes(victim ?? 0), 'two workers again');
    const session = await logInByForm(base, 'admin', ADMIN_PASSWORD);
    const answers = await Promise.all(Array.from({ length: 4 }, () => call(session, 'core_user_get_users_by_field', { field: 'username', values: ['admin'] })));
    expect(answers.every((a) => !a.error)).toBe(true);
  });

  it('stops every worker on SIGTERM', async () => {
    const workers = workerPids(server.pid ?? 0);
    server.kill('SIGTERM');
    await exited(server);
    expect(server.exitCode).toBe(0);
    await until(() => workers.every((pid) => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    }), 'the workers to end');
  });
});
