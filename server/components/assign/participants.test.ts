import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Participant } from '../../../api/assign';
import { getRoleByShortname } from '../../platform/access/install';
import { ensureCourseContext } from '../../platform/access/contexts';
import { now } from '../../platform/platform';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import type { Session } from '../tag/fixtures';
import { assignArgs, ok } from './fixtures';

const SIZE = 5000;

describe.each(testDialects)('participants of a large assignment on %s', (dialect) => {
  let site: TestSite;
  let teacher: Session;
  let instance: number;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    const db = site.platform.db;
    const courseid = await site.createCourse('Big course', 'BIG1');
    const teacherId = await site.createUser('bigteacher');
    await site.enrol(teacherId, courseid, 'editingteacher');
    teacher = await site.sessionFor(teacherId);
    instance = (await ok<{ instance: number }>(site, teacher, 'mod_assign_add_instance', assignArgs(courseid))).instance;
    // 5,000 students in bulk: users, enrolments, role assignments; a third submitted, some graded.
    const t = now();
    const enrol = await db.selectFrom('enrol').select('id').where('courseid', '=', courseid).executeTakeFirstOrThrow();
    const student = await getRoleByShortname(db, 'student');
    const context = await ensureCourseContext(db, courseid, 0);
    for (let start = 0; start < SIZE; start += 500) {
      const users = await db
        .insertInto('user')
        .values(Array.from({ length: 500 }, (_, i) => ({ username: `big${start + i}`, password: '', firstname: `First${start + i}`, lastname: `Last${String(start + i).padStart(5, '0')}`, email: `big${start + i}@example.org`, timecreated: t, timemodified: t })))
        .returning('id')
        .execute();
      const ids = users.map((u) => u.id);
      await db.insertInto('user_enrolments').values(ids.map((userid) => ({ enrolid: enrol.id, userid, timecreated: t, timemodified: t }))).execute();
      await db.insertInto('role_assignments').values(ids.map((userid) => ({ roleid: student!.id, contextid: context.id, userid, timemodified: t }))).execute();
      const submitters = ids.filter((_, i) => i % 3 === 0);
      await db
        .insertInto('assign_submission')
        .values(submitters.map((userid) => ({ assignment: instance, userid, groupid: 0, attemptnumber: 0, latest: 1, status: 'submitted', timecreated: t - 100, timemodified: t - 100 })))
        .execute();
      await db
        .insertInto('assign_grades')
        .values(submitters.filter((_, i) => i % 2 === 0).map((userid) => ({ assignment: instance, userid, attemptnumber: 0, grade: 5, grader: teacherId, timecreated: t, timemodified: t })))
        .execute();
    }
  }, 120_000);
  afterAll(() => site.close());

  it(`lists all ${SIZE} participants by id, with the status the grader filters on`, async () => {
    // How fast is measured by the benchmark (`npm run bench -- --size L --only assignids`), not here.
    const list = await ok<Participant[]>(site, teacher, 'mod_assign_list_participants', { assignid: instance, onlyids: true });
    expect(list.length).toBe(SIZE);
    expect(new Set(list.map((p) => p.id)).size).toBe(SIZE);
    expect(list.filter((p) => p.submitted).length).toBe((SIZE / 500) * Math.ceil(500 / 3));
    expect(list.filter((p) => p.requiregrading).length).toBe((SIZE / 500) * Math.floor(Math.ceil(500 / 3) / 2));
  });

  it('answers graders opening the list at once alike, and a grade saved meanwhile shows in the next list', async () => {
    const list = () => ok<Participant[]>(site, teacher, 'mod_assign_list_participants', { assignid: instance, onlyids: true });
    const [first, second] = await Promise.all([list(), list()]);
    expect(second).toEqual(first);
    const waiting = first.find((p) => p.requiregrading);
    if (!waiting) throw new Error('the fixture has someone to grade');
    // A list read while the grade is saved; the list read after the save shows the grade (a run that
    // started before a committed change is not joined: server/platform/sharedCalls.test.ts).
    const underWay = list();
    const after = ok(site, teacher, 'mod_assign_save_grade', { assignmentid: instance, userid: waiting.id, grade: 7 }).then(() => list());
    const [, fresh] = await Promise.all([underWay, after]);
    expect(fresh.find((p) => p.id === waiting.id)?.requiregrading).toBe(false);
    expect(fresh.filter((p) => p.requiregrading).length).toBe(first.filter((p) => p.requiregrading).length - 1);
  });

  it('sends the list compressed to a client that accepts it, the same JSON once inflated', async () => {
    const ask = (acceptEncoding?: string) =>
      site.app.inject({
        method: 'POST',
        url: `/lib/ajax/service.php?sesskey=${teacher.sesskey}&info=mod_assign_list_participants`,
        headers: { 'content-type': 'application/json', cookie: teacher.cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
        payload: JSON.stringify([{ index: 0, methodname: 'mod_assign_list_participants', args: { assignid: instance, onlyids: true } }]),
      });
    const plain = await ask();
    const [brotli, gzipped] = await Promise.all([ask('gzip, deflate, br'), ask('gzip')]);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('pages the selector search with limit 30', async () => {
    const page = await ok<Participant[]>(site, teacher, 'mod_assign_list_participants', { assignid: instance, filter: 'first12', limit: 30 });
    expect(page.length).toBe(30);
    expect(page.every((p) => p.fullname.toLowerCase().includes('first12'))).toBe(true);
  });
});
