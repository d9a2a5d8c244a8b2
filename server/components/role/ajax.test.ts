import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAP_PROHIBIT } from '../../platform/access/types';
import { testDialects } from '../../test/databases';
import { createOverrideSite, type OverrideSite } from './override-fixtures';

const VIEW = 'moodle/course:viewparticipants';

describe.each(testDialects)('the roles ajax endpoint on %s', (dialect) => {
  let s: OverrideSite;
  beforeAll(async () => {
    s = await createOverrideSite(dialect);
  });
  afterAll(async () => {
    await s.site.close();
  });

  /** Sends the request and asserts it was refused with `errorcode` and changed no permission. */
  async function refused(fields: Record<string, string | number>, session: OverrideSite['admin'] | null, errorcode: string, method: 'GET' | 'POST' = 'POST') {
    const before = await s.snapshot();
    const { status, json } = await s.ajax(fields, session, method);
    expect(status).toBeLessThan(500);
    expect(json).toMatchObject({ errorcode, error: expect.any(String) as unknown, stacktrace: null, debuginfo: null, reproductionlink: null });
    expect(JSON.stringify(json)).not.toMatch(/at .*\.ts:\d+/);
    expect(await s.snapshot()).toBe(before);
  }

  it('getroles answers every role to an admin, by id with display names', async () => {
    const { json } = await s.ajax({ contextid: s.course.id, getroles: 1, sesskey: s.admin.sesskey }, s.admin);
    expect(json).toMatchObject({ [s.roles.student]: 'Student', [s.roles.editingteacher]: 'Teacher', [s.roles.manager]: 'Manager', [s.roles.guest]: 'Guest' });
    expect(Object.keys(json as object)).toHaveLength(8);
  });

  it('getroles answers an editing teacher only the roles their allow-override row names', async () => {
    const { json } = await s.ajax({ contextid: s.course.id, getroles: 1, sesskey: s.teacher.sesskey }, s.teacher, 'GET');
    expect(json).toEqual({ [s.roles.teacher]: 'Non-editing teacher', [s.roles.student]: 'Student', [s.roles.guest]: 'Guest' });
  });

  it('a teacher may prohibit a safe capability for students in their course', async () => {
    const { json } = await s.ajax({ contextid: s.course.id, roleid: s.roles.student, capability: VIEW, action: 'prohibit', sesskey: s.teacher.sesskey }, s.teacher);
    expect(json).toBe('prohibit');
    expect(await s.stored(s.roles.student, s.course.id, VIEW)).toBe(CAP_PROHIBIT);
    await s.ajax({ contextid: s.course.id, roleid: s.roles.student, capability: VIEW, action: 'unprohibit', sesskey: s.teacher.sesskey }, s.teacher);
    expect(await s.stored(s.roles.student, s.course.id, VIEW)).toBeUndefined();
  });

  it('refuses a visitor who is not logged in with the whole-request error object, not a redirect', async () => {
    await refused({ contextid: s.course.id, getroles: 1 }, null, 'requireloginerror');
  });

  it('refuses a student (no moodle/role:review)', async () => {
    await refused({ contextid: s.course.id, roleid: s.roles.student, capability: VIEW, action: 'allow', sesskey: s.student.sesskey }, s.student, 'nopermissions');
    await refused({ contextid: s.course.id, getroles: 1, sesskey: s.student.sesskey }, s.student, 'nopermissions');
  });

  it('refuses a missing or wrong sesskey', async () => {
    await refused({ contextid: s.course.id, roleid: s.roles.student, capability: VIEW, action: 'prohibit' }, s.admin, 'invalidsesskey');
    await refused({ contextid: s.course.id, roleid: s.roles.student, capability: VIEW, action: 'prohibit', sesskey: 'wrong' }, s.admin, 'invalidsesskey');
    await refused({ contextid: s.course.id, getroles: 1, sesskey: 'wrong' }, s.admin, 'invalidsesskey', 'GET');
  });

  it('refuses a bad context', async () => {
    await refused({ contextid: 999999, roleid: s.roles.student, capability: VIEW, action: 'prohibit', sesskey: s.admin.sesskey }, s.admin, 'invalidrecord');
    await refused({ contextid: 'abc', roleid: s.roles.student, capability: VIEW, action: 'prohibit', sesskey: s.admin.sesskey }, s.admin, 'invalidparameter');
  });

  it('refuses an unknown capability (invalidrecord), an unknown role and a bad action (invalidarguments)', async () => {
    await refused({ contextid: s.course.id, roleid: s.roles.student, capability: 'moodle/nothing:here', action: 'prohibit', sesskey: s.admin.sesskey }, s.admin, 'invalidrecord');
    await refused({ contextid: s.course.id, roleid: 99999, capability: VIEW, action: 'prohibit', sesskey: s.admin.sesskey }, s.admin, 'invalidarguments');
    await refused({ contextid: s.course.id, roleid: 'x', capability: VIEW, action: 'prohibit', sesskey: s.admin.sesskey }, s.admin, 'invalidparameter');
    await refused({ contextid: s.course.id, roleid: s.roles.student, capability: VIEW, action: 'delete', sesskey: s.admin.sesskey }, s.admin, 'invalidarguments');
    await refused({ contextid: s.course.id, roleid: s.roles.student, capability: VIEW, sesskey: s.admin.sesskey }, s.admin, 'invalidarguments');
  });

  it('refuses a teacher changing a role outside their allow-override row', async () => {
    await refused({ contextid: s.course.id, roleid: s.roles.manager, capability: VIEW, action: 'prohibit', sesskey: s.teacher.sesskey }, s.teacher, 'invalidarguments');
  });

  it('refuses a teacher (safeoverride only) overriding a risky capability', async () => {
    // moodle/course:viewhiddenuserfields carries RISK_PERSONAL.
    await refused(
      { contextid: s.course.id, roleid: s.roles.student, capability: 'moodle/course:viewhiddenuserfields', action: 'prohibit', sesskey: s.teacher.sesskey },
      s.teacher,
      'nopermissions',
    );
  });

  it('refuses a teacher allowing a capability they do not have themselves', async () => {
    // moodle/course:view (no risks) belongs to managers only.
    await refused({ contextid: s.course.id, roleid: s.roles.student, capability: 'moodle/course:view', action: 'allow', sesskey: s.teacher.sesskey }, s.teacher, 'cannotallowmore');
  });

  it('refuses a capability that is locked in the context (declared at a higher level)', async () => {
    await refused(
      { contextid: s.course.id, roleid: s.roles.student, capability: 'moodle/site:viewparticipants', action: 'allow', sesskey: s.admin.sesskey },
      s.admin,
      'capabilitylocked',
    );
    await refused({ contextid: s.module.id, roleid: s.roles.student, capability: VIEW, action: 'prohibit', sesskey: s.admin.sesskey }, s.admin, 'capabilitylocked');
  });
});
