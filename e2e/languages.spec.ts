import type { Page } from '@playwright/test';
import { expect, logIn, openUserMenu, test, ws } from './helpers';
import { ADMIN, type SiteUser } from './site';

/**
 * The main path of the core screens in Spanish and in right-to-left Arabic, for a learner who picks
 * the language on the preferences page: translated strings, <html lang dir>, the mirrored layout,
 * dates in the language, and the choice kept across reloads. Each test makes its own learner, so no
 * other spec sees a page in another language.
 */

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

interface Learner extends SiteUser {
  courseid: number;
  coursename: string;
  startdate: number;
}

/**
 * A new learner enrolled in the demo history course (whose participants no other spec counts), made
 * by the admin through the web services.
 */
async function newLearner(page: Page, logInAs: (user: SiteUser) => Promise<void>, name: string): Promise<Learner> {
  await logInAs(ADMIN);
  await page.goto('/my/');
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const password = 'Lang-learner-1!';
  const [user] = await ws<Array<{ id: number }>>(page, 'core_user_create_users', {
    users: [{ username: `lang${suffix}`, password, firstname: name, lastname: 'Lang', email: `lang${suffix}@example.org` }],
  });
  const { courses } = await ws<{ courses: Array<{ id: number; fullname: string; startdate: number }> }>(page, 'core_course_get_courses_by_field', { field: 'shortname', value: 'HIST201' });
  const course = courses[0];
  if (!user || !course) throw new Error('the demo site has no HIST201');
  const { roles } = await ws<{ roles: Array<{ id: number; shortname: string }> }>(page, 'core_role_list_roles', {});
  const student = roles.find((r) => r.shortname === 'student')?.id ?? 0;
  await ws(page, 'enrol_manual_enrol_users', { enrolments: [{ roleid: student, userid: user.id, courseid: course.id }] });
  await page.context().clearCookies();
  return { username: `lang${suffix}`, password, fullname: `${name} Lang`, courseid: course.id, coursename: course.fullname, startdate: course.startdate };
}

/** Picks a language on the preferences page, the way a person does, and lands back on Preferences. */
async function chooseLanguage(page: Page, user: SiteUser, language: string): Promise<void> {
  await page.goto('/my/');
  await openUserMenu(page, user);
  await page.getByRole('menuitem', { name: 'Preferences' }).click();
  await page.getByRole('region', { name: 'User account' }).getByRole('link', { name: 'Preferred language' }).click();
  await expect(page).toHaveURL(/\/user\/language\.php$/);
  await page.getByRole('combobox', { name: 'Preferred language' }).selectOption({ label: language });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/user\/preferences\.php$/);
}

/** The date as the page's language writes it in the user's zone (what formatDate shows). */
async function dateOnPage(page: Page, locale: string, seconds: number): Promise<string> {
  const timeZone = await page.evaluate(() => (window as unknown as { M: { cfg: { timezone: string } } }).M.cfg.timezone);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(new Date(seconds * 1000));
}

