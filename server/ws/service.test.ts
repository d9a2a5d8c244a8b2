import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from '../../api/contract';
import { wsBool } from '../../api/types';
import type { ComponentDefinition } from '../platform/component';
import { AppError } from '../platform/errors';
import { now } from '../platform/platform';
import { lastWriteOf, writesOf } from '../platform/writes';
import { testDialects } from '../test/databases';
import { createTestSite, type TestSite } from '../test/site';
import { defineMethod } from './method';

const probeContract = contract({
  name: 'test_probe_write',
  component: 'test',
  description: 'Writes a config row, then fails if asked to.',
  type: 'write',
  loginRequired: true,
  capabilities: [],
  args: z.strictObject({ value: z.string().max(5), fail: wsBool.default(false) }),
  returns: z.object({ saved: z.string() }),
});

const probeComponent: ComponentDefinition = {
  name: 'test_probe',
  dir: import.meta.dirname,
  methods: [
    defineMethod(probeContract, async (ctx, { value, fail }) => {
      await ctx.db.insertInto('config').values({ name: `probe_${value}`, value }).execute();
      if (fail) throw new AppError('nopermissions', { a: 'probe' });
      return { saved: value };
    }),
  ],
};

type Result = { error: boolean; data?: unknown; exception?: { errorcode: string; message: string; debuginfo?: string; backtrace?: string } };

