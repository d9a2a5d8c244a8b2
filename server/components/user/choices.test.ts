import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';

type Session = { cookie: string; sesskey: string };
type Answer<T> = Array<{ error: false; data: T } | { error: true; exception: { errorcode: string; message: string; debuginfo?: string } }>;
interface Choices {
  languages: Array<{ code: string; name: string }>;
  timezones: Array<{ id: string; name: string }>;
  countries: Array<{ code: string; name: string }>;
}

const GOOD = 'Str0ng-pass';

describe.each(testDialects)('language, timezone and country choices on %s', (dialect) => {
  let site: TestSite;
  let admin: Session;
  let student: Session;
  let studentId: number;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    admin = await site.sessionFor(site.adminId);
    studentId = await site.createUser('pupil', { firstname: 'Pia', lastname: 'Pupil' });
    student = await site.sessionFor(studentId);
  });
  afterAll(() => site.close());

  async function one<T>(methodname: string, args: unknown, session: Session) {
    const { json } = await site.ajax([{ methodname, args }], session);
    const item = (json as Answer<T>)[0];
    if (!item) throw new Error('no answer');
    return item;
  }
  async function refusal(methodname: string, args: unknown, session: Session = admin) {
    const item = await one(methodname, args, session);
    return item.error ? { errorcode: item.exception.errorcode, message: item.exception.message } : { errorcode: 'no error', message: '' };
  }
  const stored = (username: string) => site.platform.db.selectFrom('user').select(['lang', 'timezone', 'country']).where('username', '=', username).executeTakeFirst();

  it('offers every logged-in user the installed languages, the server timezone first, and named countries', async () => {
    const item = await one<Choices>('core_user_get_profile_choices', {}, student);
    if (item.error) throw new Error(item.exception.errorcode);
    const { languages, timezones, countries } = item.data;
    expect(languages).toContainEqual({ code: 'en', name: 'English' });
    expect(timezones[0]?.id).toBe('99');
    expect(timezones[0]?.name).toMatch(/^Server timezone \(.+\)$/);
    expect(timezones).toContainEqual({ id: 'Europe/London', name: 'Europe/London' });
    expect(timezones).toContainEqual({ id: 'America/New_York', name: 'America/New York' });
    expect(timezones).toContainEqual({ id: 'UTC', name: 'UTC' });
    expect(countries).toHaveLength(249);
    expect(countries).toContainEqual({ code: 'FR', name: 'France' });
    expect(countries).toContainEqual({ code: 'GB', name: 'United Kingdom' });
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const anonymous = await site.ajax([{ methodname: 'core_user_get_profile_choices', args: {} }], null, true);
    expect(JSON.stringify(anonymous.json)).toContain('"error":true');
  });

  it('refuses to create a user with an unknown language, timezone or country, creating nobody', async () => {
    const base = { username: 'newbie', password: GOOD, firstname: 'New', lastname: 'Bie', email: 'newbie@example.org' };
    for (const [field, value, errorcode, message] of [
      ['lang', 'xx', 'invalidlang', 'The language "xx" is not installed on this site'],
      ['timezone', 'Mars/Olympus_Mons', 'invalidtimezone', '"Mars/Olympus_Mons" is not a known timezone'],
      ['timezone', '', 'invalidtimezone', '"" is not a known timezone'],
      ['country', 'ZZ', 'invalidcountry', '"ZZ" is not a known country code'],
      ['country', 'UK', 'invalidcountry', '"UK" is not a known country code'],
    ] as const) {
      expect(await refusal('core_user_create_users', { users: [{ ...base, [field]: value }] })).toEqual({ errorcode, message });
    }
    // One bad record in a batch stops the good one too.
    const batch = await refusal('core_user_create_users', { users: [{ ...base, country: 'FR' }, { ...base, username: 'other', email: 'other@example.org', lang: 'xx' }] });
    expect(batch.errorcode).toBe('invalidlang');
    expect(await stored('newbie')).toBeUndefined();

    const created = await one<Array<{ id: number }>>('core_user_create_users', { users: [{ ...base, lang: 'en', timezone: 'Europe/Paris', country: 'FR' }] }, admin);
    expect(created.error).toBe(false);
    expect(await stored('newbie')).toEqual({ lang: 'en', timezone: 'Europe/Paris', country: 'FR' });
  });

  it('refuses the same on update, by an admin or on my own profile, changing nothing', async () => {
    const before = await stored('pupil');
    expect((await refusal('core_user_update_users', { users: [{ id: studentId, timezone: 'Europe/Atlantis' }] })).errorcode).toBe('invalidtimezone');
    expect((await refusal('core_user_update_users', { users: [{ id: studentId, city: 'Paris', lang: 'fr' }] }, student)).errorcode).toBe('invalidlang');
    expect((await refusal('core_user_update_users', { users: [{ id: studentId, firstname: 'Changed', country: 'XK' }] }, student)).errorcode).toBe('invalidcountry');
    expect(await stored('pupil')).toEqual(before);
    const name = await site.platform.db.selectFrom('user').select('firstname').where('id', '=', studentId).executeTakeFirstOrThrow();
    expect(name.firstname).toBe('Pia');

    const saved = await one('core_user_update_users', { users: [{ id: studentId, timezone: 'Asia/Tokyo', country: 'JP', lang: 'en' }] }, student);
    expect(saved.error).toBe(false);
    expect(await stored('pupil')).toEqual({ lang: 'en', timezone: 'Asia/Tokyo', country: 'JP' });
    // Back to the server's timezone and no country.
    expect((await one('core_user_update_users', { users: [{ id: studentId, timezone: '99', country: '' }] }, admin)).error).toBe(false);
    expect(await stored('pupil')).toEqual({ lang: 'en', timezone: '99', country: '' });
  });

  it('tells the profile which picture revision a user has', async () => {
    await site.platform.db.updateTable('user').set({ picture: 42 }).where('id', '=', studentId).execute();
    const item = await one<Array<{ id: number; picture: number }>>('core_user_get_users_by_field', { field: 'id', values: [studentId, site.adminId] }, admin);
    if (item.error) throw new Error(item.exception.errorcode);
    expect(item.data.map((u) => [u.id, u.picture])).toEqual([
      [site.adminId, 0],
      [studentId, 42],
    ].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)));
  });
});
