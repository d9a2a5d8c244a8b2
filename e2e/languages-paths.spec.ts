import type { Browser, Page } from '@playwright/test';
import { expect, logIn, test, ws } from './helpers';
import { ADMIN, checkScreen, enrol, LANGUAGE_NAMES, newLangUser, openScreen, packString, trackQuiet, type Expected, type Lang, type LangUser } from './languages';

/**
 * The main paths in Spanish and in right-to-left Arabic, by people whose preferred language it is:
 * a learner logs in, opens the course, submits the assignment, takes the quiz (attempt, summary and
 * review) and answers the feedback; a manager grades the submission, tags the course, creates a
 * competency framework and runs a report. Every control is found by the language pack's string,
 * and each new screen is checked as in languages-screens.spec.ts (lang and dir, no untranslated
 * English, no overflow, axe). Each language has a course of its own.
 */
test.use({ a11yCheck: false });
test.describe.configure({ timeout: 240_000 });

interface LangCourse {
  id: number;
  fullname: string;
  assign: { cmid: number; name: string };
  quiz: { cmid: number; name: string };
  feedback: { cmid: number; name: string; question: string };
}

/** A course for one language's paths, with an assignment, a one-question quiz and a feedback, made by the admin. */
async function langCourse(page: Page, lang: Lang): Promise<LangCourse> {
  const suffix = `${lang}${Date.now().toString(36)}`;
  const categories = await ws<Array<{ id: number }>>(page, 'core_course_get_categories', {});
  const fullname = `Paths ${suffix}`;
  const [course] = await ws<Array<{ id: number }>>(page, 'core_course_create_courses', { courses: [{ fullname, shortname: `P${suffix}`, categoryid: categories[0]?.id ?? 1, numsections: 1 }] });
  const id = course?.id ?? 0;
  const assign = { name: `Essay ${suffix}`, cmid: 0 };
  assign.cmid = (await ws<{ cmid: number }>(page, 'mod_assign_add_instance', { courseid: id, section: 1, name: assign.name, onlinetext_enabled: true, submissiondrafts: false })).cmid;
  const quiz = { name: `Quiz ${suffix}`, cmid: 0 };
  const made = await ws<{ cmid: number; instance: number }>(page, 'mod_quiz_add_instance', { courseid: id, section: 1, name: quiz.name });
  quiz.cmid = made.cmid;
  const { questionids } = await ws<{ questionids: number[] }>(page, 'core_question_import_gift', { courseid: id, text: `::Sky ${suffix}::The sky on a clear day is blue. {T}` });
  await ws(page, 'mod_quiz_add_questions', { quizid: made.instance, questionids });
  const feedback = { name: `Feedback ${suffix}`, cmid: 0, question: `Favourite topic ${suffix}` };
  const fb = await ws<{ cmid: number; instance: number }>(page, 'mod_feedback_add_instance', { courseid: id, section: 1, name: feedback.name });
  feedback.cmid = fb.cmid;
  await ws(page, 'mod_feedback_save_item', { feedbackid: fb.instance, typ: 'textfield', name: feedback.question });
  return { id, fullname, assign, quiz, feedback };
}

/** Opens a new browser context logged in as the person (through the login form). */
async function personPage(browser: Browser, user: LangUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await trackQuiet(page);
  await logIn(page, user);
  return page;
}

