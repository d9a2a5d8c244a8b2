import { expect, logIn, test } from './helpers';
import { ADMIN } from './site';

test('an admin builds a course from nothing: category, course, user, and enrols the user as a student', async ({ browser, page, logInAs }) => {
  const suffix = Date.now().toString(36);
  const category = `Music ${suffix}`;
  const course = `Harmony ${suffix}`;
  const username = `lena.${suffix}`;
  await logInAs(ADMIN);

  await page.goto('/course/editcategory.php');
  await page.getByLabel('Category name').fill(category);
  await page.getByRole('button', { name: 'Create category' }).click();
  await expect(page).toHaveURL(/\/course\/management\.php\?categoryid=\d+$/);

  await page.getByRole('main').getByRole('link', { name: 'Create new course' }).first().click();
  await page.getByLabel('Course full name').fill(course);
  await page.getByLabel('Course short name').fill(`HAR-${suffix}`);
  await page.getByRole('button', { name: 'Create course' }).click();
  const row = page.getByRole('row', { name: new RegExp(course) });
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: course }).click();
  await expect(page.getByRole('heading', { level: 1, name: course })).toBeVisible();
  const courseUrl = new URL(page.url());

  await page.goto('/user/editadvanced.php?id=-1');
  await page.getByLabel(/^Username/).fill(username);
  await page.getByLabel(/^First name/).fill('Lena');
  await page.getByLabel(/^Last name/).fill(`Okoro ${suffix}`);
  await page.getByLabel(/^Email address/).fill(`${username}@example.org`);
  await page.getByLabel(/^Password/).fill('Harmony-2026!');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.locator('#user-notifications')).toContainText(`User ${username} created`);

  await page.goto(`${courseUrl.pathname}${courseUrl.search}`);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Participants' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Participants' })).toBeVisible();
  await page.getByRole('button', { name: 'Enrol users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enrol users' });
  await dialog.getByRole('combobox', { name: 'Select users' }).fill('Lena');
  await page.getByRole('option', { name: new RegExp(`Lena Okoro ${suffix}`) }).click();
  await dialog.getByRole('button', { name: 'Enrol selected users and cohorts' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table').getByRole('rowheader', { name: `Lena Okoro ${suffix}` })).toBeVisible();

  // The new student logs in, finds the course on the dashboard and the enrolment notification under the bell.
  const context = await browser.newContext();
  const learner = await context.newPage();
  await logIn(learner, { username, password: 'Harmony-2026!', fullname: `Lena Okoro ${suffix}` });
  await expect(learner.getByRole('main').getByRole('link', { name: course })).toBeVisible();
  await expect(learner.getByRole('banner').getByRole('button', { name: 'Notifications (1 unread)' })).toBeVisible();
  await context.close();
});
