import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSystemContext } from '../../platform/access/contexts';
import { assignRole, getRoleByShortname, setRolePermission } from '../../platform/access/install';
import { CAP_ALLOW, CAP_PROHIBIT } from '../../platform/access/types';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';

type Ok<T> = Array<{ error: false; data: T }>;
type Failed = Array<{ error: true; exception: { errorcode: string; message: string } }>;
type Session = { cookie: string; sesskey: string };

describe.each(testDialects)('cohort web-service methods on %s', (dialect) => {
  let site: TestSite;
  let admin: Session;
  let student: Session;
  const users: Record<string, number> = {};

  beforeAll(async () => {
    site = await createTestSite(dialect);
    admin = await site.sessionFor(site.adminId);
    for (const name of ['ana', 'ben', 'cleo', 'dev']) users[name] = await site.createUser(name, { firstname: name.toUpperCase(), lastname: 'Cohortson', email: `${name}@example.org` });
    student = await site.sessionFor(users.dev ?? 0);
  });
  afterAll(() => site.close());

  const call = (methodname: string, args: unknown, session: Session) => site.ajax([{ methodname, args }], session);
  const cohortCount = async () => Number((await site.platform.db.selectFrom('cohort').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('creates a system cohort, adds members by username and email, lists and removes them', async () => {
    const created = await call('core_cohort_create_cohorts', { cohorts: [{ categorytype: { type: 'system', value: '' }, name: 'Class of 2027', idnumber: 'C2027' }] }, admin);
    const cohort = (created.json as Ok<Array<{ id: number; name: string; visible: boolean }>>)[0]?.data[0];
    expect(cohort).toMatchObject({ name: 'Class of 2027', visible: true });
    const cohortid = cohort?.id ?? 0;

    const added = await call(
      'core_cohort_add_cohort_members',
      {
        members: [
          { cohorttype: { type: 'idnumber', value: 'C2027' }, usertype: { type: 'username', value: 'ANA' } },
          { cohorttype: { type: 'id', value: cohortid }, usertype: { type: 'email', value: 'ben@example.org' } },
          { cohorttype: { type: 'id', value: cohortid }, usertype: { type: 'username', value: 'nobody' } },
        ],
      },
      admin,
    );
    const result = (added.json as Ok<{ added: number; warnings: Array<{ item: string; warningcode: string }> }>)[0]?.data;
    expect(result?.added).toBe(2);
    expect(result?.warnings).toEqual([expect.objectContaining({ item: 'nobody', warningcode: 'usernotfound' })]);

    const listed = await call('core_cohort_list_cohorts', { search: '2027' }, admin);
    expect((listed.json as Ok<{ total: number; cohorts: Array<{ name: string; membercount: number; contextname: string }> }>)[0]?.data).toEqual({
      total: 1,
      cohorts: [expect.objectContaining({ name: 'Class of 2027', membercount: 2, contextname: 'System' })],
    });

    const members = await call('core_cohort_list_members', { cohortid, search: 'cle' }, admin);
    const page = (members.json as Ok<{ total: number; members: unknown[]; candidates: Array<{ id: number }> }>)[0]?.data;
    expect(page?.total).toBe(0);
    expect(page?.candidates.map((c) => c.id)).toEqual([users.cleo]);

    await call('core_cohort_delete_cohort_members', { members: [{ cohortid, userid: users.ana }] }, admin);
    const after = await call('core_cohort_get_cohort_members', { cohortids: [cohortid] }, admin);
    expect((after.json as Ok<Array<{ userids: number[] }>>)[0]?.data[0]?.userids).toEqual([users.ben]);
  });

  it('sorts the list by any of its columns in the database, several in order, paged after sorting', async () => {
    const made = await call('core_course_create_categories', { categories: [{ name: 'Zoology' }, { name: 'Arts' }] }, admin);
    const [zoology, arts] = (made.json as Ok<Array<{ id: number }>>)[0]?.data.map((c) => String(c.id)) ?? [];
    const created = await call(
      'core_cohort_create_cohorts',
      {
        cohorts: [
          { categorytype: { type: 'system', value: '' }, name: 'Sort A', idnumber: 'S3' },
          { categorytype: { type: 'id', value: zoology }, name: 'Sort B', idnumber: 'S1', visible: false },
          { categorytype: { type: 'id', value: arts }, name: 'Sort C', idnumber: 'S2' },
        ],
      },
      admin,
    );
    const ids = (created.json as Ok<Array<{ id: number }>>)[0]?.data.map((c) => c.id) ?? [];
    const member = (cohort: number | undefined, user: number | undefined) => ({ cohorttype: { type: 'id', value: cohort }, usertype: { type: 'id', value: user } });
    await call('core_cohort_add_cohort_members', { members: [member(ids[1], users.ana), member(ids[1], users.ben), member(ids[2], users.cleo)] }, admin);
    const names = async (args: Record<string, unknown>) =>
      ((await call('core_cohort_list_cohorts', { search: 'sort ', ...args }, admin)).json as Ok<{ total: number; cohorts: Array<{ name: string }> }>)[0]?.data.cohorts.map((c) => c.name);
    expect(await names({})).toEqual(['Sort A', 'Sort B', 'Sort C']);
    expect(await names({ sorts: [{ column: 'membercount', direction: 'desc' }] })).toEqual(['Sort B', 'Sort C', 'Sort A']);
    // The context sorts by the name shown: a category's, or "System".
    expect(await names({ sorts: [{ column: 'contextname', direction: 'asc' }] })).toEqual(['Sort C', 'Sort A', 'Sort B']);
    expect(await names({ sorts: [{ column: 'idnumber', direction: 'asc' }] })).toEqual(['Sort B', 'Sort C', 'Sort A']);
    expect(await names({ sorts: [{ column: 'visible', direction: 'asc' }, { column: 'name', direction: 'desc' }] })).toEqual(['Sort B', 'Sort C', 'Sort A']);
    expect(await names({ sorts: [{ column: 'membercount', direction: 'desc' }], page: 1, perpage: 2 })).toEqual(['Sort A']);
    const bad = await call('core_cohort_list_cohorts', { sorts: [{ column: 'description', direction: 'asc' }] }, admin);
    expect((bad.json as Failed)[0]?.exception.errorcode).toBe('invalidparameter');
    await call('core_cohort_delete_cohorts', { cohortids: ids }, admin);
  });

  it('refuses a duplicate cohort id and an unknown category, creating nothing', async () => {
    const before = await cohortCount();
    const duplicate = await call(
      'core_cohort_create_cohorts',
      { cohorts: [{ categorytype: { type: 'system', value: '' }, name: 'Fine' }, { categorytype: { type: 'system', value: '' }, name: 'Clash', idnumber: 'C2027' }] },
      admin,
    );
    expect((duplicate.json as Failed)[0]?.exception.errorcode).toBe('cohortidnumberexists');
    const unknown = await call('core_cohort_create_cohorts', { cohorts: [{ categorytype: { type: 'idnumber', value: 'NOPE' }, name: 'Lost' }] }, admin);
    expect((unknown.json as Failed)[0]?.exception.errorcode).toBe('unknowncategory');
    const blank = await call('core_cohort_create_cohorts', { cohorts: [{ categorytype: { type: 'system', value: '' }, name: ' ' }] }, admin);
    expect((blank.json as Failed)[0]?.exception.errorcode).toBe('invalidparameter');
    expect(await cohortCount()).toBe(before);
  });

  it('refuses users without cohort capabilities and shows them nothing', async () => {
    const refused = await call('core_cohort_create_cohorts', { cohorts: [{ categorytype: { type: 'system', value: '' }, name: 'Mine' }] }, student);
    expect((refused.json as Failed)[0]?.exception.errorcode).toBe('nopermissions');
    const listed = await call('core_cohort_list_cohorts', {}, student);
    expect((listed.json as Ok<{ total: number }>)[0]?.data.total).toBe(0);
  });

  it('lets those who may manage cohorts view them, as Moodle does, without moodle/cohort:view', async () => {
    const created = await call('core_cohort_create_cohorts', { cohorts: [{ categorytype: { type: 'system', value: '' }, name: 'Managed only' }] }, admin);
    const id = (created.json as Ok<Array<{ id: number }>>)[0]?.data[0]?.id ?? 0;
    await call('core_cohort_add_cohort_members', { members: [{ cohorttype: { type: 'id', value: id }, usertype: { type: 'id', value: users.ana } }] }, admin);
    const db = site.platform.db;
    const manager = await getRoleByShortname(db, 'manager');
    const system = await getSystemContext(db);
    const keeperId = await site.createUser('keeper');
    await assignRole(db, manager?.id ?? 0, keeperId, system.id);
    await setRolePermission(db, manager?.id ?? 0, system.id, 'moodle/cohort:view', CAP_PROHIBIT);
    try {
      const keeper = await site.sessionFor(keeperId);
      const got = await call('core_cohort_get_cohorts', { cohortids: [id] }, keeper);
      expect((got.json as Ok<Array<{ id: number }>>)[0]?.data.map((c) => c.id)).toEqual([id]);
      const members = await call('core_cohort_get_cohort_members', { cohortids: [id] }, keeper);
      expect((members.json as Ok<Array<{ userids: number[] }>>)[0]?.data[0]?.userids).toEqual([users.ana]);
      const all = await call('core_cohort_get_cohorts', {}, keeper);
      expect((all.json as Ok<Array<{ id: number }>>)[0]?.data.map((c) => c.id)).toContain(id);
      const refused = await call('core_cohort_get_cohort_members', { cohortids: [id] }, student);
      expect((refused.json as Failed)[0]?.exception.errorcode).toBe('nopermissions');
    } finally {
      await setRolePermission(db, manager?.id ?? 0, system.id, 'moodle/cohort:view', CAP_ALLOW);
      await call('core_cohort_delete_cohorts', { cohortids: [id] }, admin);
    }
  });

  it('updates and deletes a cohort with its memberships', async () => {
    const created = await call('core_cohort_create_cohorts', { cohorts: [{ categorytype: { type: 'system', value: '' }, name: 'Temporary' }] }, admin);
    const id = (created.json as Ok<Array<{ id: number }>>)[0]?.data[0]?.id ?? 0;
    await call('core_cohort_add_cohort_members', { members: [{ cohorttype: { type: 'id', value: id }, usertype: { type: 'id', value: users.cleo } }] }, admin);
    await call('core_cohort_update_cohorts', { cohorts: [{ id, categorytype: { type: 'system', value: '' }, name: 'Renamed', visible: false }] }, admin);
    const got = await call('core_cohort_get_cohorts', { cohortids: [id] }, admin);
    expect((got.json as Ok<Array<{ name: string; visible: boolean }>>)[0]?.data[0]).toMatchObject({ name: 'Renamed', visible: false });
    await call('core_cohort_delete_cohorts', { cohortids: [id] }, admin);
    expect(await site.platform.db.selectFrom('cohort_members').select('id').where('cohortid', '=', id).execute()).toEqual([]);
    const gone = await call('core_cohort_get_cohorts', { cohortids: [id] }, admin);
    expect((gone.json as Failed)[0]?.exception.errorcode).toBe('cohortnotfound');
  });
});
