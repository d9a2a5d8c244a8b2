import { demoCourses } from '../server/demo/people';
import { expect, logIn, openUserMenu, test } from './helpers';
import { ADMIN, student } from './site';

test('a student searches the catalogue, and a course they are not in answers with a clear error', async ({ page }) => {
  const learner = student(3);
  await logIn(page, learner);
  const myCourses = page.getByRole('list', { name: 'My courses' }).getByRole('link');
  await expect(myCourses.first()).toBeVisible();
  const mine = await myCourses.allInnerTexts();
  expect(mine.length).toBeGreaterThan(0);
  const other = demoCourses.find((c) => !mine.includes(c.fullname));
  expect(other, 'some demo course does not enrol this student').toBeDefined();
  if (!other) return;

  await page.getByRole('banner').getByRole('searchbox', { name: 'Search courses' }).fill(other.shortname);
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/course\/search\.php\?search=/);
  const result = page.getByRole('main').getByRole('link', { name: other.fullname });
  await expect(result).toBeVisible();
  await result.click();

  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Error');
  await expect(page.getByRole('heading', { name: other.sections[0] })).toHaveCount(0);
});

test('a student switches the dashboard to a list in preferences, and the choice is kept', async ({ page }) => {
  const learner = student(4);
  await logIn(page, learner);
  await expect(page.locator('.course-cards')).toBeVisible();

  await openUserMenu(page, learner);
  await page.getByRole('menuitem', { name: 'Preferences' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Preferences' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save changes' });
  await expect(save).toBeDisabled();
  // The radio input is visually hidden behind its label, which is what a person clicks.
  await page.getByText('List', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();
  await save.click();
  await expect(page.locator('#user-notifications')).toContainText('Changes saved');

  await page.goto('/my/');
  await expect(page.locator('.course-list')).toBeVisible();
  await expect(page.locator('.course-cards')).toHaveCount(0);
});

test('a student sees their own profile from the user menu', async ({ page, logInAs }) => {
  const learner = student(5);
  await logInAs(learner);
  await page.goto('/my/');
  await openUserMenu(page, learner);
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: learner.fullname })).toBeVisible();
  await expect(page.getByRole('link', { name: /@example\.org$/ })).toBeVisible();
});

test('site administration is refused to a student by the server', async ({ page, logInAs }) => {
  await logInAs(student(6));
  const response = await page.goto('/admin/');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Web service documentation' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Site administration' })).toHaveCount(0);
});

test('an admin reaches the web-service documentation from site administration and filters it', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto('/my/');
  await page.getByRole('banner').getByRole('link', { name: 'Site administration' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Site administration' })).toBeVisible();
  await page.getByRole('link', { name: 'Web service documentation' }).click();

  // Descriptions come a page at a time; the index lists every method and opens the page holding one.
  const index = page.getByRole('navigation', { name: 'Web service documentation' });
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'core_course_get_courses', exact: true })).toHaveCount(0);
  await index.getByRole('link', { name: 'core_course_get_courses', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'core_course_get_courses', exact: true })).toBeInViewport();
  await index.getByRole('link', { name: 'core_get_string', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'core_get_string', exact: true })).toBeInViewport();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'core_get_string', exact: true })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Filter methods' }).fill('preferences');
  await expect(page.getByRole('heading', { level: 2, name: 'core_user_update_user_preferences' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'core_course_get_courses', exact: true })).toHaveCount(0);
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the dashboard and the user menu work', async ({ page, logInAs }) => {
    const learner = student(7);
    await logInAs(learner);
    await page.goto('/my/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await openUserMenu(page, learner);
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  });
});
