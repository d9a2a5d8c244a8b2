/**
 * Stored cross-site scripting: script and event-handler payloads are saved into the texts people can
 * edit (course, category, group, cohort, role and tag names, course summary, user names, an
 * assignment's name and description, its marking guide and feedback comment) and every
 * page showing them is opened. No script may run, and — so the test does not lean on the
 * Content-Security-Policy alone — no payload may have become live markup: no event-handler
 * attribute, no javascript: link and no injected script element in the page. (Rich text such as the
 * course summary may keep a harmless image; names are cleaned to plain text.) New records are made for this, so other specs' data stays as it was; the spec
 * runs in the "sitewide" project because the payloads show up in site-wide lists.
 */
import type { Page } from '@playwright/test';
import { expect, test, ws } from './helpers';
import { ADMIN } from './site';

const MARK = `x${Date.now().toString(36)}`;
/** Text that would run script if it were ever put into the page as HTML. */
const payload = (what: string) => `${what} ${MARK} <img src=x onerror="window.__xss=1"><script>window.__xss=1</script>`;

/** Fails when a payload became markup or ran. */
async function expectInert(page: Page, where: string): Promise<void> {
  const found = await page.evaluate(() => ({
    ran: (window as unknown as { __xss?: number }).__xss !== undefined,
    handlers: document.querySelectorAll('[onerror], [onload], [onclick], [onmouseover]').length,
    scriptLinks: [...document.querySelectorAll('a[href], iframe[src], form[action]')].filter((e) => /^\s*javascript:/i.test(e.getAttribute('href') ?? e.getAttribute('src') ?? e.getAttribute('action') ?? '')).length,
    scripts: [...document.querySelectorAll('script')].filter((s) => (s.textContent ?? '').includes('__xss')).length,
  }));
  expect(found, where).toEqual({ ran: false, handlers: 0, scriptLinks: 0, scripts: 0 });
}

test('payloads saved in editable texts never run or become markup on the pages that show them', async ({ page, logInAs }) => {
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await logInAs(ADMIN);
  await page.goto('/my/');

  const [category] = await ws<Array<{ id: number }>>(page, 'core_course_create_categories', { categories: [{ name: payload('Category') }] });
  const categoryid = category?.id ?? 0;
  const [course] = await ws<Array<{ id: number }>>(page, 'core_course_create_courses', {
    courses: [{ fullname: payload('Course'), shortname: `XSS-${MARK}`, categoryid, summary: `<p>Summary</p>${payload('Summary')}<a href="javascript:window.__xss=1">link</a>` }],
  });
  const courseid = course?.id ?? 0;
  const [learner] = await ws<Array<{ id: number }>>(page, 'core_user_create_users', {
    users: [{ username: `xss${MARK}`, password: 'Xss-learner-1!', firstname: payload('First'), lastname: payload('Last'), email: `xss${MARK}@example.org` }],
  });
  const userid = learner?.id ?? 0;
  const { roles } = await ws<{ roles: Array<{ id: number; shortname: string }> }>(page, 'core_role_list_roles', {});
  const student = roles.find((r) => r.shortname === 'student')?.id ?? 0;
  const teacher = roles.find((r) => r.shortname === 'editingteacher')?.id ?? 0;
  const me = await page.evaluate(() => (window as unknown as { M: { cfg: { userid: number } } }).M.cfg.userid);
  await ws(page, 'enrol_manual_enrol_users', { enrolments: [{ roleid: student, userid, courseid }, { roleid: teacher, userid: me, courseid }] });
  const [group] = await ws<Array<{ id: number }>>(page, 'core_group_create_groups', { groups: [{ courseid, name: payload('Group'), description: payload('Group description') }] });
  await ws(page, 'core_group_add_group_members', { members: [{ groupid: group?.id ?? 0, userid }] });
  await ws(page, 'core_cohort_create_cohorts', { cohorts: [{ categorytype: { type: 'system', value: '' }, name: payload('Cohort'), description: payload('Cohort description') }] });
  await ws(page, 'core_role_create_role', { shortname: `xss${MARK}`, name: payload('Role'), description: payload('Role description'), archetype: 'student', contextlevels: [50], permissions: [{ capability: 'moodle/course:viewparticipants', permission: 1 }] });
  await ws(page, 'core_tag_set_item_tags', { component: 'core', itemtype: 'course', itemid: courseid, tags: [payload('Tag')] });
  const context = await ws<{ contextid: number }>(page, 'core_role_get_review_access', { contextlevel: 'course', instanceid: courseid });
  // An assignment with a marking guide, graded with a feedback comment: names, descriptions, criteria,
  // frequently used comments and feedback are all texts teachers write.
  const assignment = await ws<{ cmid: number; instance: number }>(page, 'mod_assign_add_instance', {
    courseid,
    section: 1,
    name: payload('Assignment'),
    intro: `<p>Brief</p>${payload('Brief')}`,
    grade: 10,
    onlinetext_enabled: 1,
    gradingmethod: 'guide',
  });
  await ws(page, 'core_grading_save_guide', {
    cmid: assignment.cmid,
    name: payload('Guide'),
    description: payload('Guide description'),
    status: 20,
    criteria: [{ id: 0, shortname: payload('Criterion'), description: payload('For students'), descriptionmarkers: payload('For markers'), maxscore: 10 }],
    comments: [{ id: 0, description: payload('Comment') }],
  });
  await ws(page, 'mod_assign_save_grade', { assignmentid: assignment.instance, userid, grade: 7, plugindata: { assignfeedbackcomments_editor: { text: payload('Feedback'), format: 1 } } });

  const pages: Array<[string, string]> = [
    [`/course/view.php?id=${courseid}`, 'Course'],
    ['/my/', 'Course'],
    [`/user/index.php?id=${courseid}`, 'First'],
    [`/user/profile.php?id=${userid}`, 'First'],
    [`/admin/user.php?search=${MARK}`, 'First'],
    [`/course/management.php?categoryid=${categoryid}`, 'Category'],
    [`/course/search.php?search=${MARK}`, 'Course'],
    [`/group/index.php?id=${courseid}`, 'Group'],
    ['/cohort/index.php', 'Cohort'],
    ['/admin/roles/manage.php', 'Role'],
    [`/admin/roles/assign.php?contextid=${context.contextid}`, 'Role'],
    [`/admin/roles/permissions.php?contextid=${context.contextid}`, 'Role'],
    [`/tag/manage.php?tc=1&filter=${MARK}`, 'Tag'],
    [`/mod/assign/view.php?id=${assignment.cmid}`, 'Assignment'],
    [`/mod/assign/view.php?id=${assignment.cmid}&action=grading`, 'First'],
    [`/mod/assign/view.php?id=${assignment.cmid}&action=grader&userid=${userid}`, 'Criterion'],
    [`/grade/report/grader/index.php?id=${courseid}`, 'Assignment'],
    [`/grade/report/user/index.php?id=${courseid}&userid=${userid}`, 'Feedback'],
  ];
  for (const [url, what] of pages) {
    await page.goto(url);
    // The record is on the page: as the literal text typed, or with its markup removed when saved
    // (names are plain text, and are cleaned of tags on the way in).
    await expect(page.getByText(`${what} ${MARK}`).first(), url).toBeVisible();
    await expectInert(page, url);
  }
  // The tag's own index page, reached from the course page's tag list.
  await page.goto(`/course/view.php?id=${courseid}`);
  await page.getByRole('list', { name: 'Tags' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/tag\/index\.php\?/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Tag ${MARK}`);
  await expectInert(page, 'tag index');
  expect(dialogs).toEqual([]);
});
