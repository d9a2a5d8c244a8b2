import type { Page } from '@playwright/test';
import { expect, logIn, test } from './helpers';
import {
  ADMIN,
  checkScreen,
  demoIds,
  LANGUAGE_NAMES,
  LANGUAGES,
  newLangUser,
  openScreen,
  packString,
  trackQuiet,
  type DemoIds,
  type Expected,
  type Lang,
} from './languages';

/**
 * Every screen of the app (each route in web/app/App.tsx) in English, Spanish and right-to-left
 * Arabic, seen by a manager whose preferred language it is: the title or main control is the
 * language pack's string, <html lang dir> say the language, no string id or untranslated English
 * shows, nothing is wider than the window, and axe finds no WCAG 2.1 A/AA violation. The learner's
 * own screens (a quiz attempt and its review, answering a feedback, a submission) are in
 * languages-paths.spec.ts; the site administrator's own screens (admin index and search, theme
 * settings, site tools, web-service documentation, template library) in languages.sitelanguage.spec.ts.
 */
test.use({ a11yCheck: false });
// A test opens 17–30 screens, each settled and audited in turn.
test.describe.configure({ timeout: 240_000 });

interface Screen {
  path: (d: DemoIds) => string;
  /** The h1 is this pack string. */
  heading?: (d: DemoIds, lang: Lang) => Expected;
  /** The main content shows this pack string (when the title is a name from the data). */
  shows?: (d: DemoIds, lang: Lang) => Expected;
}

const s = (component: string, id: string, a?: unknown) => (): Expected => ({ component, id, a });

const SITE_AND_PEOPLE: Screen[] = [
  { path: () => '/', shows: s('theme_essential', 'availablecourses') },
  { path: () => '/index.php', shows: s('theme_essential', 'availablecourses') },
  { path: () => '/my/', heading: s('moodle', 'dashboard') },
  { path: (d) => `/course/view.php?id=${d.course}`, shows: s('core_courseformat', 'editingon') },
  { path: () => '/course/search.php?search=Biology', heading: s('moodle', 'coursesearchresults', 'Biology') },
  { path: () => '/course/management.php', heading: s('core_course', 'coursemgmt') },
  { path: (d) => `/course/editcategory.php?id=${d.category}`, heading: s('core_course', 'editcategorysettings') },
  { path: (d) => `/course/edit.php?id=${d.course}`, heading: s('core_course', 'editcoursesettings') },
  { path: (d) => `/course/bulkcompletion.php?id=${d.course}`, heading: s('core_completion', 'bulkcompletion') },
  { path: (d) => `/course/modedit.php?update=${d.cm.page}`, heading: (_d, lang) => ({ component: 'core_courseformat', id: 'updatingmod', a: packString(lang, 'mod_page', 'modulename') }) },
  { path: (d) => `/mod/page/view.php?id=${d.cm.page}`, shows: s('moodle', 'mycourses') },
  { path: (d) => `/mod/url/view.php?id=${d.cm.url}`, shows: s('mod_url', 'clicktoopen') },
  { path: (d) => `/user/index.php?id=${d.course}`, heading: s('core_enrol', 'participants') },
  { path: (d) => `/enrol/index.php?id=${d.course}`, heading: s('core_enrol', 'enrolmeintitle') },
  { path: (d) => `/group/index.php?id=${d.course}`, heading: s('core_group', 'groups') },
  { path: (d) => `/group/groupings.php?id=${d.course}`, heading: s('core_group', 'groupings') },
  { path: (d) => `/grade/report/grader/index.php?id=${d.course}`, heading: s('core_grades', 'graderreport') },
  { path: (d) => `/grade/report/user/index.php?id=${d.course}`, heading: s('core_grades', 'userreport') },
  { path: () => '/user/profile.php', shows: s('moodle', 'userdetails') },
  { path: () => '/user/preferences.php', heading: s('moodle', 'preferences') },
  { path: () => '/user/language.php', heading: s('core_user', 'lang') },
  { path: () => '/user/edit.php', heading: s('core_user', 'editmyprofile') },
  { path: (d) => `/user/editadvanced.php?id=${d.learner.id}`, shows: s('core_user', 'savechanges') },
  { path: () => '/admin/user.php', heading: s('core_user', 'browseusers') },
  { path: () => '/admin/tool/uploaduser/index.php', heading: s('core_user', 'uploadusers') },
  { path: () => '/cohort/index.php', heading: s('core_cohort', 'cohorts') },
  { path: (d) => `/cohort/assign.php?id=${d.cohort.id}`, heading: (d) => ({ component: 'core_cohort', id: 'assignmembers', a: d.cohort.name }) },
  { path: () => '/admin/settings.php?section=identity', heading: s('core_user', 'showuseridentity') },
  { path: () => '/admin/settings.php?section=langsettings', heading: s('moodle', 'languagesettings') },
  { path: () => '/admin/settings.php?section=blocksettingconfigurable_reports', heading: s('block_configurable_reports', 'settings') },
];

