import { announcer, audible, expect, holdCall, logIn, test } from './helpers';
import { TEACHER } from './site';

test('a teacher creates a group, adds members, and auto-creates groups from the students', async ({ page }) => {
  await logIn(page, TEACHER);
  // teacher1 is the editing teacher of Chemistry Fundamentals (server/demo/people.ts).
  const courseLink = page.getByRole('main').getByRole('link', { name: 'Chemistry Fundamentals' });
  await expect(courseLink).toBeVisible();
  const href = (await courseLink.getAttribute('href')) ?? '';
  const courseid = new URL(href, 'http://x').searchParams.get('id');
  await page.goto(`/group/index.php?id=${courseid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();

  await page.getByRole('button', { name: 'Create group', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create group' });
  await dialog.getByLabel('Group name').fill('Reading circle');
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Reading circle/ })).toHaveAttribute('aria-pressed', 'true');

  // The same name again is refused next to the field.
  await page.getByRole('button', { name: 'Create group', exact: true }).click();
  await dialog.getByLabel('Group name').fill('reading circle');
  await dialog.getByRole('button', { name: 'Create group' }).click();
  await expect(dialog.getByText('A group named "reading circle" already exists in this course')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const members = page.getByRole('region', { name: 'Members: Reading circle' });
  const candidates = members.getByRole('checkbox');
  await expect(candidates.first()).toBeVisible();
  await candidates.nth(0).check();
  await candidates.nth(1).check();
  await members.getByRole('button', { name: 'Add 2 selected' }).click();
  await expect(page.getByRole('button', { name: /^Reading circle/ })).toContainText('2 members');

  await page.getByRole('button', { name: 'Auto-create groups' }).click();
  const auto = page.getByRole('dialog', { name: 'Auto-create groups' });
  await auto.getByLabel('Naming scheme').fill('Team #');
  await auto.getByLabel('Number', { exact: true }).fill('3');
  await auto.getByRole('button', { name: 'Preview' }).click();
  await expect(auto.getByText('Team 3')).toBeVisible();
  await auto.getByRole('button', { name: 'Create 3 groups' }).click();
  await expect(auto).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Team 1/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Team 3/ })).toBeVisible();
});

test('creating a group says it is saving while the dialogue waits, with the focus kept on its button', async ({ page, logInAs }) => {
  await logInAs(TEACHER);
  await page.goto('/my/');
  const courseLink = page.getByRole('main').getByRole('link', { name: 'Chemistry Fundamentals' });
  const courseid = new URL((await courseLink.getAttribute('href')) ?? '', 'http://x').searchParams.get('id');
  await page.goto(`/group/index.php?id=${courseid}`);
  await page.getByRole('button', { name: 'Create group', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create group' });
  const name = `Lab pair ${Date.now().toString(36)}`;
  await dialog.getByLabel('Group name').fill(name);

  const release = await holdCall(page, 'core_group_create_groups');
  const create = dialog.getByRole('button', { name: 'Create group' });
  await create.focus();
  await page.keyboard.press('Enter');
  await expect(create).toHaveAttribute('aria-busy', 'true');
  await expect(create).toHaveAttribute('aria-disabled', 'true');
  await expect(create).toBeFocused();
  // The modal dialogue hides the page behind it from screen readers, but not the live region.
  await expect(announcer(page)).toHaveText('Saving…');
  expect(await audible(announcer(page))).toBe(true);
  // A second Enter while it saves creates nothing more.
  await page.keyboard.press('Enter');

  release();
  await expect(dialog).toHaveCount(0);
  await expect(announcer(page)).toHaveText('');
  await expect(page.getByRole('button', { name: new RegExp(`^${name}`) })).toHaveCount(1);
});
