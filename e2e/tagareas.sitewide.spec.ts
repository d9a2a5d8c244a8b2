/**
 * Turns a tag area off and on again: a site-wide change, so this runs in the "sitewide" project,
 * after every other browser test has finished (see playwright.config.ts).
 */
import { expect, test } from './helpers';
import { ADMIN } from './site';

test('a disabled tag area is dimmed and leaves its collection list until enabled again', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto('/tag/manage.php');
  const area = page.locator('.tag-areas-table tbody tr').filter({ hasText: 'User interests' });
  const collectionRow = page.locator('.tag-collections-table tbody tr').filter({ hasText: 'Interests and hobbies' });
  await expect(area).toHaveAttribute('data-enabled', 'true');
  await expect(collectionRow).toContainText('User interests');
  await area.getByRole('button', { name: 'Disable tags in area' }).click();
  await expect(area).toHaveAttribute('data-enabled', 'false');
  await expect(area).toHaveClass(/tag-area-disabled/);
  await expect(collectionRow).not.toContainText('User interests');
  await area.getByRole('button', { name: 'Enable tags in area' }).click();
  await expect(area).toHaveAttribute('data-enabled', 'true');
  await expect(collectionRow).toContainText('User interests');
});
