import type { Page } from '@playwright/test';
import { expect, test } from './helpers';
import { TEACHER } from './site';

/** The id of one of the teacher's courses, from its link on the dashboard. */
async function courseId(page: Page, fullname: string): Promise<string> {
  await page.goto('/my/');
  const link = page.getByRole('main').getByRole('link', { name: fullname }).first();
  await expect(link).toBeVisible();
  return new URL((await link.getAttribute('href')) ?? '', 'http://x').searchParams.get('id') ?? '';
}

test('copying groups from another course: the course selector searches by keyboard and the groups arrive', async ({ page, logInAs }) => {
  await logInAs(TEACHER);
  // teacher1 edits Introduction to Biology and Assessment for Learning, and only assists in Modern European History.
  const biology = await courseId(page, 'Introduction to Biology');
  const assessment = await courseId(page, 'Assessment for Learning');

  await page.goto(`/group/index.php?id=${biology}`);
  await page.getByRole('button', { name: 'Create group', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'Create group' });
  await create.getByLabel('Group name').fill('Field trip crew');
  await create.getByRole('button', { name: 'Create group' }).click();
  await expect(create).toHaveCount(0);

  await page.goto(`/group/index.php?id=${assessment}`);
  await page.getByRole('button', { name: 'Copy groups from another course' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy groups from another course' });
  const box = dialog.getByRole('combobox', { name: 'Course to copy groups from' });
  await expect(dialog.getByText('No selection')).toBeVisible();

  // Nothing chosen: the dialogue says so and stays.
  await dialog.getByRole('button', { name: 'Copy groups from another course' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a course first.');

  // The current course and courses where the teacher may not manage groups are not offered.
  await box.fill('Assessment');
  await box.press('ArrowDown');
  await expect(page.getByRole('listbox')).toContainText('No suggestions');
  await box.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await box.fill('History');
  await box.press('ArrowDown');
  await expect(page.getByRole('listbox')).toContainText('No suggestions');
  await box.press('Escape');

  // Choose Chemistry first, remove it from its chip by keyboard, then choose Biology.
  await box.fill('chem');
  await expect(page.getByRole('option', { name: 'Chemistry Fundamentals' })).toBeVisible();
  await box.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Chemistry Fundamentals' })).toHaveAttribute('data-focused', 'true');
  await box.press('Enter');
  const chips = dialog.getByRole('grid', { name: 'Course to copy groups from: Selected items' });
  await expect(chips.getByRole('row', { name: 'Chemistry Fundamentals' })).toBeVisible();
  await chips.getByRole('row', { name: 'Chemistry Fundamentals' }).focus();
  await page.keyboard.press('Backspace');
  await expect(dialog.getByText('No selection')).toBeVisible();

  await box.fill('biol');
  await expect(page.getByRole('option', { name: 'Introduction to Biology' })).toBeVisible();
  await box.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Introduction to Biology' })).toHaveAttribute('data-focused', 'true');
  await box.press('Enter');
  await expect(dialog.getByRole('row', { name: 'Introduction to Biology' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy groups from another course' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Groups copied: 1. Already here, not copied: Group A, Group B')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Field trip crew/ })).toBeVisible();
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 375, height: 720 } });

  test('the header search collapses to a button that expands, closes on Escape and searches', async ({ page, logInAs }) => {
    await logInAs(TEACHER);
    await page.goto('/my/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('searchbox', { name: 'Search courses' })).toHaveCount(0);
    const open = banner.getByRole('button', { name: 'Open the course search' });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await open.click();
    const field = banner.getByRole('searchbox', { name: 'Search courses' });
    await expect(field).toBeFocused();
    await field.press('Escape');
    await expect(field).toHaveCount(0);
    await expect(open).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(field).toBeFocused();
    await field.fill('Chemistry');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/course\/search\.php\?search=Chemistry/);
    await expect(page.getByRole('main').getByRole('link', { name: 'Chemistry Fundamentals' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Open the course search' })).toBeVisible();
  });
});

test('on a wide screen the header search is a plain field', async ({ page, logInAs }) => {
  await logInAs(TEACHER);
  await page.goto('/my/');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Open the course search' })).toHaveCount(0);
  await banner.getByRole('searchbox', { name: 'Search courses' }).fill('Biology');
  await banner.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('main').getByRole('link', { name: 'Introduction to Biology' })).toBeVisible();
});
