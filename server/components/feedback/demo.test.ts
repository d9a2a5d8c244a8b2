import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData } from '../../demo/generate';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';

describe.each(testDialects)('demo feedback on %s', (dialect) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(dialect);
    await generateDemoData(site.platform, { password: 'Demo-pass-1' });
  }, 120_000);
  afterAll(() => site.close());

  it('puts a named feedback with every item type in BIO101, answered by most of the class', async () => {
    const db = site.platform.db;
    const feedback = await db.selectFrom('feedback').select(['id', 'name', 'anonymous']).executeTakeFirstOrThrow();
    expect(feedback).toMatchObject({ name: 'Mid-term course feedback', anonymous: 2 });
    const items = await db.selectFrom('feedback_item').select(['typ', 'presentation', 'position']).where('feedback', '=', feedback.id).orderBy('position').execute();
    expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
    expect(new Set(items.map((i) => i.typ))).toEqual(new Set(['label', 'info', 'textfield', 'textarea', 'multichoice', 'numeric', 'pagebreak']));
    expect(new Set(items.filter((i) => i.typ === 'multichoice').map((i) => i.presentation[0]))).toEqual(new Set(['r', 'c', 'd']));
    const responses = await db.selectFrom('feedback_completed').select('id').where('feedback', '=', feedback.id).execute();
    expect(responses.length).toBeGreaterThan(5);
    expect((await db.selectFrom('feedback_completedtmp').select('id').execute()).length).toBe(0);
    const values = await db.selectFrom('feedback_value').select('id').where('completed', 'in', responses.map((r) => r.id)).execute();
    expect(values.length).toBeGreaterThan(responses.length * 5);
  });
});
