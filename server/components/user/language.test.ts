import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getConfig } from '../../platform/config-store';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';

type Session = { cookie: string; sesskey: string };
type Answer<T> = Array<{ error: false; data: T } | { error: true; exception: { errorcode: string; message: string } }>;

/**
 * The preferred language: saved as the user's own `lang` by core_user_update_users (the form at
 * /user/language.php), refused when not installed, and then the language of their pages and calls.
 */
describe.each(testDialects)('the preferred language on %s', (dialect) => {
  let site: TestSite;
  let learner: Session;
  let learnerId: number;
  let otherId: number;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    learnerId = await site.createUser('lena', { firstname: 'Lena', lastname: 'Fischer' });
    otherId = await site.createUser('omar', { firstname: 'Omar', lastname: 'Haddad' });
    learner = await site.sessionFor(learnerId);
    // English, Arabic and Spanish ship; one more installed pack is what the site lists with one more folder.
    const installed = site.platform.strings.languages();
    vi.spyOn(site.platform.strings, 'languages').mockReturnValue([...installed, { code: 'pt_br', name: 'Português - Brasil' }]);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await site.close();
  });

  async function call<T>(methodname: string, args: unknown, session: Session = learner) {
    const { json } = await site.ajax([{ methodname, args }], session);
    return (json as Answer<T>)[0];
  }
  const storedLang = async (id: number) => (await site.platform.db.selectFrom('user').select('lang').where('id', '=', id).executeTakeFirstOrThrow()).lang;
  const page = (url: string, session?: Session) => site.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(session ? { cookie: session.cookie } : {}) } });

  it('offers the installed languages to choose from', async () => {
    const answer = await call<{ languages: Array<{ code: string; name: string }> }>('core_user_get_profile_choices', {});
    expect(answer).toMatchObject({ error: false });
    expect(answer?.error === false && answer.data.languages).toEqual([
      { code: 'en', name: 'English' },
      { code: 'ar', name: 'العربية' },
      { code: 'es', name: 'Español' },
      { code: 'pt_br', name: 'Português - Brasil' },
    ]);
  });

  it('saves a user’s own choice, and their pages and calls then use that language', async () => {
    expect(await storedLang(learnerId)).toBe('en');
    expect(await call('core_user_update_users', { users: [{ id: learnerId, lang: 'pt_br' }] })).toEqual({ error: false, data: { warnings: [] } });
    expect(await storedLang(learnerId)).toBe('pt_br');

    const me = await call<Array<{ lang: string }>>('core_user_get_users_by_field', { field: 'id', values: [learnerId] });
    expect(me?.error === false && me.data[0]?.lang).toBe('pt_br');
    // The shell tells the app its language, which asks for every string in it.
    const shell = await page('/user/preferences.php', learner);
    expect(shell.statusCode).toBe(200);
    // <html lang> is the BCP 47 form of the pack code, with the language's direction.
    expect(shell.body).toMatch(/<html [^>]*lang="pt-br" dir="ltr">/);
    expect(shell.body).toMatch(/"lang":"pt_br"/);
    // A string asked for without a language comes in the caller's.
    const strings = await call<Array<{ lang: string; string: string }>>('core_get_strings', { strings: [{ stringid: 'preferences', component: 'core_user' }] });
    expect(strings?.error === false && strings.data[0]?.lang).toBe('pt_br');

    // Back to English: the same form, the same path.
    expect(await call('core_user_update_users', { users: [{ id: learnerId, lang: 'en' }] })).toMatchObject({ error: false });
    expect((await page('/user/language.php', learner)).body).toMatch(/<html [^>]*lang="en" dir="ltr">/);
  });

  it('refuses a language that is not installed, or not a language code, and changes nothing', async () => {
    const unknown = await call('core_user_update_users', { users: [{ id: learnerId, lang: 'xx' }] });
    expect(unknown).toMatchObject({ error: true, exception: { errorcode: 'invalidlang', message: 'The language "xx" is not installed on this site' } });
    const malformed = await call('core_user_update_users', { users: [{ id: learnerId, lang: 'en"><script>' }] });
    expect(malformed).toMatchObject({ error: true, exception: { errorcode: 'invalidparameter' } });
    expect(await storedLang(learnerId)).toBe('en');
  });

  it('needs the sesskey, and moodle/user:update to set someone else’s language', async () => {
    const { json } = await site.ajax([{ methodname: 'core_user_update_users', args: { users: [{ id: learnerId, lang: 'pt_br' }] } }], { cookie: learner.cookie, sesskey: 'wrong' });
    expect((json as Answer<unknown>)[0]).toMatchObject({ error: true, exception: { errorcode: 'invalidsesskey' } });
    expect(await storedLang(learnerId)).toBe('en');

    expect(await call('core_user_update_users', { users: [{ id: otherId, lang: 'pt_br' }] })).toMatchObject({ error: true, exception: { errorcode: 'nopermissions' } });
    expect(await storedLang(otherId)).toBe('en');
    // An admin may, for anyone (from the user's edit form).
    const admin = await site.sessionFor(site.adminId);
    expect(await call('core_user_update_users', { users: [{ id: otherId, lang: 'pt_br' }] }, admin)).toMatchObject({ error: false });
    expect(await storedLang(otherId)).toBe('pt_br');
  });

  it('gives a user created without a language the site default, following it when it changes', async () => {
    const admin = await site.sessionFor(site.adminId);
    const created = await call<Array<{ id: number }>>('core_user_create_users', { users: [{ username: 'nadia', createpassword: true, firstname: 'Nadia', lastname: 'Nuevo', email: 'nadia@example.org' }] }, admin);
    const id = created?.error === false ? (created.data[0]?.id ?? 0) : 0;
    expect(id).toBeGreaterThan(0);
    // No language of their own: stored empty, which is "Site default" on the forms.
    expect(await storedLang(id)).toBe('');
    const session = await site.sessionFor(id);
    expect((await page('/my/', session)).body).toMatch(/<html [^>]*lang="en" dir="ltr">/);
    expect(await call('core_update_language_settings', { lang: 'es' }, admin)).toMatchObject({ error: false });
    try {
      expect((await page('/my/', session)).body).toMatch(/<html [^>]*lang="es" dir="ltr">/);
      // One given on creation is their own, whatever the site default.
      const chose = await call<Array<{ id: number }>>('core_user_create_users', { users: [{ username: 'arturo', createpassword: true, firstname: 'Arturo', lastname: 'Ar', email: 'arturo@example.org', lang: 'ar' }] }, admin);
      const arturo = chose?.error === false ? (chose.data[0]?.id ?? 0) : 0;
      expect(await storedLang(arturo)).toBe('ar');
      expect((await page('/my/', await site.sessionFor(arturo))).body).toMatch(/<html [^>]*lang="ar" dir="rtl">/);
    } finally {
      await call('core_update_language_settings', { lang: 'en' }, admin);
    }
  });

  it('guards the language page on the server: users who may edit their profile, never the guest', async () => {
    expect((await page('/user/language.php', learner)).statusCode).toBe(200);
    const visitor = await page('/user/language.php');
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toBe('/login/index.php');

    const guest = await site.sessionFor(Number(await getConfig(site.platform.db, 'siteguest')));
    expect((await page('/user/language.php', guest)).statusCode).toBe(403);
    const guestId = Number(await getConfig(site.platform.db, 'siteguest'));
    expect(await call('core_user_update_users', { users: [{ id: guestId, lang: 'pt_br' }] }, guest)).toMatchObject({ error: true, exception: { errorcode: 'nopermissions' } });
    expect(await storedLang(guestId)).toBe('en');
  });
});
