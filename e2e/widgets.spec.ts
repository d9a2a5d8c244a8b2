import type { Page } from '@playwright/test';
import { expect, test, ws } from './helpers';
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

/** A small grey picture, served for the image addresses the editor test uses, so nothing leaves the machine. */
const PICTURE = '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40"><rect width="60" height="40" fill="#888"/></svg>';

test('the rich-text editor inserts an image only with a description or marked decorative, and the page keeps each text alternative', async ({ page, logInAs }) => {
  await page.route('https://images.example.org/**', (route) => route.fulfill({ contentType: 'image/svg+xml', body: PICTURE }));
  await logInAs(TEACHER);
  const biology = await courseId(page, 'Introduction to Biology');
  const name = `Cell diagrams ${Date.now().toString(36)}`;
  // Stored without a text alternative (as a web-service client may send it): shown as decorative.
  const { cmid } = await ws<{ cmid: number }>(page, 'mod_page_add_instance', { courseid: Number(biology), section: 1, name, content: '<p>Old diagram: <img src="https://images.example.org/old.png"></p>' });
  await page.goto(`/mod/page/view.php?id=${cmid}`);
  await expect(page.getByRole('main').locator('img[src="https://images.example.org/old.png"]')).toHaveAttribute('alt', '');

  await page.goto(`/course/modedit.php?update=${cmid}`);
  const content = page.getByRole('textbox', { name: 'Page content' });
  const editor = page.locator('.richtext').filter({ has: content });
  const imageButton = editor.getByRole('toolbar', { name: 'Text formatting' }).getByRole('button', { name: 'Image' });
  const dialog = page.getByRole('dialog', { name: 'Image' });
  const description = dialog.getByRole('textbox', { name: 'Description (text alternative)' });

  // A new image with neither a description nor the decorative mark is refused next to the field.
  await content.click();
  await page.keyboard.press('ControlOrMeta+End');
  await imageButton.click();
  await expect(dialog.getByRole('textbox', { name: 'Image address' })).toBeFocused();
  await page.keyboard.type('images.example.org/divider.png');
  await dialog.getByRole('button', { name: 'Insert image' }).click();
  await expect(description).toHaveAttribute('aria-invalid', 'true');
  await expect(description).toHaveAccessibleDescription(/Describe the image, or mark it as decorative\./);
  await expect(description).toBeFocused();
  // (ProseMirror adds an img of its own after an image that ends a line, without a src.)
  await expect(content.locator('img[src]')).toHaveCount(1);

  // Marked decorative, by keyboard: alt="".
  const decorative = dialog.getByRole('checkbox', { name: 'Decorative image: it adds nothing to the text' });
  await page.keyboard.press('Tab');
  await expect(decorative).toBeFocused();
  await page.keyboard.press('Space');
  await expect(decorative).toBeChecked();
  await expect(description).toBeDisabled();
  await dialog.getByRole('button', { name: 'Insert image' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(content.locator('img[src="https://images.example.org/divider.png"]')).toHaveAttribute('alt', '');

  // Described, by keyboard: the description becomes its alt.
  await imageButton.click();
  await page.keyboard.type('https://images.example.org/cell.png');
  await description.fill('A plant cell with its wall and vacuole labelled');
  await description.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(content.locator('img[src="https://images.example.org/cell.png"]')).toHaveAttribute('alt', 'A plant cell with its wall and vacuole labelled');

  // The old image, selected, is given the description it never had.
  const old = content.locator('img[src="https://images.example.org/old.png"]');
  await old.click();
  await imageButton.click();
  await expect(dialog.getByRole('textbox', { name: 'Image address' })).toHaveValue('https://images.example.org/old.png');
  await description.fill('An onion skin cell under the microscope');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(old).toHaveAttribute('alt', 'An onion skin cell under the microscope');

  await page.getByRole('button', { name: 'Save and return to course' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Introduction to Biology' })).toBeVisible();
  await page.goto(`/mod/page/view.php?id=${cmid}`);
  const shown = page.getByRole('main');
  await expect(shown.getByRole('img', { name: 'An onion skin cell under the microscope' })).toBeVisible();
  await expect(shown.getByRole('img', { name: 'A plant cell with its wall and vacuole labelled' })).toBeVisible();
  await expect(shown.locator('img[src="https://images.example.org/divider.png"]')).toHaveAttribute('alt', '');
  await expect(shown.locator('img:not([alt]), img[data-undescribed]')).toHaveCount(0);
});
