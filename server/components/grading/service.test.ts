import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_MODULE } from '../../platform/access/types';
import { getContext } from '../../platform/access/contexts';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { createPageActivity } from '../tag/fixtures';
import {
  activeGuide,
  deleteAreasOfContext,
  getActiveMethod,
  guideFillings,
  guideGrade,
  saveGuideFillings,
  setActiveMethod,
  validateGuideFillings,
  type GuideDefinition,
} from './service';

const guide = (maxscores: number[]): GuideDefinition => ({
  id: 1,
  areaid: 1,
  name: 'Guide',
  description: '',
  status: 20,
  criteria: maxscores.map((maxscore, i) => ({ id: i + 1, sortorder: i + 1, shortname: `C${i + 1}`, description: '', descriptionmarkers: '', maxscore })),
  comments: [],
});
const fill = (...scores: number[]) => scores.map((score, i) => ({ criterionid: i + 1, score, remark: '' }));

describe('guideGrade (activities.md §2.3)', () => {
  it('scales 7 + 8 of 10 + 10 to 75 of 100', () => {
    expect(guideGrade(guide([10, 10]), fill(7, 8), { grademin: 0, grademax: 100, decimals: true })).toBe(75);
  });
  it('keeps decimals when the range allows them and rounds otherwise', () => {
    expect(guideGrade(guide([3]), fill(1), { grademin: 0, grademax: 10, decimals: true })).toBeCloseTo(3.33333, 5);
    expect(guideGrade(guide([3]), fill(1), { grademin: 0, grademax: 10, decimals: false })).toBe(3);
    expect(guideGrade(guide([3]), fill(2), { grademin: 0, grademax: 10, decimals: false })).toBe(7);
  });
  it('maps onto a scale range 1..N', () => {
    expect(guideGrade(guide([10]), fill(0), { grademin: 1, grademax: 3, decimals: false })).toBe(1);
    expect(guideGrade(guide([10]), fill(5), { grademin: 1, grademax: 3, decimals: false })).toBe(2);
    expect(guideGrade(guide([10]), fill(10), { grademin: 1, grademax: 3, decimals: false })).toBe(3);
  });
  it('answers -1 when the guide maximum is not positive, and ignores unknown criteria', () => {
    expect(guideGrade(guide([]), [], { grademin: 0, grademax: 100, decimals: true })).toBe(-1);
    expect(guideGrade(guide([0]), fill(0), { grademin: 0, grademax: 100, decimals: true })).toBe(-1);
    expect(guideGrade(guide([10]), [...fill(5), { criterionid: 99, score: 10, remark: '' }], { grademin: 0, grademax: 100, decimals: true })).toBe(50);
  });
});

describe('validateGuideFillings (activities.md §2.2)', () => {
  const g = guide([10, 5]);
  it('accepts scores from 0 to each maximum', () => {
    expect(validateGuideFillings(g, fill(0, 5))).toEqual([]);
    expect(validateGuideFillings(g, fill(10, 2.5))).toEqual([]);
  });
  it('refuses a score above the maximum, a negative one, a non-numeric one and a missing one', () => {
    expect(validateGuideFillings(g, fill(11, -1))).toEqual([
      { criterionid: 1, errorcode: 'err_scoreinvalid', maxscore: 10 },
      { criterionid: 2, errorcode: 'err_scorenegative', maxscore: 5 },
    ]);
    expect(validateGuideFillings(g, [{ criterionid: 1, score: Number.NaN, remark: '' }])).toEqual([
      { criterionid: 1, errorcode: 'err_scoreinvalid', maxscore: 10 },
      { criterionid: 2, errorcode: 'err_missing', maxscore: 5 },
    ]);
    expect(validateGuideFillings(g, [])).toHaveLength(2);
  });
});

