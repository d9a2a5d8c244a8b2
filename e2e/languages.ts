/**
 * What the language browser tests share: the language packs as the server reads them (expected
 * texts come from the pack files, never from the test), people whose preferred language is set, the
 * demo site's ids, and the check of one screen in one language.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { components } from '../server/components/registry';
import { langSources } from '../server/platform/lang/sources';
import { StringManager } from '../server/platform/strings';
import { auditPage, describeFindings } from './a11y';
import { expect, ws } from './helpers';
import { ADMIN, student, type SiteUser } from './site';

export const LANGUAGES = ['en', 'es', 'ar'] as const;
export type Lang = (typeof LANGUAGES)[number];

export const LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', es: 'Spanish', ar: 'Arabic' };

const packs = new StringManager(langSources(components));

/** A string of a component's pack in a language, with its placeholders filled, as the server gives it. */
export function packString(lang: Lang, component: string, id: string, a?: unknown): string {
  const text = packs.get(id, component, a, lang);
  if (text.startsWith('[[')) throw new Error(`${component}/${id} is not in the ${lang} pack`);
  return text;
}

/**
 * English strings whose Spanish and Arabic translations differ from them, with no placeholders and
 * at least two words (single words such as "Moodle" or "OK" may be the same in a translation):
 * one of them showing on a page in another language is a string that was not translated there.
 */
function englishOnlyStrings(): Set<string> {
  const out = new Set<string>();
  const read = (dir: string, lang: string): Record<string, string> => {
    const file = join(dir, `${lang}.json`);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  };
  for (const source of langSources(components)) {
    const [en, es, ar] = ['en', 'es', 'ar'].map((lang) => read(source.langDir, lang));
    for (const [id, text] of Object.entries(en ?? {})) {
      if (text.includes('{$a') || text.includes('<') || !/\S\s+\S/.test(text)) continue;
      if (es?.[id] !== undefined && es[id] !== text && ar?.[id] !== undefined && ar[id] !== text) out.add(text.trim());
    }
  }
  return out;
}

let englishOnly: Set<string> | undefined;

/** A person created for these tests, with the preferred language given. */
export interface LangUser extends SiteUser {
  id: number;
  lang: Lang;
}

let serial = 0;

/**
 * A new user whose preferred language is `lang`, made by the admin (the page must be logged in as the
 * admin); `role` (a role short name) is given in the system context when asked for.
 */
export async function newLangUser(page: Page, lang: Lang, name: string, role?: string): Promise<LangUser> {
  const suffix = `${lang}${Date.now().toString(36)}${process.pid % 1000}${serial++}`;
  const password = 'Lang-screens-1!';
  const [user] = await ws<Array<{ id: number }>>(page, 'core_user_create_users', {
    users: [{ username: `l${suffix}`, password, firstname: name, lastname: lang.toUpperCase(), email: `l${suffix}@example.org`, lang }],
  });
  if (!user) throw new Error('the user was not made');
  if (role) {
    const { roles } = await ws<{ roles: Array<{ id: number; shortname: string }> }>(page, 'core_role_list_roles', {});
    const roleid = roles.find((r) => r.shortname === role)?.id ?? 0;
    await ws(page, 'core_role_assign_roles', { assignments: [{ roleid, userid: user.id, contextid: 1 }] });
  }
  return { id: user.id, username: `l${suffix}`, password, fullname: `${name} ${lang.toUpperCase()}`, lang };
}

/** Enrols people in a course with a role (by short name), as the admin. */
export async function enrol(page: Page, courseid: number, userids: readonly number[], role: string): Promise<void> {
  const { roles } = await ws<{ roles: Array<{ id: number; shortname: string }> }>(page, 'core_role_list_roles', {});
  const roleid = roles.find((r) => r.shortname === role)?.id ?? 0;
  await ws(page, 'enrol_manual_enrol_users', { enrolments: userids.map((userid) => ({ roleid, userid, courseid })) });
}