const ACTIVITIES: Screen[] = [
  { path: (d) => `/mod/assign/view.php?id=${d.cm.assign}`, shows: s('mod_assign', 'gradingsummary') },
  { path: (d) => `/mod/assign/view.php?id=${d.cm.assign}&action=grading`, heading: s('mod_assign', 'gradingtable') },
  { path: (d) => `/mod/assign/view.php?id=${d.cm.assign}&action=grader`, shows: s('mod_assign', 'submission') },
  { path: (d) => `/grade/grading/form/guide/edit.php?cmid=${d.cm.assign}`, heading: s('core_grading', 'editguide') },
  { path: (d) => `/mod/quiz/view.php?id=${d.cm.quiz}`, shows: s('mod_quiz', 'editquiz') },
  { path: (d) => `/mod/quiz/edit.php?cmid=${d.cm.quiz}`, heading: s('mod_quiz', 'editquiz') },
  { path: (d) => `/mod/quiz/report.php?id=${d.cm.quiz}`, heading: s('mod_quiz', 'attemptsreport') },
  { path: (d) => `/question/edit.php?courseid=${d.course}`, heading: s('core_question', 'questionbank') },
  { path: (d) => `/mod/feedback/view.php?id=${d.cm.feedback}`, shows: s('mod_feedback', 'editquestions') },
  { path: (d) => `/mod/feedback/edit.php?id=${d.cm.feedback}`, heading: s('mod_feedback', 'editquestions') },
  { path: (d) => `/mod/feedback/complete.php?id=${d.cm.feedback}`, heading: s('mod_feedback', 'answerquestions') },
  { path: (d) => `/mod/feedback/analysis.php?id=${d.cm.feedback}`, heading: s('mod_feedback', 'analysis') },
  { path: (d) => `/mod/lti/view.php?id=${d.cm.lti}`, shows: s('moodle', 'mycourses') },
  { path: (d) => `/mod/lti/coursetools.php?id=${d.course}`, heading: s('mod_lti', 'coursetools') },
  { path: (d) => `/mod/lti/coursetooledit.php?course=${d.course}`, heading: s('mod_lti', 'addcoursetool') },
];

