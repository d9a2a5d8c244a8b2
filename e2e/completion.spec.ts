import { expect, logIn, test, ws } from './helpers';
import { student, TEACHER } from './site';

// teacher1 is the editing teacher of Assessment for Learning (PD-AFL), which takes students 21–30.
const LEARNER = student(26);

async function assessmentCourse(page: Parameters<typeof ws>[0]): Promise<number> {
  const found = await ws<{ courses: Array<{ id: number }> }>(page, 'core_course_get_courses_by_field', { field: 'shortname', value: 'PD-AFL' });
  const id = found.courses[0]?.id;
  if (!id) throw new Error('PD-AFL is missing from the demo data');
  return id;
}

test('a teacher makes an activity manual in the bulk page and a learner marks it done on the course page, which a reload keeps', async ({ page, logInAs, browser }) => {
  await logInAs(TEACHER);
  await page.goto('/my/');
  const courseid = await assessmentCourse(page);
  const name = `Reflection log ${Date.now()}`;
  await ws(page, 'mod_page_add_instance', { courseid, section: 1, name, content: '<p>Write a short reflection.</p>' });

  // The bulk page is linked from the course's "⋮" menu.
  await page.goto(`/course/view.php?id=${courseid}`);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Bulk edit activity completion' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk edit activity completion' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('No tracking')).toBeVisible();
  await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.getByRole('radio', { name: 'Manual: learners mark it as done' }).check();
  await page.getByRole('button', { name: 'Apply to 1 activity' }).click();
  await expect(page.getByText('Completion settings saved for 1 activity.')).toBeVisible();
  await expect(row.getByText('Manual', { exact: true })).toBeVisible();

  const context = await browser.newContext();
  const learner = await context.newPage();
  await logIn(learner, LEARNER);
  await learner.goto(`/course/view.php?id=${courseid}`);
  const toggle = learner.getByRole('button', { name: `${name}: mark as done` });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  const done = learner.getByRole('button', { name: `${name}: done, press to mark as not done` });
  await expect(done).toHaveAttribute('aria-pressed', 'true');
  await expect(done).toHaveText(/Done/);
  await learner.reload();
  await expect(learner.getByRole('button', { name: `${name}: done, press to mark as not done` })).toHaveAttribute('aria-pressed', 'true');
  await context.close();
});

test('a learner who opens a page that requires viewing gets it marked done', async ({ page, logInAs, browser }) => {
  await logInAs(TEACHER);
  await page.goto('/my/');
  const courseid = await assessmentCourse(page);
  const name = `Marking criteria ${Date.now()}`;
  const added = await ws<{ cmid: number }>(page, 'mod_page_add_instance', { courseid, section: 1, name, content: '<p>How the work is marked.</p>' });
  await ws(page, 'core_completion_update_module_settings', { courseid, cmids: [added.cmid], completion: 2, completionview: true });

  const context = await browser.newContext();
  const learner = await context.newPage();
  await logIn(learner, LEARNER);
  await learner.goto(`/course/view.php?id=${courseid}`);
  const activity = learner.getByRole('listitem').filter({ has: learner.getByRole('link', { name }) });
  await expect(activity.getByText('To do', { exact: true })).toBeVisible();
  await expect(activity.getByRole('list', { name: 'Completion conditions' }).getByText('To do: View')).toBeVisible();

  await activity.getByRole('link', { name }).click();
  await expect(learner.getByRole('heading', { level: 1, name })).toBeVisible();
  const strip = learner.getByRole('region', { name: 'Completion conditions' });
  await expect(strip.getByText('Done: View')).toBeVisible();
  await expect(strip.getByText('Done', { exact: true })).toBeVisible();

  await learner.goto(`/course/view.php?id=${courseid}`);
  await expect(activity.getByText('Done', { exact: true })).toBeVisible();
  await context.close();
});
