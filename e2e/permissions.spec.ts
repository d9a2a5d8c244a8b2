import type { Page } from '@playwright/test';
import { demoCourses } from '../server/demo/people';
import { expect, logIn, test } from './helpers';
import { ADMIN, student } from './site';

// Modern European History: no other spec changes permissions there. student12 is one of its students
// (the course takes students 11–30, 1 and 2) and no other spec uses them.
const COURSE = demoCourses.find((c) => c.shortname === 'HIST201')?.fullname ?? 'Modern European History';
const CAPABILITY = 'moodle/course:viewparticipants';

async function sesskeyOf(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as { M?: { cfg?: { sesskey?: string } } }).M?.cfg?.sesskey ?? '');
}

/** Posts to the roles ajax endpoint with the page's session, as the permission page does. */
async function rolesAjax(page: Page, form: Record<string, string | number>): Promise<unknown> {
  const response = await page.request.post('/admin/roles/ajax.php', { form: { ...form, sesskey: await sesskeyOf(page) } });
  return response.json();
}

function permissionRow(page: Page) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /View participants/ }) });
}

test('an admin prohibits a capability for students in a course, the student loses it, check permissions explains it, and the admin removes the prohibit', async ({ browser, page, logInAs }) => {
  const learner = student(12);
  await logInAs(ADMIN);
  await page.goto(`/course/search.php?search=${encodeURIComponent(COURSE)}`);
  await page.getByRole('main').getByRole('link', { name: COURSE }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  const courseid = new URL(page.url()).searchParams.get('id') ?? '';

  // The course's "More actions" menu leads to the permission page.
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Permissions', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Permissions in Course: ${COURSE}` })).toBeVisible();
  const contextid = new URL(page.url()).searchParams.get('contextid') ?? '';
  expect(contextid).toMatch(/^\d+$/);
  const roles = (await rolesAjax(page, { contextid, getroles: 1 })) as Record<string, string>;
  const studentRoleId = Object.entries(roles).find(([, name]) => name === 'Student')?.[0] ?? '';

  try {
    await page.getByLabel('Filter').fill('participants');
    const row = permissionRow(page);
    await expect(row).toHaveCount(1);
    const allowed = row.getByRole('list', { name: 'Roles with permission: View participants' });
    const prohibited = row.getByRole('list', { name: 'Prohibited: View participants' });
    await expect(allowed.getByText('Student', { exact: true })).toBeVisible();

    // Prohibit opens the 450 px dialogue; Student is offered, then the row shows the prohibit at once.
    await row.getByRole('button', { name: 'Prohibit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prohibit a role: View participants' });
    await expect(dialog).toBeVisible();
    expect(Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(450);
    await dialog.getByRole('button', { name: 'Student' }).click();
    await expect(dialog).toBeHidden();
    await expect(prohibited.getByText('Student', { exact: true })).toBeVisible();
    await expect(allowed.getByText('Student', { exact: true })).toBeHidden();
    await expect(page.locator('#user-notifications')).toContainText('Student is now prohibited from "View participants" here.');
    // The dialogue gives the focus back to the button that opened it.
    await expect(row.getByRole('button', { name: 'Prohibit', exact: true })).toBeFocused();

    // The student no longer finds the participants link, the page refuses them, and so does the server.
    const context = await browser.newContext();
    const learnerPage = await context.newPage();
    await logIn(learnerPage, learner);
    await learnerPage.goto(`/course/view.php?id=${courseid}`);
    await expect(learnerPage.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
    // The menu keeps their own grades, but no longer the participants.
    await learnerPage.getByRole('button', { name: 'More actions' }).click();
    await expect(learnerPage.getByRole('menuitem', { name: 'My grades' })).toBeVisible();
    await expect(learnerPage.getByRole('menuitem', { name: 'Participants' })).toHaveCount(0);
    await learnerPage.keyboard.press('Escape');
    await learnerPage.goto(`/user/index.php?id=${courseid}`);
    await expect(learnerPage.getByRole('alert')).toContainText('you do not currently have permissions');
    const answer = await learnerPage.request.post(`/lib/ajax/service.php?sesskey=${await sesskeyOf(learnerPage)}&info=core_enrol_list_participants`, {
      data: [{ index: 0, methodname: 'core_enrol_list_participants', args: { courseid: Number(courseid) } }],
    });
    expect(await answer.json()).toMatchObject([{ error: true, exception: { errorcode: 'nopermissions' } }]);
    // Nor may the student change permissions themselves.
    expect(await rolesAjax(learnerPage, { contextid, roleid: studentRoleId, capability: CAPABILITY, action: 'unprohibit' })).toMatchObject({ errorcode: 'nopermissions' });
    await context.close();

    // Check permissions names the deciding role and context.
    await page.getByRole('link', { name: 'Check permissions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Check permissions in Course: ${COURSE}` })).toBeVisible();
    // Clicked first, so any scrolling into view is over before the suggestions open (a scroll closes them).
    await page.getByRole('combobox', { name: 'User' }).click();
    await page.getByRole('combobox', { name: 'User' }).fill(learner.fullname.split(' ')[0] ?? '');
    await page.getByRole('option', { name: learner.fullname }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Permissions of ${learner.fullname}` })).toBeVisible();
    await page.getByLabel('Filter').fill('participants');
    const check = permissionRow(page);
    await expect(check).toContainText('No');
    await expect(check).toContainText(`Prohibited by Student in Course: ${COURSE}`);

    // The admin removes the prohibit (with confirmation); the student is allowed again, by the system default.
    await page.getByRole('link', { name: 'Permissions', exact: true }).click();
    await page.getByLabel('Filter').fill('participants');
    await permissionRow(page).getByRole('button', { name: 'Remove the prohibit of Student for View participants' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove prohibit' });
    await expect(confirm).toContainText(`Remove the prohibit of Student for "View participants" in Course: ${COURSE}?`);
    await confirm.getByRole('button', { name: 'Remove prohibit' }).click();
    await expect(allowed.getByText('Student', { exact: true })).toBeVisible();
    await expect(prohibited.getByText('None')).toBeVisible();
    // The removed prohibit took its button with it: the focus goes to the column's Prohibit, not the page.
    await expect(permissionRow(page).getByRole('button', { name: 'Prohibit', exact: true })).toBeFocused();

    await page.goto(`/admin/roles/check.php?contextid=${contextid}&reportuser=${await learnerId(page, contextid, learner.fullname)}`);
    await page.getByLabel('Filter').fill('participants');
    await expect(permissionRow(page)).toContainText('Allowed by Student in System');
  } finally {
    // Leave the site as it was even when a step above failed.
    await rolesAjax(page, { contextid, roleid: studentRoleId, capability: CAPABILITY, action: 'unprohibit' });
  }
});

async function learnerId(page: Page, contextid: string, fullname: string): Promise<number> {
  const sesskey = await sesskeyOf(page);
  const response = await page.request.post(`/lib/ajax/service.php?sesskey=${sesskey}&info=core_role_search_context_users`, {
    data: [{ index: 0, methodname: 'core_role_search_context_users', args: { contextid: Number(contextid), search: fullname } }],
  });
  const [item] = (await response.json()) as Array<{ data: Array<{ id: number }> }>;
  return item?.data[0]?.id ?? 0;
}
