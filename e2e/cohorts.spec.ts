import { announcer, expect, holdCall, test } from './helpers';
import { ADMIN } from './site';

test('an admin creates a cohort, adds members one by one and from a list, and removes one', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto('/admin/');
  await page.getByRole('link', { name: 'Cohorts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cohorts' })).toBeVisible();

  await page.getByRole('button', { name: 'Add a new cohort' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a new cohort' });
  // Mistakes show next to their fields, which are marked invalid and described by them.
  await dialog.getByRole('button', { name: 'Create cohort' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription('Required');
  await dialog.getByLabel('Name').fill('Year 1 tutors');
  await dialog.getByLabel('Cohort ID').fill('Y1');
  await dialog.getByRole('button', { name: 'Create cohort' }).click();
  await expect(dialog.getByLabel('Cohort ID')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Cohort ID')).toHaveAccessibleDescription(/Another cohort already has the ID "Y1"/);
  await expect(dialog.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Cohort ID').fill('Y1T');
  await dialog.getByRole('button', { name: 'Create cohort' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('link', { name: 'Year 1 tutors', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cohort members: Year 1 tutors' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search users to add' }).fill('student1');
  const addOne = page.getByRole('button', { name: /^Add .* to the cohort$/ }).first();
  const label = (await addOne.getAttribute('aria-label')) ?? '';
  const adding = page.getByRole('button', { name: label, exact: true });
  // The person's own button shows the adding under way and keeps the focus; the list's button does not.
  const release = await holdCall(page, 'core_cohort_add_cohort_members');
  await addOne.click();
  await expect(adding).toHaveAttribute('aria-busy', 'true');
  await expect(adding).toBeFocused();
  await expect(announcer(page)).toHaveText('Saving…');
  await expect(page.getByRole('button', { name: 'Add the listed users' })).not.toHaveAttribute('aria-busy');
  release();
  await expect(page.getByRole('button', { name: /^Remove .* from the cohort$/ })).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search users to add' }).fill('');

  await page.getByRole('textbox', { name: 'Add many at once' }).fill('student2\nstudent3@example.org\nno-such-user');
  await page.getByRole('button', { name: 'Add the listed users' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 added; 1 not found' })).toBeVisible();
  await expect(page.getByText('Not found: no-such-user')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove .* from the cohort$/ })).toHaveCount(3);

  await page.getByRole('button', { name: /^Remove .* from the cohort$/ }).first().click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('button', { name: /^Remove .* from the cohort$/ })).toHaveCount(2);

  await page.goto('/cohort/index.php');
  await page.getByRole('searchbox', { name: 'Search cohorts' }).fill('tutors');
  await expect(page).toHaveURL(/search=tutors/);
  const row = page.getByRole('row', { name: /Year 1 tutors/ });
  await expect(row.getByRole('cell').nth(2)).toHaveText('2');
  // Sorted by members, most first, in the database.
  await page.getByRole('searchbox', { name: 'Search cohorts' }).fill('');
  const members = page.getByRole('columnheader', { name: /^Members/ });
  await members.getByRole('button').click();
  await members.getByRole('button').click();
  await expect(members).toHaveAttribute('aria-sort', 'descending');
  await expect(page.locator('.report-table tbody tr').first()).toContainText('Year 1 students');
  await page.screenshot({ path: '/tmp/reports-cohorts.png', fullPage: true });
  await page.setViewportSize({ width: 320, height: 800 });
  await page.screenshot({ path: '/tmp/reports-cohorts-320.png', fullPage: true });
});

test('an admin adds users picked in the user list to a cohort', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  await page.goto('/admin/user.php');
  await page.getByRole('searchbox', { name: 'Search users' }).fill('student2');
  await expect(page).toHaveURL(/search=student2/);
  const boxes = page.getByRole('main').getByRole('checkbox', { name: /^Select (?!all)/ });
  await expect(boxes.first()).toBeVisible();
  const picked = Math.min(2, await boxes.count());
  for (let i = 0; i < picked; i++) await boxes.nth(i).check();
  await page.getByRole('button', { name: 'Add to cohort' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to cohort' });
  await dialog.getByLabel('Cohort').selectOption({ label: 'Year 1 students (System)' });
  await dialog.getByRole('button', { name: `Add ${picked} to the cohort` }).click();
  await expect(page.locator('#user-notifications')).toContainText('added to the cohort');
});
