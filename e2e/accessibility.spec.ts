import type { Page } from '@playwright/test';
import { COLOUR_SCHEMES } from '../api/theme';
import { auditPage, describeFindings, type Finding } from './a11y';
import { unringedStopsInMain } from './focus';
import { expect, LOGIN_PATH, logIn, test, ws } from './helpers';
import { ADMIN, student, TEACHER, type SiteUser } from './site';

/**
 * The main screens of each area, opened as the person who uses them and checked with axe-core
 * against WCAG 2.1 A and AA, and for a visible focus at each stop of the Tab key in their content;
 * the core pages also in Spanish and in right-to-left Arabic. Each test
 * audits its pages itself (all of them, however many fail), so the per-test check is off here.
 */
test.use({ a11yCheck: false });
// Each test opens eight to ten screens and waits for each to settle before auditing it.
test.describe.configure({ timeout: 180_000 });

interface Demo {
  course: number;
  essay: number;
  quiz: number;
  feedback: number;
  lti: number;
}

interface Module {
  id: number;
  name: string;
  modname: string;
}

/** BIO101 and its demo activities (server/demo): the course every area's demo data lives in. */
async function demo(page: Page): Promise<Demo> {
  await page.goto('/my/');
  const { courses } = await ws<{ courses: Array<{ id: number }> }>(page, 'core_course_get_courses_by_field', { field: 'shortname', value: 'BIO101' });
  const course = courses[0]?.id ?? 0;
  const sections = await ws<Array<{ modules: Module[] }>>(page, 'core_course_get_contents', { courseid: course });
  const modules = sections.flatMap((section) => section.modules);
  const cmid = (modname: string, name?: string): number => {
    const found = modules.find((m) => m.modname === modname && (name === undefined || m.name === name));
    if (!found) throw new Error(`BIO101 has no ${modname} ${name ?? ''}`);
    return found.id;
  };
  return { course, essay: cmid('assign', 'Essay: cell structure'), quiz: cmid('quiz'), feedback: cmid('feedback'), lti: cmid('lti') };
}

/** Opens the address and waits for the screen: its title, nothing loading, no requests in flight. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.loading')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

/**
 * Audits each address in turn, and walks its main content with the Tab key checking that every stop
 * shows where the focus is; a page's problems are reported without stopping at the first.
 */
async function auditAll(page: Page, baseURL: string, paths: readonly string[]): Promise<void> {
  const findings: Finding[] = [];
  const unringed: string[] = [];
  for (const path of paths) {
    await open(page, path);
    findings.push(...(await auditPage(page, 'accessibility.spec', baseURL)));
    for (const stop of await unringedStopsInMain(page)) unringed.push(`${path}: ${stop}`);
  }
  if (findings.length > 0) throw new Error(describeFindings(findings));
  expect(unringed, 'every stop of the Tab key in the main content shows a focus indicator').toEqual([]);
}

async function userId(page: Page, username: string): Promise<number> {
  const [user] = await ws<Array<{ id: number }>>(page, 'core_user_get_users_by_field', { field: 'username', values: [username] });
  if (!user) throw new Error(`${username} is not on the site`);
  return user.id;
}

test('the login page', async ({ page, baseURL }) => {
  await page.goto(LOGIN_PATH);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  const findings = await auditPage(page, 'accessibility.spec', baseURL ?? '');
  if (findings.length > 0) throw new Error(describeFindings(findings));
});

test('the site administration screens: index, search, users', async ({ page, logInAs, baseURL }) => {
  await logInAs(ADMIN);
  await auditAll(page, baseURL ?? '', [
    '/',
    '/admin/',
    '/admin/search.php?query=theme',
    '/admin/user.php',
    '/admin/tool/uploaduser/index.php',
  ]);
});

test('the site administration screens: roles, cohorts, tags, courses, theme, templates', async ({ page, logInAs, baseURL }) => {
  await logInAs(ADMIN);
  const d = await demo(page);
  await auditAll(page, baseURL ?? '', [
    '/admin/roles/manage.php',
    '/admin/roles/allow.php',
    `/admin/roles/permissions.php?contextid=1`,
    '/cohort/index.php',
    '/tag/manage.php',
    '/course/management.php',
    `/course/edit.php?id=${d.course}`,
    '/theme/essential/settings.php',
    '/admin/tool/templatelibrary/index.php',
    '/blocks/configurable_reports/managereport.php',
    '/mod/lti/toolconfigure.php',
  ]);
});

test('the competency and plan screens', async ({ page, logInAs, baseURL }) => {
  await logInAs(ADMIN);
  const d = await demo(page);
  const [framework] = await ws<Array<{ id: number }>>(page, 'core_competency_list_competency_frameworks', { context: { contextid: 1 } });
  const learner = await userId(page, student(1).username);
  const [plan] = await ws<Array<{ id: number }>>(page, 'core_competency_list_user_plans', { userid: learner });
  await auditAll(page, baseURL ?? '', [
    '/admin/tool/lp/competencyframeworks.php?pagecontextid=1',
    `/admin/tool/lp/competencies.php?competencyframeworkid=${framework?.id ?? 0}&pagecontextid=1`,
    '/admin/tool/lp/learningplans.php?pagecontextid=1',
    `/admin/tool/lp/plans.php?userid=${learner}`,
    ...(plan ? [`/admin/tool/lp/plan.php?id=${plan.id}`] : []),
    `/admin/tool/lp/coursecompetencies.php?courseid=${d.course}`,
    `/report/competency/index.php?id=${d.course}`,
  ]);
});

