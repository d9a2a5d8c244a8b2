import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { createTestSite, type TestSite } from '../test/site';
import { changedTables, databaseChecksum } from './checksum';

describe.each(testDialects)('database checksum on %s', (dialect) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(dialect);
  });
  afterAll(() => site.close());

  it('is the same while nothing changes, and names each table an insert, an update or a delete changed', async () => {
    const db = site.platform.db;
    const first = await databaseChecksum(db);
    expect(first.size).toBeGreaterThan(50);
    expect(changedTables(first, await databaseChecksum(db))).toEqual([]);

    const userid = await site.createUser('checksummed', { firstname: 'Carla' });
    const afterInsert = await databaseChecksum(db);
    // A new user comes with its context.
    expect(changedTables(first, afterInsert)).toEqual(['context', 'user']);

    await db.updateTable('user').set({ firstname: 'Carl' }).where('id', '=', userid).execute();
    const afterUpdate = await databaseChecksum(db);
    expect(changedTables(afterInsert, afterUpdate)).toEqual(['user']);

    await db.updateTable('user').set({ firstname: 'Carla' }).where('id', '=', userid).execute();
    expect(changedTables(afterInsert, await databaseChecksum(db))).toEqual([]);

    await db.deleteFrom('context').where('contextlevel', '=', 30).where('instanceid', '=', userid).execute();
    expect(changedTables(afterInsert, await databaseChecksum(db))).toEqual(['context']);
  });
});