/** The demo site's ids every screen address needs (BIO101 and its activities, and the admin tools' data). */
export interface DemoIds {
  course: number;
  category: number;
  cm: { assign: number; quiz: number; feedback: number; lti: number; page: number; url: number };
  learner: { id: number; fullname: string };
  cohort: { id: number; name: string };
  report: number;
  tag: string;
  role: number;
  framework: number;
  frameworkname: string;
  competency: number;
  template: number;
  templatename: string;
  plan: number;
  /** A competency of the plan. */
  plancompetency: number;
  evidence: number;
  tooltype: number;
  coursetool: number;
}

interface Module {
  id: number;
  name: string;
  modname: string;
}

/** Reads the demo ids as the admin (the page must be logged in as the admin). */
export async function demoIds(page: Page): Promise<DemoIds> {
  await page.goto('/my/');
  const call = <T>(method: string, args: unknown) => ws<T>(page, method, args);
  const { courses } = await call<{ courses: Array<{ id: number; categoryid: number }> }>('core_course_get_courses_by_field', { field: 'shortname', value: 'BIO101' });
  const course = courses[0];
  if (!course) throw new Error('the demo site has no BIO101');
  const sections = await call<Array<{ modules: Module[] }>>('core_course_get_contents', { courseid: course.id });
  const modules = sections.flatMap((s) => s.modules);
  const cmid = (modname: string, name?: string) => modules.find((m) => m.modname === modname && (name === undefined || m.name === name))?.id ?? 0;
  const learner = student(1);
  const [user] = await call<Array<{ id: number }>>('core_user_get_users_by_field', { field: 'username', values: [learner.username] });
  const { cohorts } = await call<{ cohorts: Array<{ id: number; name: string }> }>('core_cohort_list_cohorts', {});
  const { reports } = await call<{ reports: Array<{ id: number }> }>('block_configurable_reports_list_reports', { courseid: 0 });
  const tags = await call<{ tags: Array<{ rawname: string }> }>('core_tag_list_tags', { tc: 1 });
  const { roles } = await call<{ roles: Array<{ id: number; shortname: string }> }>('core_role_list_roles', {});
  const frameworks = await call<Array<{ id: number; shortname: string }>>('core_competency_list_competency_frameworks', { context: { contextid: 1 } });
  const framework = frameworks[0]?.id ?? 0;
  const competencies = await call<Array<{ id: number }>>('core_competency_list_competencies', { filters: [{ column: 'competencyframeworkid', value: String(framework) }] });
  const templates = await call<Array<{ id: number; shortname: string }>>('core_competency_list_templates', { context: { contextid: 1 } });
  const plans = await call<Array<{ id: number }>>('core_competency_list_user_plans', { userid: user?.id ?? 0 });
  const plan = plans[0]?.id ?? 0;
  const inPlan = await call<Array<{ competency: { id: number } }>>('core_competency_list_plan_competencies', { id: plan });
  const evidence = await call<{ evidence: Array<{ id: number }> }>('tool_lp_data_for_user_evidence_list_page', { userid: user?.id ?? 0 });
  const types = await call<Array<{ id: number }>>('mod_lti_get_tool_types', {});
  const coursetools = await call<Array<{ id: number }>>('mod_lti_get_course_tool_types', { courseid: course.id });
  return {
    course: course.id,
    category: course.categoryid,
    cm: { assign: cmid('assign', 'Essay: cell structure'), quiz: cmid('quiz'), feedback: cmid('feedback'), lti: cmid('lti'), page: cmid('page'), url: cmid('url') },
    learner: { id: user?.id ?? 0, fullname: learner.fullname },
    cohort: cohorts[0] ?? { id: 0, name: '' },
    report: reports[0]?.id ?? 0,
    tag: tags.tags[0]?.rawname ?? '',
    role: roles.find((r) => r.shortname === 'editingteacher')?.id ?? 0,
    framework,
    frameworkname: frameworks[0]?.shortname ?? '',
    competency: competencies[0]?.id ?? 0,
    template: templates[0]?.id ?? 0,
    templatename: templates[0]?.shortname ?? '',
    plan,
    plancompetency: inPlan[0]?.competency.id ?? 0,
    evidence: evidence.evidence[0]?.id ?? 0,
    tooltype: types[0]?.id ?? 0,
    coursetool: coursetools[0]?.id ?? 0,
  };
}

