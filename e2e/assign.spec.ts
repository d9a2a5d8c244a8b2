import { expect, logIn, test, ws } from './helpers';
import { student, TEACHER } from './site';

// The settings form is long: a tall window keeps the dialogue's buttons in view.
test.use({ viewport: { width: 1280, height: 1400 } });

test('a teacher creates an assignment through the form, a learner submits online text, the teacher finds it to grade, and the learner sees the grade', async ({ browser, page, logInAs }) => {
  const learner = student(19);
  const name = `Essay on natural selection ${Date.now().toString(36)}`;

  // The teacher adds the assignment to "Evolution" through the chooser and the settings form.
  await logInAs(TEACHER);
  await page.goto('/my/');
  await page.getByRole('main').getByRole('link', { name: 'Introduction to Biology' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Introduction to Biology' })).toBeVisible();
  const courseid = Number(new URL(page.url()).searchParams.get('id'));
  await page.getByRole('button', { name: 'Turn editing on' }).click();
  await page.getByRole('button', { name: 'Add an activity or resource to Evolution' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Assignment' }).click();
  const form = page.getByRole('dialog', { name: 'Adding a new Assignment' });
  await form.getByRole('button', { name: 'Save and return to course' }).click();
  await expect(form.getByRole('alert')).toContainText('Name: Required');
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Required');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Description').fill('Explain natural selection in your own words.');
  // A cut-off before the due date is refused next to the field and in the summary.
  const cutoff = form.getByRole('group', { name: 'Cut-off date' });
  await cutoff.getByLabel('Enable').check();
  await cutoff.locator('input[type="datetime-local"]').fill('2001-01-01T09:00');
  await form.getByRole('button', { name: 'Save and return to course' }).click();
  await expect(form.getByRole('alert')).toContainText('Cut-off date cannot be earlier than the due date.');
  await cutoff.getByLabel('Enable').uncheck();
  await form.getByLabel('Require students to click the submit button').check();
  await form.getByLabel('Word limit').fill('50');
  await form.getByRole('button', { name: 'Save and return to course' }).click();
  await expect(form).toBeHidden();
  const link = page.getByRole('main').getByRole('link', { name });
  await expect(link).toBeVisible();
  const cmid = Number(new URL((await link.getAttribute('href')) ?? '', 'http://x').searchParams.get('id'));
  await page.getByRole('button', { name: 'Turn editing off' }).click();

  // The learner adds online text (counted against the limit), saves a draft and submits it.
  const learnerContext = await browser.newContext();
  const mine = await learnerContext.newPage();
  await logIn(mine, learner);
  await mine.goto(`/mod/assign/view.php?id=${cmid}`);
  await expect(mine.getByRole('heading', { level: 1, name })).toBeVisible();
  const status = mine.getByRole('table', { name: 'Submission status' });
  await expect(status.getByRole('row', { name: /Submission status/ })).toContainText('No submissions have been made yet');
  await mine.getByRole('link', { name: 'Add submission' }).click();
  await expect(mine.getByRole('heading', { level: 1, name: 'Editing submission' })).toBeVisible();
  const text = mine.getByLabel('Online text');
  await text.fill('Organisms with useful traits survive and pass them on.');
  await expect(mine.getByText('9 of 50 words')).toBeVisible();
  // Leaving by a link with the text unsaved asks first.
  await mine.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name }).click();
  const guard = mine.getByRole('alertdialog', { name: 'Unsaved changes' });
  await guard.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(text).toHaveText('Organisms with useful traits survive and pass them on.');
  await mine.getByRole('button', { name: 'Save changes' }).click();
  await expect(mine.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(status.getByRole('row', { name: /Submission status/ })).toContainText('Draft (not submitted)');
  await expect(status.getByRole('row', { name: /Online text/ })).toContainText('useful traits survive');
  await mine.getByRole('button', { name: 'Submit assignment' }).click();
  const confirm = mine.getByRole('alertdialog', { name: 'Confirm submission' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Submit assignment' }).click();
  await expect(confirm).toBeHidden();
  await expect(status.getByRole('row', { name: /Submission status/ })).toContainText('Submitted for grading');
  await expect(mine.getByRole('link', { name: 'Edit submission' })).toHaveCount(0);

  // The teacher sees it among the submissions that require grading and follows its Grade link.
  await page.goto(`/mod/assign/view.php?id=${cmid}`);
  const summary = page.getByRole('table', { name: 'Grading summary' });
  await expect(summary.getByRole('row', { name: /Needs grading/ })).toContainText('1');
  await page.getByRole('link', { name: 'View all submissions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grading table' })).toBeVisible();
  // The filter lives in the address: the box shows ticked once the address has changed, so click and
  // wait for both rather than `check()`, which wants the box ticked the moment the click ends.
  await page.getByLabel('Requires grading').click();
  await expect(page).toHaveURL(/filter=requiregrading/);
  await expect(page.getByLabel('Requires grading')).toBeChecked();
  const rows = page.getByRole('table', { name: 'Grading table' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(learner.fullname);
  await expect(rows.first()).toContainText('Submitted for grading');
  await page.getByRole('link', { name: `Grade ${learner.fullname}` }).click();
  await expect(page).toHaveURL(/action=grader&userid=\d+/);
  const userid = Number(new URL(page.url()).searchParams.get('userid'));

  // Graded through the web service (the grading screen has its own spec).
  const cm = await ws<{ instance: number }>(page, 'core_courseformat_get_module', { cmid });
  await ws(page, 'mod_assign_save_grade', {
    assignmentid: cm.instance,
    userid,
    grade: 85,
    plugindata: { assignfeedbackcomments_editor: { text: '<p>A clear and well-argued answer.</p>', format: 1 } },
  });

  // The learner sees the grade and feedback on the assignment page and in their grades report.
  await mine.reload();
  const feedback = mine.getByRole('table', { name: 'Feedback' });
  await expect(feedback.getByRole('row', { name: /^Grade \d/ })).toContainText('85');
  await expect(feedback).toContainText('A clear and well-argued answer.');
  await mine.goto(`/grade/report/user/index.php?id=${courseid}`);
  const report = mine.getByRole('row', { name: new RegExp(name) });
  await expect(report).toContainText('85');
  await expect(report).toContainText('A clear and well-argued answer.');
  await learnerContext.close();
});

test('a learner uploads a file to the draft area within the limits, removes and adds it again, and sees it on the status page', async ({ browser, page, logInAs }) => {
  const learner = student(14);
  await logInAs(TEACHER);
  await page.goto('/my/');
  const course = page.getByRole('main').getByRole('link', { name: 'Introduction to Biology' }).first();
  const courseid = Number(new URL((await course.getAttribute('href')) ?? '', 'http://x').searchParams.get('id'));
  const name = `Lab photos ${Date.now().toString(36)}`;
  const added = await ws<{ cmid: number }>(page, 'mod_assign_add_instance', {
    courseid,
    section: 1,
    name,
    onlinetext_enabled: false,
    file_enabled: true,
    file_maxfiles: 1,
    file_maxsizebytes: 10_240,
  });

  const context = await browser.newContext();
  const mine = await context.newPage();
  await logIn(mine, learner);
  await mine.goto(`/mod/assign/view.php?id=${added.cmid}&action=editsubmission`);
  await expect(mine.getByText('Maximum number of files: 1; maximum size: 10 KB')).toBeVisible();
  const input = mine.locator('input[type="file"]');
  // Too large for the assignment: refused before it is sent.
  await input.setInputFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(20_000, 'a') });
  await expect(mine.getByText('The file big.txt is larger than the limit of 10 KB.').last()).toBeVisible();
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Leaf cells under the microscope.') });
  await expect(mine.getByText('notes.txt')).toBeVisible();
  await expect(input).toBeDisabled();
  await mine.getByRole('button', { name: 'Remove notes.txt' }).click();
  await expect(mine.getByText('notes.txt')).toHaveCount(0);
  await input.setInputFiles({ name: 'observations.txt', mimeType: 'text/plain', buffer: Buffer.from('Chloroplasts are green.') });
  await expect(mine.getByText('observations.txt')).toBeVisible();
  await mine.getByRole('button', { name: 'Save changes' }).click();
  await expect(mine.getByRole('heading', { level: 1, name })).toBeVisible();
  const files = mine.getByRole('table', { name: 'Submission status' }).getByRole('row', { name: /File submissions/ });
  const link = files.getByRole('link', { name: 'observations.txt' });
  await expect(link).toBeVisible();
  const download = await mine.request.get((await link.getAttribute('href')) ?? '');
  expect(download.status()).toBe(200);
  expect(await download.text()).toBe('Chloroplasts are green.');
  await context.close();
});
