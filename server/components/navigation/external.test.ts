import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAV_TYPE, type BlockInstance, type NavNodeJson } from '../../../api/navigation';
import { setPreference } from '../../platform/preferences';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { callAs } from '../tag/fixtures';
import { find, navigationSite, walk, type Session } from './fixtures';

type Tree = { nodes: NavNodeJson[]; expanded: string[] };

describe.each(testDialects)('navigation and settings blocks on %s', (dialect) => {
  let site: TestSite;
  let fx: Awaited<ReturnType<typeof navigationSite>>;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    fx = await navigationSite(site);
  }, 60_000);
  afterAll(() => site?.close());

  const navigation = async (session: Session, page: { courseid?: number; cmid?: number; contextid?: number } = {}) => {
    const answer = await callAs<Tree>(site, session, 'block_navigation_get_navigation', { instanceid: fx.navigation, ...page });
    if (answer.error) throw new Error(JSON.stringify(answer.exception));
    return answer.data as Tree;
  };
  const settings = async (session: Session, page: { courseid?: number; cmid?: number; contextid?: number } = {}) => {
    const answer = await callAs<{ nodes: NavNodeJson[] }>(site, session, 'block_settings_get_settings', { instanceid: fx.settings, ...page });
    if (answer.error) throw new Error(JSON.stringify(answer.exception));
    return (answer.data as { nodes: NavNodeJson[] }).nodes;
  };

  it('lists the two blocks with the caller’s collapsed and docked choices', async () => {
    await setPreference(site.platform.db, fx.studentId, `block${fx.settings}hidden`, '1');
    await setPreference(site.platform.db, fx.studentId, `docked_block_instance_${fx.navigation}`, '1');
    const mine = await callAs<{ blocks: BlockInstance[] }>(site, fx.student, 'block_navigation_get_page_blocks', {});
    expect(mine.data?.blocks.map((b) => [b.blockname, b.hidden, b.docked])).toEqual([
      ['navigation', false, true],
      ['settings', true, false],
    ]);
    const teachers = await callAs<{ blocks: BlockInstance[] }>(site, fx.teacher, 'block_navigation_get_page_blocks', {});
    expect(teachers.data?.blocks.every((b) => !b.hidden && !b.docked)).toBe(true);
  });

  it('opens the page course under my courses down to the current activity, without what students may not see', async () => {
    const tree = await navigation(fx.student, { cmid: fx.page });
    expect(tree.nodes.map((n) => n.key)).toEqual(['myhome', 'home', 'mycourses', 'courses']);
    const mycourses = find(tree.nodes, NAV_TYPE.ROOTNODE, 'mycourses');
    expect(mycourses?.forceopen).toBe(true);
    const course = find(tree.nodes, NAV_TYPE.COURSE, fx.biology);
    expect(course).toMatchObject({ name: 'BIO', title: 'Biology for beginners', forceopen: true, requiresajaxloading: false });
    const topic1 = find(tree.nodes, NAV_TYPE.SECTION, fx.topic1);
    expect(topic1?.forceopen).toBe(true);
    const names = (topic1?.children ?? []).map((n) => (n === '' ? '' : n.name));
    expect(names).toEqual(['Reading list', 'Lab report']);
    // A page is a resource (50), an assignment an activity (40); both carry their type's icon.
    expect(find(tree.nodes, NAV_TYPE.RESOURCE, fx.page)?.icon).toMatchObject({ pix: 'monologo', component: 'mod_page', alt: 'Page' });
    const assign = find(tree.nodes, NAV_TYPE.ACTIVITY, fx.assign);
    expect(assign).toMatchObject({ requiresajaxloading: true, id: `expandable_branch_40_${fx.assign}`, icon: { component: 'mod_assign' } });
    expect(find(tree.nodes, NAV_TYPE.RESOURCE, fx.hidden)).toBeUndefined();
    // Topic 2 holds nothing: a plain section, not a branch.
    expect(find(tree.nodes, NAV_TYPE.SECTION, fx.topic2)).toMatchObject({ haschildren: false, requiresajaxloading: false });
    expect(walk(tree.nodes).some((n) => n.key === 'siteadministration')).toBe(false);
  });

  it('shows teachers the hidden activity dimmed and opens their current activity with its pages', async () => {
    const tree = await navigation(fx.teacher, { cmid: fx.assign });
    expect(find(tree.nodes, NAV_TYPE.RESOURCE, fx.hidden)?.hidden).toBe(true);
    const assign = find(tree.nodes, NAV_TYPE.ACTIVITY, fx.assign);
    expect(assign?.forceopen).toBe(true);
    expect((assign?.children ?? []).map((n) => (n === '' ? '' : n.name))).toEqual(['View all submissions']);
    const student = await navigation(fx.student, { cmid: fx.assign });
    // The student's assignment was opened and has none of those pages: an empty branch, not a lazy one.
    expect(find(student.nodes, NAV_TYPE.ACTIVITY, fx.assign)).toMatchObject({ haschildren: true, requiresajaxloading: false });
  });

  it('treats a hidden activity as no activity for a student, leaving its course as the page', async () => {
    const tree = await navigation(fx.student, { cmid: fx.hidden });
    expect(find(tree.nodes, NAV_TYPE.COURSE, fx.biology)?.forceopen).toBe(true);
    expect(find(tree.nodes, NAV_TYPE.RESOURCE, fx.hidden)).toBeUndefined();
  });

  it('opens a course the caller is not enrolled in under courses, along its category', async () => {
    const tree = await navigation(fx.admin, { courseid: fx.biology });
    const courses = find(tree.nodes, NAV_TYPE.ROOTNODE, 'courses');
    expect(courses?.forceopen).toBe(true);
    expect(find(tree.nodes, NAV_TYPE.CATEGORY, fx.sciences)?.forceopen).toBe(true);
    expect(find(tree.nodes, NAV_TYPE.COURSE, fx.biology)?.forceopen).toBe(true);
    // The admin sees the hidden course and category (dimmed), and site administration.
    expect(find(tree.nodes, NAV_TYPE.COURSE, fx.secret)?.hidden).toBe(true);
    expect(find(tree.nodes, NAV_TYPE.CATEGORY, fx.archive)?.hidden).toBe(true);
    expect(find(tree.nodes, NAV_TYPE.SITE_ADMIN, 'siteadministration')).toMatchObject({ requiresajaxloading: true, id: 'expandable_branch_71_siteadministration' });
  });

  it('never shows a course the caller may not enter as the page course, nor a hidden one at all', async () => {
    const outsider = await navigation(fx.outsider, { courseid: fx.biology });
    expect(walk(outsider.nodes).some((n) => n.type === NAV_TYPE.COURSE)).toBe(false);
    const secret = await navigation(fx.student, { courseid: fx.secret });
    expect(find(secret.nodes, NAV_TYPE.COURSE, fx.secret)).toBeUndefined();
    const guest = await navigation(fx.guest, { courseid: fx.biology, contextid: 999_999 });
    expect(guest.nodes.map((n) => n.key)).toEqual(['myhome', 'home', 'mycourses', 'courses']);
  });

  it('answers the branches the caller left expanded, ignoring what is not a list of node ids', async () => {
    await setPreference(site.platform.db, fx.teacherId, `block${fx.navigation}expanded`, JSON.stringify(['mycourses', `expandable_branch_30_${fx.topic1}`, '<script>', 7]));
    expect((await navigation(fx.teacher)).expanded).toEqual(['mycourses', `expandable_branch_30_${fx.topic1}`]);
    await setPreference(site.platform.db, fx.teacherId, `block${fx.navigation}expanded`, '{not json');
    expect((await navigation(fx.teacher)).expanded).toEqual([]);
  });

  it('refuses another block’s instance and bad arguments as a user mistake', async () => {
    const wrong = await callAs(site, fx.student, 'block_navigation_get_navigation', { instanceid: fx.settings });
    expect(wrong.exception?.errorcode).toBe('invalidrecord');
    const bad = await callAs(site, fx.student, 'block_settings_get_settings', { instanceid: 'x' });
    expect(bad.exception?.errorcode).toBe('invalidparameter');
  });

  it('lists course settings by what each page admits: editing for teachers, participants for students', async () => {
    const teacher = await settings(fx.teacher, { courseid: fx.biology });
    const courseadmin = find(teacher, NAV_TYPE.COURSE, 'courseadmin');
    expect(courseadmin?.forceopen).toBe(true);
    const keys = walk(courseadmin?.children ?? []).map((n) => n.key);
    expect(keys).toEqual(expect.arrayContaining(['editsettings', 'users', 'participants', 'groups', 'roleoverride', 'gradebook', 'questionbank', 'reports']));
    expect(find(teacher, NAV_TYPE.SETTING, 'editsettings')?.link).toBe(`http://tessera.test/course/edit.php?id=${fx.biology}`);
    const student = await settings(fx.student, { courseid: fx.biology });
    const studentKeys = walk(student).map((n) => n.key);
    expect(studentKeys).not.toContain('editsettings');
    expect(studentKeys).not.toContain('reports');
    expect(studentKeys).toEqual(expect.arrayContaining(['usercurrentsettings', 'editprofile']));
    expect(studentKeys).not.toContain('siteadministration');
  });

  it('opens site administration down to the page when the page is one of its own', async () => {
    const nodes = (await callAs<{ nodes: NavNodeJson[] }>(site, fx.admin, 'block_settings_get_settings', { instanceid: fx.settings, pageurl: '/admin/tool/templatelibrary/index.php?template=core%2Flogin' })).data?.nodes ?? [];
    const admin = find(nodes, NAV_TYPE.SITE_ADMIN, 'siteadministration');
    expect(admin).toMatchObject({ forceopen: true, requiresajaxloading: false });
    expect(find(nodes, NAV_TYPE.SETTING, 'development')?.forceopen).toBe(true);
    expect(find(nodes, NAV_TYPE.SETTING, 'users')?.forceopen).not.toBe(true);
    expect(find(nodes, NAV_TYPE.SETTING, 'templatelibrary')?.link).toBe('http://tessera.test/admin/tool/templatelibrary/index.php');
    expect(find(nodes, NAV_TYPE.USER, 'usercurrentsettings')?.forceopen).not.toBe(true);
    // A student on an admin page gets no site administration at all.
    const student = (await callAs<{ nodes: NavNodeJson[] }>(site, fx.student, 'block_settings_get_settings', { instanceid: fx.settings, pageurl: '/admin/user.php' })).data?.nodes ?? [];
    expect(walk(student).some((n) => n.key === 'siteadministration')).toBe(false);
    const offsite = await callAs(site, fx.admin, 'block_settings_get_settings', { instanceid: fx.settings, pageurl: '//elsewhere.test/admin/' });
    expect(offsite.exception?.errorcode).toBe('invalidparameter');
  });

  it('lists activity administration for those who may manage it, opened on the activity page', async () => {
    const teacher = await settings(fx.teacher, { cmid: fx.assign });
    const modulesettings = find(teacher, NAV_TYPE.SETTING, 'modulesettings');
    expect(modulesettings?.forceopen).toBe(true);
    expect(walk(modulesettings?.children ?? []).map((n) => n.key)).toEqual(expect.arrayContaining(['grading', 'modedit', 'roleoverride']));
    expect(find(teacher, NAV_TYPE.COURSE, 'courseadmin')?.forceopen).toBeUndefined();
    const student = await settings(fx.student, { cmid: fx.assign });
    expect(walk(student).some((n) => n.key === 'modulesettings')).toBe(false);
    const admin = await settings(fx.admin, { contextid: (await site.platform.db.selectFrom('context').select('id').where('contextlevel', '=', 70).where('instanceid', '=', fx.assign).executeTakeFirstOrThrow()).id });
    expect(find(admin, NAV_TYPE.SETTING, 'modulesettings')).toBeDefined();
    expect(find(admin, NAV_TYPE.SITE_ADMIN, 'siteadministration')?.requiresajaxloading).toBe(true);
  });
});
