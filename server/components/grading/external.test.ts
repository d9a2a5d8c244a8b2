import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuideDefinitionInfo } from '../../../api/grading';
import { getContext } from '../../platform/access/contexts';
import { CONTEXT_MODULE } from '../../platform/access/types';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { callAs, createPageActivity, type Session } from '../tag/fixtures';
import { activeGuide } from './service';

type Areas = { areas: Array<{ cmid: number; contextid: number; component: string; areaname: string; activemethod: string; definitions: GuideDefinitionInfo[] }> };

const TABLES = ['grading_areas', 'grading_definitions', 'gradingform_guide_criteria', 'gradingform_guide_comments'] as const;

describe.each(testDialects)('grading methods on %s', (dialect) => {
  let site: TestSite;
  let courseid: number;
  let cmid: number;
  let teacher: Session;
  let marker: Session;
  let learner: Session;
  let outsider: Session;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    courseid = await site.createCourse('Guide course', 'GDE1');
    const other = await site.createCourse('Other guide course', 'GDE2');
    cmid = await createPageActivity(site, courseid, 'Essay');
    const ids = await Promise.all(['gteach', 'gmark', 'glearn', 'gout'].map((u) => site.createUser(u)));
    await site.enrol(ids[0]!, courseid, 'editingteacher');
    await site.enrol(ids[1]!, courseid, 'teacher');
    await site.enrol(ids[2]!, courseid, 'student');
    await site.enrol(ids[3]!, other, 'editingteacher');
    teacher = await site.sessionFor(ids[0]!);
    marker = await site.sessionFor(ids[1]!);
    learner = await site.sessionFor(ids[2]!);
    outsider = await site.sessionFor(ids[3]!);
  });
  afterAll(() => site.close());

  /** Everything the guide tables hold, to prove a refusal changed nothing. */
  async function snapshot() {
    const db = site.platform.db;
    return Promise.all(TABLES.map((t) => db.selectFrom(t).selectAll().orderBy('id').execute()));
  }

  const save = (args: Record<string, unknown>, session: Session = teacher) =>
    callAs<GuideDefinitionInfo>(site, session, 'core_grading_save_guide', { cmid, name: 'Essay guide', description: 'How essays are marked', status: 20, ...args });

  it('creates a guide, makes it the active method and answers it', async () => {
    const answer = await save({
      criteria: [
        { id: 0, shortname: 'Content', description: 'What you say', descriptionmarkers: 'Look for depth', maxscore: 10 },
        { id: 0, shortname: 'Style', description: '', descriptionmarkers: '', maxscore: '10' },
      ],
      comments: [{ id: 0, description: 'Well argued' }, { id: 0, description: '   ' }, { id: 0, description: 'Check spelling' }],
    });
    expect(answer.error).toBe(false);
    const guide = answer.data!;
    expect(guide).toMatchObject({ method: 'guide', name: 'Essay guide', status: 20 });
    expect(guide.guide.criteria.map((c) => [c.sortorder, c.shortname, c.maxscore, c.descriptionmarkers])).toEqual([
      [1, 'Content', 10, 'Look for depth'],
      [2, 'Style', 10, ''],
    ]);
    expect(guide.guide.comments.map((c) => c.description)).toEqual(['Well argued', 'Check spelling']);
    const context = await getContext(site.platform.db, CONTEXT_MODULE, cmid);
    const active = await activeGuide(site.platform.db, context!.id, 'mod_page', 'submissions');
    expect(active?.id).toBe(guide.id);

    const defs = await callAs<Areas>(site, teacher, 'core_grading_get_definitions', { cmids: [cmid] });
    expect(defs.data!.areas).toEqual([
      { cmid, contextid: context!.id, component: 'mod_page', areaname: 'submissions', activemethod: 'guide', definitions: [expect.objectContaining({ id: guide.id, name: 'Essay guide' })] },
    ]);
  });

  it('updates kept criteria and comments in the given order, adds new ones and deletes those left out', async () => {
    const before = (await callAs<Areas>(site, teacher, 'core_grading_get_definitions', { cmids: [cmid] })).data!.areas[0]!.definitions[0]!;
    const [content, style] = before.guide.criteria;
    const [argued] = before.guide.comments;
    const answer = await save({
      name: 'Essay guide v2',
      criteria: [
        { id: style!.id, shortname: 'Style and form', description: '', descriptionmarkers: '', maxscore: 5 },
        { id: 0, shortname: 'Sources', description: 'Cite them', descriptionmarkers: '', maxscore: 2.5 },
      ],
      comments: [{ id: argued!.id, description: 'Very well argued' }],
    });
    expect(answer.error).toBe(false);
    const after = answer.data!;
    expect(after.id).toBe(before.id);
    expect(after.name).toBe('Essay guide v2');
    expect(after.guide.criteria.map((c) => [c.id === style!.id, c.shortname, c.maxscore])).toEqual([
      [true, 'Style and form', 5],
      [false, 'Sources', 2.5],
    ]);
    expect(after.guide.criteria.some((c) => c.id === content!.id)).toBe(false);
    expect(after.guide.comments.map((c) => [c.id, c.description])).toEqual([[argued!.id, 'Very well argued']]);
  });

  it('refuses invalid guides with per-field reasons and changes nothing', async () => {
    const before = await snapshot();
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ criteria: [{ id: 0, shortname: '', maxscore: 1 }] }, ['criteria[0][shortname]']],
      [{ criteria: [{ id: 0, shortname: 'A', maxscore: 1 }, { id: 0, shortname: ' a ', maxscore: 1 }] }, ['criteria[1][shortname]']],
      [{ criteria: [{ id: 0, shortname: 'A', maxscore: 0 }, { id: 0, shortname: 'B', maxscore: -2 }] }, ['criteria[0][maxscore]', 'criteria[1][maxscore]']],
      [{ criteria: [{ id: 0, shortname: 'x'.repeat(256), maxscore: 1 }] }, ['criteria[0][shortname]']],
      [{ criteria: [] }, ['criteria']],
      [{ name: ' ', criteria: [{ id: 0, shortname: 'A', maxscore: 1 }] }, ['name']],
    ];
    for (const [args, fields] of cases) {
      const answer = await save(args);
      expect(answer.exception?.errorcode, JSON.stringify(args).slice(0, 80)).toBe('invalidguide');
      for (const field of fields) expect(answer.exception?.message).toContain(field);
      expect(answer.exception?.fielderrors?.map((e) => e.field)).toEqual(fields);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses malformed arguments and ids from elsewhere, changing nothing', async () => {
    const before = await snapshot();
    const bad: Array<Record<string, unknown>> = [
      { criteria: [{ id: 0, shortname: 'A', maxscore: 'ten' }] },
      { criteria: [{ id: 0, shortname: 'A', maxscore: 1, extra: 1 }] },
      { criteria: 'nope' },
      { criteria: [{ id: 0, shortname: 'A', maxscore: 1 }], status: 15 },
      { criteria: [{ id: 99999999, shortname: 'A', maxscore: 1 }] },
      { criteria: [{ id: 0, shortname: 'A', maxscore: 1 }], comments: [{ id: 99999999, description: 'x' }] },
      { cmid: 99999999, criteria: [{ id: 0, shortname: 'A', maxscore: 1 }] },
    ];
    for (const args of bad) {
      const answer = await save(args);
      expect(answer.error, JSON.stringify(args)).toBe(true);
      expect(['invalidparameter', 'invalidrecord']).toContain(answer.exception?.errorcode);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets only those who manage grading forms in the module save or read definitions', async () => {
    const before = await snapshot();
    const args = { criteria: [{ id: 0, shortname: 'Only', maxscore: 1 }] };
    expect((await save(args, marker)).exception?.errorcode).toBe('nopermissions');
    expect((await save(args, learner)).exception?.errorcode).toBe('nopermissions');
    expect((await save(args, outsider)).exception?.errorcode).toBe('requireloginerror');
    expect((await callAs(site, learner, 'core_grading_get_definitions', { cmids: [cmid] })).exception?.errorcode).toBe('nopermissions');
    expect((await callAs(site, marker, 'core_grading_get_definitions', { cmids: [cmid] })).exception?.errorcode).toBe('nopermissions');
    expect(await snapshot()).toEqual(before);
  });

  it('saves a draft without criteria, which is not used for grading, and lists areas without a guide', async () => {
    const fresh = await createPageActivity(site, courseid, 'Draft essay');
    const answer = await callAs<GuideDefinitionInfo>(site, teacher, 'core_grading_save_guide', { cmid: fresh, name: 'Draft', criteria: [], status: 10 });
    expect(answer.data?.status).toBe(10);
    const context = await getContext(site.platform.db, CONTEXT_MODULE, fresh);
    expect(await activeGuide(site.platform.db, context!.id, 'mod_page', 'submissions')).toBeNull();
    const empty = await createPageActivity(site, courseid, 'No guide');
    const defs = await callAs<Areas>(site, teacher, 'core_grading_get_definitions', { cmids: [empty, fresh], activeonly: true });
    expect(defs.data!.areas.map((a) => [a.cmid, a.activemethod, a.definitions.length])).toEqual([
      [empty, '', 0],
      [fresh, 'guide', 1],
    ]);
  });

  it('guards the guide editor page', async () => {
    const get = (url: string, session: Session) => site.app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie: session.cookie } });
    expect((await get(`/grade/grading/form/guide/edit.php?cmid=${cmid}`, teacher)).statusCode).toBe(200);
    expect((await get(`/grade/grading/form/guide/edit.php?cmid=${cmid}`, marker)).statusCode).toBe(403);
    expect((await get(`/grade/grading/form/guide/edit.php?cmid=${cmid}`, learner)).statusCode).toBe(403);
    expect((await get('/grade/grading/form/guide/edit.php?cmid=x', teacher)).statusCode).toBe(400);
    expect((await get('/grade/grading/form/guide/edit.php?cmid=99999999', teacher)).statusCode).toBe(404);
  });
});
