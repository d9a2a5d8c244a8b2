import type { Page } from '@playwright/test';
import { expect, logIn, test, ws } from './helpers';
import { student, TEACHER } from './site';

test.use({ viewport: { width: 1280, height: 1100 } });

/** The course id of BIO101 and the course module of its demo quiz "Cells check", as the page's user sees them. */
async function demoQuiz(page: Page): Promise<{ courseid: number; cmid: number; quizid: number }> {
  const { quizzes } = await ws<{ quizzes: Array<{ id: number; name: string; course: number; coursemodule: number }> }>(page, 'mod_quiz_get_quizzes_by_courses', {});
  const quiz = quizzes.find((q) => q.name === 'Cells check');
  if (!quiz) throw new Error('the demo quiz is missing');
  return { courseid: quiz.course, cmid: quiz.coursemodule, quizid: quiz.id };
}

test('a teacher adds a question to the bank (refused first, then saved), deletes it after confirming, and imports GIFT text and a Moodle XML file', async ({ page, logInAs }) => {
  await logInAs(TEACHER);
  await page.goto('/my/');
  const { courseid } = await demoQuiz(page);
  const name = `Boiling point ${Date.now().toString(36)}`;
  await page.goto(`/question/edit.php?courseid=${courseid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Question bank' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Magnification');
  await page.getByRole('button', { name: 'Create a new question' }).click();
  await page.getByRole('menuitem', { name: 'Numerical' }).click();
  await page.getByLabel('Question name').fill(name);
  await page.getByLabel('Question text').fill('At what temperature in °C does water boil at sea level?');
  await page.getByLabel('Answer 1', { exact: true }).fill('one hundred');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert')).toContainText('Each answer must be a number or *.');
  await page.getByLabel('Answer 1', { exact: true }).fill('100');
  await page.getByLabel('Error (±)').first().fill('0.5');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Numerical');
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete question' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Delete question' }).click();
  await expect(row).toHaveCount(0);

  // GIFT text imports all its questions, or none with the reason.
  const gift = `Gift ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Import questions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import questions' });
  await dialog.getByLabel('Questions in GIFT format').fill(`::${gift} A::Water boils at 100 °C at sea level. {T}\n\nNo answer block here`);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByLabel('Questions in GIFT format')).toHaveAccessibleDescription(/Question 2: no answers in braces/);
  await dialog.getByLabel('Questions in GIFT format').fill(`::${gift} A::Water boils at 100 °C at sea level. {T}\n\n::${gift} B::Pi to two places? {#3.14:0.01}`);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(`${gift} A`) })).toContainText('True/False');
  await expect(page.getByRole('row', { name: new RegExp(`${gift} B`) })).toContainText('Numerical');

  // A Moodle XML file read from disk switches the format and lands in the category it names.
  const xmlName = `Xml ${Date.now().toString(36)}`;
  const xml = `<?xml version="1.0"?><quiz><question type="category"><category><text>$course$/top/Imported ${xmlName}</text></category></question><question type="shortanswer"><name><text>${xmlName}</text></name><questiontext format="html"><text>Symbol of gold?</text></questiontext><answer fraction="100"><text>Au</text></answer></question></quiz>`;
  await page.getByRole('button', { name: 'Import questions' }).click();
  await dialog.getByLabel('Read from a file (optional)').setInputFiles({ name: 'export.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) });
  await expect(dialog.getByRole('radio', { name: 'Moodle XML' })).toBeChecked();
  await expect(dialog.getByLabel('Questions in Moodle XML format')).toHaveValue(xml);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(xmlName) })).toContainText('Short answer');
  await expect(page.getByLabel('Category', { exact: true })).toContainText(`Imported ${xmlName}`);
});

