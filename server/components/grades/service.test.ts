import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { createPageActivity } from '../tag/fixtures';
import { formatGrade, getScale, gradeItemDelete, gradeItemUpdate, gradeUpdate, GRADE_TYPE_NONE, GRADE_TYPE_SCALE, GRADE_TYPE_TEXT, GRADE_TYPE_VALUE, type GradeItemSpec } from './service';

describe('formatGrade', () => {
  const scale = { id: 1, courseid: 0, name: 'S', items: ['Not yet competent', 'Competent'] };
  it.each([
    { value: null, item: { gradetype: GRADE_TYPE_VALUE, grademax: 10 }, expected: '-' },
    { value: 7.5, item: { gradetype: GRADE_TYPE_VALUE, grademax: 10 }, expected: '7.50 / 10.00' },
    { value: 0, item: { gradetype: GRADE_TYPE_VALUE, grademax: 100 }, expected: '0.00 / 100.00' },
    { value: 2, item: { gradetype: GRADE_TYPE_SCALE, grademax: 2, scale }, expected: 'Competent' },
    { value: 1, item: { gradetype: GRADE_TYPE_SCALE, grademax: 2, scale }, expected: 'Not yet competent' },
    { value: 3, item: { gradetype: GRADE_TYPE_SCALE, grademax: 2, scale }, expected: '-' },
    { value: 5, item: { gradetype: GRADE_TYPE_NONE, grademax: 0 }, expected: '-' },
    { value: 5, item: { gradetype: GRADE_TYPE_TEXT, grademax: 0 }, expected: '-' },
  ])('$value of type $item.gradetype → $expected', ({ value, item, expected }) => {
    expect(formatGrade(value, item)).toBe(expected);
  });
});

