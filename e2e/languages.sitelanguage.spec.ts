import { expect, test, ws } from './helpers';
import { ADMIN } from './site';

/**
 * The site default language: the admin chooses it on Site administration › Language settings; the
 * login page and every user without a language of their own then speak it, while users who chose a
 * language keep theirs. It changes the login page every spec uses, so it runs alone, last (the
 * `sitelanguage` project in playwright.config.ts).
 */
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