export { ADMIN };

/** A string shown by a screen: its component and id, and the values of its placeholders. */
export interface Expected {
  component: string;
  id: string;
  a?: unknown;
}

/**
 * Tracks the page's own requests and changes so a test can wait until a screen has settled after an
 * in-app navigation (a new document is not loaded, so load states say nothing).
 */
const QUIET_SCRIPT = `(() => {
  let inFlight = 0;
  let changed = Date.now();
  const pageFetch = window.fetch.bind(window);
  window.fetch = (...args) => {
    inFlight += 1;
    return pageFetch(...args).finally(() => { inFlight -= 1; changed = Date.now(); });
  };
  const observe = () => new MutationObserver(() => { changed = Date.now(); }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', observe); else observe();
  window.__tesseraQuietFor = () => inFlight > 0 || document.querySelector('.loading, [aria-busy="true"]') ? 0 : Date.now() - changed;
})();`;

/** Installs the settle tracking; call before the first navigation of the page. */
export async function trackQuiet(page: Page): Promise<void> {
  await page.addInitScript(QUIET_SCRIPT);
}

/** Waits until the screen has had no request in flight and no change for `ms`. */
export async function waitForQuiet(page: Page, ms = 200): Promise<void> {
  await page.waitForFunction((quiet) => ((window as unknown as { __tesseraQuietFor?: () => number }).__tesseraQuietFor?.() ?? 0) >= quiet, ms, { polling: 100, timeout: 15_000 });
}

/**
 * Opens an address of the app without reloading it (as its own links do), or by loading it when the
 * page is elsewhere; then waits for the screen to settle.
 */
export async function openScreen(page: Page, path: string): Promise<void> {
  const inApp = await page.evaluate(() => typeof (window as unknown as { M?: unknown }).M === 'object').catch(() => false);
  if (inApp) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
    }, path);
  } else {
    await page.goto(path);
  }
  await expect(page.locator('h1').first()).toBeVisible();
  await waitForQuiet(page);
}

/** The text of a string as the screen shows it: the pack's text, with its HTML as the page renders it. */
function shown(text: string): string {
  return text.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
}

export interface ScreenCheck {
  lang: Lang;
  baseURL: string;
  /** The h1 is this string (when the title is a pack string). */
  heading?: Expected;
  /** Another string the screen's main content shows, as a heading, button, link or label. */
  shows?: Expected;
}

/**
 * One screen in one language: <html lang dir>, the heading or main control in the language's pack,
 * no string id shown raw, no English string where a translation exists, nothing wider than the
 * window, its landmarks and skip link, and axe finds nothing. Answers the problems found, for the caller to report together.
 */