describe.each(testDialects)('web-service endpoint on %s', (dialect) => {
  let site: TestSite;
  let user: { cookie: string; sesskey: string };
  let studentId: number;
  let courseId: number;

  const probes = async () =>
    (await site.platform.db.selectFrom('config').select('name').where('name', 'like', 'probe_%').orderBy('name').execute()).map((r) => r.name);

  beforeAll(async () => {
    site = await createTestSite(dialect, [probeComponent], true);
    studentId = await site.createUser('student', { firstname: 'Sam', lastname: 'Student' });
    user = await site.sessionFor(studentId);
    courseId = await site.createCourse('Biology 101', 'BIO101');
    await site.enrol(studentId, courseId, 'student');
  });
  afterAll(() => site.close());

  it('answers a batch in order and stops at the failing call, keeping earlier changes only', async () => {
    const { json } = await site.ajax(
      [
        { methodname: 'test_probe_write', args: { value: 'a' } },
        { methodname: 'test_probe_write', args: { value: 'b', fail: true } },
        { methodname: 'test_probe_write', args: { value: 'c' } },
      ],
      user,
    );
    const results = json as Result[];
    expect(results).toHaveLength(2);
    expect(results[0]).toEqual({ error: false, data: { saved: 'a' } });
    expect(results[1]?.error).toBe(true);
    expect(results[1]?.exception?.errorcode).toBe('nopermissions');
    expect(await probes()).toEqual(['probe_a']);
  });

  it('refuses a wrong sesskey with invalidsesskey and runs nothing', async () => {
    const { json } = await site.ajax([{ methodname: 'test_probe_write', args: { value: 'k' } }], { cookie: user.cookie, sesskey: 'wrongkey00' });
    expect((json as Result[])[0]?.exception?.errorcode).toBe('invalidsesskey');
    expect(await probes()).not.toContain('probe_k');
  });

  it('refuses login-required methods without a session', async () => {
    const { json } = await site.ajax([{ methodname: 'test_probe_write', args: { value: 'n' } }], null);
    expect((json as Result[])[0]?.exception?.errorcode).toBe('servicerequireslogin');
    const viaNologin = await site.ajax([{ methodname: 'core_course_get_courses', args: {} }], user, true);
    expect((viaNologin.json as Result[])[0]?.exception?.errorcode).toBe('servicerequireslogin');
  });

  it('runs no-login methods on service-nologin.php without any session', async () => {
    const { json } = await site.ajax([{ methodname: 'core_get_string', args: { stringid: 'login', component: 'moodle' } }], null, true);
    expect(json).toEqual([{ error: false, data: 'Log in' }]);
  });

  it('fails the whole request for an unknown method before running any call', async () => {
    const { json } = await site.ajax(
      [
        { methodname: 'test_probe_write', args: { value: 'u' } },
        { methodname: 'core_no_such_method', args: {} },
      ],
      user,
    );
    expect(Array.isArray(json)).toBe(false);
    expect(json).toMatchObject({ errorcode: 'invalidrecord', stacktrace: null, debuginfo: null, reproductionlink: null });
    expect(typeof (json as { error: unknown }).error).toBe('string');
    expect(await probes()).not.toContain('probe_u');
  });

  it('fails the whole request on bad JSON', async () => {
    const response = await site.app.inject({
      method: 'POST',
      url: `/lib/ajax/service.php?sesskey=${user.sesskey}`,
      headers: { 'content-type': 'application/json', cookie: user.cookie },
      payload: '[{"index":0,',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ errorcode: 'invalidjson' });
  });

  it('answers invalidparameter for bad arguments and changes nothing', async () => {
    const tooLong = await site.ajax([{ methodname: 'test_probe_write', args: { value: 'toolongvalue' } }], user);
    expect((tooLong.json as Result[])[0]?.exception?.errorcode).toBe('invalidparameter');
    const unknownKey = await site.ajax([{ methodname: 'test_probe_write', args: { value: 'x', extra: 1 } }], user);
    expect((unknownKey.json as Result[])[0]?.exception?.errorcode).toBe('invalidparameter');
    const badPreference = await site.ajax(
      [{ methodname: 'core_user_update_user_preferences', args: { preferences: [{ type: 'ok_name', value: '1' }, { type: 'bad name!', value: '2' }] } }],
      user,
    );
    expect((badPreference.json as Result[])[0]?.exception?.errorcode).toBe('invalidparameter');
    expect(await probes()).not.toContain('probe_x');
    const prefs = await site.platform.db.selectFrom('user_preferences').select('name').where('userid', '=', studentId).execute();
    expect(prefs).toEqual([]);
  });

  it('refuses a call the user lacks the capability for with nopermissions', async () => {
    const { json } = await site.ajax([{ methodname: 'core_course_get_courses', args: { options: { ids: [courseId] } } }], user);
    const result = (json as Result[])[0];
    expect(result?.exception?.errorcode).toBe('nopermissions');
    expect(result?.exception?.message).toContain('moodle/course:view');
  });

  it('shows debuginfo and backtrace only to a site admin with developer debugging on', async () => {
    const admin = await site.sessionFor(site.adminId);
    const asAdmin = await site.ajax([{ methodname: 'test_probe_write', args: { value: 'toolongvalue' } }], admin);
    const adminException = (asAdmin.json as Result[])[0]?.exception;
    expect(adminException?.debuginfo).toContain('value');
    expect(adminException?.backtrace).toBeTypeOf('string');
    const asStudent = await site.ajax([{ methodname: 'test_probe_write', args: { value: 'toolongvalue' } }], user);
    const studentException = (asStudent.json as Result[])[0]?.exception;
    expect(studentException).not.toHaveProperty('debuginfo');
    expect(studentException).not.toHaveProperty('backtrace');
  });

  it('runs any method over the REST server with a token and form-encoded arguments', async () => {
    await site.platform.db.insertInto('external_tokens').values({ token: 'resttoken0123456789', userid: studentId, service: 'moodle_mobile_app', timecreated: now() }).execute();
    const response = await site.app.inject({
      method: 'POST',
      url: '/webservice/rest/server.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'wstoken=resttoken0123456789&wsfunction=core_enrol_get_users_courses&moodlewsrestformat=json&userid=' + studentId,
    });
    const courses = response.json<Array<{ id: number; fullname: string }>>();
    expect(courses.map((c) => c.fullname)).toEqual(['Biology 101']);
    const badToken = await site.app.inject({ method: 'GET', url: '/webservice/rest/server.php?wstoken=nope&wsfunction=core_get_string&moodlewsrestformat=json' });
    expect(badToken.json()).toMatchObject({ errorcode: 'invalidtoken' });
  });

  it('counts the writes that commit and who made them, which shared reads watch; reads and failed writes do not count', async () => {
    const before = writesOf(site.platform);
    await site.ajax([{ methodname: 'test_probe_write', args: { value: 'w1' } }], user);
    expect(writesOf(site.platform)).toBe(before + 1);
    // The writer's latest change is remembered: shared reads started before it are not theirs to join.
    expect(lastWriteOf(site.platform, studentId)).toBe(before + 1);
    expect(lastWriteOf(site.platform, site.adminId)).toBe(0);
    await site.ajax([{ methodname: 'test_probe_write', args: { value: 'w2', fail: true } }], user);
    await site.ajax([{ methodname: 'core_get_string', args: { stringid: 'login', component: 'moodle' } }], null, true);
    expect(writesOf(site.platform)).toBe(before + 1);
  });
});
