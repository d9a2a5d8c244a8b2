import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRoleByShortname } from '../../platform/access/install';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { recordCourseAccess } from './service';

type Session = { cookie: string; sesskey: string };
interface Participant {
  id: number;
  fullname: string;
  email?: string;
  roles: Array<{ shortname: string; name: string }>;
  groups: Array<{ name: string }>;
  lastaccess: number;
  enrolments: Array<{ id: number; method: string; status: number }>;
}
interface ListResult {
  total: number;
  participants: Participant[];
  roles: Array<{ shortname: string; name: string }>;
  permissions: Record<string, boolean>;
}
type Answer = Array<{ error: boolean; data?: unknown; exception?: { errorcode: string } }>;

describe.each(testDialects)('participants list on %s', (dialect) => {
  let site: TestSite;
  let teacher: Session;
  let student: Session;
  let assistant: Session;
  let courseid: number;
  const users: Record<string, number> = {};

  async function list(session: Session, args: Record<string, unknown>) {
    const { json } = await site.ajax([{ methodname: 'core_enrol_list_participants', args: { courseid, ...args } }], session);
    const [answer] = json as Answer;
    return answer;
  }
  async function listed(session: Session, args: Record<string, unknown> = {}): Promise<ListResult> {
    const answer = await list(session, args);
    expect(answer?.error).toBe(false);
    return answer?.data as ListResult;
  }

  beforeAll(async () => {
    site = await createTestSite(dialect);
    courseid = await site.createCourse('Biology basics', 'BIO1');
    users.teacher = await site.createUser('teach', { firstname: 'Tea', lastname: 'Cher' });
    users.assistant = await site.createUser('assist', { firstname: 'Ann', lastname: 'Assistant' });
    await site.enrol(users.teacher, courseid, 'editingteacher');
    await site.enrol(users.assistant, courseid, 'teacher');
    const names = ['Zoe Adams', 'Yann Baker', 'Xena Clark', 'Will Dunn', 'Vera Evans', 'Uma Fox', 'Tom Gray'];
    for (const [i, name] of names.entries()) {
      const [firstname = '', lastname = ''] = name.split(' ');
      const id = await site.createUser(`s${i}`, { firstname, lastname, email: `${firstname.toLowerCase()}@school.example` });
      users[firstname.toLowerCase()] = id;
      await site.enrol(id, courseid, 'student');
    }
    // Vera's enrolment is suspended; Uma is in a group; Tom visited the course.
    await site.platform.db.updateTable('user_enrolments').set({ status: 1 }).where('userid', '=', users.vera ?? 0).execute();
    const group = await site.platform.db.insertInto('groups').values({ courseid, name: 'Group A' }).returning('id').executeTakeFirstOrThrow();
    users.groupA = group.id;
    await site.platform.db.insertInto('groups_members').values({ groupid: group.id, userid: users.uma ?? 0 }).execute();
    await recordCourseAccess(site.platform.db, users.tom ?? 0, courseid);
    teacher = await site.sessionFor(users.teacher);
    student = await site.sessionFor(users.zoe ?? 0);
    assistant = await site.sessionFor(users.assistant);
  });
  afterAll(() => site.close());

  it('lists every participant with roles by their standard names, groups, enrolments and email for a teacher', async () => {
    const result = await listed(teacher, { perpage: 100 });
    expect(result.total).toBe(9);
    const uma = result.participants.find((p) => p.fullname === 'Uma Fox');
    expect(uma?.email).toBe('uma@school.example');
    expect(uma?.roles.map((r) => r.name)).toEqual(['Student']);
    expect(uma?.groups.map((g) => g.name)).toEqual(['Group A']);
    expect(uma?.enrolments[0]?.method).toBe('manual');
    expect(result.participants.find((p) => p.id === users.assistant)?.roles.map((r) => r.name)).toEqual(['Non-editing teacher']);
    expect(result.participants.find((p) => p.id === users.teacher)?.roles.map((r) => r.name)).toEqual(['Teacher']);
    expect(result.roles.map((r) => r.shortname)).toEqual(['teacher', 'student']);
    expect(result.permissions).toMatchObject({ canenrol: true, canunenrol: true, canassignroles: true, canconfigenrol: true });
  });

  it('pages with a total, sorted by last name by default', async () => {
    const first = await listed(teacher, { perpage: 3 });
    expect(first.total).toBe(9);
    expect(first.participants.map((p) => p.fullname)).toEqual(['Zoe Adams', 'Ann Assistant', 'Yann Baker']);
    const third = await listed(teacher, { perpage: 3, page: 2 });
    expect(third.participants.map((p) => p.fullname)).toEqual(['Vera Evans', 'Uma Fox', 'Tom Gray']);
  });

  it('sorts by first name descending, by email, and by last access', async () => {
    const byFirst = await listed(teacher, { sort: 'firstname', direction: 'DESC', perpage: 2 });
    expect(byFirst.participants.map((p) => p.fullname)).toEqual(['Zoe Adams', 'Yann Baker']);
    const byEmail = await listed(teacher, { sort: 'email', perpage: 1 });
    expect(byEmail.participants[0]?.email).toBe('assist@example.org');
    const byAccess = await listed(teacher, { sort: 'lastaccess', direction: 'desc', perpage: 1 });
    expect(byAccess.participants[0]?.fullname).toBe('Tom Gray');
    expect(byAccess.participants[0]?.lastaccess).toBeGreaterThan(0);
  });

  it('searches names and email, every word must match', async () => {
    expect((await listed(teacher, { search: 'xena' })).participants.map((p) => p.fullname)).toEqual(['Xena Clark']);
    expect((await listed(teacher, { search: 'will@school' })).participants.map((p) => p.fullname)).toEqual(['Will Dunn']);
    expect((await listed(teacher, { search: 'tom gray' })).total).toBe(1);
    expect((await listed(teacher, { search: 'tom adams' })).total).toBe(0);
    expect((await listed(teacher, { search: '%' })).total).toBe(0);
  });

  it('filters by role, status and group', async () => {
    const student = await getRoleByShortname(site.platform.db, 'student');
    expect((await listed(teacher, { roleid: student?.id })).total).toBe(7);
    expect((await listed(teacher, { status: 'suspended' })).participants.map((p) => p.fullname)).toEqual(['Vera Evans']);
    expect((await listed(teacher, { status: 'active' })).total).toBe(8);
    expect((await listed(teacher, { groupid: users.groupA })).participants.map((p) => p.fullname)).toEqual(['Uma Fox']);
  });

  it('shows a student the participants without email and without management rights', async () => {
    const result = await listed(student, { perpage: 100 });
    expect(result.total).toBe(9);
    expect(result.participants.every((p) => p.email === undefined)).toBe(true);
    expect(result.roles).toEqual([]);
    expect(result.permissions).toMatchObject({ canenrol: false, canunenrol: false, canassignroles: false });
  });

  it('gives a non-editing teacher no roles to assign', async () => {
    const result = await listed(assistant);
    expect(result.roles).toEqual([]);
    expect(result.permissions.canenrol).toBe(false);
  });

  it('refuses users outside the course, unknown courses and groups, and bad arguments', async () => {
    const outsider = await site.sessionFor(await site.createUser('outsider'));
    expect((await list(outsider, {}))?.exception?.errorcode).toBe('requireloginerror');
    expect((await list(teacher, { courseid: 9999 }))?.exception?.errorcode).toBe('invalidrecord');
    expect((await list(teacher, { groupid: 9999 }))?.exception?.errorcode).toBe('invalidrecord');
    expect((await list(teacher, { perpage: 5001 }))?.exception?.errorcode).toBe('invalidparameter');
    expect((await list(teacher, { sort: 'password' }))?.exception?.errorcode).toBe('invalidparameter');
  });

  it('refuses a student whose role lacks course:viewparticipants', async () => {
    const studentRole = await getRoleByShortname(site.platform.db, 'student');
    const system = await site.platform.db.selectFrom('context').select('id').where('contextlevel', '=', 10).executeTakeFirstOrThrow();
    await site.platform.db
      .updateTable('role_capabilities')
      .set({ permission: -1 })
      .where('roleid', '=', studentRole?.id ?? 0)
      .where('contextid', '=', system.id)
      .where('capability', '=', 'moodle/course:viewparticipants')
      .execute();
    try {
      expect((await list(student, {}))?.exception?.errorcode).toBe('nopermissions');
    } finally {
      await site.platform.db
        .updateTable('role_capabilities')
        .set({ permission: 1 })
        .where('roleid', '=', studentRole?.id ?? 0)
        .where('contextid', '=', system.id)
        .where('capability', '=', 'moodle/course:viewparticipants')
        .execute();
    }
  });

  it('in separate groups mode shows people without accessallgroups only their own groups', async () => {
    await site.platform.db.updateTable('course').set({ groupmode: 1 }).where('id', '=', courseid).execute();
    try {
      const uma = await site.sessionFor(users.uma ?? 0);
      expect((await listed(uma)).participants.map((p) => p.fullname)).toEqual(['Uma Fox']);
      expect((await listed(student)).total).toBe(0);
      expect((await list(student, { groupid: users.groupA }))?.exception?.errorcode).toBe('nopermissions');
      expect((await listed(teacher)).total).toBe(9);
    } finally {
      await site.platform.db.updateTable('course').set({ groupmode: 0 }).where('id', '=', courseid).execute();
    }
  });

  it('search_users finds people not yet enrolled, for teachers only', async () => {
    await site.createUser('newbie', { firstname: 'Nora', lastname: 'Newman', email: 'nora@else.example' });
    const { json } = await site.ajax([{ methodname: 'core_enrol_search_users', args: { courseid, search: 'n' } }], teacher);
    const found = (json as Answer)[0]?.data as Array<{ fullname: string; email?: string }>;
    expect(found.map((u) => u.fullname)).toContain('Nora Newman');
    expect(found.map((u) => u.fullname)).not.toContain('Ann Assistant');
    const byEmail = await site.ajax([{ methodname: 'core_enrol_search_users', args: { courseid, search: 'nora@else' } }], teacher);
    expect(((byEmail.json as Answer)[0]?.data as unknown[]).length).toBe(1);
    const refused = await site.ajax([{ methodname: 'core_enrol_search_users', args: { courseid, search: 'n' } }], student);
    expect((refused.json as Answer)[0]?.exception?.errorcode).toBe('nopermissions');
  });
});
