/**
 * Crash safety on the embedded database: a real server process is killed (SIGKILL, no chance to
 * close anything) in the middle of a stream of writes and started again on the same SQLite file.
 * Every write the server acknowledged must still be there, and SQLite's integrity check must pass.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const ADMIN_PASSWORD = 'Crash-admin-1';
const PORT = 8470 + (process.pid % 20);
const BASE = `http://127.0.0.1:${PORT}`;

function startServer(databaseFile: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${databaseFile}`, ADMIN_PASSWORD, DEMO_DATA: '0', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
}

async function waitUntilServing(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/login/index.php`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start within a minute');
}

function cookieOf(response: Response): string {
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** Logs in as the admin through the form and reads the sesskey from a page's configuration. */
async function logIn(): Promise<{ cookie: string; sesskey: string }> {
  const form = await fetch(`${BASE}/login/index.php`);
  const logintoken = /name="logintoken" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const posted = await fetch(`${BASE}/login/index.php`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookieOf(form), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD, logintoken }).toString(),
  });
  const cookie = cookieOf(posted);
  const page = await (await fetch(`${BASE}/my/`, { headers: { cookie } })).text();
  const sesskey = /"sesskey":"([^"]+)"/.exec(page)?.[1] ?? '';
  if (!cookie || !sesskey) throw new Error('could not log in as the admin');
  return { cookie, sesskey };
}

/** Creates one user; resolves with its username only when the server acknowledged the write. */
async function createUser(session: { cookie: string; sesskey: string }, n: number): Promise<string | undefined> {
  const username = `crash${n}`;
  const body = [
    {
      index: 0,
      methodname: 'core_user_create_users',
      args: { users: [{ username, password: `Crash-pass-${n}`, firstname: 'Crash', lastname: `Test ${n}`, email: `${username}@example.org` }] },
    },
  ];
  try {
    const response = await fetch(`${BASE}/lib/ajax/service.php?sesskey=${session.sesskey}&info=core_user_create_users`, {
      method: 'POST',
      headers: { cookie: session.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Array<{ error: boolean }>;
    return answer[0]?.error === false ? username : undefined;
  } catch {
    // The connection died with the server: not acknowledged.
    return undefined;
  }
}

describe('a server killed during writes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-crash-'));
  const file = join(dir, 'site.db');
  let server: ChildProcess | undefined;

  afterAll(() => {
    server?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write and an intact database', async () => {
    server = startServer(file);
    await waitUntilServing();
    const session = await logIn();

    // Four writers in parallel; the server is killed once 40 writes have been acknowledged.
    const acknowledged: string[] = [];
    let next = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const username = await createUser(session, next++);
        if (username) acknowledged.push(username);
        if (acknowledged.length >= 40 && !killed) {
          killed = true;
          server?.kill('SIGKILL');
        }
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    await new Promise<void>((resolve) => {
      if (server?.exitCode !== null || server.signalCode !== null) resolve();
      else server.once('exit', () => resolve());
    });
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);

    // Started again on the same file: it opens, serves, and every acknowledged user is there.
    server = startServer(file);
    await waitUntilServing();
    const again = await logIn();
    expect(again.sesskey).not.toBe('');
    server.kill('SIGTERM');
    await new Promise((r) => server?.once('exit', r));

    const db = new Database(file, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = new Set(
        (db.prepare("select username from user where username like 'crash%'").all() as Array<{ username: string }>).map((r) => r.username),
      );
      expect(acknowledged.filter((u) => !stored.has(u))).toEqual([]);
      // Each stored user is whole: a context of its own came with it in the same transaction.
      const withoutContext = db
        .prepare("select count(*) as n from user u where u.username like 'crash%' and not exists (select 1 from context c where c.contextlevel = 30 and c.instanceid = u.id)")
        .get() as { n: number };
      expect(withoutContext.n).toBe(0);
    } finally {
      db.close();
    }
  }, 120_000);
});
