import type { Page } from '@playwright/test';
import { expect, holdCall, logIn, test, ws } from './helpers';
import { newLangUser, packString } from './languages';
import { ADMIN, TEACHER } from './site';

/** The demo assignment graded with a marking guide (server/demo/assign.ts). */
const ESSAY = 'Essay: cell structure';

interface Assignment {
  id: number;
  cmid: number;
  name: string;
  course: number;
}

interface Participant {
  id: number;
  fullname: string;
  submitted: boolean;
  requiregrading: boolean;
}

async function findAssignment(page: Page, name: string): Promise<Assignment> {
  await page.goto('/my/');
  const answer = await ws<{ courses: Array<{ assignments: Assignment[] }> }>(page, 'mod_assign_get_assignments', { courseids: [] });
  const found = answer.courses.flatMap((c) => c.assignments).find((a) => a.name === name);
  if (!found) throw new Error(`${name} is not in the demo data`);
  return found;
}

async function participants(page: Page, assignid: number): Promise<Participant[]> {
  return ws<Participant[]>(page, 'mod_assign_list_participants', { assignid, onlyids: true });
}

/** The user the grading screen shows: their name links to their profile in the toolbar. */
function currentUser(page: Page) {
  return page.getByRole('group', { name: 'Grading navigation' }).locator('.grader-currentuser-name');
}

test('the grading screen filters to those requiring grading and steps through them, wrapping around both ways', async ({ page, logInAs }) => {
  await logInAs(TEACHER);
  const essay = await findAssignment(page, ESSAY);
  const waiting = (await participants(page, essay.id)).filter((p) => p.requiregrading);
  expect(waiting.length).toBeGreaterThan(2);
  const [first, second] = waiting;
  const last = waiting[waiting.length - 1];

  await page.goto(`/mod/assign/view.php?id=${essay.cmid}&action=grader`);
  await expect(page.getByRole('heading', { level: 1, name: ESSAY })).toBeVisible();
  const nav = page.getByRole('group', { name: 'Grading navigation' });

  await nav.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Requires grading' }).click();
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await expect(currentUser(page)).toHaveText(first!.fullname);
  await expect(nav.getByText(`1 of ${waiting.length}`, { exact: true })).toBeVisible();
  await expect(page).toHaveURL((url) => url.searchParams.get('filter') === 'requiregrading' && url.searchParams.get('userid') === String(first!.id));

  // Previous from the first wraps to the last; next from the last wraps to the first.
  await nav.getByRole('button', { name: 'Previous user' }).click();
  await expect(currentUser(page)).toHaveText(last!.fullname);
  await expect(nav.getByText(`${waiting.length} of ${waiting.length}`, { exact: true })).toBeVisible();
  await nav.getByRole('button', { name: 'Next user' }).click();
  await expect(currentUser(page)).toHaveText(first!.fullname);
  await nav.getByRole('button', { name: 'Next user' }).click();
  await expect(currentUser(page)).toHaveText(second!.fullname);

  // The keyboard does the same: K back, Alt+Shift+→ forward; the shortcuts are listed in a popover.
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('k');
  await expect(currentUser(page)).toHaveText(first!.fullname);
  await page.keyboard.press('Alt+Shift+ArrowRight');
  await expect(currentUser(page)).toHaveText(second!.fullname);
  await nav.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Save changes');
  await page.keyboard.press('Escape');

  // The address follows the user and the filter, so a reload stays where it was.
  await page.reload();
  await expect(currentUser(page)).toHaveText(second!.fullname);
  await expect(nav.getByText(`2 of ${waiting.length}`, { exact: true })).toBeVisible();

  // The user selector searches the participants and shows each with their identity fields.
  const selector = nav.getByRole('combobox', { name: 'Change user' });
  await selector.fill(last!.fullname.split(' ')[0]!);
  const option = page.getByRole('option', { name: last!.fullname });
  await expect(option).toContainText('@example.org');
  await option.click();
  await expect(currentUser(page)).toHaveText(last!.fullname);
  await expect(page).toHaveURL((url) => url.searchParams.get('userid') === String(last!.id));
});

