import { expect, test } from './helpers';
import { ADMIN, student } from './site';

test('an admin finds a student, creates a user through the form and suspends them from the list', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto('/admin/');
  await page.getByRole('link', { name: 'Browse list of users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Browse list of users' })).toBeVisible();

  const learner = student(7);
  const lastname = learner.fullname.split(' ').slice(1).join(' ');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(lastname.toUpperCase());
  await expect(page).toHaveURL(/search=/);
  const rows = page.getByRole('main').getByRole('row');
  await expect(page.getByRole('link', { name: learner.fullname })).toBeVisible();
  await expect(rows).toHaveCount(2);

  await page.getByRole('link', { name: 'Add a new user' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a new user' })).toBeVisible();
  await page.getByLabel(/^Username/).fill('rosa.lind');
  await page.getByLabel(/^First name/).fill('Rosa');
  await page.getByLabel(/^Last name/).fill('Lind');
  await page.getByLabel(/^Email address/).fill('rosa.lind@example.org');
  // A new user follows the site's default language until someone chooses one for them.
  await expect(page.getByRole('combobox', { name: 'Preferred language' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Preferred language' }).locator('option:checked')).toHaveText('Site default (English)');
  const password = page.getByLabel(/^Password/);
  await password.fill('weakpass');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(/The password must have at least 1 digit/);
  await expect(page.getByRole('alert').filter({ hasText: 'Fix the errors below' })).toBeVisible();

  await password.fill('Str0ng-pass!');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/admin/user.php');
  await expect(page.locator('#user-notifications')).toContainText('User rosa.lind created');

  await page.getByRole('searchbox', { name: 'Search users' }).fill('rosa');
  await expect(page.getByRole('link', { name: 'Rosa Lind' })).toBeVisible();
  await expect(rows).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select Rosa Lind' }).check();
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Suspend', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Suspend 1 user' });
  await expect(dialog).toContainText('They are logged out');
  await dialog.getByRole('button', { name: 'Suspend 1 user' }).click();
  await expect(page.locator('#user-notifications')).toContainText('1 user updated');
  await expect(page.getByRole('row', { name: /Rosa Lind/ })).toContainText('Suspended');
});

test('the user list sorts by a heading click and searches from its box, and keeps its sort after a reload', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto('/admin/user.php');
  const search = page.getByRole('searchbox', { name: 'Search users' });
  await expect(search).toHaveAccessibleDescription('Name, username or the details shown in the list');
  // student1 and student10 … student19.
  await search.fill('student1');
  await expect(page).toHaveURL(/search=student1/);
  const info = page.locator('.report-table-info');
  await expect(info).toHaveText('Showing 1 to 10 of 11 entries');
  const rows = page.getByRole('main').locator('.report-table tbody tr');

  const username = page.getByRole('columnheader', { name: /^Username/ });
  await username.getByRole('button').click();
  await expect(username).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows.first()).toContainText('student1');
  await expect(rows.nth(1)).toContainText('student10');
  await username.getByRole('button').click();
  await expect(username).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first()).toContainText('student19');
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(info).toHaveText('Showing 11 to 11 of 11 entries');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${student(1).fullname}`);

  // The name heading sorts by first or by last name.
  const name = page.getByRole('columnheader', { name: /First name/ });
  await name.getByRole('button', { name: /^Last name/ }).click();
  await expect(name).toHaveAttribute('aria-sort', 'ascending');
  await expect(username).toHaveAttribute('aria-sort', 'none');
  await expect(info).toHaveText('Showing 1 to 10 of 11 entries');

  await username.getByRole('button').click();
  await username.getByRole('button').click();
  await page.reload();
  await expect(search).toHaveValue('student1');
  await expect(page.getByRole('columnheader', { name: /^Username/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first()).toContainText('student19');
  await search.fill('no such person here');
  await expect(page.getByText('No users match "no such person here"')).toBeVisible();
  await page.screenshot({ path: '/tmp/reports-userlist.png', fullPage: true });
  await page.setViewportSize({ width: 320, height: 800 });
  await search.fill('student1');
  await expect(info).toHaveText('Showing 1 to 10 of 11 entries');
  await page.screenshot({ path: '/tmp/reports-userlist-320.png', fullPage: true });
});
