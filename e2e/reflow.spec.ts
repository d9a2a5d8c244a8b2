import type { Page } from '@playwright/test';
import { expect, LOGIN_PATH, logIn, test, ws } from './helpers';
import { newLangUser } from './languages';
import { ADMIN, TEACHER, type SiteUser } from './site';

/**
 * Reflow (WCAG 1.4.10) and zoom (1.4.4): at 320 CSS pixels wide, and at 640 (a 1280-pixel window
 * zoomed to 200 %), the main pages scroll only vertically and nothing is cut off at the side.
 * Tables and the like may scroll inside their own box; the page itself may not. Each page must also
 * keep its skip link and landmarks at these sizes.
 */

const SIZES = [
  { name: '320 px wide', width: 320, height: 640 },
  { name: '200 % zoom', width: 640, height: 400 },
];

/**
 * What sticks out: the page wider than the window, or visible elements reaching past the side of
 * the window outside any box that scrolls or clips them. Answers a description of each.
 */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width + 1) problems.push(`the page is ${pageWidth} px wide in a ${width} px window`);
    const clipped = (el: Element): boolean => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX !== 'visible') return true;
      }
      return false;
    };
    const describe = (el: Element) => {
      const classes = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes}`;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      // Visually hidden text (skip link at rest, labels for screen readers) sits off screen on purpose.
      if (rect.width <= 1 || el.closest('.visually-hidden, .skip-link:not(:focus)')) continue;
      const out = rect.right > width + 1 || rect.left < -1;
      if (out && !clipped(el) && problems.length < 12) problems.push(`${describe(el)} reaches ${Math.round(rect.left)}–${Math.round(rect.right)} px`);
    }
    return problems;
  });
}

/** The skip link and the landmarks; the grading screen, a work surface, leaves out the footer. */
async function landmarks(page: Page): Promise<void> {
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('banner')).toHaveCount(1);
  const surface = (await page.locator('.grader').count()) > 0;
  await expect(page.getByRole('contentinfo')).toHaveCount(surface ? 0 : 1);
  await expect(page.locator('a.skip-link[href="#region-main"]')).toHaveCount(1);
}

async function opened(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.loading')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

async function check(page: Page, paths: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await opened(page, path);
    await landmarks(page);
    for (const problem of await overflow(page)) problems.push(`${path}: ${problem}`);
  }
  return problems;
}

async function bio101(page: Page): Promise<{ course: number; essay: number }> {
  await page.goto('/my/');
  const { courses } = await ws<{ courses: Array<{ id: number }> }>(page, 'core_course_get_courses_by_field', { field: 'shortname', value: 'BIO101' });
  const course = courses[0]?.id ?? 0;
  const sections = await ws<Array<{ modules: Array<{ id: number; modname: string; name: string }> }>>(page, 'core_course_get_contents', { courseid: course });
  const essay = sections.flatMap((s) => s.modules).find((m) => m.modname === 'assign' && m.name === 'Essay: cell structure')?.id ?? 0;
  return { course, essay };
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    test.describe.configure({ timeout: 180_000 });

    test('the login page reflows', async ({ page }) => {
      await page.goto(LOGIN_PATH);
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
      expect(await overflow(page)).toEqual([]);
    });

    const runAs = async (page: Page, logInAs: (user: SiteUser) => Promise<void>, user: SiteUser, paths: (ids: { course: number; essay: number }) => string[]) => {
      await logInAs(user);
      const ids = await bio101(page);
      const problems = await check(page, paths(ids));
      expect(problems, problems.join('\n')).toEqual([]);
    };

    test('a teacher’s pages reflow: dashboard, course, participants, grading screen', async ({ page, logInAs }) => {
      await runAs(page, logInAs, TEACHER, ({ course, essay }) => [
        '/my/',
        `/course/view.php?id=${course}`,
        `/user/index.php?id=${course}`,
        `/mod/assign/view.php?id=${essay}`,
        `/mod/assign/view.php?id=${essay}&action=grader`,
        '/user/preferences.php',
      ]);
    });

    test('an Arabic reader’s pages reflow right to left: dashboard, course, participants, grading screen', async ({ page, logInAs }) => {
      await logInAs(ADMIN);
      await page.goto('/my/');
      const reader = await newLangUser(page, 'ar', 'Reflow', 'manager');
      await page.goto('about:blank');
      await page.context().clearCookies();
      await logIn(page, reader);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      const { course, essay } = await bio101(page);
      const problems = await check(page, ['/my/', `/course/view.php?id=${course}`, `/user/index.php?id=${course}`, `/mod/assign/view.php?id=${essay}&action=grader`]);
      expect(problems, problems.join('\n')).toEqual([]);
    });

    test('an administrator’s pages reflow: site administration, competencies, plans, templates', async ({ page, logInAs }) => {
      await runAs(page, logInAs, ADMIN, () => [
        '/admin/',
        '/admin/user.php',
        '/admin/tool/lp/competencyframeworks.php?pagecontextid=1',
        '/admin/tool/lp/learningplans.php?pagecontextid=1',
        '/admin/tool/templatelibrary/index.php',
        '/tag/manage.php',
      ]);
    });
  });
}
