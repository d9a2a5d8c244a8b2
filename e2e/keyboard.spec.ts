import type { Locator, Page } from '@playwright/test';
import { missingFocusRing } from './focus';
import { expect, LOGIN_PATH, test, ws } from './helpers';
import { TEACHER } from './site';

/**
 * The keyboard-only walk the issue asks for: a teacher logs in, opens the course, the assignment's
 * grading screen, picks a learner, enters the marking guide's scores and saves them, with no mouse.
 * Every stop on the way must show where the focus is.
 */

const COURSE = 'Introduction to Biology';
const ESSAY = 'Essay: cell structure';

/** Presses Tab (Shift+Tab with `back`) until the target has the focus, checking every stop's ring. */
async function tabTo(page: Page, target: Locator, { back = false, limit = 120 } = {}): Promise<void> {
  const handle = await target.elementHandle();
  if (!handle) throw new Error(`nothing to tab to: ${target.toString()}`);
  for (let stop = 0; stop < limit; stop += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    expect(await missingFocusRing(page), 'the focused element shows a focus indicator').toBeNull();
    if (await handle.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${target.toString()} was not reached in ${limit} presses of Tab`);
}

test('keyboard only: log in, open the course and the grading screen, enter a grade and save it', async ({ page, logInAs }) => {
  // The learner, found through the web services (not part of the walk): one without a submission,
  // whom no other spec grades, so the "requires grading" lists other specs count do not change.
  await logInAs(TEACHER);
  await page.goto('/my/');
  const { courses } = await ws<{ courses: Array<{ assignments: Array<{ id: number; cmid: number; name: string }> }> }>(page, 'mod_assign_get_assignments', { courseids: [] });
  const essay = courses.flatMap((c) => c.assignments).find((a) => a.name === ESSAY);
  if (!essay) throw new Error(`${ESSAY} is not in the demo data`);
  const learners = await ws<Array<{ id: number; fullname: string; submitted: boolean }>>(page, 'mod_assign_list_participants', { assignid: essay.id, onlyids: true });
  const learner = learners.filter((p) => !p.submitted).at(-2);
  if (!learner) throw new Error('the demo essay has too few learners without a submission');
  // Leave the app first: with the session cookie gone, the dashboard would send itself to the login
  // page at the same moment as the walk's own navigation there, aborting one of them.
  await page.goto('about:blank');
  await page.context().clearCookies();

  // Log in: the username box has the focus when the page opens.
  await page.goto(LOGIN_PATH);
  const username = page.getByLabel('Username');
  await expect(username).toBeFocused();
  await page.keyboard.type(TEACHER.username);
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(TEACHER.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // The skip link comes first and is seen when focused; it takes the focus past the header.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  expect(await missingFocusRing(page)).toBeNull();
  await page.keyboard.press('Enter');
  await expect(page.locator('#region-main')).toBeFocused();

  // Dashboard → course.
  const course = page.getByRole('list', { name: 'My courses' }).getByRole('link', { name: COURSE });
  await tabTo(page, course);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();

  // Course → the assignment → its grading screen.
  await tabTo(page, page.getByRole('main').getByRole('link', { name: ESSAY }).first());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: ESSAY })).toBeVisible();
  await tabTo(page, page.getByRole('main').getByRole('link', { name: 'Grade', exact: true }));
  await page.keyboard.press('Enter');
  const nav = page.getByRole('group', { name: 'Grading navigation' });
  await expect(nav).toBeVisible();

  // Change user: type in the combobox, arrow to the suggestion, Enter.
  await tabTo(page, nav.getByRole('combobox', { name: 'Change user' }));
  await page.keyboard.type(learner.fullname);
  // The server's answer to the typed name, not the list shown before it.
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('option', { name: learner.fullname })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(nav.locator('.grader-currentuser-name')).toHaveText(learner.fullname);
  await expect(page.getByRole('listbox')).toBeHidden();

  // The marking guide's scores, then Save changes (Space presses a button as Enter does).
  const score = (criterion: string) => page.getByRole('region', { name: criterion }).getByLabel('Score');
  const scores: Array<[string, string]> = [
    ['Accuracy', '6'],
    ['Comparison', '7'],
    ['Presentation', '3'],
  ];
  for (const [criterion, value] of scores) {
    await tabTo(page, score(criterion));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(value);
  }
  await expect(page.getByText('Total score: 16 / 25')).toBeVisible();
  const save = page.getByRole('button', { name: 'Save changes' });
  await tabTo(page, save);
  await page.keyboard.press('Space');
  await expect(page.getByText('The changes to the grade and feedback were saved')).toBeVisible();
  // The form takes the saved grade without losing the focus: it stays on the button, still ringed.
  await expect(save).not.toHaveAttribute('aria-busy');
  await expect(save).toBeFocused();
  expect(await missingFocusRing(page)).toBeNull();

  // Saved: the server has the grade, and the screen shows it after a reload.
  await page.reload();
  await expect(nav.locator('.grader-currentuser-name')).toHaveText(learner.fullname);
  await expect(page.getByText('Total score: 16 / 25')).toBeVisible();
  await expect(score('Comparison')).toHaveValue('7');

  // "Save and show next" takes the focus on to the next learner's first score, where grading them starts.
  await tabTo(page, page.getByRole('button', { name: 'Save and show next' }));
  await page.keyboard.press('Enter');
  await expect(nav.locator('.grader-currentuser-name')).not.toHaveText(learner.fullname);
  await expect(score('Accuracy')).toBeFocused();
  expect(await missingFocusRing(page)).toBeNull();
});
