import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getContext } from '../../platform/access/contexts';
import { getRoleByShortname, setRolePermission } from '../../platform/access/install';
import { CAP_PREVENT, CONTEXT_COURSE } from '../../platform/access/types';
import { setConfig, unsetConfig } from '../../platform/config-store';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { allocate, effectiveGroupMode, schemeName, SEPARATEGROUPS, visibleGroupIds, VISIBLEGROUPS } from './service';

type Ok<T> = Array<{ error: false; data: T }>;
type Failed = Array<{ error: true; exception: { errorcode: string; message: string } }>;
type Session = { cookie: string; sesskey: string };

describe('group naming and allocation', () => {
  it('names groups from the scheme with letters and numbers', () => {
    expect([0, 1, 25, 26, 27].map((i) => schemeName('Team @', i))).toEqual(['Team A', 'Team B', 'Team Z', 'Team AA', 'Team AB']);
    expect(schemeName('Lab #', 9)).toBe('Lab 10');
  });

  it('takes the course group mode when the course forces it, else the activity\'s', () => {
    expect(effectiveGroupMode({ groupmode: SEPARATEGROUPS, groupmodeforce: 1 }, { groupmode: VISIBLEGROUPS })).toBe(SEPARATEGROUPS);
    expect(effectiveGroupMode({ groupmode: SEPARATEGROUPS, groupmodeforce: 0 }, { groupmode: VISIBLEGROUPS })).toBe(VISIBLEGROUPS);
    expect(effectiveGroupMode({ groupmode: VISIBLEGROUPS, groupmodeforce: 0 })).toBe(VISIBLEGROUPS);
  });

  it('splits people into a number of groups or groups of a size', () => {
    expect(allocate([1, 2, 3, 4, 5], 'groups', 2)).toEqual([[1, 3, 5], [2, 4]]);
    expect(allocate([1, 2, 3, 4, 5], 'members', 2)).toEqual([[1, 2], [3, 4], [5]]);
  });
});

