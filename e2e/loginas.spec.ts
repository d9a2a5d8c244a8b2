import { demoCourses } from '../server/demo/people';
import { expect, logIn, test } from './helpers';
import { ADMIN, student } from './site';

const BIOLOGY = demoCourses[0]?.fullname ?? 'Introduction to Biology';

test('an admin logs in as a student from the profile, sees the banner and their dashboard, and logs out', async ({ page }) => {
  // student13 is in Biology; no other spec changes them. Logging in as ends the admin's session,
  // so this test logs in through the form rather than sharing a cached session.
  const learner = student(13);
  await logIn(page, ADMIN);

  // The list of users offers "Log in as" for the student, never for the admin themself.
  await page.goto(`/admin/user.php?search=${learner.username}`);
  const row = page.getByRole('row', { name: new RegExp(learner.fullname) });
  await expect(row.getByRole('button', { name: `Log in as ${learner.fullname}` })).toBeVisible();
  const href = await row.getByRole('link', { name: learner.fullname }).getAttribute('href');
  const userid = new URL(href ?? '', 'http://x').searchParams.get('id') ?? '';
  expect(userid).toMatch(/^\d+$/);
  await page.goto(`/admin/user.php?search=${ADMIN.username}`);
  await expect(page.getByRole('row', { name: new RegExp(ADMIN.fullname) })).toBeVisible();
  await expect(page.getByRole('button', { name: `Log in as ${ADMIN.fullname}` })).toHaveCount(0);

  await page.goto(`/user/profile.php?id=${userid}`);
  await expect(page.getByRole('heading', { level: 1, name: learner.fullname })).toBeVisible();
  await page.getByRole('button', { name: `Log in as ${learner.fullname}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Log in as ${learner.fullname}?` });
  await expect(confirm).toContainText('Your own session ends');
  await confirm.getByRole('button', { name: `Log in as ${learner.fullname}` }).click();

  await expect(page).toHaveURL((url) => url.pathname === '/my/');
  const banner = page.getByRole('region', { name: 'Logged in as another user' });
  await expect(banner).toContainText(`You are logged in as ${learner.fullname} (real user: ${ADMIN.fullname}).`);
  await expect(page.locator('#user-notifications')).toContainText(`You are now logged in as ${learner.fullname}`);
  await expect(page.getByRole('banner').getByRole('button', { name: new RegExp(learner.fullname) })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: BIOLOGY }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Site administration' })).toHaveCount(0);

  // The banner stays on every page.
  await page.getByRole('main').getByRole('link', { name: BIOLOGY }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: BIOLOGY })).toBeVisible();
  await expect(banner).toBeVisible();

  await banner.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login/index.php');
  await page.goto('/my/');
  await expect(page).toHaveURL((url) => url.pathname === '/login/index.php');
});
