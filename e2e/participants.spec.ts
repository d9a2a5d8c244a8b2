import type { Page } from '@playwright/test';
import { demoCourses } from '../server/demo/people';
import { announcer, audible, expect, holdCall, logIn, test } from './helpers';
import { student, TEACHER } from './site';

const BIOLOGY = demoCourses[0]?.fullname ?? 'Introduction to Biology';
const ASSESSMENT = demoCourses[4]?.fullname ?? 'Assessment for Learning';

async function courseIdFromDashboard(page: Page, fullname: string): Promise<string> {
  await page.goto('/my/');
  const href = await page.getByRole('main').getByRole('link', { name: fullname }).first().getAttribute('href');
  const courseid = new URL(href ?? '', 'http://x').searchParams.get('id') ?? '';
  expect(courseid).toMatch(/^\d+$/);
  return courseid;
}

test('a teacher searches the participants, enrols a student through the dialogue and unenrols them', async ({ page, logInAs }) => {
  // student28 is in no Biology run of the demo data (Biology takes students 1–25).
  const learner = student(28);
  await logInAs(TEACHER);
  const courseid = await courseIdFromDashboard(page, BIOLOGY);

  await page.goto(`/user/index.php?id=${courseid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Participants' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(21);

  // Debounced search narrows the list to one student of the course.
  const firstStudent = student(1);
  await page.getByLabel('Search', { exact: true }).fill(firstStudent.fullname.split(' ')[0] ?? '');
  await expect(table.getByRole('rowheader', { name: firstStudent.fullname })).toBeVisible();
  await expect(page.getByText('1 participant found')).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill('');
  await expect(page.getByText('27 participants found')).toBeVisible();

  await page.getByRole('button', { name: 'Enrol users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enrol users' });
  await dialog.getByRole('combobox', { name: 'Select users' }).fill(learner.fullname.split(' ')[0] ?? '');
  await page.getByRole('option', { name: new RegExp(learner.fullname) }).click();
  await expect(dialog.getByRole('list', { name: 'Select users' }).getByText(learner.fullname)).toBeVisible();
  await expect(dialog.getByLabel('Assign role')).toHaveValue(/\d+/);
  await expect(dialog.getByLabel('Assign role').locator('option:checked')).toHaveText('Student');
  await dialog.getByRole('button', { name: 'Enrol selected users and cohorts' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('28 participants found')).toBeVisible();

  await page.getByLabel('Search', { exact: true }).fill(learner.fullname);
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: learner.fullname }) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Student', { exact: true })).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Actions for ${learner.fullname}` }).click();
  await page.getByRole('menuitem', { name: 'Unenrol' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Unenrol ${learner.fullname} from ${BIOLOGY}?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: `Unenrol ${learner.fullname}` }).click();
  await expect(page.getByText('No participants match these filters.')).toBeVisible();
  await page.getByLabel('Search', { exact: true }).fill('');
  await expect(page.getByText('27 participants found')).toBeVisible();
});

