import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { getConfig } from '../config-store';
import { formatDecimal } from './numbers';
import { serverTimezone } from './preference';
import { userDate } from './userdate';

type Session = { cookie: string; sesskey: string };
type Answer<T> = Array<{ error: false; data: T } | { error: true; exception: { errorcode: string; message: string } }>;
interface Pack {
  code: string;
  name: string;
  dir: 'ltr' | 'rtl';
  strings: number;
  translated: number;
}

/**
 * Languages end to end: a user's own language or the site default decides every page, string and
 * error; Arabic pages are right to left; the site default is a setting only site configurers change.
 */
describe.each(testDialects)('languages on %s', (dialect) => {
  let site: TestSite;
  let admin: Session;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    admin = await site.sessionFor(site.adminId);
  });
  afterAll(async () => {
    await site.close();
  });

  async function call<T>(methodname: string, args: unknown, session: Session | null = admin) {
    const { json } = await site.ajax([{ methodname, args }], session);
    return (json as Answer<T>)[0];
  }
  /** The page's root element with its language and direction (other attributes, such as the theme's, may come first). */
  const htmlTag = (lang: string, dir: string) => new RegExp(`<html [^>]*lang="${lang}" dir="${dir}"`);
  const page = (url: string, session?: Session) => site.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(session ? { cookie: session.cookie } : {}) } });
  const setLang = (id: number, lang: string, timezone = '99') => site.platform.db.updateTable('user').set({ lang, timezone }).where('id', '=', id).execute();
  const string = async (session: Session, stringid: string, component: string) => {
    const answer = await call<Array<{ lang: string; string: string }>>('core_get_strings', { strings: [{ stringid, component }] }, session);
    return answer?.error === false ? answer.data[0] : undefined;
  };

  it('shows a Spanish user Spanish pages, strings and errors', async () => {
    const id = await site.createUser('sofia');
    await setLang(id, 'es');
    const session = await site.sessionFor(id);
    const shell = await page('/user/preferences.php', session);
    expect(shell.body).toMatch(htmlTag('es', 'ltr'));
    expect(shell.body).toMatch(/"lang":"es"/);
    expect(await string(session, 'preferences', 'core_user')).toMatchObject({ lang: 'es', string: 'Preferencias' });
    const refused = await call('core_user_update_users', { users: [{ id, lang: 'xx' }] }, session);
    expect(refused).toMatchObject({ error: true, exception: { errorcode: 'invalidlang', message: 'El idioma "xx" no está instalado en este sitio' } });
  });

  it('writes Arabic pages right to left, and shows English for an id Arabic lacks', async () => {
    const id = await site.createUser('omar');
    await setLang(id, 'ar');
    const session = await site.sessionFor(id);
    expect((await page('/my/', session)).body).toMatch(htmlTag('ar', 'rtl'));
    expect(await string(session, 'dashboard', 'moodle')).toMatchObject({ lang: 'ar', string: 'لوحة التحكم' });
    // Every id has an English text; a pack that lacks one falls back to it rather than to [[id]].
    const lacking = site.platform.strings.identifiers('moodle', 'en').find((key) => !site.platform.strings.identifiers('moodle', 'ar').includes(key));
    if (lacking) expect(site.platform.strings.get(lacking, 'moodle', undefined, 'ar')).toBe(site.platform.strings.get(lacking, 'moodle', undefined, 'en'));
  });

  it('lets a user without a language of their own follow the site default, as visitors do', async () => {
    const id = await site.createUser('nadia');
    await setLang(id, '');
    const session = await site.sessionFor(id);
    expect((await page('/my/', session)).body).toMatch(htmlTag('en', 'ltr'));

    expect(await call('core_update_language_settings', { lang: 'es' })).toMatchObject({ error: false, data: { lang: 'es' } });
    expect(await getConfig(site.platform.db, 'lang')).toBe('es');
    expect((await page('/my/', session)).body).toMatch(htmlTag('es', 'ltr'));
    expect(await string(session, 'dashboard', 'moodle')).toMatchObject({ lang: 'es', string: 'Área personal' });
    const choices = await call<{ sitelang: string }>('core_user_get_profile_choices', {}, session);
    expect(choices?.error === false && choices.data.sitelang).toBe('es');

    // The login page greets visitors in the default language, errors included.
    const login = await page('/login/index.php');
    expect(login.body).toMatch(htmlTag('es', 'ltr'));
    expect(login.body).toContain('Acceda a su cuenta');
    // A user who chose English keeps it.
    const chose = await site.createUser('edward');
    await setLang(chose, 'en');
    expect((await page('/my/', await site.sessionFor(chose))).body).toMatch(htmlTag('en', 'ltr'));

    expect(await call('core_update_language_settings', { lang: 'ar' })).toMatchObject({ error: false });
    expect((await page('/login/index.php')).body).toMatch(htmlTag('ar', 'rtl'));
    expect(await call('core_update_language_settings', { lang: 'en' })).toMatchObject({ error: false, data: { lang: 'en' } });
    expect((await page('/my/', session)).body).toMatch(htmlTag('en', 'ltr'));
  });

  it('refuses a default language that is not installed, and changes nothing', async () => {
    const answer = await call('core_update_language_settings', { lang: 'xx' });
    expect(answer).toMatchObject({ error: true, exception: { errorcode: 'invalidlang' } });
    expect(await call('core_update_language_settings', { lang: 'EN"><' })).toMatchObject({ error: true, exception: { errorcode: 'invalidparameter' } });
    expect((await getConfig(site.platform.db, 'lang')) ?? 'en').toBe('en');
  });

  it('keeps the language settings to those who may configure the site', async () => {
    const id = await site.createUser('teresa');
    const session = await site.sessionFor(id);
    expect(await call('core_get_language_settings', {}, session)).toMatchObject({ error: true, exception: { errorcode: 'nopermissions' } });
    expect(await call('core_update_language_settings', { lang: 'es' }, session)).toMatchObject({ error: true, exception: { errorcode: 'nopermissions' } });
    const { json } = await site.ajax([{ methodname: 'core_update_language_settings', args: { lang: 'es' } }], { cookie: admin.cookie, sesskey: 'wrong' });
    expect((json as Answer<unknown>)[0]).toMatchObject({ error: true, exception: { errorcode: 'invalidsesskey' } });
    expect(await getConfig(site.platform.db, 'lang')).not.toBe('es');
  });

  it('lists every installed pack with its direction and how much of English it translates', async () => {
    const answer = await call<{ lang: string; languages: Pack[] }>('core_get_language_settings', {});
    expect(answer?.error).toBe(false);
    const packs = answer?.error === false ? answer.data.languages : [];
    expect(packs.map((p) => [p.code, p.name, p.dir])).toEqual([
      ['en', 'English', 'ltr'],
      ['ar', 'العربية', 'rtl'],
      ['es', 'Español', 'ltr'],
    ]);
    const english = packs.find((p) => p.code === 'en');
    expect(english?.translated).toBe(english?.strings);
    for (const p of packs) expect(p.translated).toBeLessThanOrEqual(p.strings);
    expect(packs.find((p) => p.code === 'es')?.translated).toBeGreaterThan((english?.strings ?? 0) * 0.8);
  });

  it('tells the page the user’s timezone, the server’s for those who keep it', async () => {
    const id = await site.createUser('kenji');
    await setLang(id, 'en', 'Asia/Tokyo');
    expect((await page('/my/', await site.sessionFor(id))).body).toMatch(/"timezone":"Asia\/Tokyo"/);
    await setLang(id, 'en', '99');
    expect((await page('/my/', await site.sessionFor(id))).body).toContain(`"timezone":${JSON.stringify(serverTimezone())}`);
  });
});

