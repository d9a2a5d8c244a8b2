import type { Page } from '@playwright/test';
import { expect, logIn, openUserMenu, test } from './helpers';
import { student, TEACHER } from './site';

/** Calls web-service methods as the page's logged-in user, with its sesskey, as the app does. */
async function ajax<T>(page: Page, methodname: string, args: unknown): Promise<T> {
  // The page config the server put in the page (see api/types.ts PageConfig).
  const sesskey = await page.evaluate(() => (window as unknown as { M?: { cfg?: { sesskey?: string } } }).M?.cfg?.sesskey ?? '');
  const response = await page.request.post(`/lib/ajax/service.php?sesskey=${sesskey}&info=${methodname}`, { data: [{ index: 0, methodname, args }] });
  const [item] = (await response.json()) as Array<{ error: boolean; data: T; exception?: { message: string } }>;
  if (!item || item.error) throw new Error(item?.exception?.message ?? 'no answer');
  return item.data;
}

test('a student enrolled by a teacher sees the notification under the bell and follows it to the course', async ({ browser, page }) => {
  const learner = student(29);
  await logIn(page, TEACHER);
  const link = page.getByRole('main').getByRole('link', { name: 'Chemistry Fundamentals' });
  const courseid = Number(new URL((await link.getAttribute('href')) ?? '', 'http://x').searchParams.get('id'));
  const found = await ajax<Array<{ id: number; fullname: string }>>(page, 'core_enrol_search_users', { courseid, search: learner.fullname });
  const userid = found.find((u) => u.fullname === learner.fullname)?.id;
  expect(userid, `${learner.fullname} is not yet in the course`).toBeDefined();
  const listing = await ajax<{ roles: Array<{ id: number; shortname: string }> }>(page, 'core_enrol_list_participants', { courseid });
  const roleid = listing.roles.find((r) => r.shortname === 'student')?.id;
  await ajax(page, 'enrol_manual_enrol_users', { enrolments: [{ roleid, userid, courseid }] });

  const context = await browser.newContext();
  const learnerPage = await context.newPage();
  await logIn(learnerPage, learner);
  const bell = learnerPage.getByRole('banner').getByRole('button', { name: 'Notifications (1 unread)' });
  await expect(bell).toBeVisible();
  await bell.click();
  const menu = learnerPage.getByRole('dialog', { name: 'Notifications' });
  await menu.getByRole('button', { name: /You are enrolled in Chemistry Fundamentals/ }).click();
  await expect(learnerPage).toHaveURL(new RegExp(`/course/view\\.php\\?id=${courseid}$`));
  await expect(learnerPage.getByRole('heading', { level: 1, name: 'Chemistry Fundamentals' })).toBeVisible();
  await expect(learnerPage.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // The e-mail choice sits with the other preferences.
  await openUserMenu(learnerPage, learner);
  await learnerPage.getByRole('menuitem', { name: 'Preferences' }).click();
  await learnerPage.getByText('E-mail me my notifications').click();
  await learnerPage.getByRole('button', { name: 'Save changes' }).click();
  await expect(learnerPage.locator('#user-notifications')).toContainText('Changes saved');
  await context.close();
});
