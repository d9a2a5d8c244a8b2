import type { Page } from '@playwright/test';
import { expect, test } from './helpers';
import { ADMIN, student, TEACHER } from './site';

const navTree = (page: Page) => page.getByRole('treegrid', { name: 'Site navigation' });
const settingsTree = (page: Page) => page.getByRole('treegrid', { name: 'Page settings' });
const row = (tree: ReturnType<typeof navTree>, name: string) => tree.getByRole('row', { name, exact: true });

/** Opens the course from the dashboard, as a person would. */
async function openBiology(page: Page): Promise<void> {
  await page.goto('/my/');
  await page.getByRole('main').getByRole('link', { name: 'Introduction to Biology' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Introduction to Biology' })).toBeVisible();
}

test('a lazy branch opens by keyboard, typing finds a node, Home and End jump, Enter follows the link', async ({ page, logInAs }) => {
  await logInAs(student(8));
  await page.goto('/my/');
  const tree = navTree(page);
  const mycourses = row(tree, 'My courses');
  await expect(mycourses).toHaveAttribute('aria-expanded', 'false');
  await mycourses.focus();
  await page.keyboard.press('ArrowRight');
  await expect(mycourses).toHaveAttribute('aria-expanded', 'true');
  const biology = row(tree, 'BIO101');
  await expect(biology).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(biology).toBeFocused();
  // The course's sections load on demand too.
  await page.keyboard.press('ArrowRight');
  await expect(row(tree, 'Cells and life')).toBeVisible();
  await page.keyboard.type('Gen');
  await expect(row(tree, 'General')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  const handbook = row(tree, 'Course handbook');
  await expect(handbook).toBeVisible();
  await page.keyboard.press('End');
  await expect(row(tree, 'Courses')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(row(tree, 'Dashboard')).toBeFocused();
  await handbook.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/mod\/page\/view\.php\?id=\d+$/);
  // On the page itself the tree opens down to it and marks it as the current page.
  await expect(row(navTree(page), 'Course handbook')).toHaveAttribute('aria-current', 'page');
});

test('activities keep their icon as branches; a branch with nothing for the user becomes an empty branch', async ({ page, logInAs }) => {
  await logInAs(student(8));
  await openBiology(page);
  const tree = navTree(page);
  const section = row(tree, 'Cells and life');
  await section.locator('.nav-chevron').click();
  const quiz = row(tree, 'Cells check');
  await expect(quiz).toHaveAttribute('aria-expanded', 'false');
  await expect(quiz.locator('svg.nav-icon')).toBeVisible();
  // A section is a branch without an icon; a leaf such as Participants has one.
  await expect(section.locator('svg.nav-icon')).toHaveCount(0);
  await expect(row(tree, 'Participants').locator('svg.nav-icon')).toBeVisible();
  await quiz.focus();
  await page.keyboard.press('ArrowRight');
  await expect(quiz.getByText('Nothing here')).toBeVisible();
  await expect(quiz).not.toHaveAttribute('aria-expanded', /.*/);
  await expect(quiz).toHaveClass(/emptybranch/);
});

test('an empty "My courses" shows as an empty branch for someone enrolled nowhere', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto('/my/');
  const mycourses = row(navTree(page), 'My courses');
  await mycourses.locator('.nav-chevron').click();
  await expect(mycourses.getByText('Nothing here')).toBeVisible();
  await expect(mycourses).toHaveClass(/emptybranch/);
});

test('the tree remembers which branches the user left open, across a reload', async ({ page, logInAs }) => {
  await logInAs(student(15));
  await page.goto('/my/');
  const courses = row(navTree(page), 'Courses');
  const saved = page.waitForResponse((r) => r.url().includes('core_user_update_user_preferences'));
  await courses.locator('.nav-chevron').click();
  await expect(row(navTree(page), 'Sciences')).toBeVisible();
  await saved;
  await page.reload();
  await expect(row(navTree(page), 'Courses')).toHaveAttribute('aria-expanded', 'true');
  await expect(row(navTree(page), 'Sciences')).toBeVisible();
  // Closing it is remembered too.
  const closed = page.waitForResponse((r) => r.url().includes('core_user_update_user_preferences'));
  await row(navTree(page), 'Courses').locator('.nav-chevron').click();
  await closed;
  await page.reload();
  await expect(row(navTree(page), 'Courses')).toHaveAttribute('aria-expanded', 'false');
});

test('the settings tree shows the current page as text, not a link', async ({ page, logInAs }) => {
  await logInAs(TEACHER);
  await openBiology(page);
  const settings = settingsTree(page);
  await row(settings, 'Edit settings').click();
  await expect(page).toHaveURL(/\/course\/edit\.php\?id=\d+$/);
  const current = row(settingsTree(page), 'Edit settings');
  await expect(current).toHaveAttribute('aria-current', 'page');
  await expect(current).not.toHaveAttribute('data-href', /.*/);
  await expect(row(settingsTree(page), 'Question bank')).toHaveAttribute('data-href', /\/question\/edit\.php\?courseid=\d+/);
  const url = page.url();
  await current.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('main').getByRole('link', { name: 'Edit settings' })).toHaveCount(0);
});

test('site administration loads on demand, for administrators only', async ({ page, logInAs, browser }) => {
  await logInAs(ADMIN);
  await page.goto('/my/');
  const settings = settingsTree(page);
  await row(settings, 'Site administration').locator('.nav-chevron').click();
  const development = row(settings, 'Development');
  await expect(development).toBeVisible();
  await development.focus();
  await page.keyboard.press('ArrowRight');
  const library = row(settings, 'Template library');
  await library.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/admin/tool/templatelibrary/index.php');
  await expect(page.getByRole('heading', { level: 1, name: 'Template library' })).toBeVisible();

  const other = await browser.newContext();
  const learner = await other.newPage();
  await learner.goto('/login/index.php');
  await learner.getByLabel('Username').fill(student(20).username);
  await learner.getByLabel('Password').fill(student(20).password);
  await learner.getByRole('button', { name: 'Log in' }).click();
  await expect(row(navTree(learner), 'Courses')).toBeVisible();
  await expect(learner.getByRole('row', { name: 'Site administration' })).toHaveCount(0);
  await other.close();
});

test('blocks collapse and dock, and stay so after a reload', async ({ page, logInAs }) => {
  await logInAs(student(25));
  await page.goto('/my/');
  const hidden = page.waitForResponse((r) => r.url().includes('core_user_update_user_preferences'));
  await page.getByRole('button', { name: 'Hide Administration block' }).click();
  await expect(settingsTree(page)).toHaveCount(0);
  await hidden;
  await page.reload();
  const show = page.getByRole('button', { name: 'Show Administration block' });
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await show.click();
  await expect(settingsTree(page)).toBeVisible();

  const docked = page.waitForResponse((r) => r.url().includes('core_user_update_user_preferences'));
  await page.getByRole('button', { name: 'Move Navigation to the dock' }).click();
  await docked;
  await page.reload();
  await expect(page.getByRole('complementary', { name: 'Blocks' }).getByRole('heading', { name: 'Navigation' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open Navigation' }).click();
  const panel = page.getByRole('dialog', { name: 'Navigation' });
  await expect(navTree(page)).toBeVisible();
  await expect(row(navTree(page), 'Dashboard')).toHaveAttribute('aria-current', 'page');
  await panel.getByRole('button', { name: 'Put Navigation back beside the page' }).click();
  await expect(page.getByRole('complementary', { name: 'Blocks' }).getByRole('heading', { name: 'Navigation' })).toBeVisible();
});

test('blocks sit beside the page on wide screens and after it on narrow ones', async ({ page, logInAs }) => {
  await logInAs(TEACHER);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBiology(page);
  const blocks = page.getByRole('complementary', { name: 'Blocks' });
  const main = page.getByRole('main');
  await expect(row(navTree(page), 'BIO101')).toBeVisible();
  let [b, m] = [await blocks.boundingBox(), await main.boundingBox()];
  expect(b && m && b.x + b.width <= m.x + 1 && Math.abs(b.y - m.y) < 40).toBe(true);
  await page.screenshot({ path: test.info().outputPath('navigation-1280.png'), fullPage: true });

  await page.setViewportSize({ width: 375, height: 800 });
  [b, m] = [await blocks.boundingBox(), await main.boundingBox()];
  expect(b && m && b.y >= m.y + m.height - 1).toBe(true);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('navigation-375.png'), fullPage: true });
});
