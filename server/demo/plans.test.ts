import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { createTestSite, type TestSite } from '../test/site';
import { generateDemoData } from './generate';

describe.each(testDialects)('demo learning plans on %s', (dialect) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(dialect);
    await generateDemoData(site.platform, { password: 'Demo-pass-1' });
  }, 120_000);
  afterAll(() => site.close());

  const db = () => site.platform.db;

  it('gives every first-year student a plan from the template, and second-year students plans in every status', async () => {
    const template = await db().selectFrom('competency_template').select('id').where('shortname', '=', 'First-year digital skills').executeTakeFirstOrThrow();
    const fromTemplate = await db().selectFrom('competency_plan').select('id').where('templateid', '=', template.id).execute();
    expect(fromTemplate).toHaveLength(15);
    const statuses = await db().selectFrom('competency_plan').select('status').distinct().execute();
    expect(statuses.map((s) => s.status).sort()).toEqual([0, 1, 2, 3, 4]);
    const frozen = await db().selectFrom('competency_usercompplan').select('id').execute();
    expect(frozen.length).toBeGreaterThan(0);
  });

  it('has course competencies with ratings, review requests, and evidence of prior learning', async () => {
    const bio = await db().selectFrom('course').select('id').where('shortname', '=', 'BIO101').executeTakeFirstOrThrow();
    expect(await db().selectFrom('competency_coursecomp').select('id').where('courseid', '=', bio.id).execute()).toHaveLength(3);
    expect((await db().selectFrom('competency_usercompcourse').select('id').where('courseid', '=', bio.id).where('grade', 'is not', null).execute()).length).toBeGreaterThanOrEqual(5);
    expect(await db().selectFrom('competency_modulecomp').select('id').execute()).toHaveLength(1);
    const reviewStates = await db().selectFrom('competency_usercomp').select('status').distinct().execute();
    expect(reviewStates.map((r) => r.status).sort()).toEqual([0, 1, 2]);
    expect(await db().selectFrom('competency_userevidence').select('id').execute()).toHaveLength(2);
  });

  it('lets a learner see their own plans, including drafts', async () => {
    const student2 = await db().selectFrom('user').select('id').where('username', '=', 'student2').executeTakeFirstOrThrow();
    const { json } = await site.ajax([{ methodname: 'core_competency_list_user_plans', args: { userid: student2.id } }], await site.sessionFor(student2.id));
    const plans = (json as Array<{ data: Array<{ name: string; isdraft: boolean }> }>)[0]?.data ?? [];
    expect(plans).toEqual([expect.objectContaining({ name: 'Personal digital goals', isdraft: true })]);
  });
});
