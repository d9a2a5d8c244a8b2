import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { openRemote, type ReadOnlySession } from './readonly';

describe('SQLite report readers of one file', () => {
  let dir: string;
  let url: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-readers-'));
    const file = join(dir, 'readers.db');
    const db = new SQLite(file);
    db.exec('create table things (id integer primary key)');
    db.close();
    url = `sqlite:${file}`;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('work four at a time: a fifth session waits for one to close, and a spare is offered only while one is free', async () => {
    const first = await openRemote(url, 5_000);
    const spare = await first.spare();
    expect(spare).toBeDefined();
    const more = [await openRemote(url, 5_000), await openRemote(url, 5_000)];
    const busy: ReadOnlySession[] = [first, spare as ReadOnlySession, ...more];
    expect(await first.spare()).toBeUndefined();

    let fifthOpen = false;
    const fifth = openRemote(url, 5_000).then((session) => ((fifthOpen = true), session));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fifthOpen).toBe(false);

    await busy.pop()?.close();
    const opened = await fifth;
    expect(fifthOpen).toBe(true);
    expect((await opened.rows('select count(*) from things', [], 1)).rows).toEqual([[0]]);
    await Promise.all([opened, ...busy].map((s) => s.close()));
    // Closing twice gives back one turn only.
    await opened.close();
    const again = await Promise.all([1, 2, 3, 4].map(() => openRemote(url, 5_000)));
    expect(await again[0]?.spare()).toBeUndefined();
    await Promise.all(again.map((s) => s.close()));
  });

  it('fails a wait longer than the query timeout as a timeout, and the queue moves on', async () => {
    const busy = await Promise.all([1, 2, 3, 4].map(() => openRemote(url, 5_000)));
    const error = await openRemote(url, 200).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).errorcode).toBe('querytimeout');
    await busy[0]?.close();
    const next = await openRemote(url, 1_000);
    await Promise.all([next, ...busy.slice(1)].map((s) => s.close()));
  });

  it('ends a reader stuck in a runaway query once the server process that started it is gone', async () => {
    const file = join(dir, 'orphan.db');
    new SQLite(file).close();
    const readers = () => {
      try {
        return execFileSync('pgrep', ['-f', `sqlite-reader.cjs.*${file}`], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
      } catch {
        return [];
      }
    };
    const server = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fixtures', 'orphan.ts'), file], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => server.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('running') && resolve()));
    const running = readers();
    expect(running).toHaveLength(1);
    server.kill('SIGKILL');
    let left = running;
    for (let i = 0; i < 50 && left.length > 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      left = readers().filter((pid) => running.includes(pid));
    }
    expect(left).toEqual([]);
  }, 20_000);
});
