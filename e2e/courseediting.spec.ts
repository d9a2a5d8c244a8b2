import { expect, test } from './helpers';
import { TEACHER } from './site';

// Tall enough that a drag's source and target are on screen together (a native drag does not scroll).
test.use({ viewport: { width: 1280, height: 1600 } });

test('a teacher turns editing on, adds a section and a page, renames it in place, moves it by keyboard and by dragging, and opens it', async ({ page, logInAs }) => {
  await logInAs(TEACHER);
  await page.goto('/my/');
  await page.getByRole('main').getByRole('link', { name: 'Introduction to Biology' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Introduction to Biology' })).toBeVisible();

  await page.getByRole('button', { name: 'Turn editing on' }).click();
  await expect(page.getByRole('button', { name: 'Turn editing off' })).toBeVisible();
  const sections = page.locator('.course-editor > li');
  // The editing view loads when editing is first turned on.
  await expect(sections.first()).toBeVisible();
  const before = await sections.count();
  expect(before).toBeGreaterThan(2);

  // A new section at the end, with its default name.
  await page.getByRole('button', { name: 'Add section' }).click();
  await expect(sections).toHaveCount(before + 1);
  const added = sections.last();
  await expect(added.getByRole('heading', { name: `Topic ${before}` })).toBeVisible();

  // A page in "Cells and life" through the chooser and its settings form.
  await page.getByRole('button', { name: 'Add an activity or resource to Cells and life' }).click();
  const chooser = page.getByRole('dialog');
  await chooser.getByRole('button', { name: 'Page' }).click();
  const form = page.getByRole('dialog', { name: 'Adding a new Page' });
  await form.getByRole('button', { name: 'Save and return to course' }).click();
  await expect(form.getByText('Required')).toBeVisible();
  await form.getByLabel('Name').fill('Mitosis notes');
  await form.getByLabel('Description').fill('Read before the lab.');
  await form.getByLabel('Page content').fill('Chromosomes line up in metaphase.');
  await form.getByRole('button', { name: 'Save and return to course' }).click();
  await expect(form).toBeHidden();
  const cells = sections.filter({ has: page.getByRole('heading', { name: 'Cells and life' }) });
  await expect(cells.getByRole('link', { name: 'Mitosis notes' })).toBeVisible();

  // Rename in place: Escape cancels, Enter saves.
  await page.getByRole('button', { name: 'Edit title: Mitosis notes' }).click();
  const input = page.getByRole('textbox', { name: 'New name for Mitosis notes' });
  await input.fill('Not this');
  await input.press('Escape');
  await expect(cells.getByRole('link', { name: 'Mitosis notes' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit title: Mitosis notes' }).press('Enter');
  await input.fill('Cell division notes');
  await input.press('Enter');
  await expect(cells.getByRole('link', { name: 'Cell division notes' })).toBeVisible();

  // Move it by keyboard, down into the next section ("Genetics"), which was empty.
  const moveDown = page.getByRole('group', { name: 'Actions for Cell division notes' }).getByRole('button', { name: 'Move down' });
  await moveDown.focus();
  await page.keyboard.press('Enter');
  const genetics = sections.filter({ has: page.getByRole('heading', { name: 'Genetics' }) });
  await expect(genetics.getByRole('link', { name: 'Cell division notes' })).toBeVisible();
  await expect(cells.getByRole('link', { name: 'Cell division notes' })).toHaveCount(0);

  // And by pointer: dragged into "Evolution".
  const item = genetics.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Cell division notes' }) });
  const evolution = sections.filter({ has: page.getByRole('heading', { name: 'Evolution' }) });
  await item.locator('.drag-handle').dragTo(evolution.getByRole('heading', { name: 'Evolution' }));
  await expect(evolution.getByRole('link', { name: 'Cell division notes' })).toBeVisible();
  await expect(genetics.getByRole('link', { name: 'Cell division notes' })).toHaveCount(0);

  // Delete the new empty section: the question names it.
  await added.getByRole('group', { name: `Actions for Topic ${before}` }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete section' });
  await expect(confirm).toContainText(`Topic ${before}`);
  await confirm.getByRole('button', { name: 'Delete section' }).click();
  await expect(sections).toHaveCount(before);

  // Open the page and read it.
  await evolution.getByRole('link', { name: 'Cell division notes' }).click();
  await expect(page).toHaveURL(/\/mod\/page\/view\.php\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cell division notes' })).toBeVisible();
  await expect(page.getByText('Chromosomes line up in metaphase.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Introduction to Biology' })).toBeVisible();
});
