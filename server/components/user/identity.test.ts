import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCategoryContext, getSystemContext } from '../../platform/access/contexts';
import { assignRole, getRoleByShortname, setRolePermission } from '../../platform/access/install';
import { CAP_PREVENT } from '../../platform/access/types';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';

type Session = { cookie: string; sesskey: string };
type Answer<T> = Array<{ error: boolean; data?: T; exception?: { errorcode: string; message: string } }>;
type Person = { id: number; fullname: string } & Partial<Record<'idnumber' | 'email' | 'phone1' | 'phone2' | 'department' | 'institution', string>>;

const IDENTITY_KEYS = ['idnumber', 'email', 'phone1', 'phone2', 'department', 'institution'];
/** Which identity keys an answer row carries. */
const keysOf = (row: Person | undefined) => Object.keys(row ?? {}).filter((key) => IDENTITY_KEYS.includes(key));

describe.each(testDialects)('"Show user identity" on %s', (dialect) => {
  let site: TestSite;
  let admin: Session;
  let teacher: Session;
  let student: Session;
  let manager: Session;
  let courseid: number;
  let cohortid: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    site = await createTestSite(dialect);
    admin = await site.sessionFor(site.adminId);
    courseid = await site.createCourse('Identity 101', 'ID101');
    const people = [
      ['tina', 'Tina', 'Teach', 'Staff room'],
      ['ava', 'Ava', 'Alder', 'Geography'],
      ['ben', 'Ben', 'Birch', 'History'],
      ['cy', 'Cy', 'Cedar', 'Geography'],
      ['mia', 'Mia', 'Maple', 'Office'],
    ] as const;
    for (const [username, firstname, lastname, department] of people) {
      ids[username] = await site.createUser(username, { firstname, lastname, email: `${username}@identity.test` });
      await site.platform.db
        .updateTable('user')
        .set({ department, idnumber: `ID-${username}`, phone1: `0100-${username}`, institution: 'Tessera School' })
        .where('id', '=', ids[username] ?? 0)
        .execute();
    }
    await site.enrol(ids.tina ?? 0, courseid, 'editingteacher');
    await site.enrol(ids.ava ?? 0, courseid, 'student');
    await site.enrol(ids.ben ?? 0, courseid, 'student');
    teacher = await site.sessionFor(ids.tina ?? 0);
    student = await site.sessionFor(ids.ava ?? 0);

    // Mia manages a category but may not see identity there; the cohort she assigns lives in it.
    const category = await site.platform.db.insertInto('course_categories').values({ name: 'Staff' }).returning('id').executeTakeFirstOrThrow();
    const categoryContext = await ensureCategoryContext(site.platform.db, category.id, 0);
    const managerRole = await getRoleByShortname(site.platform.db, 'manager');
    await assignRole(site.platform.db, managerRole?.id ?? 0, ids.mia ?? 0, categoryContext.id);
    await setRolePermission(site.platform.db, managerRole?.id ?? 0, categoryContext.id, 'moodle/site:viewuseridentity', CAP_PREVENT);
    manager = await site.sessionFor(ids.mia ?? 0);
    const cohort = await site.platform.db.insertInto('cohort').values({ contextid: categoryContext.id, name: 'Staff cohort' }).returning('id').executeTakeFirstOrThrow();
    cohortid = cohort.id;
    await site.platform.db.insertInto('cohort_members').values({ cohortid, userid: ids.ava ?? 0 }).execute();
  });
  afterAll(() => site.close());

  async function answer<T>(methodname: string, args: unknown, session: Session) {
    const { json } = await site.ajax([{ methodname, args }], session);
    return (json as Answer<T>)[0];
  }
  async function ok<T>(methodname: string, args: unknown, session: Session): Promise<T> {
    const item = await answer<T>(methodname, args, session);
    expect(item?.exception).toBeUndefined();
    return item?.data as T;
  }
  const setFields = (fields: string[], session = admin) => answer<{ showuseridentity: string[] }>('core_user_update_identity_settings', { showuseridentity: fields }, session);
  const stored = async () => (await site.platform.db.selectFrom('config').select('value').where('name', '=', 'showuseridentity').executeTakeFirst())?.value;

  it('shows email alone until an admin chooses, and saves the choice in list order', async () => {
    expect(await ok('core_user_get_identity_settings', {}, admin)).toEqual({ showuseridentity: ['email'] });
    expect((await setFields(['department', 'email', 'email']))?.data).toEqual({ showuseridentity: ['email', 'department'] });
    expect(await stored()).toBe('email,department');
    expect(await ok('core_user_get_identity_settings', {}, admin)).toEqual({ showuseridentity: ['email', 'department'] });
    const logged = await site.platform.db.selectFrom('logstore_standard_log').selectAll().where('eventname', '=', '\\core\\event\\config_log_created').executeTakeFirstOrThrow();
    expect(JSON.parse(logged.other)).toMatchObject({ name: 'showuseridentity', oldvalue: null, value: 'email,department' });
  });

  it('refuses an unknown field by name and saves nothing', async () => {
    const refused = await setFields(['email', 'password']);
    expect(refused?.exception?.errorcode).toBe('unknownidentityfield');
    expect(refused?.exception?.message).toContain('"password" is not an identity field');
    expect(await stored()).toBe('email,department');
  });

  it('lets only site administrators read and change the setting', async () => {
    const system = await getSystemContext(site.platform.db);
    const managerRole = await getRoleByShortname(site.platform.db, 'manager');
    const sitemanager = await site.createUser('sitemanager');
    await assignRole(site.platform.db, managerRole?.id ?? 0, sitemanager, system.id);
    for (const session of [teacher, student, await site.sessionFor(sitemanager)]) {
      expect((await setFields(['idnumber'], session))?.exception?.errorcode).toBe('nopermissions');
      expect((await answer('core_user_get_identity_settings', {}, session))?.exception?.errorcode).toBe('nopermissions');
    }
    expect(await stored()).toBe('email,department');
    const forged = await site.ajax([{ methodname: 'core_user_update_identity_settings', args: { showuseridentity: [] } }], { ...admin, sesskey: 'forged' });
    expect((forged.json as Answer<unknown>)[0]?.exception?.errorcode).toBe('invalidsesskey');
    expect(await stored()).toBe('email,department');
  });

  it('shows a teacher exactly the chosen fields on the participants page, searchable and sortable', async () => {
    const result = await ok<{ identityfields: string[]; participants: Person[] }>('core_enrol_list_participants', { courseid }, teacher);
    expect(result.identityfields).toEqual(['email', 'department']);
    const ava = result.participants.find((p) => p.id === ids.ava);
    expect(ava).toMatchObject({ email: 'ava@identity.test', department: 'Geography' });
    expect(result.participants.every((p) => keysOf(p).join() === 'email,department')).toBe(true);

    const bySearch = await ok<{ participants: Person[] }>('core_enrol_list_participants', { courseid, search: 'geography' }, teacher);
    expect(bySearch.participants.map((p) => p.id)).toEqual([ids.ava]);
    // The phone is not shown, so it is not searched either.
    expect((await ok<{ total: number }>('core_enrol_list_participants', { courseid, search: '0100-ava' }, teacher)).total).toBe(0);
    const sorted = await ok<{ participants: Person[] }>('core_enrol_list_participants', { courseid, sort: 'department', direction: 'DESC' }, teacher);
    expect(sorted.participants.map((p) => p.department)).toEqual(['Staff room', 'History', 'Geography']);
  });

  it('hides every identity field from a student on the participants page', async () => {
    const result = await ok<{ identityfields: string[]; participants: Person[] }>('core_enrol_list_participants', { courseid }, student);
    expect(result.identityfields).toEqual([]);
    expect(result.participants.flatMap(keysOf)).toEqual([]);
    expect((await ok<{ total: number }>('core_enrol_list_participants', { courseid, search: 'geography' }, student)).total).toBe(0);
    const bySort = await ok<{ participants: Person[] }>('core_enrol_list_participants', { courseid, sort: 'department', direction: 'DESC' }, student);
    const byName = await ok<{ participants: Person[] }>('core_enrol_list_participants', { courseid, sort: 'lastname', direction: 'DESC' }, student);
    expect(bySort.participants.map((p) => p.id)).toEqual(byName.participants.map((p) => p.id));
  });

  it('answers and searches the chosen fields in the enrol dialogue search', async () => {
    const found = await ok<Person[]>('core_enrol_search_users', { courseid, search: 'geography' }, teacher);
    expect(found).toEqual([{ id: ids.cy, fullname: 'Cy Cedar', email: 'cy@identity.test', department: 'Geography' }]);
    expect(await ok<Person[]>('core_enrol_search_users', { courseid, search: 'ID-cy' }, teacher)).toEqual([]);
  });

  it('answers the chosen fields in the list of users, and follows a new choice at once', async () => {
    const listed = await ok<{ identityfields: string[]; users: Person[] }>('core_user_list_users', { search: 'geography', sort: 'department' }, admin);
    expect(listed.identityfields).toEqual(['email', 'department']);
    expect(listed.users).toEqual([expect.objectContaining({ id: ids.ava, email: 'ava@identity.test', department: 'Geography' }), expect.objectContaining({ id: ids.cy })]);
    expect(listed.users.map(keysOf)).toEqual([['email', 'department'], ['email', 'department']]);

    await setFields(['idnumber', 'phone1']);
    const after = await ok<{ identityfields: string[]; users: Person[] }>('core_user_list_users', { search: 'ava' }, admin);
    expect(after.identityfields).toEqual(['idnumber', 'phone1']);
    expect(after.users).toEqual([expect.objectContaining({ idnumber: 'ID-ava', phone1: '0100-ava' })]);
    expect(keysOf(after.users[0])).toEqual(['idnumber', 'phone1']);
    expect((await ok<{ total: number }>('core_user_list_users', { search: 'geography' }, admin)).total).toBe(0);
    const participants = await ok<{ identityfields: string[]; participants: Person[] }>('core_enrol_list_participants', { courseid }, teacher);
    expect(participants.identityfields).toEqual(['idnumber', 'phone1']);
    await setFields(['email', 'department']);
  });

  it('shows cohort members and candidates with the chosen fields, and none without moodle/site:viewuseridentity', async () => {
    const seen = await ok<{ identityfields: string[]; members: Person[]; candidates: Person[] }>('core_cohort_list_members', { cohortid, search: 'geography' }, admin);
    expect(seen.identityfields).toEqual(['email', 'department']);
    expect(seen.members).toEqual([{ id: ids.ava, fullname: 'Ava Alder', picture: 0, email: 'ava@identity.test', department: 'Geography' }]);
    expect(seen.candidates).toEqual([{ id: ids.cy, fullname: 'Cy Cedar', picture: 0, email: 'cy@identity.test', department: 'Geography' }]);

    const hidden = await ok<{ identityfields: string[]; members: Person[]; candidates: Person[] }>('core_cohort_list_members', { cohortid, search: 'a' }, manager);
    expect(hidden.identityfields).toEqual([]);
    expect([...hidden.members, ...hidden.candidates].flatMap(keysOf)).toEqual([]);
    expect(hidden.members.map((m) => m.id)).toEqual([ids.ava]);
    expect((await ok<{ total: number; candidates: Person[] }>('core_cohort_list_members', { cohortid, search: 'geography' }, manager)).candidates).toEqual([]);
  });

  it('lets an admin show no identity fields at all', async () => {
    expect((await setFields([]))?.data).toEqual({ showuseridentity: [] });
    const result = await ok<{ identityfields: string[]; participants: Person[] }>('core_enrol_list_participants', { courseid }, teacher);
    expect(result.identityfields).toEqual([]);
    expect(result.participants.flatMap(keysOf)).toEqual([]);
    await setFields(['email']);
  });
});