for (const lang of ['es', 'ar'] as const) {
  test(`the main paths in ${LANGUAGE_NAMES[lang]}: learning, grading, tagging, a framework and a report`, async ({ browser, page, logInAs, baseURL }) => {
    const t = (component: string, id: string, a?: unknown) => packString(lang, component, id, a);
    const problems: string[] = [];
    const check = async (on: Page, heading?: Expected, shows?: Expected) => {
      await expect(on.locator('h1').first()).toBeVisible();
      await expect(on.locator('.loading')).toHaveCount(0);
      problems.push(...(await checkScreen(on, { lang, baseURL: baseURL ?? '', heading, shows })));
    };

    await logInAs(ADMIN);
    await page.goto('/my/');
    const course = await langCourse(page, lang);
    const learner = await newLangUser(page, lang, 'Learner');
    const staff = await newLangUser(page, lang, 'Staff', 'manager');
    await enrol(page, course.id, [learner.id], 'student');

    // The learner logs in and opens the course from the dashboard.
    const me = await personPage(browser, learner);
    await expect(me.getByRole('heading', { level: 1, name: t('moodle', 'dashboard') })).toBeVisible();
    await check(me, { component: 'moodle', id: 'dashboard' });
    await me.getByRole('main').getByRole('link', { name: course.fullname }).first().click();
    await expect(me.getByRole('heading', { level: 1, name: course.fullname })).toBeVisible();
    await check(me);

    // Submits the assignment.
    await me.getByRole('main').getByRole('link', { name: course.assign.name }).click();
    await expect(me.getByRole('heading', { level: 1, name: course.assign.name })).toBeVisible();
    await check(me, undefined, { component: 'mod_assign', id: 'addsubmission' });
    await me.getByRole('link', { name: t('mod_assign', 'addsubmission') }).click();
    await expect(me.getByRole('heading', { level: 1, name: t('mod_assign', 'editingsubmission') })).toBeVisible();
    await check(me, { component: 'mod_assign', id: 'editingsubmission' });
    await me.getByLabel(t('mod_assign', 'onlinetext')).fill(lang === 'ar' ? 'الخلايا هي وحدات الحياة.' : 'Las células son las unidades de la vida.');
    await me.getByRole('button', { name: t('mod_assign', 'savechanges') }).click();
    await expect(me.getByRole('main')).toContainText(t('mod_assign', 'submissionstatus_submitted'));

    // Takes the quiz: the attempt, its summary, and the review.
    await openScreen(me, `/course/view.php?id=${course.id}`);
    await me.getByRole('main').getByRole('link', { name: course.quiz.name }).click();
    await me.getByRole('button', { name: t('mod_quiz', 'attemptquiznow') }).click();
    await expect(me.getByRole('heading', { level: 1, name: t('mod_quiz', 'page', 1) })).toBeVisible();
    await expect(me).toHaveURL(/\/mod\/quiz\/attempt\.php\?/);
    await me.getByRole('radio', { name: t('core_question', 'true') }).check();
    await check(me, { component: 'mod_quiz', id: 'page', a: 1 });
    await me.getByRole('button', { name: t('mod_quiz', 'finishattempt') }).first().click();
    await expect(me.getByRole('heading', { level: 1, name: t('mod_quiz', 'summaryofattempt') })).toBeVisible();
    await expect(me).toHaveURL(/\/mod\/quiz\/summary\.php\?/);
    await check(me, { component: 'mod_quiz', id: 'summaryofattempt' });
    await me.getByRole('button', { name: t('mod_quiz', 'submitallandfinish') }).click();
    const confirm = me.getByRole('alertdialog', { name: t('mod_quiz', 'confirmsubmitheader') });
    await confirm.getByRole('button', { name: t('mod_quiz', 'submitallandfinish') }).click();
    await expect(me.getByRole('heading', { level: 1, name: t('mod_quiz', 'reviewofattempt', 1) })).toBeVisible();
    await expect(me).toHaveURL(/\/mod\/quiz\/review\.php\?/);
    await check(me, { component: 'mod_quiz', id: 'reviewofattempt', a: 1 });

    // Answers the feedback.
    await openScreen(me, `/mod/feedback/view.php?id=${course.feedback.cmid}`);
    await me.getByRole('link', { name: t('mod_feedback', 'answerquestions') }).click();
    await expect(me.getByRole('heading', { level: 1, name: t('mod_feedback', 'answerquestions') })).toBeVisible();
    await check(me, { component: 'mod_feedback', id: 'answerquestions' });
    await me.getByLabel(course.feedback.question).fill(lang === 'ar' ? 'الوراثة' : 'La genética');
    await me.getByRole('button', { name: t('mod_feedback', 'submitanswers') }).click();
    await expect(me.getByRole('status').filter({ hasText: t('mod_feedback', 'completedthanks') })).toBeVisible();
    await check(me);
    await me.context().close();

    // A manager grades the submission on the grading screen.
    const them = await personPage(browser, staff);
    await openScreen(them, `/mod/assign/view.php?id=${course.assign.cmid}&action=grader&userid=${learner.id}`);
    const grade = them.getByLabel(t('mod_assign', 'gradeoutof', 100));
    await grade.fill('75');
    await them.getByRole('button', { name: t('mod_assign', 'savechanges') }).click();
    await expect(them.locator('#user-notifications')).toContainText(t('mod_assign', 'gradechangessaveddetail'));
    await check(them, undefined, { component: 'mod_assign', id: 'gradeoutof', a: 100 });

    // Tags the course, and finds it on the tag's page.
    const tag = `${lang === 'ar' ? 'علوم' : 'Ciencias'} ${Date.now().toString(36)}`;
    await openScreen(them, `/course/edit.php?id=${course.id}`);
    const box = them.getByRole('combobox', { name: t('core_tag', 'tags') });
    await box.pressSequentially(`${tag},`);
    await box.press('Escape');
    await them.getByRole('button', { name: t('core_course', 'saveanddisplay') }).click();
    await expect(them.getByRole('heading', { level: 1, name: course.fullname })).toBeVisible();
    await openScreen(them, `/tag/index.php?tag=${encodeURIComponent(tag)}`);
    await expect(them.getByRole('main').getByRole('link', { name: course.fullname })).toBeVisible();
    await check(them, { component: 'core_tag', id: 'tagindextitle', a: tag });

    // Creates a competency framework with the form and its scale configuration.
    await openScreen(them, '/admin/tool/lp/competencyframeworks.php?pagecontextid=1');
    await them.getByRole('button', { name: t('core_competency', 'addnewcompetencyframework') }).click();
    const form = them.getByRole('dialog', { name: t('core_competency', 'addnewcompetencyframework') });
    const framework = `${lang === 'ar' ? 'مهارات' : 'Habilidades'} ${Date.now().toString(36)}`;
    await form.getByLabel(t('core_competency', 'shortname')).fill(framework);
    await form.getByLabel(t('core_competency', 'idnumber'), { exact: true }).fill(`FW-${lang}-${Date.now().toString(36)}`);
    await form.getByLabel(t('core_competency', 'scale'), { exact: true }).selectOption({ index: 1 });
    await form.getByRole('button', { name: t('core_competency', 'configurescale') }).click();
    const scale = them.getByRole('dialog', { name: t('core_competency', 'scaleconfiguration') });
    // Ticked by keyboard (Space), as the boxes are drawn over visually hidden inputs.
    const defaultValue = scale.getByRole('checkbox', { name: new RegExp(`^${t('core_competency', 'scaledefault')}: `) }).first();
    const proficientValue = scale.getByRole('checkbox', { name: new RegExp(`^${t('core_competency', 'proficient')}: `) }).last();
    for (const box of [defaultValue, proficientValue]) {
      await box.focus();
      await them.keyboard.press('Space');
      await expect(box).toBeChecked();
    }
    await check(them);
    await scale.getByRole('button', { name: t('core_competency', 'save') }).click();
    await form.getByRole('button', { name: t('core_competency', 'create') }).click();
    await expect(form).toBeHidden();
    await expect(them.getByRole('main').getByText(framework, { exact: true })).toBeVisible();

    // Runs a report from the list of site reports.
    await openScreen(them, '/blocks/configurable_reports/managereport.php');
    const { reports } = await ws<{ reports: Array<{ name: string }> }>(them, 'block_configurable_reports_list_reports', { courseid: 0 });
    await them.getByRole('main').getByRole('link', { name: reports[0]?.name ?? '', exact: true }).click();
    await expect(them.getByRole('heading', { level: 1, name: reports[0]?.name ?? '' })).toBeVisible();
    await expect(them.getByRole('table').first().getByRole('row').nth(1)).toBeVisible();
    await check(them, undefined, { component: 'block_configurable_reports', id: 'exportcsv' });
    await them.context().close();

    expect(problems, problems.join('\n')).toEqual([]);
  });
}
