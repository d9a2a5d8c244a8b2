import type { Page } from '@playwright/test';
import { demoCourses } from '../server/demo/people';
import { expect, logIn, test } from './helpers';
import { ADMIN, student, TEACHER } from './site';

const BIOLOGY = demoCourses[0]?.fullname ?? 'Introduction to Biology';

async function saveIdentity(page: Page, department: boolean): Promise<void> {
  await page.goto('/admin/');
  await page.getByRole('link', { name: 'Show user identity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Show user identity' })).toBeVisible();
  const fields = page.getByRole('group', { name: 'Identity fields shown to staff' });
  await expect(fields.getByRole('checkbox', { name: 'Email address' })).toBeChecked();
  const box = fields.getByRole('checkbox', { name: 'Department' });
  // The drawn box covers react-aria's hidden input: a person clicks the label.
  if ((await box.isChecked()) !== department) await fields.getByText('Department', { exact: true }).click();
  await expect(box).toBeChecked({ checked: department });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('#user-notifications')).toContainText('Identity fields saved');
}

/** The teacher's view of the first demo student: a row of the participants page, the profile, the group members list. */
function studentViews(page: Page, courseid: string) {
  const first = student(1);
  return {
    first,
    async profile() {
      await page.goto(`/user/index.php?id=${courseid}`);
      await page.getByRole('table').getByRole('link', { name: first.fullname }).click();
      await expect(page.getByRole('heading', { level: 1, name: first.fullname })).toBeVisible();
      return page.getByRole('region', { name: 'User details' });
    },
    async groupMember() {
      await page.goto(`/group/index.php?id=${courseid}`);
      await page.getByRole('button', { name: /^Group A/ }).click();
      return page.getByRole('region', { name: 'Members: Group A' }).getByRole('listitem').filter({ hasText: first.fullname });
    },
  };
}

test('an admin shows department and email; a teacher then sees them on the participants page, profiles and group members', async ({ page, browser }) => {
  const context = await browser.newContext();
  const teacherPage = await context.newPage();
  await logIn(teacherPage, TEACHER);
  const href = await teacherPage.getByRole('main').getByRole('link', { name: BIOLOGY }).first().getAttribute('href');
  const courseid = new URL(href ?? '', 'http://x').searchParams.get('id') ?? '';
  const views = studentViews(teacherPage, courseid);

  // By default staff see the email alone; never a username of someone else.
  const before = await views.profile();
  await expect(before.getByRole('term').filter({ hasText: 'Email address' })).toBeVisible();
  await expect(before.getByRole('term').filter({ hasText: 'Department' })).toHaveCount(0);
  await expect(before.getByRole('term').filter({ hasText: 'Username' })).toHaveCount(0);
  const memberBefore = await views.groupMember();
  await expect(memberBefore).toContainText('@');
  await expect(memberBefore).not.toContainText('Year 1');

  // Changing a site setting: a fresh admin session of its own, and the default restored at the end.
  await logIn(page, ADMIN);
  await saveIdentity(page, true);
  try {
    await teacherPage.goto(`/user/index.php?id=${courseid}`);
    const table = teacherPage.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Department' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Email address' })).toBeVisible();
    // Demo students are in "Year 1" or "Year 2".
    const row = table.getByRole('row').filter({ has: teacherPage.getByRole('rowheader', { name: views.first.fullname }) });
    await expect(row.getByRole('cell', { name: 'Year 1' })).toBeVisible();

    const after = await views.profile();
    await expect(after.getByRole('definition').filter({ hasText: 'Year 1' })).toBeVisible();
    await expect(after.getByRole('term').filter({ hasText: 'Username' })).toHaveCount(0);
    await expect(await views.groupMember()).toContainText(/@.*, Year 1/);
    await context.close();
  } finally {
    await saveIdentity(page, false);
  }
});
