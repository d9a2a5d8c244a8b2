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
});