describe.each(testDialects)('gradebook service on %s', (dialect) => {
  let site: TestSite;
  let courseid: number;
  let cmid: number;
  let instance: number;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    courseid = await site.createCourse('Gradebook course', 'GB1');
    cmid = await createPageActivity(site, courseid, 'Graded page');
    instance = (await site.platform.db.selectFrom('course_modules').select('instance').where('id', '=', cmid).executeTakeFirstOrThrow()).instance;
  });
  afterAll(() => site.close());

  const spec = (over: Partial<GradeItemSpec> = {}): GradeItemSpec => ({
    courseid,
    itemmodule: 'page',
    iteminstance: instance,
    cmid,
    itemname: 'Graded page',
    gradetype: GRADE_TYPE_VALUE,
    grademax: 100,
    grademin: 0,
    scaleid: null,
    ...over,
  });

  it('installs the standard site scales with their items in order', async () => {
    const rows = await site.platform.db.selectFrom('scale').select(['id', 'name']).where('courseid', '=', 0).orderBy('id').execute();
    expect(rows.map((r) => r.name)).toEqual(['Separate and Connected ways of knowing', 'Default competence scale']);
    expect((await getScale(site.platform.db, rows[0]!.id))?.items).toEqual(['Mostly separate knowing', 'Separate and connected', 'Mostly connected knowing']);
    expect((await getScale(site.platform.db, rows[1]!.id))?.items).toEqual(['Not yet competent', 'Competent']);
    expect(await getScale(site.platform.db, 999999)).toBeUndefined();
  });

  it('creates the grade item once and updates it in place', async () => {
    const db = site.platform.db;
    const id = await gradeItemUpdate(db, spec());
    expect(await gradeItemUpdate(db, spec({ itemname: 'Renamed', grademax: 50 }))).toBe(id);
    const rows = await db.selectFrom('grade_items').selectAll().where('iteminstance', '=', instance).where('itemmodule', '=', 'page').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ itemtype: 'mod', itemnumber: 0, itemname: 'Renamed', courseid, cmid, gradetype: GRADE_TYPE_VALUE, scaleid: null });
    expect(Number(rows[0]!.grademax)).toBe(50);
    // A scale item keeps its scale; a value item never does.
    await gradeItemUpdate(db, spec({ gradetype: GRADE_TYPE_SCALE, grademax: 2, grademin: 1, scaleid: 2 }));
    expect((await db.selectFrom('grade_items').select('scaleid').where('id', '=', id).executeTakeFirstOrThrow()).scaleid).toBe(2);
    await gradeItemUpdate(db, spec({ scaleid: 2 }));
    expect((await db.selectFrom('grade_items').select('scaleid').where('id', '=', id).executeTakeFirstOrThrow()).scaleid).toBeNull();
  });

  it('upserts grades in batches, the last entry for a user winning, and clears with null', async () => {
    const db = site.platform.db;
    const itemid = await gradeItemUpdate(db, spec());
    const users: number[] = [];
    for (let i = 0; i < 3; i++) users.push(await site.createUser(`graded${dialect}${i}`));
    const grade = (userid: number, rawgrade: number | null) => ({ userid, rawgrade, feedback: `fb ${rawgrade}`, feedbackformat: 1, usermodified: site.adminId, dategraded: 100, datesubmitted: 50 });
    await gradeUpdate(db, itemid, [grade(users[0]!, 10), grade(users[1]!, 20), grade(users[0]!, 15)]);
    await gradeUpdate(db, itemid, [grade(users[1]!, 25.5), grade(users[2]!, null)]);
    const rows = await db.selectFrom('grade_grades').select(['userid', 'rawgrade', 'finalgrade', 'feedback']).where('itemid', '=', itemid).orderBy('userid').execute();
    expect(rows.map((r) => [r.userid, r.rawgrade === null ? null : Number(r.rawgrade), r.finalgrade === null ? null : Number(r.finalgrade), r.feedback])).toEqual([
      [users[0], 15, 15, 'fb 15'],
      [users[1], 25.5, 25.5, 'fb 25.5'],
      [users[2], null, null, 'fb null'],
    ]);
  });

  it('bounds the final grade to the item range, keeping the raw grade as given', async () => {
    const db = site.platform.db;
    const itemid = await gradeItemUpdate(db, spec({ grademax: 10 }));
    const userid = await site.createUser(`bounded${dialect}`);
    await gradeUpdate(db, itemid, [{ userid, rawgrade: 12, feedback: null, feedbackformat: 0, usermodified: 0, dategraded: 1, datesubmitted: null }]);
    const row = await db.selectFrom('grade_grades').select(['rawgrade', 'finalgrade']).where('itemid', '=', itemid).where('userid', '=', userid).executeTakeFirstOrThrow();
    expect([Number(row.rawgrade), Number(row.finalgrade)]).toEqual([12, 10]);
    await gradeItemUpdate(db, spec());
  });

  it('writes more than one batch of users', async () => {
    const db = site.platform.db;
    const itemid = await gradeItemUpdate(db, spec());
    const grades = Array.from({ length: 2500 }, (_, i) => ({ userid: 100000 + i, rawgrade: i % 100, feedback: null, feedbackformat: 0, usermodified: 0, dategraded: 1, datesubmitted: null }));
    await gradeUpdate(db, itemid, grades);
    const n = await db.selectFrom('grade_grades').select((eb) => eb.fn.countAll<number>().as('n')).where('itemid', '=', itemid).where('userid', '>=', 100000).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(2500);
  });

  it('takes no grades into an item of type none', async () => {
    const db = site.platform.db;
    const cm2 = await createPageActivity(site, courseid, 'Ungraded page');
    const inst2 = (await db.selectFrom('course_modules').select('instance').where('id', '=', cm2).executeTakeFirstOrThrow()).instance;
    const itemid = await gradeItemUpdate(db, spec({ iteminstance: inst2, cmid: cm2, gradetype: GRADE_TYPE_NONE }));
    await gradeUpdate(db, itemid, [{ userid: site.adminId, rawgrade: 5, feedback: null, feedbackformat: 0, usermodified: 0, dategraded: 1, datesubmitted: null }]);
    expect(await db.selectFrom('grade_grades').select('id').where('itemid', '=', itemid).execute()).toEqual([]);
  });

  it('deletes the item with its grades', async () => {
    const db = site.platform.db;
    const itemid = await gradeItemUpdate(db, spec());
    await gradeItemDelete(db, 'page', instance);
    expect(await db.selectFrom('grade_items').select('id').where('id', '=', itemid).execute()).toEqual([]);
    expect(await db.selectFrom('grade_grades').select('id').where('itemid', '=', itemid).execute()).toEqual([]);
    await gradeItemDelete(db, 'page', instance);
  });
});