const COMPETENCIES_TAGS_ROLES_REPORTS: Screen[] = [
  { path: () => '/admin/tool/lp/competencyframeworks.php?pagecontextid=1', heading: s('core_competency', 'competencyframeworks') },
  { path: (d) => `/admin/tool/lp/competencies.php?competencyframeworkid=${d.framework}&pagecontextid=1`, heading: (d) => ({ component: 'core_competency', id: 'competenciesmanage', a: d.frameworkname }) },
  { path: (d) => `/admin/tool/lp/editcompetency.php?competencyframeworkid=${d.framework}&id=${d.competency}&pagecontextid=1`, heading: s('core_competency', 'editcompetency') },
  { path: () => '/admin/tool/lp/learningplans.php?pagecontextid=1', heading: s('core_competency', 'templates') },
  { path: (d) => `/admin/tool/lp/templatecompetencies.php?templateid=${d.template}&pagecontextid=1`, heading: (d) => ({ component: 'core_competency', id: 'templatecompetenciesof', a: d.templatename }) },
  { path: (d) => `/admin/tool/lp/template_plans.php?id=${d.template}&pagecontextid=1`, heading: (d) => ({ component: 'core_competency', id: 'cohortsandplansof', a: d.templatename }) },
  { path: (d) => `/admin/tool/lp/plans.php?userid=${d.learner.id}`, heading: (d) => ({ component: 'core_competency', id: 'learningplansof', a: d.learner.fullname }) },
  { path: (d) => `/admin/tool/lp/plan.php?id=${d.plan}`, shows: s('core_competency', 'plancompetencies') },
  { path: (d) => `/admin/tool/lp/user_competency_in_plan.php?userid=${d.learner.id}&competencyid=${d.plancompetency}&planid=${d.plan}`, shows: s('core_competency', 'evidence') },
  { path: (d) => `/admin/tool/lp/coursecompetencies.php?courseid=${d.course}`, heading: s('core_competency', 'coursecompetencies') },
  { path: (d) => `/admin/tool/lp/user_competency_in_course.php?courseid=${d.course}&userid=${d.learner.id}`, heading: s('core_competency', 'usercompetencyincourse') },
  { path: (d) => `/admin/tool/lp/user_evidence_list.php?userid=${d.learner.id}`, heading: (d) => ({ component: 'core_competency', id: 'userevidenceof', a: d.learner.fullname }) },
  { path: (d) => `/admin/tool/lp/user_evidence.php?id=${d.evidence}`, shows: s('core_competency', 'linkedcompetencies') },
  { path: (d) => `/admin/tool/lp/user_evidence_edit.php?id=${d.evidence}`, heading: s('core_competency', 'edituserevidence') },
  { path: (d) => `/report/competency/index.php?id=${d.course}`, heading: s('core_competency', 'competencyreport') },
  { path: () => '/tag/manage.php', heading: s('core_tag', 'managetags') },
  { path: (d) => `/tag/index.php?tag=${encodeURIComponent(d.tag)}`, heading: (d) => ({ component: 'core_tag', id: 'tagindextitle', a: d.tag }) },
  { path: () => '/admin/roles/manage.php', heading: s('core_role', 'defineroles') },
  { path: (d) => `/admin/roles/define.php?action=view&roleid=${d.role}`, shows: s('core_role', 'permissions') },
  { path: () => '/admin/roles/allow.php', heading: s('core_role', 'allowassign') },
  { path: () => '/admin/roles/assign.php?contextid=1', shows: s('core_role', 'assignrolebutton') },
  { path: () => '/admin/roles/permissions.php?contextid=1', shows: s('core_role', 'checkpermissions') },
  { path: () => '/admin/roles/check.php?contextid=1', shows: s('core_role', 'permissions') },
  { path: () => '/blocks/configurable_reports/managereport.php', heading: s('block_configurable_reports', 'sitereports') },
  { path: (d) => `/blocks/configurable_reports/editreport.php?id=${d.report}`, heading: s('block_configurable_reports', 'editreport') },
  { path: (d) => `/blocks/configurable_reports/viewreport.php?id=${d.report}`, shows: s('block_configurable_reports', 'exportcsv') },
  { path: () => '/nowhere.php', heading: s('moodle', 'notfound') },
];

const GROUPS: Array<[string, Screen[]]> = [
  ['site, people and course screens', SITE_AND_PEOPLE],
  ['activity screens', ACTIVITIES],
  ['competency, tag, role and report screens', COMPETENCIES_TAGS_ROLES_REPORTS],
];

/** A manager (system role) whose preferred language is `lang`, logged in on the page. */
async function managerIn(page: Page, logInAs: (user: typeof ADMIN) => Promise<void>, lang: Lang): Promise<DemoIds> {
  await logInAs(ADMIN);
  const d = await demoIds(page);
  const manager = await newLangUser(page, lang, 'Screens', 'manager');
  await page.context().clearCookies();
  await logIn(page, manager);
  return d;
}

for (const lang of LANGUAGES) {
  for (const [name, screens] of GROUPS) {
    test(`the ${name} in ${LANGUAGE_NAMES[lang]}`, async ({ page, logInAs, baseURL }) => {
      await trackQuiet(page);
      const d = await managerIn(page, logInAs, lang);
      const problems: string[] = [];
      for (const screen of screens) {
        await openScreen(page, screen.path(d));
        problems.push(...(await checkScreen(page, { lang, baseURL: baseURL ?? '', heading: screen.heading?.(d, lang), shows: screen.shows?.(d, lang) })));
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
}