describe.each(testDialects)('group web-service methods on %s', (dialect) => {
  let site: TestSite;
  let teacher: Session;
  let student: Session;
  let courseid: number;
  let otherCourse: number;
  const people: number[] = [];
  let outsider: number;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    courseid = await site.createCourse('Group work', 'GW1');
    otherCourse = await site.createCourse('Other', 'OTH1');
    const teacherId = await site.createUser('gteacher');
    await site.enrol(teacherId, courseid, 'editingteacher');
    for (let i = 0; i < 6; i++) {
      const id = await site.createUser(`gstudent${i}`, { firstname: `S${i}`, lastname: `Member${i}` });
      await site.enrol(id, courseid, 'student');
      people.push(id);
    }
    outsider = await site.createUser('goutsider');
    await site.enrol(outsider, otherCourse, 'student');
    teacher = await site.sessionFor(teacherId);
    student = await site.sessionFor(people[0] ?? 0);
  });
  afterAll(() => site.close());

  const call = (methodname: string, args: unknown, session: Session) => site.ajax([{ methodname, args }], session);
  const groupCount = async () => Number((await site.platform.db.selectFrom('groups').select((eb) => eb.fn.countAll<number>().as('n')).where('courseid', '=', courseid).executeTakeFirstOrThrow()).n);

  it('creates, lists, renames and deletes a group with its members', async () => {
    const created = await call('core_group_create_groups', { groups: [{ courseid, name: 'Red team', idnumber: 'RED' }] }, teacher);
    const group = (created.json as Ok<Array<{ id: number; name: string }>>)[0]?.data[0];
    expect(group?.name).toBe('Red team');
    const groupid = group?.id ?? 0;

    await call('core_group_add_group_members', { members: [{ groupid, userid: people[1] }, { groupid, userid: people[2] }] }, teacher);
    const listed = await call('core_group_get_course_groups', { courseid }, teacher);
    expect((listed.json as Ok<Array<{ name: string; membercount: number }>>)[0]?.data).toEqual([expect.objectContaining({ name: 'Red team', membercount: 2 })]);

    await call('core_group_update_groups', { groups: [{ id: groupid, name: 'Crimson team' }] }, teacher);
    const members = await call('core_group_list_members', { groupid, search: 'member3' }, teacher);
    const answer = (members.json as Ok<{ members: Array<{ id: number; picture: number }>; potential: Array<{ id: number }>; potentialtotal: number }>)[0]?.data;
    expect(answer?.members.map((m) => m.id)).toEqual([people[1], people[2]]);
    // The picture revision comes with each person, for the avatar (0: none uploaded).
    await site.platform.db.updateTable('user').set({ picture: 7 }).where('id', '=', people[1] ?? 0).execute();
    const again = await call('core_group_list_members', { groupid, search: 'member3' }, teacher);
    expect((again.json as Ok<{ members: Array<{ id: number; picture: number }> }>)[0]?.data.members.map((m) => m.picture)).toEqual([7, 0]);
    expect(answer?.potential.map((m) => m.id)).toEqual([people[3]]);

    await call('core_group_delete_group_members', { members: [{ groupid, userid: people[1] }] }, teacher);
    const after = await call('core_group_get_group_members', { groupids: [groupid] }, teacher);
    expect((after.json as Ok<Array<{ userids: number[] }>>)[0]?.data[0]?.userids).toEqual([people[2]]);

    await call('core_group_delete_groups', { groupids: [groupid] }, teacher);
    expect(await groupCount()).toBe(0);
    const left = await site.platform.db.selectFrom('groups_members').select('userid').where('groupid', '=', groupid).execute();
    expect(left).toEqual([]);
  });

  it('refuses duplicate names and blank names, changing nothing', async () => {
    await call('core_group_create_groups', { groups: [{ courseid, name: 'Blue' }] }, teacher);
    const before = await groupCount();
    const duplicate = await call('core_group_create_groups', { groups: [{ courseid, name: 'Green' }, { courseid, name: 'blue' }] }, teacher);
    expect((duplicate.json as Failed)[0]?.exception).toMatchObject({ errorcode: 'groupnameexists', message: 'A group named "blue" already exists in this course' });
    const blank = await call('core_group_create_groups', { groups: [{ courseid, name: '   ' }] }, teacher);
    expect((blank.json as Failed)[0]?.exception.errorcode).toBe('invalidparameter');
    expect(await groupCount()).toBe(before);
  });

  it('refuses members who are not enrolled in the course', async () => {
    const created = await call('core_group_create_groups', { groups: [{ courseid, name: 'Yellow' }] }, teacher);
    const groupid = (created.json as Ok<Array<{ id: number }>>)[0]?.data[0]?.id ?? 0;
    const refused = await call('core_group_add_group_members', { members: [{ groupid, userid: people[4] }, { groupid, userid: outsider }] }, teacher);
    expect((refused.json as Failed)[0]?.exception.errorcode).toBe('notenrolled');
    const rows = await site.platform.db.selectFrom('groups_members').select('userid').where('groupid', '=', groupid).execute();
    expect(rows).toEqual([]);
  });

  it('refuses students with nopermissions and shows them only their own groups', async () => {
    const refused = await call('core_group_create_groups', { groups: [{ courseid, name: 'Student made' }] }, student);
    expect((refused.json as Failed)[0]?.exception.errorcode).toBe('nopermissions');
    const visible = await call('core_group_get_course_groups', { courseid }, student);
    expect((visible.json as Ok<unknown[]>)[0]?.data).toEqual([]);
  });

  it("lists a course's groups only to those who may enter it, even groups they are still a member of", async () => {
    const created = await call('core_group_create_groups', { groups: [{ courseid, name: 'Left behind' }, { courseid, name: 'Not mine' }] }, teacher);
    const [mine, other] = (created.json as Ok<Array<{ id: number }>>)[0]?.data ?? [];
    await call('core_group_add_group_members', { members: [{ groupid: mine?.id, userid: people[0] }] }, teacher);
    // A membership that outlived the enrolment (as after an unenrolment that kept group memberships).
    await site.platform.db.insertInto('groups_members').values({ groupid: mine?.id ?? 0, userid: outsider, timeadded: 0 }).execute();
    const own = await call('core_group_get_course_groups', { courseid }, student);
    expect((own.json as Ok<Array<{ id: number }>>)[0]?.data.map((g) => g.id)).toEqual([mine?.id]);
    const refused = await call('core_group_get_course_groups', { courseid }, await site.sessionFor(outsider));
    expect((refused.json as Failed)[0]?.exception.errorcode).toBe('requireloginerror');
    await call('core_group_delete_groups', { groupids: [mine?.id, other?.id] }, teacher);
  });

  it('refuses an editing teacher whose enrolment is suspended, though the role stays', async () => {
    const suspendedId = await site.createUser('gsuspended');
    await site.enrol(suspendedId, courseid, 'editingteacher');
    const db = site.platform.db;
    await db
      .updateTable('user_enrolments')
      .set({ status: 1 })
      .where('userid', '=', suspendedId)
      .where('enrolid', 'in', (eb) => eb.selectFrom('enrol').select('id').where('courseid', '=', courseid))
      .execute();
    const before = await groupCount();
    const refused = await call('core_group_create_groups', { groups: [{ courseid, name: 'While suspended' }] }, await site.sessionFor(suspendedId));
    expect((refused.json as Failed)[0]?.exception.errorcode).toBe('requireloginerror');
    expect(await groupCount()).toBe(before);
  });

  it('limits what a user sees in separate groups mode to their own groups', async () => {
    const created = await call('core_group_create_groups', { groups: [{ courseid, name: 'Seen' }, { courseid, name: 'Unseen' }] }, teacher);
    const [seen, unseen] = (created.json as Ok<Array<{ id: number }>>)[0]?.data ?? [];
    await call('core_group_add_group_members', { members: [{ groupid: seen?.id, userid: people[5] }] }, teacher);
    const db = site.platform.db;
    expect(await visibleGroupIds(db, courseid, people[5] ?? 0, SEPARATEGROUPS, false)).toEqual([seen?.id]);
    expect(await visibleGroupIds(db, courseid, people[5] ?? 0, SEPARATEGROUPS, true)).toBeUndefined();
    expect(await visibleGroupIds(db, courseid, people[5] ?? 0, VISIBLEGROUPS, false)).toBeUndefined();
    await call('core_group_delete_groups', { groupids: [seen?.id, unseen?.id] }, teacher);
  });

  it("shows a group's members and candidates with the site's identity fields only, and searches those alone", async () => {
    type Person = { id: number; fullname: string } & Record<string, unknown>;
    type Listing = { members: Person[]; potential: Person[]; potentialtotal: number; identityfields: string[] };
    const identityKeys = (person: Person) => Object.keys(person).filter((key) => !['id', 'fullname', 'picture'].includes(key));
    const created = await call('core_group_create_groups', { groups: [{ courseid, name: 'Identity check' }] }, teacher);
    const groupid = (created.json as Ok<Array<{ id: number }>>)[0]?.data[0]?.id ?? 0;
    await call('core_group_add_group_members', { members: [{ groupid, userid: people[1] }] }, teacher);
    await site.platform.db.updateTable('user').set({ department: 'Geology', idnumber: 'SECRET-3' }).where('id', '=', people[3] ?? 0).execute();
    const list = async (search: string) => (await call('core_group_list_members', { groupid, search }, teacher)).json as Ok<Listing>;

    await setConfig(site.platform.db, 'showuseridentity', 'department');
    try {
      const all = (await list(''))[0]?.data;
      expect(all?.identityfields).toEqual(['department']);
      expect([...(all?.members ?? []), ...(all?.potential ?? [])].every((p) => identityKeys(p).join() === 'department')).toBe(true);
      expect(all?.potential.find((p) => p.id === people[3])).toMatchObject({ department: 'Geology' });
      expect((await list('geology'))[0]?.data.potential.map((p) => p.id)).toEqual([people[3]]);
      // Neither the hidden id number nor the hidden email is searched.
      expect((await list('SECRET-3'))[0]?.data).toMatchObject({ potential: [], potentialtotal: 0 });
      expect((await list('gstudent3@example.org'))[0]?.data.potential).toEqual([]);

      const teacherRole = await getRoleByShortname(site.platform.db, 'editingteacher');
      const context = await getContext(site.platform.db, CONTEXT_COURSE, courseid);
      await setRolePermission(site.platform.db, teacherRole?.id ?? 0, context?.id ?? 0, 'moodle/site:viewuseridentity', CAP_PREVENT);
      const hidden = (await list(''))[0]?.data;
      expect(hidden?.identityfields).toEqual([]);
      expect([...(hidden?.members ?? []), ...(hidden?.potential ?? [])].flatMap(identityKeys)).toEqual([]);
      expect(hidden?.members.map((m) => m.id)).toEqual([people[1]]);
      expect((await list('geology'))[0]?.data.potential).toEqual([]);
      await site.platform.db.deleteFrom('role_capabilities').where('roleid', '=', teacherRole?.id ?? 0).where('contextid', '=', context?.id ?? 0).execute();
    } finally {
      await unsetConfig(site.platform.db, 'showuseridentity');
    }
    // With the default setting (email) the email shows and is searched again.
    expect((await list('gstudent3@example.org'))[0]?.data.potential).toEqual([expect.objectContaining({ id: people[3], email: 'gstudent3@example.org' })]);
    await call('core_group_delete_groups', { groupids: [groupid] }, teacher);
  });

  it('previews and then auto-creates groups from the students', async () => {
    await call('core_group_delete_groups', { groupids: (await site.platform.db.selectFrom('groups').select('id').where('courseid', '=', courseid).execute()).map((g) => g.id) }, teacher);
    const studentRole = await site.platform.db.selectFrom('role').select('id').where('shortname', '=', 'student').executeTakeFirstOrThrow();
    const args = { courseid, namingscheme: 'Team @', groupby: 'members', number: 4, roleid: studentRole.id, allocation: 'lastname' };
    const preview = await call('core_group_auto_create_groups', { ...args, preview: true }, teacher);
    const planned = (preview.json as Ok<Array<{ name: string; members: Array<{ id: number }> }>>)[0]?.data ?? [];
    expect(planned.map((g) => [g.name, g.members.length])).toEqual([['Team A', 4], ['Team B', 2]]);
    expect(await groupCount()).toBe(0);

    const made = await call('core_group_auto_create_groups', args, teacher);
    const groups = (made.json as Ok<Array<{ id: number; name: string; members: Array<{ id: number }> }>>)[0]?.data ?? [];
    expect(groups.map((g) => g.name)).toEqual(['Team A', 'Team B']);
    expect(groups[0]?.members.map((m) => m.id)).toEqual(people.slice(0, 4));
    expect(await groupCount()).toBe(2);
  });
});