async function shoot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('a learner switches to Spanish: preferences, dashboard and course page are in Spanish, and stay so', async ({ page, logInAs }) => {
  const learner = await newLearner(page, logInAs, 'Lucía');
  await logIn(page, learner);
  await chooseLanguage(page, learner, 'Español');

  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: 'Preferencias' })).toBeVisible();
  await expect(page.locator('#user-notifications')).toContainText('Cambios guardados');
  const account = page.getByRole('region', { name: 'Cuenta de usuario' });
  await expect(account.getByRole('link', { name: 'Idioma preferido' })).toHaveAccessibleDescription('Español');
  await shoot(page, 'es-preferences');

  // Kept across a reload and on every page after it.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'Preferencias' })).toBeVisible();

  await page.goto('/my/');
  await expect(page.getByRole('heading', { level: 1, name: 'Área personal' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Mis cursos' })).toBeVisible();
  const card = page.getByRole('list', { name: 'Mis cursos' }).getByRole('listitem').filter({ hasText: learner.coursename });
  await expect(card).toContainText(`Fecha de inicio: ${await dateOnPage(page, 'es', learner.startdate)}`);
  await expect(card).toContainText('participantes');
  await expect(page.getByRole('button', { name: learner.fullname })).toBeVisible();
  await shoot(page, 'es-dashboard');

  await card.getByRole('link', { name: learner.coursename }).click();
  await expect(page.getByRole('heading', { level: 1, name: learner.coursename })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Ruta de navegación' }).getByRole('link', { name: 'Área personal' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'General' }).first()).toBeVisible();
  await shoot(page, 'es-course');

  // The user menu and its pages speak Spanish too.
  await page.getByRole('banner').getByRole('button', { name: learner.fullname }).click();
  await expect(page.getByRole('menuitem', { name: 'Preferencias' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Salir' })).toBeVisible();
});

test('a learner switches to Arabic: pages are right to left, mirrored, with Arabic dates', async ({ page, logInAs }) => {
  const learner = await newLearner(page, logInAs, 'Layla');
  await logIn(page, learner);
  await chooseLanguage(page, learner, 'العربية');

  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect(html).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'التفضيلات' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'حساب المستخدم' }).getByRole('link', { name: 'اللغة المفضلة' })).toHaveAccessibleDescription('العربية');
  await shoot(page, 'ar-preferences');

  await page.reload();
  await expect(html).toHaveAttribute('dir', 'rtl');

  await page.goto('/my/');
  const heading = page.getByRole('heading', { level: 1, name: 'لوحة التحكم' });
  await expect(heading).toBeVisible();
  const card = page.getByRole('list', { name: 'مقرراتي' }).getByRole('listitem').filter({ hasText: learner.coursename });
  await expect(card).toContainText(`تاريخ البدء: ${await dateOnPage(page, 'ar', learner.startdate)}`);

  // The layout mirrors: the header starts at the right (site name there, user menu at the left), and
  // text starts at the right edge of the content.
  const width = page.viewportSize()?.width ?? 1280;
  const banner = page.getByRole('banner');
  const siteName = await banner.getByRole('link').first().boundingBox();
  const userMenu = await banner.getByRole('button', { name: learner.fullname }).boundingBox();
  expect(siteName && siteName.x + siteName.width).toBeGreaterThan(width * 0.75);
  expect(userMenu && userMenu.x).toBeLessThan(width * 0.25);
  // The primary navigation runs from right to left: Home first, at the right, then Dashboard.
  const nav = banner.getByRole('navigation', { name: 'التنقل في الموقع' });
  const home = await nav.getByRole('link', { name: 'الرئيسية' }).boundingBox();
  const dashboard = await nav.getByRole('link', { name: 'لوحة التحكم' }).boundingBox();
  expect(home && dashboard && home.x).toBeGreaterThan(dashboard?.x ?? Infinity);
  const headingBox = await heading.boundingBox();
  const main = await page.locator('main').boundingBox();
  expect(headingBox && main && main.x + main.width - (headingBox.x + headingBox.width)).toBeLessThan(80);
  expect(await heading.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  await shoot(page, 'ar-dashboard');

  await card.getByRole('link', { name: learner.coursename }).click();
  await expect(page.getByRole('heading', { level: 1, name: learner.coursename })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'مسار التنقل' }).getByRole('link', { name: 'لوحة التحكم' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'عام' }).first()).toBeVisible();
  await shoot(page, 'ar-course');

  // Menus open towards the start of the line: the user menu's popover stays inside the window.
  await banner.getByRole('button', { name: learner.fullname }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'تسجيل الخروج' })).toBeVisible();
  const menuBox = await menu.boundingBox();
  expect(menuBox && menuBox.x).toBeGreaterThanOrEqual(0);
});

test('the language page offers the site default and every installed language, each named in itself', async ({ page, logInAs }) => {
  const learner = await newLearner(page, logInAs, 'Noor');
  await logIn(page, learner);
  await page.goto('/user/language.php');
  const select = page.getByRole('combobox', { name: 'Preferred language' });
  await expect(select.locator('option')).toHaveText(['Site default (English)', 'English', 'العربية', 'Español']);
  await expect(select.locator('option[value="ar"]')).toHaveAttribute('lang', 'ar');
  // A new account follows the site default, kept as an empty language.
  await expect(select).toHaveValue('');
  await select.selectOption('en');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/user\/preferences\.php$/);
  const link = page.getByRole('region', { name: 'User account' }).getByRole('link', { name: 'Preferred language' });
  await expect(link).toHaveAccessibleDescription('English');
  // Going back to the site default is a choice of its own.
  await page.goto('/user/language.php');
  await expect(select).toHaveValue('en');
  await select.selectOption('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/user\/preferences\.php$/);
  await expect(link).toHaveAccessibleDescription('Site default (English)');
  await page.goto('/user/language.php');
  await expect(select).toHaveValue('');
});