describe.each(testDialects)('grading service on %s', (dialect) => {
  let site: TestSite;
  let contextid: number;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    const courseid = await site.createCourse('Grading course', 'GR1');
    const cmid = await createPageActivity(site, courseid, 'Guided page');
    contextid = (await getContext(site.platform.db, CONTEXT_MODULE, cmid))!.id;
  });
  afterAll(() => site.close());

  /** A guide written directly, ready or draft. */
  async function storeGuide(status: number): Promise<number> {
    const db = site.platform.db;
    const area = await db.selectFrom('grading_areas').select('id').where('contextid', '=', contextid).executeTakeFirstOrThrow();
    const old = (await db.selectFrom('grading_definitions').select('id').where('areaid', '=', area.id).execute()).map((d) => d.id);
    if (old.length) {
      await db.deleteFrom('gradingform_guide_criteria').where('definitionid', 'in', old).execute();
      await db.deleteFrom('gradingform_guide_comments').where('definitionid', 'in', old).execute();
      await db.deleteFrom('grading_definitions').where('id', 'in', old).execute();
    }
    const def = await db.insertInto('grading_definitions').values({ areaid: area.id, method: 'guide', name: 'G', status, copiedfromid: null }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('gradingform_guide_criteria').values([
      { definitionid: def.id, sortorder: 2, shortname: 'Second', maxscore: 5 },
      { definitionid: def.id, sortorder: 1, shortname: 'First', maxscore: 10 },
    ]).execute();
    await db.insertInto('gradingform_guide_comments').values({ definitionid: def.id, sortorder: 1, description: 'Good' }).execute();
    return def.id;
  }

  it('answers simple until the method is set, and the guide only when it is active and ready', async () => {
    const db = site.platform.db;
    expect(await getActiveMethod(db, contextid, 'mod_page', 'submissions')).toBe('simple');
    await setActiveMethod(db, contextid, 'mod_page', 'submissions', 'simple');
    expect(await getActiveMethod(db, contextid, 'mod_page', 'submissions')).toBe('simple');
    await storeGuide(10);
    await setActiveMethod(db, contextid, 'mod_page', 'submissions', 'guide');
    expect(await getActiveMethod(db, contextid, 'mod_page', 'submissions')).toBe('guide');
    expect(await activeGuide(db, contextid, 'mod_page', 'submissions')).toBeNull();
    const id = await storeGuide(20);
    const active = await activeGuide(db, contextid, 'mod_page', 'submissions');
    expect(active?.id).toBe(id);
    expect(active?.criteria.map((c) => [c.shortname, c.maxscore])).toEqual([['First', 10], ['Second', 5]]);
    expect(active?.comments.map((c) => c.description)).toEqual(['Good']);
    await setActiveMethod(db, contextid, 'mod_page', 'submissions', 'simple');
    expect(await activeGuide(db, contextid, 'mod_page', 'submissions')).toBeNull();
    await setActiveMethod(db, contextid, 'mod_page', 'submissions', 'guide');
  });

  it('saves fillings as a new active instance, archiving the previous one', async () => {
    const db = site.platform.db;
    const g = (await activeGuide(db, contextid, 'mod_page', 'submissions'))!;
    const [first, second] = g.criteria;
    expect(await guideFillings(db, g.id, 77)).toEqual([]);
    await saveGuideFillings(db, g, 77, site.adminId, [
      { criterionid: first!.id, score: 7.5, remark: 'Nice' },
      { criterionid: second!.id, score: 3, remark: '' },
      { criterionid: 999999, score: 1, remark: 'ignored' },
    ]);
    await saveGuideFillings(db, g, 77, site.adminId, [
      { criterionid: first!.id, score: 8, remark: 'Better' },
      { criterionid: second!.id, score: 4, remark: 'Ok' },
    ]);
    const fillings = await guideFillings(db, g.id, 77);
    expect(fillings).toEqual([
      { criterionid: first!.id, score: 8, remark: 'Better' },
      { criterionid: second!.id, score: 4, remark: 'Ok' },
    ]);
    const instances = await db.selectFrom('grading_instances').select(['status', 'rawgrade']).where('itemid', '=', 77).orderBy('id').execute();
    expect(instances.map((i) => [i.status, Number(i.rawgrade)])).toEqual([[3, 10.5], [1, 12]]);
    expect(await guideFillings(db, g.id, 78)).toEqual([]);
  });

  it('deletes every area of the context with everything in it', async () => {
    const db = site.platform.db;
    await deleteAreasOfContext(db, contextid);
    for (const table of ['grading_areas', 'grading_definitions', 'gradingform_guide_criteria', 'gradingform_guide_comments', 'grading_instances', 'gradingform_guide_fillings'] as const) {
      const n = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(n.n), table).toBe(0);
    }
    expect(await getActiveMethod(db, contextid, 'mod_page', 'submissions')).toBe('simple');
    await deleteAreasOfContext(db, contextid);
  });
});
