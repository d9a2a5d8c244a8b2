import { expect, test, ws } from './helpers';
import { checkScreen, LANGUAGE_NAMES, LANGUAGES, openScreen, trackQuiet, type Expected } from './languages';
import { ADMIN } from './site';

/**
 * The site default language: the admin chooses it on Site administration › Language settings; the
 * login page and every user without a language of their own then speak it, while users who chose a
 * language keep theirs. It changes the login page every spec uses, so it runs alone, last (the
 * `sitelanguage` project in playwright.config.ts).
 */
// Both tests change what the admin sees; one at a time.
test.describe.configure({ mode: 'serial' });

test('the site default applies to the login page and to users without a preference', async ({ page, logInAs, browser }) => {
  await logInAs(ADMIN);
  await page.goto('/admin/');
  await page.getByRole('link', { name: 'Language settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\.php\?section=langsettings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Language settings' })).toBeVisible();
  const packs = page.getByRole('region', { name: 'Installed language packs' }).getByRole('table');
  await expect(packs.getByRole('row')).toHaveCount(4);
  await expect(packs.getByRole('row', { name: /العربية/ })).toContainText('Right to left');
  await expect(packs.getByRole('row', { name: /English/ })).toContainText('Site default');

  const suffix = Date.now().toString(36);
  const password = 'Lang-default-1!';
  await ws(page, 'core_user_create_users', { users: [{ username: `sitelang${suffix}`, password, firstname: 'Pablo', lastname: 'Default', email: `sitelang${suffix}@example.org`, lang: '' }] });

  const select = page.getByRole('combobox', { name: 'Default language' });
  await expect(select).toHaveValue('en');
  await expect(select).toHaveAccessibleDescription('The language of the login page and of every user who has not chosen a language of their own.');
  try {
    await select.selectOption('es');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.locator('#user-notifications')).toContainText('Default language saved');
    await expect(packs.getByRole('row', { name: /Español/ })).toContainText('Site default');
    // The admin chose English for themself: their pages stay English.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // A visitor: the login page is in Spanish, and so is everything after it for a user without a preference.
    const visitor = await browser.newPage();
    await visitor.goto('/login/index.php');
    await expect(visitor.locator('html')).toHaveAttribute('lang', 'es');
    await expect(visitor.getByRole('heading', { level: 1, name: 'Acceda a su cuenta' })).toBeVisible();
    await visitor.getByLabel('Nombre de usuario').fill(`sitelang${suffix}`);
    await visitor.getByLabel('Contraseña').fill(password);
    await visitor.getByRole('button', { name: 'Acceder' }).click();
    await expect(visitor).toHaveURL((url) => url.pathname === '/my/');
    await expect(visitor.getByRole('heading', { level: 1, name: 'Área personal' })).toBeVisible();
    await visitor.goto('/user/language.php');
    await expect(visitor.getByRole('combobox', { name: 'Idioma preferido' })).toHaveValue('');
    await expect(visitor.getByRole('combobox', { name: 'Idioma preferido' }).locator('option').first()).toHaveText('Predeterminado del sitio (Español)');
    await visitor.close();
  } finally {
    await ws(page, 'core_update_language_settings', { lang: 'en' });
  }
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Default language' })).toHaveValue('en');
});

/**
 * The screens only the site administrator may open (admin index and search, theme settings, the site
 * tools and a tool's settings, the web-service documentation, the template library) in each language, checked
 * as languages-screens.spec.ts checks the others. The admin's own language is changed for it (nothing
 * else runs meanwhile) and put back to English afterwards.
 */
test.describe(() => {
  // Each screen is audited by checkScreen, in each language.
  test.use({ a11yCheck: false });

  test("the administrator's own screens in English, Spanish and Arabic", async ({ page, logInAs, baseURL }) => {
    await trackQuiet(page);
    await logInAs(ADMIN);
    await page.goto('/my/');
    const [admin] = await ws<Array<{ id: number }>>(page, 'core_user_get_users_by_field', { field: 'username', values: [ADMIN.username] });
    const [tool] = await ws<Array<{ id: number }>>(page, 'mod_lti_get_tool_types', {});
    const screens: Array<[string, Expected]> = [
      ['/admin/', { component: 'moodle', id: 'administrationsite' }],
      ['/admin/search.php?query=theme', { component: 'moodle', id: 'searchadmin' }],
      ['/theme/essential/settings.php', { component: 'theme_essential', id: 'themesettings' }],
    ['/mod/lti/toolconfigure.php', { component: 'mod_lti', id: 'toolconfigure' }],
      [`/mod/lti/typessettings.php?id=${tool?.id ?? 0}`, { component: 'mod_lti', id: 'edittooltype' }],
      ['/admin/webservice/documentation.php', { component: 'moodle', id: 'wsdocumentation' }],
      ['/admin/tool/templatelibrary/index.php', { component: 'tool_templatelibrary', id: 'pluginname' }],
    ];
    const problems: string[] = [];
    try {
      for (const lang of LANGUAGES) {
        await ws(page, 'core_user_update_users', { users: [{ id: admin?.id ?? 0, lang }] });
        await page.goto('/my/');
        await expect(page.locator('html'), LANGUAGE_NAMES[lang]).toHaveAttribute('lang', lang);
        for (const [path, heading] of screens) {
          await openScreen(page, path);
          problems.push(...(await checkScreen(page, { lang, baseURL: baseURL ?? '', heading })));
        }
      }
    } finally {
      await ws(page, 'core_user_update_users', { users: [{ id: admin?.id ?? 0, lang: 'en' }] });
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