test('grading with the marking guide: the comment chooser, a score above the maximum, saving, and unsaved changes on moving on', async ({ page, logInAs }) => {
  await logInAs(TEACHER);
  const essay = await findAssignment(page, ESSAY);
  // A learner who has not submitted: grading them changes no one's place in the "requires grading" list.
  const all = await participants(page, essay.id);
  const learner = all.filter((p) => !p.submitted).at(-1);
  if (!learner) throw new Error('the demo essay has no learner without a submission');
  await page.goto(`/mod/assign/view.php?id=${essay.cmid}&action=grader&userid=${learner.id}`);
  await expect(currentUser(page)).toHaveText(learner.fullname);
  await expect(page.getByRole('region', { name: 'Submission' })).toContainText('Nothing has been submitted for this assignment');

  const accuracy = page.getByRole('region', { name: 'Accuracy' });
  const remark = accuracy.getByLabel('Remark');
  await remark.fill('');

  // The chooser inserts a comment; a second one goes on a new line. Keyboard: arrows and Enter.
  await accuracy.getByRole('button', { name: 'Insert frequently used comment' }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose a comment to insert into the remark' });
  await chooser.getByRole('option', { name: 'Clear and accurate.' }).click();
  await expect(chooser).toBeHidden();
  await expect(remark).toHaveValue('Clear and accurate.');
  await accuracy.getByRole('button', { name: 'Insert frequently used comment' }).click();
  await expect(chooser.getByRole('option').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(remark).toHaveValue('Clear and accurate.\nAdd a labelled diagram.');
  // Escape closes it without inserting anything.
  await accuracy.getByRole('button', { name: 'Insert frequently used comment' }).click();
  await page.keyboard.press('Escape');
  await expect(chooser).toBeHidden();
  await expect(remark).toHaveValue('Clear and accurate.\nAdd a labelled diagram.');

  // A score above the criterion's maximum is refused next to the field, and nothing is saved.
  await accuracy.getByLabel('Score').fill('11');
  await page.getByRole('region', { name: 'Comparison' }).getByLabel('Score').fill('7');
  await page.getByRole('region', { name: 'Presentation' }).getByLabel('Score').fill('4');
  await expect(page.getByText('Total score: 22 / 25')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The form has errors' })).toBeVisible();
  await expect(accuracy.getByLabel('Score')).toHaveAccessibleDescription(/max score is: 10/);
  await expect(accuracy.getByLabel('Score')).toHaveValue('11');

  await accuracy.getByLabel('Score').fill('8');
  // Feedback is rich text: the toolbar's Bold button formats what is typed next.
  const feedback = page.getByRole('textbox', { name: 'Feedback comments' });
  await feedback.fill('A careful ');
  await feedback.press('End');
  await page.getByRole('toolbar', { name: 'Text formatting' }).getByRole('button', { name: 'Bold' }).click();
  await feedback.pressSequentially('comparison');
  // While the grade is on its way, the button says it is busy and keeps the focus, and the page's
  // live region says so to screen readers, as the spinner does to the eye.
  const release = await holdCall(page, 'mod_assign_submit_grading_form');
  const save = page.getByRole('button', { name: 'Save changes' });
  await save.click();
  await expect(save).toHaveAttribute('aria-busy', 'true');
  await expect(save).toHaveAttribute('aria-disabled', 'true');
  await expect(save).toBeFocused();
  const status = page.getByRole('status').filter({ hasText: 'Saving the grade…' });
  await expect(status).toBeAttached();
  release();
  await expect(page.getByText('The changes to the grade and feedback were saved')).toBeVisible();
  await expect(status).toHaveCount(0);
  await expect(save).not.toHaveAttribute('aria-busy');
  // The form is filled again from the saved grade in place: the focus is still on the button.
  await expect(save).toBeFocused();
  await expect(page.getByText('Total score: 19 / 25')).toBeVisible();
  await expect(accuracy.getByLabel('Remark')).toHaveValue('Clear and accurate.\nAdd a labelled diagram.');
  await expect(feedback).toHaveText('A careful comparison');
  await expect(feedback.locator('strong')).toHaveText('comparison');

  // Moving on with unsaved changes asks first: Cancel stays, "Save and continue" saves and moves.
  const nav = page.getByRole('group', { name: 'Grading navigation' });
  await page.getByRole('region', { name: 'Presentation' }).getByLabel('Score').fill('5');
  await nav.getByRole('button', { name: 'Next user' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Unsaved changes' });
  await expect(ask).toContainText('Do you want to save the changes and continue?');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(currentUser(page)).toHaveText(learner.fullname);
  await nav.getByRole('button', { name: 'Next user' }).click();
  await ask.getByRole('button', { name: 'Save and continue' }).click();
  await expect(currentUser(page)).not.toHaveText(learner.fullname);
  await expect(page).toHaveURL((url) => url.searchParams.get('userid') !== String(learner.id));

  // The saved total is there when coming back.
  await nav.getByRole('button', { name: 'Previous user' }).click();
  await expect(currentUser(page)).toHaveText(learner.fullname);
  await expect(page.getByText('Total score: 20 / 25')).toBeVisible();

  // The layout toggle collapses the review panel, and the choice is remembered.
  await nav.getByRole('radio', { name: 'Collapse review panel' }).click();
  await expect(page.getByRole('region', { name: 'Submission' })).toBeHidden();
  await page.reload();
  await expect(page.getByText('Total score: 20 / 25')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Submission' })).toBeHidden();
  await expect(nav.getByRole('radio', { name: 'Collapse review panel' })).toBeChecked();
  await nav.getByRole('radio', { name: 'Default layout' }).click();
  await expect(page.getByRole('region', { name: 'Submission' })).toBeVisible();
});

test('the marking guide editor: a criterion without a name is refused, criteria are added and deleted, and the guide is saved', async ({ page, logInAs }) => {
  await logInAs(TEACHER);
  const essay = await findAssignment(page, ESSAY);
  const name = `Guided task ${Date.now().toString(36)}`;
  const { cmid } = await ws<{ cmid: number }>(page, 'mod_assign_add_instance', { courseid: essay.course, section: 1, name, grade: 20, gradingmethod: 'guide' });

  await page.goto(`/grade/grading/form/guide/edit.php?cmid=${cmid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Define marking guide' })).toBeVisible();
  const criteria = page.getByRole('region', { name: 'Criteria' });
  const rows = criteria.getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await rows.nth(0).getByLabel('Maximum score').fill('10');
  await page.getByRole('button', { name: 'Save marking guide and make it ready' }).click();
  await expect(rows.nth(0).getByLabel('Criterion name')).toHaveAccessibleDescription('The criterion name is required');
  await expect(page.getByRole('alert')).toContainText('The criterion name is required');

  await rows.nth(0).getByLabel('Criterion name').fill('Argument');
  await criteria.getByRole('button', { name: 'Add criterion' }).click();
  await expect(rows.nth(1).getByLabel('Criterion name')).toBeFocused();
  await rows.nth(1).getByLabel('Criterion name').fill('Evidence');
  await rows.nth(1).getByLabel('Maximum score').fill('5');
  await rows.nth(1).getByLabel('Description for markers').fill('Two sources at least.');
  // 15 points of guide for a grade out of 20: the editor warns that grades will be scaled.
  await expect(page.getByText('differs from the activity\'s maximum grade (20)')).toBeVisible();

  // A third criterion, deleted again after confirming.
  await criteria.getByRole('button', { name: 'Add criterion' }).click();
  await rows.nth(2).getByLabel('Criterion name').fill('Spare');
  await rows.nth(2).getByRole('button', { name: 'Delete criterion Spare' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete criterion' });
  await expect(confirm).toContainText('Delete the criterion "Spare"?');
  await confirm.getByRole('button', { name: 'Delete criterion' }).click();
  await expect(rows).toHaveCount(2);

  const comments = page.getByRole('region', { name: 'Frequently used comments' });
  await comments.getByRole('button', { name: 'Add frequently used comment' }).click();
  await comments.getByRole('textbox', { name: 'Comment 1' }).fill('Strong reasoning.');

  await page.getByRole('button', { name: 'Save marking guide and make it ready' }).click();
  await expect(page.getByText('The marking guide has been saved.')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/mod/assign/view.php' && url.searchParams.get('id') === String(cmid));

  await page.goto(`/grade/grading/form/guide/edit.php?cmid=${cmid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit marking guide' })).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByLabel('Criterion name')).toHaveValue('Evidence');
  await expect(comments.getByRole('textbox', { name: 'Comment 1' })).toHaveValue('Strong reasoning.');
});

test('the grading screen writes the maximum grade the way the grader\u2019s language writes numbers', async ({ page, logInAs }) => {
  await logInAs(TEACHER);
  const essay = await findAssignment(page, ESSAY);
  const { cmid } = await ws<{ cmid: number }>(page, 'mod_assign_add_instance', { courseid: essay.course, section: 1, name: `Field notebook ${Date.now().toString(36)}`, grade: 12500 });
  await page.context().clearCookies();
  await logInAs(ADMIN);
  await page.goto('/my/');
  const graders = [await newLangUser(page, 'es', 'Grader', 'manager'), await newLangUser(page, 'ar', 'Grader', 'manager')];
  for (const grader of graders) {
    await page.context().clearCookies();
    await logIn(page, grader);
    await page.goto(`/mod/assign/view.php?id=${cmid}&action=grader`);
    await expect(page.locator('html')).toHaveAttribute('lang', grader.lang);
    // Spanish groups thousands with a point; Arabic as the browser's Arabic number format does.
    const max = grader.lang === 'es' ? '12.500' : await page.evaluate(() => new Intl.NumberFormat('ar').format(12500));
    expect(max).not.toBe('12500');
    await expect(page.getByRole('spinbutton', { name: packString(grader.lang, 'mod_assign', 'gradeoutof', max) })).toBeVisible();
  }
});
