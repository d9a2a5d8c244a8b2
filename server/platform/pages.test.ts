import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { createTestSite, type TestSite } from '../test/site';

function pageConfig(html: string): Record<string, unknown> {
  const match = /window\.M\.cfg = (\{.*?\});<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no M.cfg in page');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

describe.each(testDialects)('app pages on %s', (dialect) => {
  let site: TestSite;
  let student: { cookie: string; sesskey: string };
  let studentId: number;
  let courseId: number;
  let otherCourseId: number;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    studentId = await site.createUser('pupil', { firstname: 'Pia', lastname: 'Pupil' });
    student = await site.sessionFor(studentId);
    courseId = await site.createCourse('Art history', 'ART1');
    otherCourseId = await site.createCourse('Music', 'MUS1');
    await site.enrol(studentId, courseId, 'student');
  });
  afterAll(() => site.close());

  const get = (url: string, cookie?: string) =>
    site.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

  it('sends visitors who are not logged in to the login page, remembering where they were going', async () => {
    const response = await get('/course/view.php?id=5');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login/index.php');
    const cookie = String(response.headers['set-cookie']).split(';')[0] ?? '';
    const sid = cookie.split('=')[1] ?? '';
    const session = await site.platform.db.selectFrom('sessions').select('data').where('sid', '=', sid).executeTakeFirstOrThrow();
    expect(JSON.parse(session.data)).toMatchObject({ wantsurl: '/course/view.php?id=5' });
  });

  it('serves the dashboard with the page config in M.cfg and a nonce-based content security policy', async () => {
    const response = await get('/', student.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`"sesskey":"${student.sesskey}"`);
    const cfg = pageConfig(response.body);
    expect(cfg).toMatchObject({ userid: studentId, wwwroot: 'http://tessera.test', theme: 'boost', user: { fullname: 'Pia Pupil', isadmin: false } });
    expect(typeof cfg.jsrev).toBe('number');
    expect(response.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
  });

  it('hands out notifications queued for the session once', async () => {
    const sid = student.cookie.split('=')[1] ?? '';
    await site.platform.db.insertInto('session_notifications').values({ sid, message: 'Saved', type: 'success', timecreated: 1 }).execute();
    expect(pageConfig((await get('/', student.cookie)).body).notifications).toEqual([{ message: 'Saved', type: 'success' }]);
    expect(pageConfig((await get('/', student.cookie)).body).notifications).toEqual([]);
  });

  it('opens a course page for an enrolled user and refuses one they cannot enter', async () => {
    expect((await get(`/course/view.php?id=${courseId}`, student.cookie)).statusCode).toBe(200);
    const refused = await get(`/course/view.php?id=${otherCourseId}`, student.cookie);
    expect(refused.statusCode).toBe(403);
    expect(pageConfig(refused.body).pageerror).toMatchObject({ errorcode: 'requireloginerror' });
    expect((await get('/course/view.php?id=987654', student.cookie)).statusCode).toBe(404);
  });

  it('keeps site administration to users with moodle/site:config', async () => {
    expect((await get('/admin/', student.cookie)).statusCode).toBe(403);
    expect((await get('/admin/webservice/documentation.php', student.cookie)).statusCode).toBe(403);
    const admin = await site.sessionFor(site.adminId);
    expect((await get('/admin/', admin.cookie)).statusCode).toBe(200);
    expect((await get('/admin/webservice/documentation.php', admin.cookie)).statusCode).toBe(200);
  });

  it('answers unknown pages with the app shell and status 404', async () => {
    const response = await get('/no/such/page.php', student.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('M.cfg');
  });
});
