import type { Page } from '@playwright/test';
import { ADMIN, student } from './site';
import { expect, test } from './helpers';

/** A name no other run or parallel test uses; the site is shared. */
function unique(prefix: string): { shortname: string; name: string } {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  return { shortname: `${prefix}${suffix}`, name: `${prefix} ${suffix}` };
}

/** Adds a role through the form and answers when it is back on the list. */
async function addRole(page: Page, role: { shortname: string; name: string }, archetype: string) {
  await page.goto('/admin/roles/manage.php');
  await page.getByRole('link', { name: 'Add a new role' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Adding a new role' })).toBeVisible();
  await page.getByLabel('Short name').fill(role.shortname);
  await page.getByLabel('Custom full name').fill(role.name);
  await page.getByLabel('Role archetype').selectOption({ label: archetype });
}

// Each test walks several screens on a shared two-core machine; 30 s is too tight when specs run in parallel.
test.describe.configure({ timeout: 75_000 });

async function deleteRole(page: Page, name: string) {
  await page.goto('/admin/roles/manage.php');
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete the role '${name}'?` });
  await confirm.getByRole('button', { name: 'Delete role' }).click();
  await expect(page.getByRole('rowheader', { name })).toBeHidden();
}

test('an admin adds a role from an archetype with one capability changed, sees it listed and edits it', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  const role = unique('reviewer');
  await addRole(page, role, 'Non-editing teacher');
  // The archetype's defaults arrive: non-editing teachers may view participants.
  const participants = page.getByRole('row', { name: /View participants/ });
  await expect(participants.getByRole('radio', { name: 'Allow' })).toBeChecked();
  await page.getByLabel('Filter capabilities').fill('show and hide courses');
  const visibility = page.getByRole('row', { name: /Show and hide courses/ });
  await expect(visibility.getByRole('radio', { name: 'Not set' })).toBeChecked();
  await visibility.getByRole('radio', { name: 'Allow' }).check();
  await page.getByRole('button', { name: 'Create this role' }).click();

  await expect(page).toHaveURL(/\/admin\/roles\/manage\.php$/);
  await expect(page.getByText(`Role '${role.name}' created.`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(role.name) });
  await expect(row.getByRole('cell', { name: 'Non-editing teacher' })).toBeVisible();
  await expect(row.getByRole('cell', { name: role.shortname })).toBeVisible();

  await row.getByRole('link', { name: `Edit ${role.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Editing role '${role.name}'` })).toBeVisible();
  await expect(page.getByRole('row', { name: /Show and hide courses/ }).getByRole('radio', { name: 'Allow' })).toBeChecked();
  await expect(page.getByLabel('Course', { exact: true })).toBeChecked();
  await expect(page.getByLabel('System', { exact: true })).not.toBeChecked();
  const renamed = `${role.name} edited`;
  await page.getByLabel('Custom full name').fill(renamed);
  await page.getByRole('row', { name: /Show and hide courses/ }).getByRole('radio', { name: 'Prevent' }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Role '${renamed}' saved.`)).toBeVisible();
  await page.getByRole('link', { name: renamed, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Role '${renamed}'` })).toBeVisible();
  await expect(page.getByRole('row', { name: /Show and hide courses/ }).getByRole('radio', { name: 'Prevent' })).toBeChecked();

  await deleteRole(page, renamed);
});

test('an admin lets a new role assign students in the allow-assign matrix, then takes it back', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  const role = unique('mentor');
  await addRole(page, role, 'None');
  await page.getByRole('button', { name: 'Create this role' }).click();
  await expect(page.getByText(`Role '${role.name}' created.`)).toBeVisible();

  // A used short name is refused next to its field.
  await addRole(page, { shortname: role.shortname, name: `${role.name} again` }, 'Student');
  await page.getByRole('button', { name: 'Create this role' }).click();
  await expect(page.getByText('Another role already has this short name.').first()).toBeVisible();
  await expect(page.getByLabel('Short name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('link', { name: 'Cancel' }).click();

  await page.getByRole('link', { name: 'Allow role assignments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Allow role assignments' })).toBeVisible();
  const cell = page.getByRole('checkbox', { name: `${role.name} may assign Student` });
  await expect(cell).not.toBeChecked();
  await cell.check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Allowed roles saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: `${role.name} may assign Student` })).toBeChecked();
  // The defaults stay as they were.
  await expect(page.getByRole('checkbox', { name: 'Teacher may assign Student', exact: true })).toBeChecked();
  await page.getByRole('checkbox', { name: `${role.name} may assign Student` }).uncheck();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Allowed roles saved.')).toBeVisible();

  await deleteRole(page, role.name);
});

test('an admin gives two students a role in a course through assign roles and removes it', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  // The demo site has 30 students: student(32) and student(33) do not exist. These two are in
  // "Designing Online Courses" and no other spec uses them.
  const learners = [student(27), student(30)];
  await page.goto('/course/search.php?search=PD-DOC');
  await page.getByRole('link', { name: 'Designing Online Courses' }).first().click();
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Assign roles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Assign roles in Course: Designing Online Courses' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Choose a role' }).getByRole('link', { name: /Non-editing teacher/ }).click();
  const holders = page.getByRole('region', { name: /Non-editing teacher/ });
  const box = holders.getByRole('combobox', { name: 'Add users as Non-editing teacher' });
  for (const learner of learners) {
    // Clicked first, so any scrolling into view is over before the suggestions open (a scroll closes them).
    await box.click();
    await box.fill(learner.fullname);
    await page.getByRole('option', { name: new RegExp(learner.fullname) }).click();
  }
  await holders.getByRole('button', { name: 'Assign role' }).click();
  await expect(page.getByText('Non-editing teacher given to 2 users.')).toBeVisible();
  for (const learner of learners) await expect(holders.getByRole('listitem').filter({ hasText: learner.fullname })).toBeVisible();

  for (const learner of learners) {
    await holders.getByRole('button', { name: `Remove Non-editing teacher from ${learner.fullname}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Remove Non-editing teacher from ${learner.fullname}?` });
    await confirm.getByRole('button', { name: 'Remove role' }).click();
    await expect(holders.getByRole('listitem').filter({ hasText: learner.fullname })).toBeHidden();
  }
});
