import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getContext } from '../../platform/access/contexts';
import { getRoleByShortname, setRolePermission } from '../../platform/access/install';
import { CAP_ALLOW, CONTEXT_COURSE } from '../../platform/access/types';
import { setConfig, unsetConfig } from '../../platform/config-store';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';

type Ok<T> = Array<{ error: false; data: T }>;
type Failed = Array<{ error: true; exception: { errorcode: string } }>;
interface Person {
  id: number;
  fullname: string;
  email?: string;
  username?: string;
}

/** The keys of an answer that only some callers may see: identity fields, username and suspension. */
const PRIVATE_KEYS = ['idnumber', 'email', 'phone1', 'phone2', 'department', 'institution', 'username', 'suspended'];
const privateKeys = (person: Person | undefined) => Object.keys(person ?? {}).filter((key) => PRIVATE_KEYS.includes(key));

describe.each(testDialects)('user web-service methods on %s', (dialect) => {
  let site: TestSite;
  const ids: Record<string, number> = {};
  const sessions: Record<string, { cookie: string; sesskey: string }> = {};
  let course: number;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    ids.ann = await site.createUser('ann', { firstname: 'Ann', lastname: 'Lee', email: 'ann@example.org' });
    ids.bob = await site.createUser('bob', { firstname: 'Bob', lastname: 'Ray', email: 'bob@example.org' });
    ids.cat = await site.createUser('cat', { firstname: 'Cat', lastname: 'Poe', email: 'cat@example.org' });
    ids.tom = await site.createUser('tom', { firstname: 'Tom', lastname: 'Ng', email: 'tom@example.org' });
    course = await site.createCourse('Shared course', 'SHARED');
    await site.enrol(ids.ann, course, 'student');
    await site.enrol(ids.bob, course, 'student');
    await site.enrol(ids.tom, course, 'editingteacher');
    for (const name of ['ann', 'bob', 'cat', 'tom']) {
      await site.platform.db
        .updateTable('user')
        .set({ idnumber: `ID-${name}`, phone1: `0100-${name}`, phone2: `0200-${name}`, department: `Dept ${name}`, institution: 'Tessera School' })
        .where('id', '=', ids[name] ?? 0)
        .execute();
    }
    for (const name of ['ann', 'tom']) sessions[name] = await site.sessionFor(ids[name] ?? 0);
    sessions.admin = await site.sessionFor(site.adminId);
  });
  afterAll(() => site.close());

  async function lookup(who: string, field: string, values: Array<string | number>) {
    return site.ajax([{ methodname: 'core_user_get_users_by_field', args: { field, values } }], sessions[who]);
  }

  it('shows a user their own profile with identity fields', async () => {
    const { json } = await lookup('ann', 'id', [ids.ann ?? 0]);
    expect((json as Ok<Person[]>)[0]?.data).toEqual([expect.objectContaining({ id: ids.ann, fullname: 'Ann Lee', email: 'ann@example.org', username: 'ann' })]);
  });

  it('answers an empty list when no value is a whole id (PostgreSQL refuses an empty IN list)', async () => {
    const { json } = await lookup('admin', 'id', [6.4e-323, '1.5', 'abc']);
    expect((json as Ok<Person[]>)[0]).toMatchObject({ error: false, data: [] });
  });

  it('shows a teacher the people in their course with the site\'s identity fields (email by default), never usernames, and leaves out strangers', async () => {
    const { json } = await lookup('tom', 'id', [ids.ann ?? 0, ids.bob ?? 0, ids.cat ?? 0]);
    const people = (json as Ok<Person[]>)[0]?.data ?? [];
    expect(people.map((p) => p.fullname)).toEqual(['Ann Lee', 'Bob Ray']);
    expect(people[0]).toMatchObject({ email: 'ann@example.org' });
    expect(people.map(privateKeys)).toEqual([['email'], ['email']]);
  });

  it('shows a teacher exactly the configured identity fields of others, and finds nobody by a field they do not see', async () => {
    await setConfig(site.platform.db, 'showuseridentity', 'idnumber,department');
    try {
      const { json } = await lookup('tom', 'id', [ids.ann ?? 0]);
      const [ann] = (json as Ok<Person[]>)[0]?.data ?? [];
      expect(ann).toMatchObject({ id: ids.ann, idnumber: 'ID-ann', department: 'Dept ann', city: '', country: '' });
      expect(privateKeys(ann)).toEqual(['idnumber', 'department']);
      const byShown = await lookup('tom', 'idnumber', ['ID-ann']);
      expect(((byShown.json as Ok<Person[]>)[0]?.data ?? []).map((p) => p.id)).toEqual([ids.ann]);
      for (const [field, value] of [['email', 'ann@example.org'], ['username', 'ann']] as const) {
        const hidden = await lookup('tom', field, [value]);
        expect((hidden.json as Ok<Person[]>)[0]?.data).toEqual([]);
      }
      // Their own record stays whole, whatever the setting.
      const own = await lookup('tom', 'username', ['tom']);
      expect(privateKeys((own.json as Ok<Person[]>)[0]?.data[0]).sort()).toEqual([...PRIVATE_KEYS].sort());
    } finally {
      await unsetConfig(site.platform.db, 'showuseridentity');
    }
  });

  it('shows a student who may view profiles none of another user\'s identity fields', async () => {
    const student = await getRoleByShortname(site.platform.db, 'student');
    const context = await getContext(site.platform.db, CONTEXT_COURSE, course);
    await setRolePermission(site.platform.db, student?.id ?? 0, context?.id ?? 0, 'moodle/user:viewdetails', CAP_ALLOW);
    const { json } = await lookup('ann', 'id', [ids.bob ?? 0, ids.cat ?? 0]);
    const people = (json as Ok<Person[]>)[0]?.data ?? [];
    expect(people.map((p) => p.fullname)).toEqual(['Bob Ray']);
    expect(privateKeys(people[0])).toEqual([]);
    expect((await lookup('ann', 'email', ['bob@example.org'])).json).toEqual([{ error: false, data: [] }]);
    await site.platform.db.deleteFrom('role_capabilities').where('roleid', '=', student?.id ?? 0).where('contextid', '=', context?.id ?? 0).execute();
  });

  it('shows a student nobody but themself (students lack moodle/user:viewdetails)', async () => {
    const { json } = await lookup('ann', 'id', [ids.ann ?? 0, ids.bob ?? 0, ids.cat ?? 0]);
    expect(((json as Ok<Person[]>)[0]?.data ?? []).map((p) => p.id)).toEqual([ids.ann]);
  });

  it('shows the guest account nobody (it holds moodle/user:viewdetails through the guest role, but profiles are for real accounts)', async () => {
    const guestid = Number((await site.platform.db.selectFrom('config').select('value').where('name', '=', 'siteguest').executeTakeFirstOrThrow()).value);
    sessions.guest = await site.sessionFor(guestid);
    const { json } = await lookup('guest', 'id', [ids.ann ?? 0, ids.cat ?? 0, guestid]);
    expect(((json as Ok<Person[]>)[0]?.data ?? []).map((p) => p.id)).toEqual([guestid]);
  });

  it('lets an admin find anyone by username and see the whole record they edit, whatever the identity setting', async () => {
    await setConfig(site.platform.db, 'showuseridentity', '');
    try {
      const { json } = await lookup('admin', 'username', ['cat', 'nobody']);
      const people = (json as Ok<Person[]>)[0]?.data ?? [];
      expect(people).toEqual([expect.objectContaining({ id: ids.cat, email: 'cat@example.org', username: 'cat', phone2: '0200-cat', institution: 'Tessera School' })]);
      expect(privateKeys(people[0]).sort()).toEqual([...PRIVATE_KEYS].sort());
    } finally {
      await unsetConfig(site.platform.db, 'showuseridentity');
    }
  });

  it('refuses an unknown field with invalidparameter', async () => {
    const { json } = await lookup('tom', 'password', ['x']);
    expect((json as Failed)[0]?.exception.errorcode).toBe('invalidparameter');
  });
});
