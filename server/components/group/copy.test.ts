import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';

type Session = { cookie: string; sesskey: string };
type Answer = Array<{ error: boolean; data?: unknown; exception?: { errorcode: string } }>;
type Group = { id: number; name: string; description: string; idnumber: string; membercount: number };

describe.each(testDialects)('core_group_copy_groups on %s', (dialect) => {
  let site: TestSite;
  let teacher: Session;
  let student: Session;
  let target: number;
  let source: number;
  let foreign: number;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    const teacherId = await site.createUser('copyteacher');
    const studentId = await site.createUser('copystudent');
    teacher = await site.sessionFor(teacherId);
    student = await site.sessionFor(studentId);
    const admin = await site.sessionFor(site.adminId);
    target = await site.createCourse('Target course', 'TARGET');
    source = await site.createCourse('Source course', 'SOURCE');
    foreign = await site.createCourse('Foreign course', 'FOREIGN');
    await site.enrol(teacherId, target, 'editingteacher');
    await site.enrol(teacherId, source, 'editingteacher');
    await site.enrol(studentId, target, 'student');
    await site.enrol(studentId, source, 'editingteacher');
    await call('core_group_create_groups', {
      groups: [
        { courseid: source, name: 'Red team', description: '<p>Reds</p>', idnumber: 'RED' },
        { courseid: source, name: 'Blue team', idnumber: 'TAKEN' },
        { courseid: source, name: 'Green team' },
        { courseid: target, name: 'green TEAM', idnumber: 'TAKEN' },
        { courseid: foreign, name: 'Secret' },
      ],
    }, admin);
    const members = await call<Group[]>('core_group_get_course_groups', { courseid: source });
    await call('core_group_add_group_members', { members: [{ groupid: members.find((g) => g.name === 'Red team')?.id, userid: studentId }] }, admin);
  });
  afterAll(() => site.close());

  async function send(methodname: string, args: unknown, session: Session) {
    const { json } = await site.ajax([{ methodname, args }], session);
    return (json as Answer)[0];
  }
  async function call<T>(methodname: string, args: unknown, session: Session = teacher): Promise<T> {
    const answer = await send(methodname, args, session);
    if (!answer || answer.error) throw new Error(`${methodname}: ${answer?.exception?.errorcode ?? 'no answer'}`);
    return answer.data as T;
  }
  const groups = async (courseid: number) => (await call<Group[]>('core_group_get_course_groups', { courseid })).map((g) => [g.name, g.idnumber, g.membercount]).sort();

  it('copies the groups this course lacks, without members, keeping free id numbers', async () => {
    const result = await call<{ created: Array<{ id: number; name: string }>; skipped: string[] }>('core_group_copy_groups', { courseid: target, fromcourseid: source });
    expect(result.created.map((c) => c.name)).toEqual(['Blue team', 'Red team']);
    expect(result.skipped).toEqual(['Green team']);
    expect(await groups(target)).toEqual([
      ['Blue team', '', 0],
      ['Red team', 'RED', 0],
      ['green TEAM', 'TAKEN', 0],
    ]);
    // A second copy finds nothing new.
    const again = await call<{ created: unknown[]; skipped: string[] }>('core_group_copy_groups', { courseid: target, fromcourseid: source });
    expect(again.created).toEqual([]);
    expect(again.skipped.sort()).toEqual(['Blue team', 'Green team', 'Red team']);
  });

  it('needs group management in both courses, a different course and the session key; nothing changes when refused', async () => {
    const before = await groups(target);
    expect((await send('core_group_copy_groups', { courseid: target, fromcourseid: foreign }, teacher))?.exception?.errorcode).toBe('nopermissions');
    expect((await send('core_group_copy_groups', { courseid: target, fromcourseid: source }, student))?.exception?.errorcode).toBe('nopermissions');
    expect((await send('core_group_copy_groups', { courseid: target, fromcourseid: target }, teacher))?.exception?.errorcode).toBe('copygroupssamecourse');
    expect((await send('core_group_copy_groups', { courseid: target, fromcourseid: 99999 }, teacher))?.exception?.errorcode).toBe('invalidrecord');
    expect((await send('core_group_copy_groups', { courseid: target, fromcourseid: 1 }, teacher))?.exception?.errorcode).toBe('invalidparameter');
    const { json } = await site.ajax([{ methodname: 'core_group_copy_groups', args: { courseid: target, fromcourseid: source } }], { cookie: teacher.cookie, sesskey: 'wrong' });
    expect(JSON.stringify(json)).toContain('invalidsesskey');
    expect(await groups(target)).toEqual(before);
  });
});
