import { expect, openUserMenu, test } from './helpers';
import { student } from './site';

// student22 is changed by no other browser test.
const learner = student(22);

test('a student opens their preferred language from the preferences page, saves it, and it is kept', async ({ page, logInAs }) => {
  await logInAs(learner);
  await page.goto('/my/');
  await openUserMenu(page, learner);
  await page.getByRole('menuitem', { name: 'Preferences' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Preferences' })).toBeVisible();

  // The account section lists the language with its current value; notifications sit on the same page.
  const account = page.getByRole('region', { name: 'User account' });
  const languageLink = account.getByRole('link', { name: 'Preferred language' });
  await expect(languageLink).toHaveAccessibleDescription('English');
  await expect(account.getByRole('link', { name: 'Edit profile' })).toBeVisible();
  await expect(page.getByText('E-mail me my notifications')).toBeVisible();

  await languageLink.click();
  await expect(page).toHaveURL(/\/user\/language\.php$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Preferred language' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Preferences' })).toBeVisible();
  const select = page.getByRole('combobox', { name: 'Preferred language' });
  await expect(select).toHaveValue('en');
  await expect(select).toHaveAccessibleDescription("The site's menus, pages and messages are shown to you in this language.");
  // The site default first, then every installed language, each named in itself.
  await expect(select.locator('option')).toHaveText(['Site default (English)', 'English', 'العربية', 'Español']);

  // A tampered form: the server refuses a language that is not installed, and says so at the field.
  await select.evaluate((element) => {
    const option = document.createElement('option');
    option.value = 'xx';
    option.textContent = 'Not installed';
    element.append(option);
  });
  await select.selectOption('xx');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The language "xx" is not installed on this site')).toBeVisible();
  await expect(select).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/user\/language\.php$/);

  await select.selectOption('en');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('#user-notifications')).toContainText('Changes saved');
  await expect(page).toHaveURL(/\/user\/preferences\.php$/);

  // After a reload the page comes in the saved language, and the preferences page shows it.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('region', { name: 'User account' }).getByRole('link', { name: 'Preferred language' })).toHaveAccessibleDescription('English');
  await page.goto('/user/language.php');
  await expect(page.getByRole('combobox', { name: 'Preferred language' })).toHaveValue('en');
});

test('the notification menu links to the notification preferences', async ({ page, logInAs }) => {
  await logInAs(learner);
  await page.goto('/my/');
  await page.getByRole('banner').getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: 'Notification preferences' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Preferences' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'E-mail me my notifications' })).toBeVisible();
});
