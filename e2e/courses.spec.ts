import { demoCourses } from '../server/demo/people';
import { announcer, expect, holdCall, test } from './helpers';
import { ADMIN } from './site';

test('admin creates a category and a course in it through the forms, then opens the course', async ({ page, logInAs }) => {
  const suffix = Date.now().toString(36);
  const categoryName = `Languages ${suffix}`;
  const fullname = `Spanish for beginners ${suffix}`;
  await logInAs(ADMIN);

  await page.goto('/admin/');
  await page.getByRole('link', { name: 'Manage courses and categories' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Course and category management' })).toBeVisible();
  await expect(page.getByRole('treegrid', { name: 'Course categories' })).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Create new category' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a category' })).toBeVisible();
  await page.getByLabel('Category name').fill(categoryName);
  await page.getByLabel('Parent category').selectOption({ label: 'Top' });
  await page.getByRole('button', { name: 'Create category' }).click();

  await expect(page).toHaveURL(/\/course\/management\.php\?categoryid=\d+$/);
  const tree = page.getByRole('treegrid', { name: 'Course categories' });
  await expect(tree.getByRole('row', { name: categoryName })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: `Courses in ${categoryName}` })).toBeVisible();
  await expect(page.getByText('No courses in this category yet')).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Create new course' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a new course' })).toBeVisible();
  await expect(page.getByLabel('Course category')).toHaveValue(/\d+/);
  await expect(page.getByLabel('Course category').locator('option:checked')).toHaveText(categoryName);
  await page.getByLabel('Course full name').fill(fullname);
  const taken = demoCourses[0]?.shortname ?? 'BIO101';
  await page.getByLabel('Course short name').fill(taken);
  await page.getByLabel('Number of sections').fill('3');
  await page.getByRole('button', { name: 'Create course' }).click();

  const shortname = page.getByLabel('Course short name');
  await expect(shortname).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#course-shortname-error')).toContainText(`Short name is already used for another course (${taken})`);
  await expect(page.getByRole('alert')).toContainText('The form has errors');

  await shortname.fill(`SPA-${suffix}`);
  // Enter in a field sends the form: while the course is being created its button says it is busy
  // and the live region says "Saving…", though the focus stays in the field; Enter again sends nothing.
  const release = await holdCall(page, 'core_course_create_courses');
  await shortname.press('Enter');
  const create = page.getByRole('button', { name: 'Create course' });
  await expect(create).toHaveAttribute('aria-busy', 'true');
  await expect(announcer(page)).toHaveText('Saving…');
  await expect(shortname).toBeFocused();
  await shortname.press('Enter');
  release();
  await expect(page).toHaveURL(/\/course\/management\.php\?categoryid=\d+$/);
  const row = page.getByRole('row', { name: new RegExp(fullname) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`SPA-${suffix}`);

  await row.getByRole('link', { name: fullname }).click();
  await expect(page).toHaveURL(/\/course\/view\.php\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: fullname })).toBeVisible();
});

test('a category is deleted after asking where its courses go', async ({ page, logInAs }) => {
  const suffix = Date.now().toString(36);
  await logInAs(ADMIN);
  await page.goto('/course/editcategory.php');
  await page.getByLabel('Category name').fill(`Doomed ${suffix}`);
  await page.getByRole('button', { name: 'Create category' }).click();
  await expect(page).toHaveURL(/categoryid=\d+$/);
  const tree = page.getByRole('treegrid', { name: 'Course categories' });
  const row = tree.getByRole('row', { name: `Doomed ${suffix}` });
  await row.getByRole('button', { name: `Actions for category Doomed ${suffix}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete category' });
  await expect(dialog).toContainText(`Delete the category “Doomed ${suffix}”?`);
  await dialog.getByRole('button', { name: `Delete “Doomed ${suffix}”` }).click();
  await expect(page.getByText(`Category “Doomed ${suffix}” deleted`)).toBeVisible();
  await expect(row).toHaveCount(0);
});