test('a learner needs the quiz password (wrong, then right), answers, submits all and reviews the grade', async ({ page }) => {
  await logIn(page, student(10));
  const { cmid } = await demoQuiz(page);
  await page.goto(`/mod/quiz/view.php?id=${cmid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cells check' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('To attempt this quiz you need to know the quiz password.');
  await expect(page.getByRole('main')).toContainText('Time limit: 20 minutes');
  await page.getByRole('button', { name: 'Attempt quiz now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start attempt' });
  await expect(dialog).toContainText('The quiz has a time limit of 20 minutes');
  await dialog.getByLabel('Quiz password').fill('Cells');
  await dialog.getByRole('button', { name: 'Start attempt' }).click();
  await expect(dialog.getByLabel('Quiz password')).toHaveAccessibleDescription('The password entered was incorrect.');
  await dialog.getByLabel('Quiz password').fill('cells');
  await dialog.getByRole('button', { name: 'Start attempt' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Page 1' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^(19|20):\d\d$/);

  // Page 1: the two questions on organelles.
  await page.getByRole('radio', { name: 'Mitochondrion' }).check();
  await page.getByRole('radio', { name: 'Cell wall' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'Answers saved' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Quiz navigation' });
  await expect(nav.getByRole('button', { name: 'Question 1: Answer saved' })).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Page 2' })).toBeVisible();
  await page.getByRole('radio', { name: 'Ribosomes' }).check();
  await nav.getByRole('button', { name: 'Finish attempt …' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Summary of attempt' })).toBeVisible();
  await expect(page.getByRole('row', { name: /^1 / })).toContainText('Answer saved');
  await expect(page.getByRole('row', { name: /^4 / })).toContainText('Not yet answered');
  await page.getByRole('button', { name: 'Submit all and finish' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Submit all your answers and finish?' });
  await confirm.getByRole('button', { name: 'Submit all and finish' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Review of attempt 1' })).toBeVisible();
  await expect(page.getByRole('row', { name: /^Grade/ })).toContainText('3.00 out of 10.00');
  await expect(page.getByRole('region', { name: 'Question 1', exact: true })).toContainText('Correct');
  await expect(page.getByRole('region', { name: 'Question 4', exact: true })).toContainText('The correct answer is: Nucleus; Cell membrane');
  await page.getByRole('link', { name: 'Finish review' }).click();
  await expect(page.getByRole('table')).toContainText('Finished');
  await expect(page.getByRole('main')).toContainText('Your final grade for this quiz is 3.00 / 10.00.');
});

test('a timed attempt opens in the pop-up window after the notices, and submits itself when the time is up', async ({ browser, page, logInAs }) => {
  await logInAs(TEACHER);
  await page.goto('/my/');
  const { courseid } = await demoQuiz(page);
  const name = `Quick check ${Date.now().toString(36)}`;
  // Eight seconds is shorter than the form offers; the service takes seconds.
  const { instance, cmid } = await ws<{ instance: number; cmid: number }>(page, 'mod_quiz_add_instance', { courseid, section: 1, name, timelimit: 8, browsersecurity: 'securewindow', questionsperpage: 0 });
  const { questions } = await ws<{ questions: Array<{ id: number; name: string }> }>(page, 'core_question_get_questions', { courseid, search: 'Osmosis' });
  await ws(page, 'mod_quiz_add_questions', { quizid: instance, questionids: [questions[0]!.id] });

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const mine = await context.newPage();
  await logIn(mine, student(11));
  await mine.goto(`/mod/quiz/view.php?id=${cmid}`);
  await expect(mine.getByRole('main')).toContainText('The attempt opens in a full-screen pop-up window.');
  await mine.getByRole('button', { name: 'Attempt quiz now' }).click();
  const dialog = mine.getByRole('dialog', { name: 'Start attempt' });
  await expect(dialog).toContainText('The quiz has a time limit of');
  await expect(dialog).toContainText('The attempt will open in a new full-screen window.');
  const popupOpened = mine.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Start attempt' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { level: 1, name: 'Page 1' })).toBeVisible();
  await popup.getByRole('radio', { name: 'True' }).check();
  // No button pressed: at zero the attempt submits itself and the review follows.
  await expect(popup.getByRole('heading', { level: 1, name: 'Review of attempt 1' })).toBeVisible({ timeout: 20_000 });
  await expect(popup.getByRole('row', { name: /^State/ })).toContainText('Finished');
  await expect(popup.getByRole('region', { name: 'Question 1', exact: true })).toContainText('Correct');
  await context.close();

  // The teacher's results show the attempt with its mark.
  await page.goto(`/mod/quiz/report.php?id=${cmid}`);
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(student(11).fullname);
  const row = page.getByRole('row', { name: new RegExp(student(11).fullname) });
  await expect(row).toContainText('Finished');
  await expect(row).toContainText('10.00');
  // A dry run of the regrade counts without changing anything.
  await page.getByRole('button', { name: 'Dry run a full regrade' }).click();
  await expect(page.getByText('A full regrade would change 0 of 1 attempts; nothing was changed.')).toBeVisible();
  await page.screenshot({ path: '/tmp/reports-quiz.png', fullPage: true });
  await page.setViewportSize({ width: 320, height: 800 });
  await page.screenshot({ path: '/tmp/reports-quiz-320.png', fullPage: true });
});

test('with a grace period, a timed attempt becomes overdue at zero and can still be submitted from its summary', async ({ browser, page, logInAs }) => {
  await logInAs(TEACHER);
  await page.goto('/my/');
  const { courseid } = await demoQuiz(page);
  const name = `Grace check ${Date.now().toString(36)}`;
  const { instance, cmid } = await ws<{ instance: number; cmid: number }>(page, 'mod_quiz_add_instance', { courseid, section: 1, name, timelimit: 8, overduehandling: 'graceperiod', graceperiod: 3600, questionsperpage: 0 });
  const { questions } = await ws<{ questions: Array<{ id: number }> }>(page, 'core_question_get_questions', { courseid, search: 'Osmosis' });
  await ws(page, 'mod_quiz_add_questions', { quizid: instance, questionids: [questions[0]!.id] });
  // The settings form shows the choice, and the grace period in minutes only with it.
  await page.goto(`/course/modedit.php?update=${cmid}`);
  await expect(page.getByLabel('When time expires')).toHaveValue('graceperiod');
  await expect(page.getByLabel('Submission grace period (minutes)')).toHaveValue('60');
  await page.getByLabel('Submission grace period (minutes)').fill('1');
  await page.getByRole('button', { name: 'Save and return to course' }).click();
  await expect(page.getByRole('alert').first()).toContainText('The grace period must be longer than 60 seconds.');
  await page.screenshot({ path: '/tmp/quiz-settings-grace.png', fullPage: true });
  await page.getByLabel('When time expires').selectOption('autosubmit');
  await expect(page.getByLabel('Submission grace period (minutes)')).toHaveCount(0);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const mine = await context.newPage();
  await logIn(mine, student(12));
  await mine.goto(`/mod/quiz/view.php?id=${cmid}`);
  await expect(mine.getByRole('main')).toContainText('When time expires you have 1 hour to submit the attempt');
  await mine.getByRole('button', { name: 'Attempt quiz now' }).click();
  await mine.getByRole('dialog', { name: 'Start attempt' }).getByRole('button', { name: 'Start attempt' }).click();
  await mine.getByRole('radio', { name: 'True' }).check();
  // At zero the answer goes with "time up"; the attempt is overdue and only its summary remains.
  await expect(mine.getByRole('heading', { level: 1, name: 'Summary of attempt' })).toBeVisible({ timeout: 20_000 });
  await expect(mine.getByRole('status').filter({ hasText: 'This attempt is now overdue' })).toBeVisible();
  await expect(mine.getByRole('link', { name: 'Return to attempt' })).toHaveCount(0);
  await mine.screenshot({ path: '/tmp/quiz-overdue-summary.png' });
  await mine.getByRole('button', { name: 'Submit all and finish' }).click();
  await mine.getByRole('alertdialog').getByRole('button', { name: 'Submit all and finish' }).click();
  await expect(mine.getByRole('heading', { level: 1, name: 'Review of attempt 1' })).toBeVisible();
  await expect(mine.getByRole('row', { name: /^State/ })).toContainText('Finished');
  await expect(mine.getByRole('region', { name: 'Question 1', exact: true })).toContainText('Correct');
  await context.close();
});

test('a mark the maximum-mark box cannot read is explained beside it, and one written with a decimal comma is saved', async ({ page, logInAs }) => {
  await logInAs(TEACHER);
  await page.goto('/my/');
  const { courseid } = await demoQuiz(page);
  const name = `Marks ${Date.now().toString(36)}`;
  const { instance, cmid } = await ws<{ instance: number; cmid: number }>(page, 'mod_quiz_add_instance', { courseid, section: 1, name });
  const { questions } = await ws<{ questions: Array<{ id: number; name: string }> }>(page, 'core_question_get_questions', { courseid, search: 'Osmosis' });
  await ws(page, 'mod_quiz_add_questions', { quizid: instance, questionids: [questions[0]!.id] });

  await page.goto(`/mod/quiz/edit.php?cmid=${cmid}`);
  const box = page.getByRole('textbox', { name: `Maximum mark for ${questions[0]!.name}` });
  await box.fill('two');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveAccessibleDescription('Enter a mark of 0 or more, such as 2.5.');
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);

  await box.fill('2,5');
  await expect(box).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('textbox', { name: `Maximum mark for ${questions[0]!.name}` })).toHaveValue('2.50');
});
