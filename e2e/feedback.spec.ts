import { announcer, expect, holdCall, logIn, test, ws } from './helpers';
import { ADMIN, student, TEACHER } from './site';

// The settings form is long: a tall window keeps the dialogue's buttons in view.
test.use({ viewport: { width: 1280, height: 1400 } });

test('a teacher builds a feedback (adding questions, deleting one after confirming, moving by button and by keyboard drag and drop), a learner answers it, and the teacher reads the analysis', async ({ browser, page, logInAs }) => {
  // Three people and some forty steps: on a loaded two-core machine this takes longer than one spec's default time.
  test.slow();
  const learner = student(16);
  const name = `Lab feedback ${Date.now().toString(36)}`;

  // The teacher adds a named feedback to "Evolution" through the chooser and the settings form.
  await logInAs(TEACHER);
  await page.goto('/my/');
  await page.getByRole('main').getByRole('link', { name: 'Introduction to Biology' }).first().click();
  await page.getByRole('button', { name: 'Turn editing on' }).click();
  await page.getByRole('button', { name: 'Add an activity or resource to Evolution' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Feedback' }).click();
  const form = page.getByRole('dialog', { name: 'Adding a new Feedback' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Record user names').selectOption({ label: "User's name will be logged and shown with answers" });
  await form.getByLabel('Completion message').fill('Thanks for helping us improve the labs.');
  await form.getByRole('button', { name: 'Save and return to course' }).click();
  await expect(form).toBeHidden();
  const link = page.getByRole('main').getByRole('link', { name });
  const cmid = Number(new URL((await link.getAttribute('href')) ?? '', 'http://x').searchParams.get('id'));
  await page.getByRole('button', { name: 'Turn editing off' }).click();

  // The edit page starts empty and offers every item type.
  await page.goto(`/mod/feedback/view.php?id=${cmid}`);
  await page.getByRole('link', { name: 'Edit questions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit questions' })).toBeVisible();
  await expect(page.getByText('No questions yet')).toBeVisible();
  const addItem = async (type: string) => {
    await page.getByRole('button', { name: 'Add a question' }).click();
    await page.getByRole('menuitem', { name: type }).click();
    return page.getByRole('dialog', { name: `Adding a question: ${type}` });
  };
  let dialog = await addItem('Multiple choice');
  await dialog.getByRole('button', { name: 'Save question' }).click();
  await expect(dialog.getByLabel('Question')).toHaveAccessibleDescription('Required');
  await dialog.getByLabel('Question').fill('How useful were the labs?');
  await dialog.getByRole('textbox', { name: 'Choices' }).fill('Very useful\nSomewhat useful\nNot useful');
  await dialog.getByRole('checkbox', { name: 'Required' }).check();
  await dialog.getByRole('button', { name: 'Save question' }).click();
  await expect(dialog).toBeHidden();

  dialog = await addItem('Numeric answer');
  await dialog.getByLabel('Question').fill('Hours spent per week');
  await dialog.getByLabel('Range from').fill('0');
  await dialog.getByLabel('Range to').fill('20');
  await dialog.getByRole('checkbox', { name: 'Required' }).check();
  await dialog.getByRole('button', { name: 'Save question' }).click();
  await expect(dialog).toBeHidden();

  dialog = await addItem('Label');
  await dialog.getByLabel('Contents').fill('Temporary note for teachers');
  await dialog.getByRole('button', { name: 'Save question' }).click();
  await expect(dialog).toBeHidden();

  dialog = await addItem('Short text answer');
  await dialog.getByLabel('Question').fill('One word for the labs');
  await dialog.getByRole('button', { name: 'Save question' }).click();
  await expect(dialog).toBeHidden();

  const items = page.getByRole('grid', { name: 'Edit questions' });
  await expect(items.getByRole('row')).toHaveCount(4);

  // Deleting asks first, naming the question; cancelling keeps it.
  await items.getByRole('button', { name: 'Delete: Temporary note for teachers' }).click();
  let confirm = page.getByRole('alertdialog', { name: 'Delete question' });
  await expect(confirm).toContainText('Temporary note for teachers');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(items.getByRole('row')).toHaveCount(4);
  await items.getByRole('button', { name: 'Delete: Temporary note for teachers' }).click();
  confirm = page.getByRole('alertdialog', { name: 'Delete question' });
  await confirm.getByRole('button', { name: 'Delete question' }).click();
  await expect(items.getByRole('row')).toHaveCount(3);
  await expect(items).not.toContainText('Temporary note');

  // Moving by keyboard: the short text question goes to the top, and the move is announced.
  await items.getByRole('button', { name: 'Move up: One word for the labs' }).focus();
  await page.keyboard.press('Enter');
  await expect(items.getByRole('row').nth(1)).toContainText('One word for the labs');
  await expect(page.getByRole('status').filter({ hasText: 'moved to position 2' })).toBeAttached();
  // Dragging by keyboard: Enter on the handle picks the numeric question up, the arrows choose where it goes, Enter drops it.
  await items.getByRole('button', { name: 'Drag to move Hours spent per week' }).focus();
  await page.keyboard.press('Enter');
  for (let i = 0; i < 6 && !/Insert before How useful/.test((await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) ?? ''); i += 1) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(items.getByRole('row').first()).toContainText('Hours spent per week');
  await page.reload();
  await expect(items.getByRole('row').nth(0)).toContainText('Hours spent per week');
  await expect(items.getByRole('row').nth(1)).toContainText('How useful were the labs?');
  await expect(items.getByRole('row').nth(2)).toContainText('One word for the labs');

  // The learner answers: required and numeric answers are checked before anything is sent.
  const learnerContext = await browser.newContext();
  const mine = await learnerContext.newPage();
  await logIn(mine, learner);
  await mine.goto(`/mod/feedback/view.php?id=${cmid}`);
  await mine.getByRole('link', { name: 'Answer the questions' }).click();
  await expect(mine.getByText('Your name is recorded with your answers.')).toBeVisible();
  await mine.getByLabel('Hours spent per week').fill('25');
  await mine.getByRole('button', { name: 'Submit your answers' }).click();
  await expect(mine.getByRole('alert')).toContainText('Some answers need attention.');
  await expect(mine.getByLabel('Hours spent per week')).toHaveAccessibleDescription(/The number is out of range/);
  await expect(mine.getByRole('group', { name: /How useful were the labs/ })).toContainText('Required');
  await mine.getByLabel('Somewhat useful').check();
  await mine.getByLabel('Hours spent per week').fill('4,5');
  await mine.getByLabel('One word for the labs').fill('Hands-on');
  await mine.getByRole('button', { name: 'Submit your answers' }).click();
  await expect(mine.getByText('Your answers have been saved.')).toBeVisible();
  await expect(mine.getByText('Thanks for helping us improve the labs.')).toBeVisible();
  await learnerContext.close();

  // The teacher sees the analysis: a chart of the choices, the average, and the named response.
  await page.goto(`/mod/feedback/view.php?id=${cmid}`);
  await page.getByRole('link', { name: 'Analysis' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analysis' })).toBeVisible();
  const choice = page.getByRole('region', { name: /How useful were the labs/ });
  await expect(choice.getByRole('table', { name: /Answers to/ }).getByRole('row', { name: /Somewhat useful/ })).toContainText('1 (100%)');
  await expect(page.getByRole('region', { name: /Hours spent per week/ })).toContainText('Average: 4.5');
  const responses = page.getByRole('region', { name: 'Responses' });
  await expect(responses.getByRole('row', { name: new RegExp(learner.fullname) })).toContainText('Hands-on');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download responses (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
});

test('an administrator saves a feedback as a public template and reuses it in another course, then deletes the template after confirming', async ({ page, logInAs }) => {
  const templateName = `Course survey ${Date.now().toString(36)}`;
  await logInAs(ADMIN);
  // A reused session opens no page: the web-service helper reads the sesskey from one.
  await page.goto('/my/');
  const course = async (shortname: string) => (await ws<{ courses: Array<{ id: number }> }>(page, 'core_course_get_courses_by_field', { field: 'shortname', value: shortname })).courses[0]!.id;
  const bio = await course('BIO101');
  const chem = await course('CHEM101');
  await page.goto(`/course/view.php?id=${bio}`);
  const href = await page.getByRole('main').getByRole('link', { name: 'Mid-term course feedback' }).first().getAttribute('href');
  const source = Number(new URL(href ?? '', 'http://x').searchParams.get('id'));

  await page.goto(`/mod/feedback/edit.php?id=${source}`);
  const templates = page.getByRole('region', { name: 'Templates' });
  await templates.getByLabel('Template name').fill(templateName);
  await templates.getByLabel('Public (all courses can use it)').check();
  await templates.getByRole('button', { name: 'Save as new template' }).click();
  await expect(page.getByText('Template saved.')).toBeVisible();

  const added = await ws<{ cmid: number }>(page, 'mod_feedback_add_instance', { courseid: chem, section: 1, name: `Chemistry survey ${templateName}` });
  await page.goto(`/mod/feedback/edit.php?id=${added.cmid}`);
  await expect(page.getByText('No questions yet')).toBeVisible();
  const option = await templates.locator('option', { hasText: templateName }).getAttribute('value');
  await templates.getByLabel('Template', { exact: true }).selectOption(option ?? '');
  await templates.getByRole('button', { name: 'Use this template' }).click();
  const items = page.getByRole('grid', { name: 'Edit questions' });
  await expect(items.getByRole('row')).toHaveCount(9);
  await expect(items).toContainText('How would you rate the course so far?');

  await templates.getByRole('button', { name: 'Delete template' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete template' });
  await expect(confirm).toContainText(templateName);
  await confirm.getByRole('button', { name: 'Delete template' }).click();
  await expect(page.getByText('Template deleted.')).toBeVisible();
  await expect(templates.getByRole('option', { name: new RegExp(templateName) })).toHaveCount(0);
  // The questions copied from it stay.
  await expect(items.getByRole('row')).toHaveCount(9);
});

test('an editing teacher deletes one named response after confirming, and the analysis counts one fewer', async ({ page, logInAs }) => {
  await logInAs(TEACHER);
  await page.goto('/my/');
  await page.getByRole('main').getByRole('link', { name: 'Introduction to Biology' }).first().click();
  const href = await page.getByRole('main').getByRole('link', { name: 'Mid-term course feedback' }).first().getAttribute('href');
  const cmid = Number(new URL(href!, 'http://x').searchParams.get('id'));
  await page.goto(`/mod/feedback/analysis.php?id=${cmid}`);
  const responses = page.getByRole('region', { name: 'Responses' });
  const firstRow = responses.getByRole('row').nth(1);
  const who = (await firstRow.getByRole('rowheader').textContent())!.trim();
  const submitted = page.locator('dt', { hasText: 'Submitted answers' }).locator('xpath=following-sibling::dd[1]');
  const before = Number(await submitted.textContent());
  const remove = responses.getByRole('button', { name: `Delete response: ${who}` });
  await remove.click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete response' });
  await expect(confirm).toContainText(`Delete the response of ${who}?`);
  // The row's button shows the deletion under way and keeps the focus; screen readers hear it.
  const release = await holdCall(page, 'mod_feedback_delete_response');
  await confirm.getByRole('button', { name: 'Delete response' }).click();
  await expect(remove).toHaveAttribute('aria-busy', 'true');
  await expect(remove).toBeFocused();
  await expect(announcer(page)).toHaveText('Working…');
  release();
  await expect(responses.getByRole('rowheader', { name: who, exact: true })).toHaveCount(0);
  await expect(submitted).toHaveText(String(before - 1));
});
