import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, test } from './helpers';
import { ADMIN, student } from './site';

// A 16×16 PNG: a blue disc on orange.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAANUlEQVR42mP4sJiLJMRAqQb+nP1oCJ8GTNWYehgIqkbTw0CMamQ9I1kDycFKTsSRkzRokloBpF9uqI8TCSIAAAAASUVORK5CYII=',
  'base64',
);

/** True once the image has loaded real pixels (not a broken-image placeholder). */
async function loaded(image: Locator): Promise<boolean> {
  return image.evaluate((element) => element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0);
}

test('a student uploads a picture on edit my profile, sees it on the profile and in the header, then deletes it', async ({ page, logInAs }, testInfo) => {
  // student17 is changed by no other browser test.
  const learner = student(17);
  const initials = learner.fullname
    .split(' ')
    .map((part) => part[0])
    .join('');
  const picturePath = join(tmpdir(), `tessera-e2e-picture-${testInfo.workerIndex}.png`);
  const textPath = join(tmpdir(), `tessera-e2e-not-a-picture-${testInfo.workerIndex}.png`);
  await writeFile(picturePath, PNG);
  await writeFile(textPath, 'this is not an image');
  await logInAs(learner);

  await page.goto('/user/profile.php');
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeVisible();
  const pictureCard = page.getByRole('region', { name: 'User picture' });
  await expect(pictureCard).toContainText('No picture yet');
  const headerButton = page.getByRole('banner').getByRole('button', { name: learner.fullname });
  await expect(headerButton).toContainText(initials);

  // The server refuses a file that is not an image, and says so next to the field.
  const input = pictureCard.getByLabel('Choose an image');
  await input.setInputFiles(textPath);
  await pictureCard.getByRole('button', { name: 'Upload picture' }).click();
  await expect(pictureCard.getByRole('alert')).toHaveText('The file is not a PNG, JPEG, GIF or WebP image');
  await expect(input).toHaveAttribute('aria-invalid', 'true');

  await input.setInputFiles(picturePath);
  await expect(pictureCard.getByRole('alert')).toHaveCount(0);
  const preview = pictureCard.getByRole('img', { name: 'New picture' });
  await expect(preview).toBeVisible();
  expect(await loaded(preview)).toBe(true);
  await pictureCard.getByRole('button', { name: 'Upload picture' }).click();
  await expect(page.locator('#user-notifications')).toContainText('Picture saved');
  const current = pictureCard.getByRole('img', { name: 'Current picture' });
  await expect(current).toHaveAttribute('src', /\/user\/pix\.php\?id=\d+&rev=\d+/);
  const headerPicture = headerButton.locator('img');
  await expect(headerPicture).toHaveAttribute('src', /\/user\/pix\.php\?id=\d+&rev=\d+/);
  await expect.poll(() => loaded(headerPicture)).toBe(true);

  await page.goto('/user/profile.php');
  const onProfile = page.getByRole('img', { name: `Picture of ${learner.fullname}` });
  await expect(onProfile).toHaveAttribute('src', /\/user\/pix\.php/);
  await expect.poll(() => loaded(onProfile)).toBe(true);
  // A fresh page knows the picture from its configuration, before any request.
  await expect(page.getByRole('banner').locator('img.avatar')).toBeVisible();

  await page.getByRole('link', { name: 'Edit profile' }).click();
  await pictureCard.getByRole('button', { name: 'Delete picture' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete picture' });
  await expect(dialog).toContainText(`Delete the picture of ${learner.fullname}?`);
  await dialog.getByRole('button', { name: 'Delete picture' }).click();
  await expect(page.locator('#user-notifications')).toContainText('Picture deleted');
  await expect(pictureCard).toContainText('No picture yet');
  await expect(headerButton.locator('img')).toHaveCount(0);
  await expect(headerButton).toContainText(initials);

  await page.goto('/user/profile.php');
  await expect(page.getByRole('img', { name: `Picture of ${learner.fullname}` })).toHaveText(initials);
});

test('an admin sets a user’s timezone from the list on the edit form, and it is kept', async ({ page, logInAs }) => {
  // student18 is changed by no other browser test; demo student 18 lives in France.
  const learner = student(18);
  await logInAs(ADMIN);
  await page.goto('/admin/user.php');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(learner.username);
  await expect(page).toHaveURL(/search=/);
  await page.getByRole('link', { name: learner.fullname }).click();
  await expect(page.getByRole('heading', { level: 1, name: learner.fullname })).toBeVisible();
  const editUrl = page.url();

  const timezone = page.getByLabel('Timezone');
  await expect(timezone).toHaveValue('99');
  await expect(timezone.locator('option:checked')).toHaveText(/^Server timezone \(.+\)$/);
  await expect(page.getByLabel('Country').locator('option:checked')).toHaveText('France');
  await expect(page.getByLabel('Preferred language').locator('option:checked')).toHaveText('English');
  await timezone.selectOption('Asia/Tokyo');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('#user-notifications')).toContainText('Changes saved');

  await page.goto(editUrl);
  await expect(page.getByLabel('Timezone')).toHaveValue('Asia/Tokyo');
  await expect(page.getByLabel('Timezone').locator('option:checked')).toHaveText('Asia/Tokyo');
  // The admin can see the user's picture area too, empty for now.
  await expect(page.getByRole('region', { name: 'User picture' })).toContainText('No picture yet');
});
