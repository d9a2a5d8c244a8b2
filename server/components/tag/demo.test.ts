import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData } from '../../demo/generate';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { callAs } from './fixtures';

describe.each(testDialects)('demo tags on %s', (dialect) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(dialect);
    await generateDemoData(site.platform, { password: 'Demo-pass-1' });
  }, 60_000);
  afterAll(() => site.close());

  it('tags courses, activities and interests, with standard and flagged tags and a second collection', async () => {
    const db = site.platform.db;
    const admin = await site.sessionFor(site.adminId);
    const answer = await callAs<{ collections: Array<{ displayname: string; areanames: string[]; tagcount: number }> }>(site, admin, 'core_tag_get_collections_and_areas', {});
    expect(answer.data?.collections.map((c) => [c.displayname, c.areanames])).toEqual([
      ['Default collection', ['Courses', 'Activities and resources']],
      ['Interests and hobbies', ['User interests']],
    ]);
    const standard = await db.selectFrom('tag').select('name').where('isstandard', '=', 1).orderBy('name').execute();
    expect(standard.map((t) => t.name)).toEqual(['history', 'languages', 'mathematics', 'science']);
    const flagged = await db.selectFrom('tag').select('name').where('flag', '>', 0).execute();
    expect(flagged.map((t) => t.name)).toEqual(['homework']);
    const byArea = await db.selectFrom('tag_instance').select(['itemtype', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('itemtype').orderBy('itemtype').execute();
    expect(byArea.map((r) => [r.itemtype, Number(r.n) > 0])).toEqual([
      ['course', true],
      ['course_modules', true],
      ['user', true],
    ]);
    const student1 = await db.selectFrom('user').select('id').where('username', '=', 'student1').executeTakeFirstOrThrow();
    const interests = await callAs<{ tags: Array<{ rawname: string }> }>(site, await site.sessionFor(student1.id), 'core_tag_get_item_tags', { component: 'core', itemtype: 'user', itemid: student1.id });
    expect(interests.data?.tags.map((t) => t.rawname)).toEqual(['Chess', 'Hiking']);
  });
});
