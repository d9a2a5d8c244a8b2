import { demoStaff } from '../server/demo/people';
import { expect, logIn, test } from './helpers';
import { E2E_DEMO_PASSWORD, type SiteUser } from './site';

// teacher2 is the editing teacher of Reading Poetry Closely (server/demo/people.ts), a course no other
// browser test changes; the demo gives it "Group A", "Group B" and a "Course handbook" page.
const person = demoStaff.find((p) => p.username === 'teacher2');
const TEACHER2: SiteUser = { username: 'teacher2', password: E2E_DEMO_PASSWORD, fullname: `${person?.firstname} ${person?.lastname}` };
const COURSE = 'Reading Poetry Closely';

test('a teacher creates a grouping of two groups and gives a page separate groups with it, kept after reload', async ({ page }) => {
  await logIn(page, TEACHER2);
  const courseLink = page.getByRole('main').getByRole('link', { name: COURSE });
  const courseid = new URL((await courseLink.getAttribute('href')) ?? '', 'http://x').searchParams.get('id');

  // Groupings, reached from the groups page.
  await page.goto(`/group/index.php?id=${courseid}`);
  await page.getByRole('navigation', { name: 'Groups and groupings' }).getByRole('link', { name: 'Groupings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Groupings' })).toBeVisible();
  await expect(page.getByText('No groupings yet')).toBeVisible();

  await page.getByRole('button', { name: 'Create grouping' }).first().click();
  const form = page.getByRole('dialog', { name: 'Create grouping' });
  await form.getByLabel('Grouping name').fill('Poetry circles');
  await form.getByRole('button', { name: 'Create grouping' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Poetry circles' })).toBeVisible();

  // The same name again is refused next to the field.
  await page.getByRole('button', { name: 'Create grouping' }).first().click();
  await form.getByLabel('Grouping name').fill('poetry circles');
  await form.getByRole('button', { name: 'Create grouping' }).click();
  await expect(form.getByText('A grouping named "poetry circles" already exists in this course')).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Choose groups: Poetry circles' }).click();
  const chooser = page.getByRole('dialog', { name: 'Groups in "Poetry circles"' });
  await chooser.getByRole('checkbox', { name: /^Group A/ }).check();
  await chooser.getByRole('checkbox', { name: /^Group B/ }).check();
  await chooser.getByRole('button', { name: 'Save changes' }).click();
  await expect(chooser).toHaveCount(0);
  const inGrouping = page.getByRole('region', { name: 'Groups in this grouping: Poetry circles' });
  await expect(inGrouping.getByRole('listitem')).toHaveText(['Group A', 'Group B']);

  // The course page in editing mode leads to the page's settings.
  await page.goto(`/course/view.php?id=${courseid}`);
  await page.getByRole('button', { name: 'Turn editing on' }).click();
  await page.getByRole('group', { name: 'Actions for Course handbook' }).getByRole('link', { name: 'Edit settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Updating: Page' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Course handbook');
  const common = page.getByRole('group', { name: 'Common module settings' });
  await common.getByLabel('Group mode').selectOption({ label: 'Separate groups' });
  await common.getByLabel('Grouping').selectOption({ label: 'Poetry circles' });
  await page.getByRole('button', { name: 'Save and return to course' }).click();
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  const handbook = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Course handbook', exact: true }) });
  await expect(handbook.getByText('Separate groups')).toBeVisible();

  // Reopened after a reload, the form shows what was saved.
  await page.getByRole('group', { name: 'Actions for Course handbook' }).getByRole('link', { name: 'Edit settings' }).click();
  await page.reload();
  const reloaded = page.getByRole('group', { name: 'Common module settings' });
  await expect(reloaded.getByLabel('Group mode')).toHaveValue('1');
  await expect(reloaded.getByLabel('Grouping').locator('option:checked')).toHaveText('Poetry circles');
});
