import type { Page } from '@playwright/test';
import { expect, test, ws } from './helpers';
import { ADMIN, student, TEACHER } from './site';

test.use({ viewport: { width: 1280, height: 1000 } });

async function courseId(page: Page, shortname: string): Promise<number> {
  await page.goto('/my/');
  const { courses } = await ws<{ courses: Array<{ id: number }> }>(page, 'core_course_get_courses_by_field', { field: 'shortname', value: shortname });
  return courses[0]?.id ?? 0;
}

const names = (page: Page) => page.getByRole('grid', { name: 'Course competencies' }).locator('.linked-name > :first-child');

test('a manager links competencies to a course from its page, reorders them, sets what completion does, the course settings, and unlinks one', async ({ page, logInAs }) => {
  await logInAs(ADMIN);
  const id = await courseId(page, 'CHEM101');
  await page.goto(`/course/view.php?id=${id}`);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Course competencies' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Course competencies' })).toBeVisible();
  await expect(page.getByText('This course has no competencies')).toBeVisible();

  await page.getByRole('button', { name: 'Add competencies' }).click();
  const picker = page.getByRole('dialog', { name: 'Competency picker' });
  await picker.getByLabel('Framework').selectOption({ label: 'Digital competence' });
  for (const name of ['Checks who published', 'Reviews privacy settings', 'Uses strong, different passwords']) {
    await picker.getByLabel('Search', { exact: true }).fill(name);
    await picker.getByRole('row', { name: new RegExp(`^${name}`) }).click();
  }
  await picker.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(names(page)).toHaveText(['Checks who published a source and why', 'Reviews privacy settings of accounts', 'Uses strong, different passwords']);

  // Reorder with the up button, then by keyboard drag and drop.
  const refetched = page.waitForResponse((r) => r.url().includes('tool_lp_data_for_course_competencies_page'));
  await page.getByRole('button', { name: 'Move Uses strong, different passwords up' }).click();
  await refetched;
  await expect(names(page)).toHaveText(['Checks who published a source and why', 'Uses strong, different passwords', 'Reviews privacy settings of accounts']);
  // Focus the row first: the list remembers which row had focus, and a drag starts from that row.
  await page.getByRole('grid', { name: 'Course competencies' }).getByRole('row', { name: /^Checks who published/ }).focus();
  await page.getByRole('button', { name: 'Drag Checks who published a source and why to reorder' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(names(page)).toHaveText(['Uses strong, different passwords', 'Reviews privacy settings of accounts', 'Checks who published a source and why']);

  // What completing the course does, per competency; new links attach evidence.
  const outcome = page.getByRole('grid', { name: 'Course competencies' }).getByRole('row', { name: /Reviews privacy settings/ }).getByLabel('When the course is completed');
  await expect(outcome).toHaveValue('1');
  await outcome.selectOption({ label: 'Complete the competency' });
  await expect(page.getByRole('button', { name: 'Course competency settings' })).toBeEnabled();
  await page.getByRole('button', { name: 'Course competency settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Course competency settings' });
  const push = settings.getByRole('checkbox', { name: 'Push course ratings to learning plans' });
  await expect(push).toBeChecked();
  await push.uncheck({ force: true });
  await settings.getByRole('button', { name: 'Save changes' }).click();
  await expect(settings).toBeHidden();
  await page.reload();
  await expect(names(page)).toHaveText(['Uses strong, different passwords', 'Reviews privacy settings of accounts', 'Checks who published a source and why']);
  await expect(page.getByRole('grid', { name: 'Course competencies' }).getByRole('row', { name: /Reviews privacy settings/ }).getByLabel('When the course is completed')).toHaveValue('3');
  await page.getByRole('button', { name: 'Course competency settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Course competency settings' }).getByRole('checkbox', { name: 'Push course ratings to learning plans' })).not.toBeChecked();
  await page.getByRole('dialog', { name: 'Course competency settings' }).getByRole('button', { name: 'Cancel' }).click();

  // An activity linked to a competency.
  await page.getByRole('button', { name: 'Activities linked to \'Uses strong, different passwords\'' }).click();
  const activities = page.getByRole('dialog', { name: "Activities linked to 'Uses strong, different passwords'" });
  await activities.getByRole('checkbox', { name: 'Course handbook' }).check({ force: true });
  await activities.getByLabel('When Course handbook is completed').selectOption({ label: 'Send for review' });
  await activities.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('grid', { name: 'Course competencies' }).getByRole('row', { name: /Uses strong/ })).toContainText('Activities: 1');
  await page.screenshot({ path: '/tmp/plans-course-competencies.png', fullPage: true });

  await page.getByRole('button', { name: 'Unlink Reviews privacy settings of accounts' }).click();
  await expect(page.getByRole('alertdialog')).toContainText("Unlink 'Reviews privacy settings of accounts' from the course 'Chemistry Fundamentals'?");
  await page.getByRole('alertdialog').getByRole('button', { name: 'Unlink competency' }).click();
  await expect(names(page)).toHaveText(['Uses strong, different passwords', 'Checks who published a source and why']);
});