test('a teacher sets a self-enrolment key and a student enrols with it', async ({ page, logInAs, browser }) => {
  // teacher1 is the editing teacher of Assessment for Learning, which takes students 21–30 only.
  const learner = student(2);
  await logInAs(TEACHER);
  const courseid = await courseIdFromDashboard(page, ASSESSMENT);
  await page.goto(`/user/index.php?id=${courseid}`);
  await page.getByRole('button', { name: 'Enrolment methods' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enrolment methods' });
  await dialog.getByLabel('Allow self enrolment').check();
  await dialog.getByLabel('Enrolment key').fill('Chem-key-1');
  // While saving, the dialogue's Save button says so and keeps the focus, and the modal leaves the announcement audible.
  const save = dialog.getByRole('button', { name: 'Save changes' });
  const release = await holdCall(page, 'enrol_self_update_settings');
  await save.click();
  await expect(save).toHaveAttribute('aria-busy', 'true');
  await expect(save).toBeFocused();
  await expect(announcer(page)).toHaveText('Saving…');
  expect(await audible(announcer(page))).toBe(true);
  release();
  await expect(dialog).toBeHidden();

  const context = await browser.newContext();
  const other = await context.newPage();
  await logIn(other, learner);
  await other.goto(`/enrol/index.php?id=${courseid}`);
  await expect(other.getByRole('heading', { level: 2, name: ASSESSMENT })).toBeVisible();
  await other.getByLabel('Enrolment key').fill('wrong');
  await other.getByRole('button', { name: 'Enrol me' }).click();
  await expect(other.getByRole('alert').filter({ hasText: 'Incorrect enrolment key' })).toBeVisible();
  await other.getByLabel('Enrolment key').fill('Chem-key-1');
  await other.getByRole('button', { name: 'Enrol me' }).click();
  await expect(other).toHaveURL(new RegExp(`/course/view\\.php\\?id=${courseid}$`));
  await expect(other.getByRole('heading', { level: 1, name: ASSESSMENT })).toBeVisible();
  await context.close();
});

test("a teacher changes a participant's roles and suspends their enrolment, then undoes both", async ({ page, logInAs }) => {
  const learner = student(24);
  await logInAs(TEACHER);
  const courseid = await courseIdFromDashboard(page, BIOLOGY);
  await page.goto(`/user/index.php?id=${courseid}`);
  await page.getByLabel('Search', { exact: true }).fill(learner.fullname);
  const row = page.getByRole('table').getByRole('row').filter({ has: page.getByRole('rowheader', { name: learner.fullname }) });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Edit roles of ${learner.fullname}` }).click();
  const roles = page.getByRole('dialog', { name: `Edit roles of ${learner.fullname}` });
  await expect(roles.getByRole('checkbox', { name: 'Manager' })).toHaveCount(0);
  // The ticks are react-aria checkboxes: their inputs are hidden, so they are pressed by their labels.
  await roles.getByText('Non-editing teacher', { exact: true }).click();
  await expect(roles.getByRole('checkbox', { name: 'Non-editing teacher' })).toBeChecked();
  await roles.getByRole('button', { name: 'Save changes' }).click();
  await expect(row.getByText('Non-editing teacher', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Edit roles of ${learner.fullname}` }).click();
  await roles.getByText('Non-editing teacher', { exact: true }).click();
  await expect(roles.getByRole('checkbox', { name: 'Non-editing teacher' })).not.toBeChecked();
  await roles.getByRole('button', { name: 'Save changes' }).click();
  await expect(row.getByText('Non-editing teacher', { exact: true })).toHaveCount(0);

  await row.getByRole('button', { name: `Actions for ${learner.fullname}` }).click();
  await page.getByRole('menuitem', { name: 'Edit enrolment' }).click();
  const edit = page.getByRole('dialog', { name: `Edit enrolment of ${learner.fullname}` });
  await edit.getByLabel('Status').selectOption({ label: 'Suspended' });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(row.getByText('Suspended', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Actions for ${learner.fullname}` }).click();
  await page.getByRole('menuitem', { name: 'Edit enrolment' }).click();
  await edit.getByLabel('Status').selectOption({ label: 'Active' });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
});

test('the participants list shows each person’s picture beside their name, or their initials', async ({ page, logInAs, browser }) => {
  // student23 (in Biology) is changed by no other browser test; student1 has no picture.
  const pictured = student(23);
  const plain = student(1);
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAANUlEQVR42mP4sJiLJMRAqQb+nP1oCJ8GTNWYehgIqkbTw0CMamQ9I1kDycFKTsSRkzRokloBpF9uqI8TCSIAAAAASUVORK5CYII=',
    'base64',
  );
  const own = await browser.newContext();
  const learnerPage = await own.newPage();
  await logIn(learnerPage, pictured);
  await learnerPage.goto('/user/edit.php');
  const pictureCard = learnerPage.getByRole('region', { name: 'User picture' });
  await pictureCard.getByLabel('Choose an image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await pictureCard.getByRole('button', { name: 'Upload picture' }).click();
  await expect(learnerPage.locator('#user-notifications')).toContainText('Picture saved');
  await own.close();

  await logInAs(TEACHER);
  const courseid = await courseIdFromDashboard(page, BIOLOGY);
  await page.goto(`/user/index.php?id=${courseid}`);
  const table = page.getByRole('table');
  await page.getByLabel('Search', { exact: true }).fill(pictured.fullname);
  const row = table.getByRole('row', { name: new RegExp(pictured.fullname) });
  await expect(row.getByRole('rowheader', { name: pictured.fullname })).toBeVisible();
  // Decoration beside the name: an image with empty alternative text, which has loaded.
  const avatar = row.locator('img.avatar');
  await expect(avatar).toHaveAttribute('src', /\/user\/pix\.php\?id=\d+&rev=\d+/);
  await expect(avatar).toHaveAttribute('alt', '');
  await expect.poll(() => avatar.evaluate((image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0)).toBe(true);

  await page.getByLabel('Search', { exact: true }).fill(plain.fullname);
  const plainRow = table.getByRole('row', { name: new RegExp(plain.fullname) });
  await expect(plainRow.getByRole('rowheader', { name: plain.fullname })).toBeVisible();
  await expect(plainRow.locator('img.avatar')).toHaveCount(0);
  const initials = plain.fullname
    .split(' ')
    .map((part) => part[0])
    .join('');
  await expect(plainRow.locator('.avatar[aria-hidden="true"]')).toHaveText(initials);
});
