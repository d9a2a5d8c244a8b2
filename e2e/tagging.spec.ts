import { demoCourses, demoStaff } from '../server/demo/people';
import { expect, test } from './helpers';
import { E2E_DEMO_PASSWORD, student, type SiteUser } from './site';

// teacher2 is the editing teacher of Designing Online Courses (server/demo/people.ts), a course no
// other browser test looks at; its demo tags are Science and Lab work.
const COURSE = demoCourses.find((c) => c.shortname === 'PD-DOC')?.fullname ?? 'Designing Online Courses';
const person = demoStaff.find((p) => p.username === 'teacher2');
const TEACHER2: SiteUser = { username: 'teacher2', password: E2E_DEMO_PASSWORD, fullname: `${person?.firstname} ${person?.lastname}` };

/** A tag name no earlier run on this site used. */
function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

test('a teacher tags a course by keyboard and follows a tag to the tag index', async ({ page, logInAs }) => {
  await logInAs(TEACHER2);
  await page.goto('/my/');
  await page.getByRole('link', { name: COURSE }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  const courseUrl = page.url();
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Course settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit course settings' })).toBeVisible();

  const box = page.getByRole('combobox', { name: 'Tags' });
  const chips = page.getByRole('grid', { name: 'Tags: Selected items' });
  await expect(chips.getByRole('row', { name: 'Science' })).toBeVisible();

  // An existing standard tag: part of its name, down arrow to the suggestion, Enter. The box is
  // clicked first so that scrolling it into view happens before typing: react-aria closes an open
  // list when the page scrolls, and a scroll landing just after the list opened would close it.
  await box.click();
  await expect(box).toBeFocused();
  await box.fill('Mathem');
  await expect(page.getByRole('option', { name: 'Mathematics' })).toBeVisible();
  await box.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Mathematics' })).toHaveAttribute('data-focused', 'true');
  await box.press('Enter');
  // The suggestions stay open for the next tag; Escape closes them.
  await box.press('Escape');
  await expect(chips.getByRole('row', { name: 'Mathematics' })).toBeVisible();

  // A new tag: typed, then a comma.
  const fresh = unique('Course design');
  await box.pressSequentially(`${fresh},`);
  await box.press('Escape');
  await expect(chips.getByRole('row', { name: fresh })).toBeVisible();
  await expect(box).toHaveValue('');

  await page.getByRole('button', { name: 'Save and display' }).click();
  await expect(page).toHaveURL(courseUrl);
  const tags = page.getByRole('list', { name: 'Tags' });
  await expect(tags.getByRole('link')).toHaveText(['Science', 'Lab work', 'Mathematics', fresh]);

  // The new tag's index lists the course.
  await tags.getByRole('link', { name: fresh }).click();
  await expect(page).toHaveURL(/\/tag\/index\.php\?/);
  await expect(page.getByRole('heading', { level: 1, name: `Tag: ${fresh}` })).toBeVisible();
  await expect(page.getByRole('link', { name: COURSE })).toBeVisible();
});

test('a student adds an interest on their profile and sees it there', async ({ page, logInAs }) => {
  const me = student(9);
  await logInAs(me);
  await page.goto('/user/edit.php');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeVisible();
  const interest = unique('Origami');
  const box = page.getByRole('combobox', { name: 'Interests' });
  await box.pressSequentially(interest);
  await box.press('Enter');
  await box.press('Escape');
  await expect(page.getByRole('grid', { name: 'Interests: Selected items' }).getByRole('row', { name: interest })).toBeVisible();
  // Only the interests changed, and leaving still asks first.
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Unsaved changes' }).or(page.getByRole('dialog', { name: 'Unsaved changes' }));
  await ask.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(ask).toHaveCount(0);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/user\/profile\.php/);
  await expect(page.getByRole('list', { name: 'Interests' }).getByRole('link', { name: interest })).toBeVisible();
});

test("a teacher tags an activity in its settings and the tag shows on the activity's page", async ({ page, logInAs }) => {
  await logInAs(TEACHER2);
  await page.goto('/my/');
  await page.getByRole('link', { name: COURSE }).first().click();
  await page.getByRole('link', { name: 'Course handbook' }).click();
  await expect(page).toHaveURL(/\/mod\/page\/view\.php\?id=\d+/);
  const cmid = new URL(page.url()).searchParams.get('id') ?? '';
  await page.goto(`/course/modedit.php?update=${cmid}`);
  const box = page.getByRole('combobox', { name: 'Tags' });
  const tag = unique('Orientation');
  await box.pressSequentially(`${tag},`);
  await box.press('Escape');
  await expect(page.getByRole('grid', { name: 'Tags: Selected items' }).getByRole('row', { name: tag })).toBeVisible();
  await page.getByRole('button', { name: 'Save and return to course' }).click();
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  await page.getByRole('link', { name: 'Course handbook' }).click();
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: tag })).toHaveAttribute('href', /\/tag\/index\.php\?tag=Orientation/);
});
