import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { createTestSite, type TestSite } from '../test/site';
import { generateDemoData } from './generate';

describe.each(testDialects)('demo assignments on %s', (dialect) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(dialect);
    await generateDemoData(site.platform, { password: 'Demo-pass-1' });
  }, 60_000);
  afterAll(() => site.close());

  it('puts a guided essay and a points assignment in BIO101 with submissions in every state', async () => {
    const db = site.platform.db;
    const assigns = await db.selectFrom('assign').select(['id', 'name', 'grade', 'duedate']).orderBy('id').execute();
    expect(assigns.map((a) => [a.name, a.grade])).toEqual([
      ['Essay: cell structure', 25],
      ['Lab report: osmosis', 100],
    ]);
    const [essay, report] = assigns;
    const criteria = await db.selectFrom('gradingform_guide_criteria').select(['shortname', 'maxscore']).orderBy('sortorder').execute();
    expect(criteria.map((c) => [c.shortname, Number(c.maxscore)])).toEqual([
      ['Accuracy', 10],
      ['Comparison', 10],
      ['Presentation', 5],
    ]);
    expect((await db.selectFrom('gradingform_guide_comments').select('id').execute()).length).toBe(4);

    const essaySubs = await db.selectFrom('assign_submission').select(['status', 'timemodified']).where('assignment', '=', essay!.id).execute();
    const submitted = essaySubs.filter((s) => s.status === 'submitted');
    expect(essaySubs.length).toBeGreaterThan(15);
    expect(essaySubs.length).toBeLessThan(25);
    expect(essaySubs.some((s) => s.status === 'draft')).toBe(true);
    expect(submitted.some((s) => s.timemodified > essay!.duedate)).toBe(true);
    const graded = await db.selectFrom('assign_grades').select(['assignment', 'grade']).where('grade', '>=', 0).execute();
    expect(graded.filter((g) => g.assignment === essay!.id).length).toBeGreaterThan(3);
    expect(graded.filter((g) => g.assignment === report!.id).length).toBeGreaterThan(3);
    expect((await db.selectFrom('assignfeedback_comments').select('id').execute()).length).toBe(graded.length);

    // student1 is the first student of BIO101: graded with the guide, and sees it.
    const student = await db.selectFrom('user').select('id').where('username', '=', 'student1').executeTakeFirstOrThrow();
    const { json } = await site.ajax([{ methodname: 'mod_assign_get_submission_status', args: { assignid: essay!.id } }], await site.sessionFor(student.id));
    const status = (json as Array<{ data: { feedback?: { guide?: { criteria: unknown[] } } } }>)[0]?.data;
    expect(status?.feedback?.guide?.criteria.length).toBe(3);
  });
});