describe('numbers the server writes', () => {
  it('use the reader’s decimal separator, without grouping, like grades in Moodle', () => {
    expect(formatDecimal(7.5, 2, 'en')).toBe('7.50');
    expect(formatDecimal(7.5, 2, 'es')).toBe('7,50');
    expect(formatDecimal(12345.678, 1, 'es')).toBe('12345,7');
    expect(formatDecimal(100000, 2, 'en')).toBe('100000.00');
  });
});

describe('dates the server writes', () => {
  /** 2025-03-12 09:30 UTC, a Wednesday. */
  const moment = Date.UTC(2025, 2, 12, 9, 30) / 1000;

  it('are in the reader’s language and timezone', () => {
    expect(userDate(moment, { lang: 'en', timezone: 'UTC' }, 'fulldatetime')).toMatch(/Wednesday.*12.*2025.*9:30/);
    expect(userDate(moment, { lang: 'es', timezone: 'Europe/Madrid' }, 'fulldatetime')).toMatch(/miércoles.*12.*marzo.*2025.*10:30/);
    expect(userDate(moment, { lang: 'ar', timezone: 'Asia/Riyadh' }, 'fulldatetime')).toBe(
      new Intl.DateTimeFormat('ar', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Asia/Riyadh' }).format(moment * 1000),
    );
    expect(userDate(moment, { lang: 'pt_br', timezone: 'America/Sao_Paulo' }, 'date')).toBe(new Intl.DateTimeFormat('pt-BR', { dateStyle: 'medium', timeZone: 'America/Sao_Paulo' }).format(moment * 1000));
  });

  it('use the server’s zone for 99 or an unknown zone', () => {
    const expected = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: serverTimezone() }).format(moment * 1000);
    expect(userDate(moment, { lang: 'en', timezone: '99' })).toBe(expected);
    expect(userDate(moment, { lang: 'en', timezone: 'Nowhere/Atlantis' })).toBe(expected);
  });
});
