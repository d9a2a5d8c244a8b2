import type { Page } from '@playwright/test';
import { announcer, expect, holdCall, test, ws } from './helpers';
import { ADMIN, TEACHER } from './site';

/** A name no other test (or earlier run on this site) uses. */
function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Adds a tag to an activity of a demo course, keeping the tags it has. */
async function tagActivity(page: Page, name: string): Promise<void> {
  const courses = await ws<Array<{ id: number }>>(page, 'core_course_get_courses', { options: {} });
  const courseid = courses.find((c) => c.id !== 1)?.id;
  const sections = await ws<Array<{ modules: Array<{ id: number }> }>>(page, 'core_course_get_contents', { courseid });
  const cmid = sections.flatMap((s) => s.modules)[0]?.id;
  if (!cmid) throw new Error('the first demo course has no activity');
  const item = { component: 'core', itemtype: 'course_modules', itemid: cmid };
  const current = await ws<{ tags: Array<{ rawname: string }> }>(page, 'core_tag_get_item_tags', item);
  await ws(page, 'core_tag_set_item_tags', { ...item, tags: [...current.tags.map((t) => t.rawname), name] });
}

/** Opens the default collection's tags, adds the names as standard tags, and narrows the list to `filter`. */
async function withStandardTags(page: Page, names: string[], filter: string): Promise<void> {
  await page.goto('/tag/manage.php');
  await page.getByRole('link', { name: 'Manage the tags of Default collection' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage tags: Default collection' })).toBeVisible();
  await page.getByRole('button', { name: 'Add standard tags' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add standard tags' });
  await dialog.getByRole('textbox', { name: 'Tags to add' }).fill(names.join(', '));
  await dialog.getByRole('button', { name: 'Add standard tags' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search tags' }).fill(filter);
  await expect(page).toHaveURL(new RegExp(`filter=${filter}`));
  await expect(tagRows(page)).toHaveCount(names.length);
}

function tagRows(page: Page) {
  return page.locator('.tag-table tbody tr');
}

function tagRow(page: Page, name: string) {
  return tagRows(page).filter({ has: page.getByRole('link', { name, exact: true }) });
}

test('adding standard tags lists them as standard in the collection', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  const id = unique('std');
  await withStandardTags(page, [`${id}one`, `${id}two`], id);
  await expect(tagRow(page, `${id}one`)).toContainText('Yes');
  await expect(tagRow(page, `${id}two`).getByRole('button', { name: 'Remove from standard tags' })).toBeVisible();
});

test('a tag is renamed in place by keyboard', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  const id = unique('ren');
  await withStandardTags(page, [`${id}old`], id);
  const pencil = tagRow(page, `${id}old`).getByRole('button', { name: 'Edit tag name' });
  await pencil.focus();
  await page.keyboard.press('Enter');
  const box = page.getByRole('textbox', { name: `New name for tag ${id}old` });
  await expect(box).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(box).toHaveCount(0);
  // Cancelling gives the focus back to the pencil, so Enter opens the editor again.
  await expect(pencil).toBeFocused();
  await page.keyboard.press('Enter');
  await box.fill(`${id}new`);
  await box.press('Enter');
  await expect(tagRow(page, `${id}new`)).toHaveCount(1);
  await expect(tagRow(page, `${id}old`)).toHaveCount(0);
});

test('renaming to a used name offers to combine, and combining leaves one tag', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  const id = unique('clash');
  await page.goto('/my/');
  await tagActivity(page, `${id}a`);
  await withStandardTags(page, [`${id}a`, `${id}b`], id);
  await expect(tagRow(page, `${id}a`).locator('.number-cell')).toHaveText('1');
  await expect(tagRow(page, `${id}b`).locator('.number-cell')).toHaveText('0');
  await tagRow(page, `${id}a`).getByRole('button', { name: 'Edit tag name' }).click();
  const box = page.getByRole('textbox', { name: `New name for tag ${id}a` });
  await box.fill(`${id}b`);
  await box.press('Enter');
  const question = page.getByRole('alertdialog', { name: 'Tag name already in use' });
  await expect(question).toContainText(`Combine "${id}a" into it?`);
  await question.getByRole('button', { name: 'Combine tags' }).click();
  await expect(tagRows(page)).toHaveCount(1);
  // The activity's tag moved to the surviving tag.
  await expect(tagRow(page, `${id}b`).locator('.number-cell')).toHaveText('1');
  // No exception dialogue came up for the refused rename.
  await expect(page.getByRole('alertdialog', { name: 'Error' })).toHaveCount(0);
});

test('flagging a tag marks its row and clearing the flag removes the mark', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  const id = unique('flag');
  await withStandardTags(page, [`${id}x`], id);
  const row = tagRow(page, `${id}x`);
  await expect(row).not.toHaveAttribute('data-flagged', 'true');
  await row.getByRole('button', { name: 'Flag as inappropriate' }).click();
  await expect(row).toHaveAttribute('data-flagged', 'true');
  await expect(row.locator('.tag-flag-badge')).toBeVisible();
  await row.getByRole('button', { name: 'Reset flag' }).click();
  await expect(row).not.toHaveAttribute('data-flagged', 'true');
  await expect(row.locator('.tag-flag-badge')).toHaveCount(0);
});

test('bulk delete does nothing without a selection and deletes the checked tags after confirming', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  const id = unique('del');
  await withStandardTags(page, [`${id}a`, `${id}b`, `${id}c`], id);
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.getByRole('checkbox', { name: `Select ${id}a` }).check();
  await page.getByRole('checkbox', { name: `Select ${id}b` }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  const deleteSelected = page.getByRole('button', { name: 'Delete selected' });
  await deleteSelected.click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete 2 tags' });
  // While the tags are being deleted the button says so and keeps the focus; screen readers hear it.
  const release = await holdCall(page, 'core_tag_delete_tags');
  await confirm.getByRole('button', { name: 'Delete 2 tags' }).click();
  await expect(deleteSelected).toHaveAttribute('aria-busy', 'true');
  await expect(deleteSelected).toBeFocused();
  await expect(announcer(page)).toHaveText('Working…');
  release();
  await expect(tagRows(page)).toHaveCount(1);
  await expect(deleteSelected).not.toHaveAttribute('aria-busy');
  await expect(deleteSelected).toBeFocused();
  await expect(tagRow(page, `${id}c`)).toHaveCount(1);
});

test('a single tag is deleted from its row after confirming', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  const id = unique('one');
  await withStandardTags(page, [`${id}gone`], id);
  await tagRow(page, `${id}gone`).getByRole('button', { name: `Delete tag: ${id}gone` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete tag' });
  await expect(confirm).toContainText(`"${id}gone"`);
  await confirm.getByRole('button', { name: 'Delete tag' }).click();
  await expect(page.getByText(`No tags match "${id}".`)).toBeVisible();
});

test('combining needs two tags, then keeps the main tag chosen by radio', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  const id = unique('comb');
  await withStandardTags(page, [`${id}a`, `${id}b`, `${id}c`], id);
  await page.getByRole('checkbox', { name: `Select ${id}a` }).check();
  await page.getByRole('button', { name: 'Combine selected' }).click();
  const alert = page.getByRole('alertdialog', { name: 'Combine tags' });
  await expect(alert).toContainText('Please select more than one tag');
  await alert.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('checkbox', { name: 'Select all tags on this page' }).check();
  await page.getByRole('button', { name: 'Combine selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Combine tags' });
  const radios = dialog.getByRole('radio');
  await expect(radios).toHaveCount(3);
  await expect(radios.first()).toBeChecked();
  await dialog.getByText(`${id}b`, { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: `${id}b` })).toBeChecked();
  await dialog.getByRole('button', { name: 'Combine tags' }).click();
  await expect(tagRows(page)).toHaveCount(1);
  await expect(tagRow(page, `${id}b`)).toHaveCount(1);
});

test('a tag collection is added (a name is required) and deleted after confirming', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  const name = unique('Collection ');
  await page.goto('/admin/');
  await page.getByRole('link', { name: 'Manage tags' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage tags' })).toBeVisible();
  await page.getByRole('button', { name: 'Add tag collection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add tag collection' });
  await dialog.getByRole('button', { name: 'Create collection' }).click();
  await expect(dialog.getByText('Enter a name for the collection.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create collection' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.locator('.tag-collections-table tbody tr').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Delete collection: ${name}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete collection' }).getByRole('button', { name: 'Delete collection' }).click();
  await expect(row).toHaveCount(0);
  // The default collection can never be deleted.
  await expect(page.getByRole('button', { name: 'Delete collection: Default collection' })).toHaveCount(0);
});

test('a tag collection is renamed in place and moved up the list', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  const first = unique('Alpha ');
  const second = unique('Beta ');
  await page.goto('/tag/manage.php');
  for (const name of [first, second]) {
    await page.getByRole('button', { name: 'Add tag collection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add tag collection' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('button', { name: 'Create collection' }).click();
    await expect(dialog).toHaveCount(0);
  }
  const names = page.locator('.tag-collections-table tbody th');
  const position = async (name: string) => (await names.allTextContents()).findIndex((text) => text.includes(name));
  await expect(names.filter({ hasText: second })).toHaveCount(1);
  expect(await position(second)).toBe((await position(first)) + 1);
  await page.getByRole('button', { name: `Move ${second} up` }).click();
  await expect.poll(async () => (await position(second)) < (await position(first))).toBe(true);

  const renamed = `${second} renamed`;
  const row = page.locator('.tag-collections-table tbody tr').filter({ hasText: second });
  await row.getByRole('button', { name: 'Edit tag collection name' }).click();
  const box = page.getByRole('textbox', { name: `New name for tag collection ${second}` });
  await box.fill(renamed);
  await box.press('Enter');
  await expect(page.getByRole('button', { name: `Delete collection: ${renamed}` })).toBeVisible();

  for (const name of [first, renamed]) {
    await page.getByRole('button', { name: `Delete collection: ${name}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete collection' }).getByRole('button', { name: 'Delete collection' }).click();
    await expect(page.getByRole('button', { name: `Delete collection: ${name}` })).toHaveCount(0);
  }
});

test('the tag index pages through an area without reloading the page', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto('/my/');
  const name = unique('idx');
  const courses = await ws<Array<{ id: number; fullname: string }>>(page, 'core_course_get_courses', { options: {} });
  const tagged = courses.filter((c) => c.id !== 1).slice(0, 6);
  expect(tagged).toHaveLength(6);
  let tc = 0;
  for (const course of tagged) {
    const item = { component: 'core', itemtype: 'course', itemid: course.id };
    const current = await ws<{ tags: Array<{ rawname: string }> }>(page, 'core_tag_get_item_tags', item);
    const result = await ws<{ tagcollid: number }>(page, 'core_tag_set_item_tags', { ...item, tags: [...current.tags.map((t) => t.rawname), name] });
    tc = result.tagcollid;
  }
  await page.goto(`/tag/index.php?tc=${tc}&tag=${name}`);
  await expect(page.getByRole('heading', { level: 1, name: `Tag: ${name}` })).toBeVisible();
  const area = page.locator('.tag-index-area').filter({ has: page.getByRole('heading', { name: 'Courses' }) });
  await expect(area.locator('li')).toHaveCount(5);
  await page.evaluate(() => {
    (window as unknown as { stayed?: boolean }).stayed = true;
  });
  await area.getByRole('link', { name: 'Next page' }).click();
  await expect(area.locator('li')).toHaveCount(1);
  await area.getByRole('link', { name: 'Previous page' }).click();
  await expect(area.locator('li')).toHaveCount(5);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await expect(page).toHaveURL(new RegExp(`/tag/index.php\\?tc=${tc}&tag=${name}$`));
});

test('a teacher without moodle/tag:manage is refused the management page', async ({ page, logInAs }) => {
  await logInAs(TEACHER);
  await page.goto('/tag/manage.php');
  await expect(page.getByRole('heading', { level: 1, name: 'Error' })).toBeVisible();
  await expect(page.locator('.tag-collections-table')).toHaveCount(0);
});
