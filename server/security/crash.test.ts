/**
 * Crash safety on the embedded database: a real server process is killed (SIGKILL, no chance to
 * close anything) in the middle of a stream of writes and started again on the same SQLite file.
 * Every write the server acknowledged must still be there, and SQLite's integrity check must pass.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, logInByForm, startServerProcess, waitUntilServing } from '../test/process';

const ADMIN_PASSWORD = 'Crash-admin-1';
const PORT = 8470 + (process.pid % 20);
const BASE = `http://127.0.0.1:${PORT}`;

const startServer = (databaseFile: string) => startServerProcess({ PORT: String(PORT), DATABASE_URL: `sqlite:${databaseFile}`, ADMIN_PASSWORD });
const logIn = () => logInByForm(BASE, 'admin', ADMIN_PASSWORD);

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
    await waitUntilServing(BASE);
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
    await exited(server);
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);

    // Started again on the same file: it opens, serves, and every acknowledged user is there.
    server = startServer(file);
    await waitUntilServing(BASE);
    const again = await logIn();
    expect(again.sesskey).not.toBe('');
    server.kill('SIGTERM');
    await exited(server);

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