export async function checkScreen(page: Page, { lang, baseURL, heading, shows }: ScreenCheck): Promise<string[]> {
  const want = {
    heading: heading ? shown(packString(lang, heading.component, heading.id, heading.a)) : null,
    shows: shows ? shown(packString(lang, shows.component, shows.id, shows.a)) : null,
  };
  // One look at the page for everything but axe.
  const look = () => page.evaluate((shows) => {
    const norm = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
    const main = document.querySelector('main');
    const named = (el: Element) => [norm(el.textContent), norm(el.getAttribute('aria-label')), el instanceof HTMLElement ? norm(el.innerText) : ''];
    /**
     * One main landmark, one banner (a header outside any sectioning element), and a skip link:
     * the first thing the Tab key reaches, leading to the main landmark.
     */
    const landmarkProblems = (): string[] => {
      const found: string[] = [];
      const mains = document.querySelectorAll('main, [role="main"]');
      if (mains.length !== 1) found.push(`${mains.length} main landmarks`);
      const banners = [...document.querySelectorAll('header, [role="banner"]')].filter((el) => el.getAttribute('role') === 'banner' || !el.parentElement?.closest('article, aside, main, nav, section'));
      if (banners.length !== 1) found.push(`${banners.length} banner landmarks`);
      // With a dialogue or popover open, its controls come before the page's in the document and the
      // Tab key stays in it: the skip link is for the page behind.
      if (document.querySelector('[role="dialog"], [role="alertdialog"], dialog[open], [data-react-aria-top-layer]')) return found;
      const first = [...document.body.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')].find((el) => el.getAttribute('tabindex') !== '-1' && !el.closest('[inert], [hidden]'));
      const target = first instanceof HTMLAnchorElement && first.hash ? document.getElementById(first.hash.slice(1)) : null;
      if (!target || target !== mains[0]) found.push(`the first stop of the Tab key is ${first ? first.outerHTML.slice(0, 80) : 'nothing'}, not a skip link to the main landmark`);
      return found;
    };
    return {
      where: location.pathname + location.search,
      lang: document.documentElement.getAttribute('lang'),
      dir: document.documentElement.getAttribute('dir'),
      heading: norm(document.querySelector('h1')?.textContent),
      shows: shows === null || [...(main?.querySelectorAll('*') ?? [])].some((el) => named(el).includes(shows)),
      text: document.body.innerText,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      // The exception dialogue: something on the screen failed.
      error: norm(document.querySelector('[role="alertdialog"]')?.textContent),
      landmarks: landmarkProblems(),
    };
  }, want.shows);
  // A screen whose code loads on first use may still show the last one's title when the page first
  // falls quiet: its own title and main control are waited for, then its content is let settle.
  let seen = await look();
  const ready = () => (want.heading === null || seen.heading === want.heading) && seen.shows;
  if (!ready()) {
    for (const until = Date.now() + 5_000; !ready() && Date.now() < until; seen = await look()) await page.waitForTimeout(100);
    await waitForQuiet(page);
    seen = await look();
  }
  const where = seen.where;
  const problems: string[] = [];
  if (seen.lang !== lang) problems.push(`${where}: <html lang> is ${seen.lang}`);
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  if (seen.dir !== dir) problems.push(`${where}: <html dir> is ${seen.dir}`);
  if (heading && seen.heading !== want.heading) problems.push(`${where}: the heading is "${seen.heading}", not ${heading.component}/${heading.id} "${want.heading}"`);
  if (shows && !seen.shows) problems.push(`${where}: nothing in the main content shows ${shows.component}/${shows.id} "${want.shows}"`);
  if (seen.error) problems.push(`${where}: a dialogue is open: ${seen.error}`);
  for (const landmark of seen.landmarks) problems.push(`${where}: ${landmark}`);
  const raw = seen.text.match(/\[\[[a-z0-9_]+\]\]/g);
  if (raw) problems.push(`${where}: string ids shown raw: ${[...new Set(raw)].join(', ')}`);
  if (seen.overflow > 1) problems.push(`${where}: the page is ${seen.overflow}px wider than the window`);
  if (lang !== 'en') {
    englishOnly ??= englishOnlyStrings();
    const english = [...new Set(seen.text.split('\n').map((l) => l.trim()).filter((l) => englishOnly?.has(l)))];
    if (english.length) problems.push(`${where}: English text in ${lang}: ${english.map((e) => `"${e}"`).join(', ')}`);
  }
  const findings = await auditPage(page, lang, baseURL);
  if (findings.length) problems.push(describeFindings(findings));
  return problems;
}