test('a teacher rates a learner in the course from the report, which then shows the new rating; the learner sees it too', async ({ page, logInAs }) => {
  const learner = student(3);
  await logInAs(TEACHER);
  const id = await courseId(page, 'BIO101');
  await page.goto(`/admin/tool/lp/coursecompetencies.php?courseid=${id}`);
  await page.getByRole('link', { name: 'Competency breakdown' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Competency breakdown' })).toBeVisible();
  await page.getByLabel('Learner', { exact: true }).selectOption({ label: learner.fullname });
  await expect(page).toHaveURL(/user=\d+/);
  const report = page.locator('.report-table');
  const cell = report.getByRole('row', { name: /Evaluating data and sources/ }).locator('.rating-cell');
  await expect(cell).toHaveText('Not rated');
  await cell.click();
  const dialog = page.getByRole('dialog', { name: `Competency of ${learner.fullname}` });
  await dialog.getByRole('button', { name: 'Rate', exact: true }).click();
  const rate = page.getByRole('dialog', { name: "Rate 'Evaluating data and sources'" });
  await expect(rate.getByRole('button', { name: 'Rate', exact: true })).toBeDisabled();
  await rate.getByLabel('Rating').selectOption({ label: 'Competent' });
  await rate.getByRole('button', { name: 'Rate', exact: true }).click();
  await expect(rate).toBeHidden();
  await expect(dialog.locator('.evidence-list')).toContainText("The rating was set manually in the course 'Introduction to Biology'.");
  await page.screenshot({ path: '/tmp/plans-report-dialog.png' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(cell).toHaveText('Competent');
  await expect(report.getByRole('row', { name: /Evaluating data and sources/ })).toContainText('Yes');
  // The breakdown of every learner shows it too.
  const breakdown = page.locator('.breakdown-table').getByRole('row', { name: new RegExp(learner.fullname) });
  await expect(breakdown).toContainText('Competent');
  await page.screenshot({ path: '/tmp/plans-report.png', fullPage: true });

  // The user competency in course page: the learner and competency selectors reload the page.
  await page.goto(`/admin/tool/lp/user_competency_in_course.php?courseid=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'User competency in course' })).toBeVisible();
  await page.getByLabel('Learner', { exact: true }).selectOption({ label: learner.fullname });
  await page.getByLabel('Competency', { exact: true }).selectOption({ label: 'Evaluating data and sources' });
  await expect(page).toHaveURL(/competencyid=\d+/);
  await expect(page.locator('.uc-facts')).toContainText('Competent');
  await page.screenshot({ path: '/tmp/plans-user-competency-in-course.png', fullPage: true });

  await page.context().clearCookies();
  await logInAs(learner);
  await page.goto(`/admin/tool/lp/coursecompetencies.php?courseid=${id}`);
  await expect(page.getByRole('grid', { name: 'Course competencies' }).getByRole('row', { name: /Evaluating data and sources/ }).locator('.rating-badge')).toHaveText('Competent');
  await expect(page.getByRole('button', { name: 'Add competencies' })).toHaveCount(0);
});
