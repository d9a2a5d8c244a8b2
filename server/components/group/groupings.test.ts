import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { activityGroupAccess, NOGROUPS, SEPARATEGROUPS, visibleGroupIds, VISIBLEGROUPS } from './service';

type Ok<T> = Array<{ error: false; data: T }>;
type Failed = Array<{ error: true; exception: { errorcode: string; message: string } }>;
type Session = { cookie: string; sesskey: string };
type Grouping = { id: number; courseid: number; name: string; description: string; idnumber: string; groups?: Array<{ id: number; name: string; enrolmentkey: string }> };

describe.each(testDialects)('grouping web-service methods on %s', (dialect) => {
  let site: TestSite;
  let teacher: Session;
  let student: Session;
  let admin: Session;
  let courseid: number;
  let otherCourse: number;
  let groupA: number;
  let groupB: number;
  let groupC: number;
  let foreignGroup: number;
  let studentId: number;
  let classmate: number;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    courseid = await site.createCourse('Grouped course', 'GRP1');
    otherCourse = await site.createCourse('Elsewhere', 'ELSE1');
    const teacherId = await site.createUser('gpteacher');
    await site.enrol(teacherId, courseid, 'editingteacher');
    studentId = await site.createUser('gpstudent');
    await site.enrol(studentId, courseid, 'student');
    classmate = await site.createUser('gpclassmate');
    await site.enrol(classmate, courseid, 'student');
    teacher = await site.sessionFor(teacherId);
    student = await site.sessionFor(studentId);
    admin = await site.sessionFor(site.adminId);
    const made = await call('core_group_create_groups', { groups: [{ courseid, name: 'A' }, { courseid, name: 'B' }, { courseid, name: 'C' }, { courseid: otherCourse, name: 'Far' }] }, admin);
    [groupA, groupB, groupC, foreignGroup] = ((made.json as Ok<Array<{ id: number }>>)[0]?.data ?? []).map((g) => g.id) as [number, number, number, number];
  });
  afterAll(() => site.close());

  const call = (methodname: string, args: unknown, session: Session) => site.ajax([{ methodname, args }], session);
  const data = <T>(answer: { json: unknown }) => (answer.json as Ok<T>)[0]?.data as T;
  const failure = (answer: { json: unknown }) => (answer.json as Failed)[0]?.exception;
  const groupingRows = () => site.platform.db.selectFrom('groupings').select(['id', 'name', 'idnumber', 'description']).where('courseid', '=', courseid).orderBy('id').execute();
  const links = () => site.platform.db.selectFrom('groupings_groups').select(['groupingid', 'groupid']).orderBy('groupingid').orderBy('groupid').execute();
  const create = async (name: string, idnumber = '') => data<Grouping[]>(await call('core_group_create_groupings', { groupings: [{ courseid, name, description: '', idnumber }] }, teacher))[0]?.id ?? 0;

  it('creates, lists, renames and deletes a grouping in Moodle shapes', async () => {
    const created = data<Grouping[]>(await call('core_group_create_groupings', { groupings: [{ courseid, name: 'Projects', description: '<p>Project teams</p>', idnumber: 'PRJ' }] }, teacher));
    const id = created[0]?.id ?? 0;
    expect(id).toBeGreaterThan(0);
    expect(created).toEqual([{ id, courseid, name: 'Projects', description: '<p>Project teams</p>', descriptionformat: 1, idnumber: 'PRJ' }]);

    const listed = data<Grouping[]>(await call('core_group_get_course_groupings', { courseid }, teacher));
    expect(listed).toEqual([{ id, courseid, name: 'Projects', description: '<p>Project teams</p>', descriptionformat: 1, idnumber: 'PRJ' }]);

    expect(data(await call('core_group_update_groupings', { groupings: [{ id, name: 'Project teams', description: 'Renamed' }] }, teacher))).toBeNull();
    const [row] = await groupingRows();
    expect(row).toMatchObject({ name: 'Project teams', idnumber: 'PRJ', description: 'Renamed' });

    expect(data(await call('core_group_delete_groupings', { groupingids: [id] }, teacher))).toBeNull();
    expect(await groupingRows()).toEqual([]);
  });

  it('assigns and unassigns groups and answers them with get_groupings', async () => {
    const id = await create('Labs');
    expect(data(await call('core_group_assign_grouping', { assignments: [{ groupingid: id, groupid: groupA }, { groupingid: id, groupid: groupB }] }, teacher))).toBeNull();
    // Assigning a group that is already in changes nothing.
    await call('core_group_assign_grouping', { assignments: [{ groupingid: id, groupid: groupA }] }, teacher);
    const [withGroups] = data<Grouping[]>(await call('core_group_get_groupings', { groupingids: [id], returngroups: true }, teacher));
    expect(withGroups?.groups?.map((g) => g.name)).toEqual(['A', 'B']);
    expect(withGroups?.groups?.[0]).toMatchObject({ id: groupA, courseid, enrolmentkey: '', idnumber: '' });
    const [plain] = data<Grouping[]>(await call('core_group_get_groupings', { groupingids: [id] }, teacher));
    expect(plain?.groups).toBeUndefined();

    expect(data(await call('core_group_unassign_grouping', { unassignments: [{ groupingid: id, groupid: groupA }] }, teacher))).toBeNull();
    expect((await links()).filter((l) => l.groupingid === id)).toEqual([{ groupingid: id, groupid: groupB }]);
    await call('core_group_delete_groupings', { groupingids: [id] }, teacher);
    expect(await links()).toEqual([]);
  });

  it('refuses duplicate names and id numbers, and blank names, changing nothing', async () => {
    const id = await create('Seminars', 'SEM');
    const before = await groupingRows();
    const sameName = await call('core_group_create_groupings', { groupings: [{ courseid, name: 'Fresh' }, { courseid, name: 'seminars' }] }, teacher);
    expect(failure(sameName)).toMatchObject({ errorcode: 'groupingnameexists', message: 'A grouping named "seminars" already exists in this course' });
    const sameIdnumber = await call('core_group_create_groupings', { groupings: [{ courseid, name: 'Other', idnumber: 'SEM' }] }, teacher);
    expect(failure(sameIdnumber)).toMatchObject({ errorcode: 'groupingidnumberexists' });
    const blank = await call('core_group_create_groupings', { groupings: [{ courseid, name: '  ' }] }, teacher);
    expect(failure(blank)?.errorcode).toBe('invalidparameter');
    const other = await create('Tutorials');
    const rename = await call('core_group_update_groupings', { groupings: [{ id: other, name: 'SEMINARS' }] }, teacher);
    expect(failure(rename)?.errorcode).toBe('groupingnameexists');
    expect(await groupingRows()).toEqual([...before, expect.objectContaining({ id: other, name: 'Tutorials' })]);
    await call('core_group_delete_groupings', { groupingids: [id, other] }, teacher);
  });

  it('refuses a group of another course, changing nothing', async () => {
    const id = await create('Mixed');
    const refused = await call('core_group_assign_grouping', { assignments: [{ groupingid: id, groupid: groupC }, { groupingid: id, groupid: foreignGroup }] }, admin);
    expect(failure(refused)).toMatchObject({ errorcode: 'groupnotingroupingcourse', message: 'The group "Far" and the grouping "Mixed" belong to different courses' });
    // The teacher cannot manage the other course at all.
    const notTheirs = await call('core_group_assign_grouping', { assignments: [{ groupingid: id, groupid: foreignGroup }] }, teacher);
    expect(failure(notTheirs)?.errorcode).toBe('nopermissions');
    const missing = await call('core_group_assign_grouping', { assignments: [{ groupingid: id, groupid: 999_999 }] }, teacher);
    expect(failure(missing)?.errorcode).toBe('invalidrecord');
    expect(await links()).toEqual([]);
    await call('core_group_delete_groupings', { groupingids: [id] }, teacher);
  });

  it('refuses students every grouping method', async () => {
    const id = await create('Private');
    const attempts: Array<[string, unknown]> = [
      ['core_group_create_groupings', { groupings: [{ courseid, name: 'Student made' }] }],
      ['core_group_update_groupings', { groupings: [{ id, name: 'Hijacked' }] }],
      ['core_group_delete_groupings', { groupingids: [id] }],
      ['core_group_get_course_groupings', { courseid }],
      ['core_group_get_groupings', { groupingids: [id], returngroups: true }],
      ['core_group_assign_grouping', { assignments: [{ groupingid: id, groupid: groupA }] }],
      ['core_group_unassign_grouping', { unassignments: [{ groupingid: id, groupid: groupA }] }],
    ];
    for (const [method, args] of attempts) expect(failure(await call(method, args, student))?.errorcode, method).toBe('nopermissions');
    expect((await groupingRows()).map((g) => g.name)).toEqual(['Private']);
    expect(await links()).toEqual([]);
    await call('core_group_delete_groupings', { groupingids: [id] }, teacher);
  });

  it('refuses changes without the session key', async () => {
    const id = await create('Keyed');
    const wrongKey = { cookie: teacher.cookie, sesskey: 'not-the-key' };
    const changes: Array<[string, unknown]> = [
      ['core_group_create_groupings', { groupings: [{ courseid, name: 'No key' }] }],
      ['core_group_update_groupings', { groupings: [{ id, name: 'No key' }] }],
      ['core_group_delete_groupings', { groupingids: [id] }],
      ['core_group_assign_grouping', { assignments: [{ groupingid: id, groupid: groupA }] }],
      ['core_group_unassign_grouping', { unassignments: [{ groupingid: id, groupid: groupA }] }],
    ];
    for (const [method, args] of changes) expect(failure(await call(method, args, wrongKey))?.errorcode, method).toBe('invalidsesskey');
    expect((await groupingRows()).map((g) => g.name)).toEqual(['Keyed']);
    expect(await links()).toEqual([]);
    await call('core_group_delete_groupings', { groupingids: [id] }, teacher);
  });

  it('takes a deleted group out of its groupings and resets activities of a deleted grouping', async () => {
    const id = await create('Cleanup');
    const made = await call('core_group_create_groups', { groups: [{ courseid, name: 'Short-lived' }] }, teacher);
    const doomed = data<Array<{ id: number }>>(made)[0]?.id ?? 0;
    await call('core_group_assign_grouping', { assignments: [{ groupingid: id, groupid: doomed }, { groupingid: id, groupid: groupC }] }, teacher);
    await call('core_group_delete_groups', { groupids: [doomed] }, teacher);
    expect(await links()).toEqual([{ groupingid: id, groupid: groupC }]);

    const page = data<{ cmid: number }>(await call('mod_page_add_instance', { courseid, section: 1, name: 'Lab notes', groupmode: 1, groupingid: id }, teacher));
    await site.platform.db.updateTable('course').set({ defaultgroupingid: id }).where('id', '=', courseid).execute();
    await call('core_group_delete_groupings', { groupingids: [id] }, teacher);
    const cm = await site.platform.db.selectFrom('course_modules').select(['groupmode', 'groupingid']).where('id', '=', page.cmid).executeTakeFirstOrThrow();
    expect(cm).toEqual({ groupmode: 1, groupingid: 0 });
    const course = await site.platform.db.selectFrom('course').select('defaultgroupingid').where('id', '=', courseid).executeTakeFirstOrThrow();
    expect(course.defaultgroupingid).toBe(0);
    expect(await links()).toEqual([]);
  });

  it('auto-creates groups into a new grouping or an existing one', async () => {
    const studentRole = await site.platform.db.selectFrom('role').select('id').where('shortname', '=', 'student').executeTakeFirstOrThrow();
    const base = { courseid, groupby: 'groups', number: 1, roleid: studentRole.id, allocation: 'lastname' };
    const made = data<Array<{ id: number }>>(await call('core_group_auto_create_groups', { ...base, namingscheme: 'Auto #', groupingname: 'Auto teams' }, teacher));
    const [grouping] = (await groupingRows()).filter((g) => g.name === 'Auto teams');
    expect(grouping).toBeDefined();
    expect((await links()).filter((l) => l.groupingid === grouping?.id).map((l) => l.groupid)).toEqual(made.map((g) => g.id));

    // The new grouping's name is checked before anything is created, in the preview too.
    const clash = await call('core_group_auto_create_groups', { ...base, namingscheme: 'Again #', groupingname: 'auto teams', preview: true }, teacher);
    expect(failure(clash)?.errorcode).toBe('groupingnameexists');
    const both = await call('core_group_auto_create_groups', { ...base, namingscheme: 'Again #', groupingname: 'X', groupingid: grouping?.id }, teacher);
    expect(failure(both)?.errorcode).toBe('invalidparameter');

    const into = data<Array<{ id: number }>>(await call('core_group_auto_create_groups', { ...base, namingscheme: 'More #', groupingid: grouping?.id }, teacher));
    expect((await links()).filter((l) => l.groupingid === grouping?.id)).toHaveLength(made.length + into.length);
    const foreign = await call('core_group_auto_create_groups', { ...base, namingscheme: 'Foreign #', groupingid: 999_999 }, teacher);
    expect(failure(foreign)?.errorcode).toBe('groupingnotincourse');
    // The auto-created groups hold every student; later tests need them apart.
    await call('core_group_delete_groups', { groupids: [...made, ...into].map((g) => g.id) }, teacher);
    await call('core_group_delete_groupings', { groupingids: [grouping?.id] }, teacher);
  });

  it("gives an activity's screens its groups: the grouping's, and in separate groups only the user's own", async () => {
    const id = await create('Grader view');
    await call('core_group_assign_grouping', { assignments: [{ groupingid: id, groupid: groupA }, { groupingid: id, groupid: groupB }] }, teacher);
    await call('core_group_add_group_members', { members: [{ groupid: groupA, userid: studentId }, { groupid: groupC, userid: studentId }, { groupid: groupB, userid: classmate }] }, teacher);
    const db = site.platform.db;
    const course = { id: courseid, groupmode: NOGROUPS, groupmodeforce: 0 };
    const names = (groups: Array<{ name: string }>) => groups.map((g) => g.name);

    const separate = await activityGroupAccess(db, course, { groupmode: SEPARATEGROUPS, groupingid: id }, studentId, false);
    expect({ ...separate, groups: names(separate.groups) }).toEqual({ mode: SEPARATEGROUPS, groupingid: id, groups: ['A'], visibleGroupIds: [groupA] });
    const noGrouping = await activityGroupAccess(db, course, { groupmode: SEPARATEGROUPS, groupingid: 0 }, studentId, false);
    expect(names(noGrouping.groups)).toEqual(['A', 'C']);
    expect(noGrouping.visibleGroupIds).toEqual([groupA, groupC]);

    const allGroups = await activityGroupAccess(db, course, { groupmode: SEPARATEGROUPS, groupingid: id }, studentId, true);
    expect({ groups: names(allGroups.groups), visible: allGroups.visibleGroupIds }).toEqual({ groups: ['A', 'B'], visible: undefined });
    const visible = await activityGroupAccess(db, course, { groupmode: VISIBLEGROUPS, groupingid: id }, studentId, false);
    expect({ groups: names(visible.groups), visible: visible.visibleGroupIds }).toEqual({ groups: ['A', 'B'], visible: undefined });
    const none = await activityGroupAccess(db, course, { groupmode: NOGROUPS, groupingid: id }, studentId, false);
    expect({ groups: none.groups, visible: none.visibleGroupIds }).toEqual({ groups: [], visible: undefined });
    // A course that forces "no groups" wins over the activity's own mode.
    const forced = await activityGroupAccess(db, { ...course, groupmodeforce: 1 }, { groupmode: SEPARATEGROUPS, groupingid: id }, studentId, false);
    expect(forced.mode).toBe(NOGROUPS);
    expect(await visibleGroupIds(db, courseid, classmate, SEPARATEGROUPS, false, id)).toEqual([groupB]);
    await call('core_group_delete_groupings', { groupingids: [id] }, teacher);
  });

  it('shows a student in a separate-groups course only the participants of their own groups', async () => {
    await site.platform.db.updateTable('course').set({ groupmode: SEPARATEGROUPS }).where('id', '=', courseid).execute();
    type Participants = { total: number; participants: Array<{ id: number }> };
    const own = data<Participants>(await call('core_enrol_list_participants', { courseid, perpage: 100 }, student));
    expect(own.participants.map((p) => p.id)).toContain(studentId);
    expect(own.participants.map((p) => p.id)).not.toContain(classmate);
    const otherGroup = await call('core_enrol_list_participants', { courseid, groupid: groupB }, student);
    expect(failure(otherGroup)?.errorcode).toBe('nopermissions');
    const everyone = data<Participants>(await call('core_enrol_list_participants', { courseid, perpage: 100 }, teacher));
    expect(everyone.participants.map((p) => p.id)).toEqual(expect.arrayContaining([studentId, classmate]));
    const filtered = data<Participants>(await call('core_enrol_list_participants', { courseid, groupid: groupB, perpage: 100 }, teacher));
    expect(filtered.participants.map((p) => p.id)).toEqual([classmate]);
    await site.platform.db.updateTable('course').set({ groupmode: NOGROUPS }).where('id', '=', courseid).execute();
  });

  it("deletes a course's groupings with the course", async () => {
    const doomed = await site.createCourse('Short course', 'SHORT1');
    const grouping = data<Grouping[]>(await call('core_group_create_groupings', { groupings: [{ courseid: doomed, name: 'Gone soon' }] }, admin))[0]?.id ?? 0;
    const group = data<Array<{ id: number }>>(await call('core_group_create_groups', { groups: [{ courseid: doomed, name: 'Gone too' }] }, admin))[0]?.id ?? 0;
    await call('core_group_assign_grouping', { assignments: [{ groupingid: grouping, groupid: group }] }, admin);
    const deleted = await call('core_course_delete_courses', { courseids: [doomed] }, admin);
    expect((deleted.json as Ok<unknown>)[0]?.error).toBe(false);
    expect(await site.platform.db.selectFrom('groupings').select('id').where('courseid', '=', doomed).execute()).toEqual([]);
    expect(await site.platform.db.selectFrom('groupings_groups').select('id').where('groupingid', '=', grouping).execute()).toEqual([]);
  });
});
