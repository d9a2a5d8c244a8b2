import { expect, test } from './helpers';
import { student } from './site';

test('leaving a form with unsaved changes asks first; staying keeps them, leaving drops them, Cancel just leaves', async ({ page, logInAs }) => {
  const user = student(26);
  await logInAs(user);
  await page.goto('/user/edit.php');
  const city = page.getByLabel('City/town');
  await expect(city).toBeVisible();
  const before = await city.inputValue();

  // Untouched: the header link leaves at once.
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/my/');

  await page.goto('/user/edit.php');
  await city.fill('Unsaved Town');
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Unsaved changes' }).or(page.getByRole('dialog', { name: 'Unsaved changes' }));
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === '/user/edit.php');
  await expect(city).toHaveValue('Unsaved Town');

  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await ask.getByRole('button', { name: 'Leave and lose changes' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/my/');

  // Nothing was saved, and Cancel is an explicit way out that does not ask.
  await page.goto('/user/edit.php');
  await expect(city).toHaveValue(before);
  await city.fill('Another Town');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === '/user/profile.php');
});
