import { demoCourses } from '../server/demo/people';
import { expect, LOGIN_PATH, logIn, loginForm, openUserMenu, submitLogin, test } from './helpers';
import { ADMIN, TEACHER } from './site';

test('logging in as admin shows the dashboard', async ({ page }) => {
  await logIn(page, ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: ADMIN.fullname })).toBeVisible();
});

test('a teacher opens a course from the dashboard and sees its sections', async ({ page, logInAs }) => {
  await logInAs(TEACHER);
  await page.goto('/my/');
  const courseLinks = page.getByRole('main').getByRole('link').and(page.locator('[href*="/course/view.php?id="]'));
  await expect(courseLinks.first()).toBeVisible();
  // teacher1 is in every demo course: the editing teacher of some, the assistant in the rest.
  await expect(courseLinks).toHaveCount(demoCourses.length);

  const link = courseLinks.first();
  const cardText = await link.innerText();
  await link.click();

  await expect(page).toHaveURL(/\/course\/view\.php\?id=\d+$/);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toBeVisible();
  const fullname = (await title.innerText()).trim();
  expect(cardText).toContain(fullname);
  const course = demoCourses.find((c) => c.fullname === fullname);
  expect(course, `"${fullname}" is a demo course`).toBeDefined();
  for (const section of course?.sections ?? []) {
    await expect(page.getByRole('main').getByRole('heading', { name: section })).toBeVisible();
  }
});

test('logging out from the user menu returns to the login page and ends the session', async ({ page }) => {
  await logIn(page, ADMIN);
  await openUserMenu(page, ADMIN);
  await page.getByRole('menuitem', { name: 'Log out' }).click();

  await expect(page).toHaveURL((url) => url.pathname === LOGIN_PATH);
  await expect(loginForm(page).username).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL((url) => url.pathname === LOGIN_PATH);
});

test('a wrong password shows a clear error and stays on the login page', async ({ page }) => {
  await submitLogin(page, ADMIN.username, 'not-the-password');

  await expect(page.getByRole('alert')).toHaveText('Invalid login, please try again');
  await expect(page).toHaveURL((url) => url.pathname === LOGIN_PATH);
  const form = loginForm(page);
  await expect(form.username).toHaveValue(ADMIN.username);
  await expect(form.password).toHaveValue('');
});

test('a page that needs a login sends the visitor to log in and then back to it', async ({ page }) => {
  const courseUrl = '/course/view.php?id=2';
  await page.goto(courseUrl);
  await expect(page).toHaveURL((url) => url.pathname === LOGIN_PATH);

  const form = loginForm(page);
  await form.username.fill(TEACHER.username);
  await form.password.fill(TEACHER.password);
  await form.submit.click();

  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === courseUrl);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an unknown address shows the not-found page', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  const response = await page.goto('/no/such/page.php');

  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
