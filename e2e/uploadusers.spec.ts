import { randomBytes } from 'node:crypto';
import { expect, test } from './helpers';
import { ADMIN } from './site';

/** 100 users under a fresh prefix (so the test can run again), row 31 with a bad email and row 77 repeating row 5's username. */
function usersCsv(prefix: string): string {
  const rows = Array.from({ length: 100 }, (_, i) => {
    const username = i === 76 ? `${prefix}4` : `${prefix}${i}`;
    const email = i === 30 ? 'not-an-email' : `${prefix}${i}@example.org`;
    return `${username},Up-load-${i}x,Ada${i},"Lovelace, ${prefix}",${email},London,GB`;
  });
  return ['username,password,firstname,lastname,email,city,country', ...rows].join('\r\n');
}

test('an admin uploads 100 users from CSV: the preview shows 2 broken rows, the other 98 are created', async ({ page, logInAs }) => {
  // 98 new accounts cost an argon2 hash each on a server shared with the other tests.
  test.setTimeout(120_000);
  const prefix = `csv${randomBytes(3).toString('hex')}u`;
  await logInAs(ADMIN);
  await page.goto('/admin/user.php');
  await page.getByRole('link', { name: 'Upload users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upload users' })).toBeVisible();

  await page.getByLabel('CSV file').setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(usersCsv(prefix)) });
  await expect(page.getByText('users.csv')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Add new users only, skip existing ones' })).toBeChecked();
  await page.getByRole('button', { name: 'Preview' }).click();

  const preview = page.getByRole('region', { name: 'Check the preview' });
  await expect(preview.getByRole('definition').nth(0)).toHaveText('98');
  await expect(preview.getByRole('definition').nth(3)).toHaveText('2');
  await expect(preview.getByText('2 rows have errors and will not be uploaded')).toBeVisible();
  await preview.getByText('Show only rows with errors').click();
  const rows = preview.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('"not-an-email" is not a valid email address');
  await expect(rows.nth(2)).toContainText(`The username "${prefix}4" is already used on line 6 of the file`);

  await page.getByRole('button', { name: 'Upload 98 users' }).click();
  const progress = page.getByRole('progressbar');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 90_000 });
  await expect(progress).toHaveAttribute('aria-valuetext', '100 of 100 rows');
  await expect(page.getByRole('heading', { name: 'Upload finished' })).toBeVisible();
  const results = page.getByRole('status').filter({ hasText: 'created' });
  await expect(results).toContainText('98 created');
  await expect(results).toContainText('2 failed');
  const failed = page.getByRole('table', { name: 'Rows not uploaded' }).getByRole('row');
  await expect(failed).toHaveCount(3);
  await expect(failed.nth(1)).toContainText(`${prefix}30`);

  await page.getByRole('region', { name: 'Upload finished' }).getByRole('link', { name: 'Browse list of users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Browse list of users' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(`${prefix}42@`);
  await expect(page.getByRole('link', { name: `Ada42 Lovelace, ${prefix}` })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(`${prefix}30@`);
  await expect(page.getByText(`No users match "${prefix}30@"`)).toBeVisible();
});
