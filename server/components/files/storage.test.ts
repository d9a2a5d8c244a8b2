import { existsSync, utimesSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { clearArea, contentPath, replaceAreaFile, sweepUnreferencedContent, writeContent } from './storage';

describe.each(testDialects)('file contents on disk on %s', (dialect) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(dialect);
  });
  afterAll(() => site.close());

  const area = { contextid: 1, component: 'test', filearea: 'sweep', itemid: 7 };
  const twoDaysAgo = () => (Date.now() - 2 * 86_400_000) / 1000;

  it('sweeps contents no record names once they are a day old, and keeps used and fresh ones', async () => {
    const { db, config } = site.platform;
    const dir = config.filesDir;
    await replaceAreaFile(db, dir, area, { filename: 'kept.txt', mimetype: 'text/plain', content: Buffer.from('still used'), userid: site.adminId });
    const keptHash = (await db.selectFrom('files').select('contenthash').where('filearea', '=', 'sweep').executeTakeFirstOrThrow()).contenthash;
    const oldHash = await writeContent(dir, Buffer.from('deleted long ago'));
    const freshHash = await writeContent(dir, Buffer.from('just written, not yet committed'));
    for (const hash of [keptHash, oldHash]) utimesSync(contentPath(dir, hash), twoDaysAgo(), twoDaysAgo());

    expect(await sweepUnreferencedContent(db, dir)).toBe(1);
    expect(existsSync(contentPath(dir, oldHash))).toBe(false);
    expect(existsSync(contentPath(dir, keptHash))).toBe(true);
    expect(existsSync(contentPath(dir, freshHash))).toBe(true);

    // Once its record is gone, the kept content goes too.
    await clearArea(db, area);
    expect(await sweepUnreferencedContent(db, dir)).toBe(1);
    expect(existsSync(contentPath(dir, keptHash))).toBe(false);
  });
});
