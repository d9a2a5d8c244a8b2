import { expect, test } from './helpers';
import { ADMIN, student } from './site';

const LIBRARY = '/admin/tool/templatelibrary/index.php';

test('administrators search, filter and read a template, with its example rendered', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto('/admin/');
  await page.getByRole('main').getByRole('link', { name: 'Template library' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Template library' })).toBeVisible();
  const results = page.getByRole('listbox', { name: 'Templates' });
  await expect(results.getByRole('option', { name: 'core/notification_info' })).toBeVisible();

  await page.getByLabel('Search templates').fill('notification_s');
  await expect(results.getByRole('option')).toHaveCount(1);
  await expect(page.getByText('1 template', { exact: true })).toBeVisible();
  await page.getByLabel('Search templates').fill('');
  await page.getByLabel('Component').selectOption('core');
  await expect(page).toHaveURL(/component=core/);
  await expect(results.getByRole('option', { name: 'core/login' })).toBeVisible();

  await results.getByRole('option', { name: 'core/notification_success' }).click();
  await expect(page).toHaveURL(/template=core%2Fnotification_success/);
  const details = page.getByRole('article');
  await expect(details.getByRole('heading', { level: 2, name: 'core/notification_success' })).toBeVisible();
  await expect(details.locator('.template-doc')).toContainText('@template core/notification_success');
  await expect(details.getByLabel('Source', { exact: true })).toContainText('alert-success');
  const example = page.frameLocator('iframe[title="Rendering of core/notification_success with its example context"]');
  await expect(example.getByText('Changes saved.')).toBeVisible();
  await expect(example.locator('.alert-success')).toBeVisible();
  await expect(details.getByText('No theme replaces this template.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('templatelibrary-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath('templatelibrary-375.png'), fullPage: true });
});

test('a template without an example context says so', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto(`${LIBRARY}?template=core%2Flogout_confirm`);
  const details = page.getByRole('article');
  await expect(details.getByRole('heading', { level: 2, name: 'core/logout_confirm' })).toBeVisible();
  await expect(details.getByText(/This template has no example context/)).toBeVisible();
  await expect(details.locator('iframe')).toHaveCount(0);
  await expect(details.getByLabel('Source', { exact: true })).toContainText('logout');
});

test('searching waits until typing pauses, and says when nothing matches', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto(LIBRARY);
  const results = page.getByRole('listbox', { name: 'Templates' });
  await expect(results.getByRole('option').first()).toBeVisible();
  let searches = 0;
  page.on('request', (request) => {
    if (request.url().includes('tool_templatelibrary_list_templates') && request.postData()?.includes('"search":"')) searches += 1;
  });
  await page.getByLabel('Search templates').pressSequentially('no_such_template', { delay: 60 });
  await expect(results.getByText('No template matches this search.')).toBeVisible();
  await page.waitForTimeout(800);
  expect(searches).toBe(1);
  // The search is case-sensitive, as the library's is.
  await page.getByLabel('Search templates').fill('NOTIFICATION');
  await expect(results.getByText('No template matches this search.')).toBeVisible();
});

test('the library is for administrators only', async ({ page, logInAs }) => {
  await logInAs(student(20));
  await page.goto('/my/');
  const response = await page.goto(LIBRARY);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('listbox', { name: 'Templates' })).toHaveCount(0);
});
