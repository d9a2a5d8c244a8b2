import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { createTestSite, type TestSite } from '../test/site';
import { generateDemoData } from './generate';
import { DEMO_QUIZ_PASSWORD } from './quiz';

describe.each(testDialects)('demo quiz on %s', (dialect) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(dialect);
    await generateDemoData(site.platform, { password: 'Demo-pass-1' });
  }, 60_000);
  afterAll(() => site.close());

  it('puts a timed, password-protected quiz of ten questions of the four types in BIO101, with finished, graded attempts', async () => {
    const db = site.platform.db;
    const quiz = await db.selectFrom('quiz').selectAll().executeTakeFirstOrThrow();
    expect(quiz).toMatchObject({ name: 'Cells check', password: DEMO_QUIZ_PASSWORD, timelimit: 1200 });
    const slots = await db.selectFrom('quiz_slots as s').innerJoin('question as q', 'q.id', 's.questionid').select('q.qtype').where('s.quizid', '=', quiz.id).execute();
    expect(slots).toHaveLength(10);
    expect(new Set(slots.map((s) => s.qtype))).toEqual(new Set(['multichoice', 'truefalse', 'shortanswer', 'numerical']));
    const attempts = await db.selectFrom('quiz_attempts').select(['state', 'sumgrades']).where('quiz', '=', quiz.id).execute();
    expect(attempts.length).toBeGreaterThan(3);
    expect(attempts.every((a) => a.state === 'finished')).toBe(true);
    const marks = attempts.map((a) => Number(a.sumgrades));
    expect(Math.max(...marks)).toBeLessThan(10);
    expect(Math.min(...marks)).toBeGreaterThan(4);
    const grades = await db
      .selectFrom('grade_grades as g')
      .innerJoin('grade_items as i', 'i.id', 'g.itemid')
      .select('g.finalgrade')
      .where('i.itemmodule', '=', 'quiz')
      .where('i.iteminstance', '=', quiz.id)
      .execute();
    expect(grades).toHaveLength(attempts.length);
  });
});
