import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAV_BRANCH_URL, NAV_TYPE, SITE_ADMIN_BRANCH_URL, type NavNodeJson } from '../../../api/navigation';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { find, makeManager, navigationSite, postBranch, walk, type Session } from './fixtures';

type Failure = { error: string; errorcode: string };

describe.each(testDialects)('the navigation branch endpoints on %s', (dialect) => {
  let site: TestSite;
  let fx: Awaited<ReturnType<typeof navigationSite>>;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    fx = await navigationSite(site);
  }, 60_000);
  afterAll(() => site?.close());

  const branch = async (session: Session | null, type: number, id: string | number, extra: Record<string, string | number> = {}) =>
    (await postBranch(site, NAV_BRANCH_URL, session, { elementid: `expandable_branch_${type}_${id}`, id, type, instance: fx.navigation, ...extra })).json as NavNodeJson & Failure;
  const children = (node: NavNodeJson) => (node.children ?? []).filter((c): c is NavNodeJson => c !== '');

  it('checks the login, then the session key', async () => {
    expect((await branch(null, 0, 'mycourses')).errorcode).toBe('requireloginerror');
    expect((await branch(fx.student, 0, 'mycourses', { sesskey: 'forged' })).errorcode).toBe('invalidsesskey');
  });

  it('answers the expanded node itself, its children lazy where they load on demand', async () => {
    const mine = await branch(fx.student, 0, 'mycourses');
    expect(mine).toMatchObject({ key: 'mycourses', type: 0, requiresajaxloading: false });
    expect(children(mine).map((c) => [c.name, c.id, c.requiresajaxloading])).toEqual([['BIO', `expandable_branch_20_${fx.biology}`, true]]);
    const course = await branch(fx.student, NAV_TYPE.COURSE, fx.biology);
    const sections = children(course).filter((c) => c.type === NAV_TYPE.SECTION);
    expect(sections.map((s) => s.key)).toEqual([expect.any(Number), fx.topic1, fx.topic2]);
    expect(find(sections, NAV_TYPE.SECTION, fx.topic1)).toMatchObject({ requiresajaxloading: true, expandable: fx.topic1 });
    expect(course.class).toContain('canexpand');
    expect(children(course).map((c) => c.key)).toContain('participants');
  });

  it('lists a section’s activities without the hidden one for students, dimmed for teachers', async () => {
    const student = await branch(fx.student, NAV_TYPE.SECTION, fx.topic1);
    expect(children(student).map((c) => [c.name, c.type])).toEqual([
      ['Reading list', NAV_TYPE.RESOURCE],
      ['Lab report', NAV_TYPE.ACTIVITY],
    ]);
    const teacher = await branch(fx.teacher, NAV_TYPE.SECTION, fx.topic1);
    expect(children(teacher).find((c) => c.key === fx.hidden)?.hidden).toBe(true);
  });

  it('answers an activity with nothing for the caller as an empty branch', async () => {
    const student = await branch(fx.student, NAV_TYPE.ACTIVITY, fx.assign);
    expect(student).toMatchObject({ key: fx.assign, haschildren: true, requiresajaxloading: false });
    expect(student.children).toBeUndefined();
    const teacher = await branch(fx.teacher, NAV_TYPE.ACTIVITY, fx.assign);
    expect(children(teacher).map((c) => c.link)).toEqual([`http://tessera.test/mod/assign/view.php?id=${fx.assign}&action=grading`]);
  });

  it('answers a course the caller may see but not enter as a course with nothing in it', async () => {
    const outsider = await branch(fx.outsider, NAV_TYPE.COURSE, fx.biology);
    expect(outsider).toMatchObject({ key: fx.biology, name: 'BIO', haschildren: false });
    expect(outsider.children).toBeUndefined();
  });

  it('answers what the caller may not see as missing: hidden courses, categories, sections and activities', async () => {
    expect((await branch(fx.student, NAV_TYPE.COURSE, fx.secret)).errorcode).toBe('invalidrecord');
    expect((await branch(fx.student, NAV_TYPE.CATEGORY, fx.archive)).errorcode).toBe('invalidrecord');
    expect((await branch(fx.student, NAV_TYPE.RESOURCE, fx.hidden)).errorcode).toBe('activityiscurrentlyhidden');
    expect((await branch(fx.outsider, NAV_TYPE.SECTION, fx.topic1)).errorcode).toBe('requireloginerror');
    const courses = await branch(fx.student, 0, 'courses');
    expect(children(courses).map((c) => c.name)).toEqual(['Sciences']);
    const sciences = await branch(fx.student, NAV_TYPE.CATEGORY, fx.sciences);
    expect(children(sciences).map((c) => c.name)).toEqual(['BIO']);
    const admin = await branch(fx.admin, NAV_TYPE.CATEGORY, fx.sciences);
    expect(children(admin).map((c) => [c.name, c.hidden])).toEqual([
      ['BIO', false],
      ['SECRET', true],
    ]);
  });

  it('refuses unknown types, ids and block instances as user mistakes', async () => {
    expect((await branch(fx.student, 0, 'everything')).errorcode).toBe('invalidparameter');
    expect((await branch(fx.student, NAV_TYPE.COURSE, 'abc')).errorcode).toBe('invalidparameter');
    expect((await branch(fx.student, NAV_TYPE.USER, 5)).errorcode).toBe('unknownbranchtype');
    expect((await branch(fx.student, NAV_TYPE.COURSE, fx.biology, { instance: 999_999 })).errorcode).toBe('invalidrecord');
    expect((await branch(fx.student, NAV_TYPE.COURSE, fx.biology, { type: 'x' })).errorcode).toBe('invalidparameter');
    expect((await branch(fx.student, NAV_TYPE.COURSE, fx.biology, { elementid: '"><script>' })).errorcode).toBe('invalidparameter');
    expect((await branch(fx.student, NAV_TYPE.COURSE, 99_999_999)).errorcode).toBe('invalidrecord');
  });

  it('gives site administration only to those who may open some of it, with type 71 and no guest', async () => {
    const admin = (await postBranch(site, SITE_ADMIN_BRANCH_URL, fx.admin, { type: 71 })).json as NavNodeJson;
    expect(admin).toMatchObject({ key: 'siteadministration', type: NAV_TYPE.SITE_ADMIN, name: 'Site administration', requiresajaxloading: false });
    expect(children(admin).map((c) => c.key)).toEqual(['adminsearchcategory', 'users', 'permissions', 'courses', 'competencies', 'plugins', 'reports', 'language', 'appearance', 'webservices', 'development']);
    expect(walk([admin]).find((n) => n.key === 'templatelibrary')?.link).toBe('http://tessera.test/admin/tool/templatelibrary/index.php');

    const student = (await postBranch(site, SITE_ADMIN_BRANCH_URL, fx.student, { type: 71 })).json as Failure;
    expect(student.errorcode).toBe('nopermissions');
    expect(((await postBranch(site, SITE_ADMIN_BRANCH_URL, fx.admin, { type: 70 })).json as Failure).error).toBe('Wrong node type passed.');
    expect(((await postBranch(site, SITE_ADMIN_BRANCH_URL, fx.guest, { type: 71 })).json as Failure).error).toBe('Invalid access.');
    expect(((await postBranch(site, SITE_ADMIN_BRANCH_URL, null, { type: 71 })).json as Failure).errorcode).toBe('requireloginerror');
    expect(((await postBranch(site, SITE_ADMIN_BRANCH_URL, fx.admin, { type: 71, sesskey: 'forged' })).json as Failure).errorcode).toBe('invalidsesskey');
  });

  it('gives a manager the part of site administration their capabilities open, not the site configuration', async () => {
    const managerId = await site.createUser('navmanager');
    await makeManager(site, managerId);
    const tree = (await postBranch(site, SITE_ADMIN_BRANCH_URL, await site.sessionFor(managerId), { type: 71 })).json as NavNodeJson;
    const keys = walk([tree]).map((n) => n.key);
    expect(keys).toEqual(expect.arrayContaining(['userlist', 'coursemgmt', 'customsqlreports']));
    expect(keys).not.toContain('templatelibrary');
    expect(keys).not.toContain('searchadmin');
  });
});