test('the teaching screens: course, participants, grading table and grading screen', async ({ page, logInAs, baseURL }) => {
  await logInAs(TEACHER);
  const d = await demo(page);
  await auditAll(page, baseURL ?? '', [
    '/my/',
    `/course/view.php?id=${d.course}`,
    `/user/index.php?id=${d.course}`,
    `/group/index.php?id=${d.course}`,
    `/grade/report/grader/index.php?id=${d.course}`,
    `/mod/assign/view.php?id=${d.essay}`,
    `/mod/assign/view.php?id=${d.essay}&action=grading`,
    `/mod/assign/view.php?id=${d.essay}&action=grader`,
    `/grade/grading/form/guide/edit.php?cmid=${d.essay}`,
  ]);
});

test('the activity screens: quiz, feedback, LTI and reports', async ({ page, logInAs, baseURL }) => {
  await logInAs(TEACHER);
  const d = await demo(page);
  await auditAll(page, baseURL ?? '', [
    `/mod/quiz/view.php?id=${d.quiz}`,
    `/mod/quiz/report.php?id=${d.quiz}`,
    `/mod/quiz/edit.php?cmid=${d.quiz}`,
    `/question/edit.php?courseid=${d.course}`,
    `/mod/feedback/view.php?id=${d.feedback}`,
    `/mod/feedback/edit.php?id=${d.feedback}`,
    `/mod/feedback/analysis.php?id=${d.feedback}`,
    `/mod/lti/view.php?id=${d.lti}`,
    `/blocks/configurable_reports/managereport.php?courseid=${d.course}`,
  ]);
});

test('the learner screens', async ({ page, logInAs, baseURL }) => {
  const learner = student(24);
  await logInAs(learner);
  const d = await demo(page);
  await auditAll(page, baseURL ?? '', [
    '/my/',
    `/course/view.php?id=${d.course}`,
    `/mod/assign/view.php?id=${d.essay}`,
    `/mod/quiz/view.php?id=${d.quiz}`,
    `/mod/feedback/view.php?id=${d.feedback}`,
    `/grade/report/user/index.php?id=${d.course}`,
    '/user/profile.php',
    '/user/preferences.php',
    '/user/edit.php',
    '/user/language.php',
  ]);
});

/**
 * A new manager (system role) whose preferred language is `lang`: sees the core pages, the grading
 * screen included, without being a participant any other spec counts.
 */
async function managerIn(page: Page, logInAs: (user: SiteUser) => Promise<void>, lang: string): Promise<SiteUser> {
  await logInAs(ADMIN);
  await page.goto('/my/');
  const suffix = `${lang}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const password = 'A11y-manager-1!';
  const [user] = await ws<Array<{ id: number }>>(page, 'core_user_create_users', {
    users: [{ username: `a11y${suffix}`, password, firstname: 'Access', lastname: lang.toUpperCase(), email: `a11y${suffix}@example.org`, lang }],
  });
  const { roles } = await ws<{ roles: Array<{ id: number; shortname: string }> }>(page, 'core_role_list_roles', {});
  const manager = roles.find((r) => r.shortname === 'manager')?.id ?? 0;
  await ws(page, 'core_role_assign_roles', { assignments: [{ roleid: manager, userid: user?.id ?? 0, contextid: 1 }] });
  await page.context().clearCookies();
  return { username: `a11y${suffix}`, password, fullname: `Access ${lang.toUpperCase()}` };
}

for (const lang of ['es', 'ar']) {
  test(`the core pages in ${lang === 'es' ? 'Spanish' : 'Arabic'}`, async ({ page, logInAs, baseURL }) => {
    const manager = await managerIn(page, logInAs, lang);
    await logIn(page, manager);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const d = await demo(page);
    await auditAll(page, baseURL ?? '', [
      '/my/',
      `/course/view.php?id=${d.course}`,
      `/user/index.php?id=${d.course}`,
      `/mod/assign/view.php?id=${d.essay}&action=grader`,
      `/grade/report/grader/index.php?id=${d.course}`,
      '/user/preferences.php',
      '/admin/',
      '/admin/tool/lp/competencyframeworks.php?pagecontextid=1',
    ]);
  });
}

test('every colour scheme meets contrast AA on the front page, the dashboard, the course page and the grading screen', async ({ page, logInAs, baseURL }) => {
  await logInAs(TEACHER);
  const d = await demo(page);
  const findings: Finding[] = [];
  for (const path of ['/', '/my/', `/course/view.php?id=${d.course}`, `/mod/assign/view.php?id=${d.essay}&action=grader`]) {
    await open(page, path);
    // The scheme as the switcher shows it (a token swap on <html>), without saving a preference.
    for (const scheme of COLOUR_SCHEMES) {
      await page.evaluate((name) => {
        document.documentElement.dataset.scheme = name;
      }, scheme);
      findings.push(...(await auditPage(page, `colour scheme ${scheme}`, baseURL ?? '', ['color-contrast'])));
    }
  }
  if (findings.length > 0) throw new Error(describeFindings(findings));
});

test('animations and transitions stop when the user prefers less motion', async ({ page, logInAs }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await logInAs(TEACHER);
  const d = await demo(page);
  const moving: string[] = [];
  // The front page (carousel), the dashboard, the course page (drawer, blocks) and the grading screen.
  for (const path of ['/', '/my/', `/course/view.php?id=${d.course}`, `/mod/assign/view.php?id=${d.essay}&action=grader`]) {
    await open(page, path);
    const found = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => !el.classList.contains('spinner'))
        .filter((el) => {
          const style = getComputedStyle(el);
          const seconds = (list: string) => Math.max(...list.split(',').map((t) => parseFloat(t) || 0));
          return seconds(style.transitionDuration) > 0 || (style.animationName !== 'none' && seconds(style.animationDuration) > 0);
        })
        .map((el) => el.outerHTML.slice(0, 120)),
    );
    moving.push(...found.map((html) => `${path}: ${html}`));
  }
  expect(moving).toEqual([]);
});
