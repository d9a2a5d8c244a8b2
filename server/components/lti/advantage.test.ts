import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolTypeCard } from '../../../api/lti';
import { setConfig } from '../../platform/config-store';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { ok } from '../assign/fixtures';
import { callAs as call, type Session } from '../tag/fixtures';
import { ALLOWED_HOSTS_SETTING } from './fetch';
import { KEY_PUBLISH_AHEAD, KEY_RETIRE_AFTER, KEY_ROTATE_AFTER } from './keys';
import { authRequestUrl, autoPostForm, chosenItem, deepLinkingClaims, startTestTool, type TestTool } from './testtool';

const AGS = 'https://purl.imsglobal.org/spec/lti-ags/scope/';
const ENDPOINT = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';

describe.each(testDialects)('LTI Advantage on %s', (dialect) => {
  let site: TestSite;
  let tool: TestTool;
  let admin: Session;
  let teacher: Session;
  let student: Session;
  let studentId: number;
  let teacherId: number;
  let courseid: number;
  let otherCourse: number;
  let wwwroot: string;
  let tool13: ToolTypeCard;
  let other13: ToolTypeCard;
  let cmid: number;

  const db = () => site.platform.db;
  const redirect = () => `${tool.url}/redirect`;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    tool = await startTestTool();
    courseid = await site.createCourse('Biology', 'BIO1');
    otherCourse = await site.createCourse('Chemistry', 'CHE1');
    teacherId = await site.createUser('tina', { firstname: 'Tina', lastname: 'Teacher' });
    studentId = await site.createUser('sam', { firstname: 'Sam', lastname: 'Student' });
    await site.enrol(teacherId, courseid, 'editingteacher');
    await site.enrol(studentId, courseid, 'student');
    admin = await site.sessionFor(site.adminId);
    teacher = await site.sessionFor(teacherId);
    student = await site.sessionFor(studentId);
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    wwwroot = `http://127.0.0.1:${(site.app.server.address() as AddressInfo).port}`;
    (site.platform.config as { wwwroot: string }).wwwroot = wwwroot;
    await setConfig(db(), ALLOWED_HOSTS_SETTING, '127.0.0.1');
    const settings = { baseurl: `${tool.url}/target`, ltiversion: '1.3.0', initiatelogin: `${tool.url}/login`, redirectionuris: redirect(), publickeyseturl: tool.jwksUrl, acceptgrades: 1, contentitem: 1 };
    tool13 = await ok<ToolTypeCard>(site, admin, 'mod_lti_save_tool_type', { name: 'Graded tool', ...settings });
    other13 = await ok<ToolTypeCard>(site, admin, 'mod_lti_save_tool_type', { name: 'Other tool', ...settings });
    cmid = (await ok<{ cmid: number }>(site, teacher, 'mod_lti_add_instance', { courseid, section: 1, name: 'Cell quiz', typeid: tool13.id, grade: 80 })).cmid;
  });
  afterAll(async () => {
    await tool.close();
    await site.close();
  });

  /** Runs the OIDC steps of a launch (or a deep-linking request) started at `url`, answering the id_token's claims. */
  async function idToken(session: Session, url: string): Promise<{ token: string; claims: JWTPayload }> {
    const start = await site.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
    const { fields: login } = autoPostForm(start.body);
    const authUrl = authRequestUrl(login, redirect(), { nonce: `n-${Math.random()}`, state: 's' });
    const auth = await site.app.inject({ method: 'GET', url: authUrl, headers: { cookie: session.cookie } });
    const token = autoPostForm(auth.body).fields.id_token ?? '';
    return { token, claims: token ? decodeJwt(token) : {} };
  }

  async function assertion(clientid: string, overrides: JWTPayload = {}, lifetime?: number) {
    return tool.sign({ iss: clientid, sub: clientid, aud: `${wwwroot}/mod/lti/token.php`, jti: `j-${Math.random()}`, ...overrides }, lifetime);
  }

  async function token(form: Record<string, string>) {
    const response = await site.app.inject({ method: 'POST', url: '/mod/lti/token.php', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
    return { status: response.statusCode, body: response.json<Record<string, string>>() };
  }

  async function bearer(clientid: string, scope = `${AGS}lineitem.readonly ${AGS}result.readonly ${AGS}score`) {
    const answer = await token({ grant_type: 'client_credentials', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: await assertion(clientid), scope });
    return answer.body.access_token ?? '';
  }

  const service = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, access: string, body?: unknown) =>
    site.app.inject({
      method,
      url: url.replace(wwwroot, ''),
      headers: { authorization: `Bearer ${access}`, ...(body === undefined ? {} : { 'content-type': 'application/vnd.ims.lis.v1.score+json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  const finalGrade = async (userid: number) => {
    const row = await db()
      .selectFrom('grade_grades as g')
      .innerJoin('grade_items as gi', 'gi.id', 'g.itemid')
      .innerJoin('lti as l', 'l.id', 'gi.iteminstance')
      .innerJoin('course_modules as cm', 'cm.instance', 'l.id')
      .select('g.finalgrade')
      .where('gi.itemmodule', '=', 'lti')
      .where('cm.id', '=', cmid)
      .where('g.userid', '=', userid)
      .executeTakeFirst();
    return row?.finalgrade === null || row?.finalgrade === undefined ? null : Number(row.finalgrade);
  };

  describe('platform keys', () => {
    it('publish a successor before it signs, sign with it once published, and retire the old key after its tokens expired', async () => {
      const keys = async () => ((await (await fetch(`${wwwroot}/mod/lti/certs.php`)).json()) as { keys: Array<{ kid: string; d?: string }> }).keys;
      const first = await keys();
      expect(first).toHaveLength(1);
      const oldKid = first[0]!.kid;
      const t = Math.floor(Date.now() / 1000);
      await db().updateTable('lti_keys').set({ timecreated: t - KEY_ROTATE_AFTER - 10 }).execute();
      const rotated = await keys();
      expect(rotated.map((k) => k.kid)).toContain(oldKid);
      expect(rotated).toHaveLength(2);
      expect(rotated.every((k) => k.d === undefined)).toBe(true);
      const newKid = rotated.find((k) => k.kid !== oldKid)!.kid;
      // Not yet published long enough: the old key still signs.
      const early = await idToken(student, `/mod/lti/launch.php?id=${cmid}&sesskey=${student.sesskey}`);
      expect(decodeProtectedHeader(early.token).kid).toBe(oldKid);
      await db().updateTable('lti_keys').set({ timecreated: t - KEY_PUBLISH_AHEAD - 1 }).where('kid', '=', newKid).execute();
      const late = await idToken(student, `/mod/lti/launch.php?id=${cmid}&sesskey=${student.sesskey}`);
      expect(decodeProtectedHeader(late.token).kid).toBe(newKid);
      expect((await keys()).map((k) => k.kid)).toContain(oldKid);
      await db().updateTable('lti_keys').set({ timecreated: t - KEY_PUBLISH_AHEAD - KEY_RETIRE_AFTER - 10 }).where('kid', '=', newKid).execute();
      expect((await keys()).map((k) => k.kid)).toEqual([newKid]);
    });
  });

  describe('token endpoint', () => {
    it('grants the requested scopes the tool may have, for an assertion signed by its key', async () => {
      const answer = await token({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: await assertion(tool13.clientid!),
        scope: `${AGS}score ${AGS}lineitem https://example.org/other`,
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: `${AGS}score` });
      expect(answer.body.access_token?.length).toBeGreaterThan(20);
    });

    it('refuses a wrong grant, a wrong audience, an expired or replayed assertion, a foreign key and unknown scopes', async () => {
      const base = { grant_type: 'client_credentials', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', scope: `${AGS}score` };
      const clientid = tool13.clientid!;
      expect((await token({ ...base, grant_type: 'password', client_assertion: await assertion(clientid) })).body.error).toBe('unsupported_grant_type');
      expect((await token({ ...base, client_assertion_type: 'x', client_assertion: await assertion(clientid) })).body.error).toBe('invalid_request');
      expect((await token({ ...base, client_assertion: await assertion(clientid, { aud: 'https://elsewhere.example/token' }) })).body.error).toBe('invalid_client');
      expect((await token({ ...base, client_assertion: await assertion(clientid, { iat: Math.floor(Date.now() / 1000) - 4000, exp: Math.floor(Date.now() / 1000) - 3000 }) })).body.error).toBe('invalid_client');
      expect((await token({ ...base, client_assertion: await assertion('no-such-client') })).body.error).toBe('invalid_client');
      const reused = await assertion(clientid);
      expect((await token({ ...base, client_assertion: reused })).status).toBe(200);
      expect((await token({ ...base, client_assertion: reused })).body.error).toBe('invalid_client');
      const stranger = await generateKeyPair('RS256');
      const forged = await new SignJWT({ iss: clientid, sub: clientid, aud: `${wwwroot}/mod/lti/token.php`, jti: 'forged' }).setProtectedHeader({ alg: 'RS256', kid: 'test-tool-key' }).setIssuedAt().setExpirationTime('5m').sign(stranger.privateKey);
      expect((await token({ ...base, client_assertion: forged })).body.error).toBe('invalid_client');
      const answer = await token({ ...base, client_assertion: await assertion(clientid), scope: `${AGS}lineitem` });
      expect(answer).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
    });
  });

  describe('Assignment and Grade Services', () => {
    let lineitems: string;
    let lineitem: string;

    beforeAll(async () => {
      const { claims } = await idToken(student, `/mod/lti/launch.php?id=${cmid}&sesskey=${student.sesskey}`);
      const endpoint = claims[ENDPOINT] as { scope: string[]; lineitems: string; lineitem: string };
      expect(endpoint.scope).toEqual([`${AGS}lineitem.readonly`, `${AGS}result.readonly`, `${AGS}score`]);
      lineitems = endpoint.lineitems;
      lineitem = endpoint.lineitem;
    });

    it('the launch names the line items of the course and the activity; the tool reads them', async () => {
      expect(lineitems).toBe(`${wwwroot}/mod/lti/services.php/${courseid}/lineitems?type_id=${tool13.id}`);
      const access = await bearer(tool13.clientid!);
      const list = await service('GET', lineitems, access);
      expect(list.statusCode).toBe(200);
      expect(list.headers['content-type']).toContain('application/vnd.ims.lis.v2.lineitemcontainer+json');
      expect(list.json()).toEqual([{ id: lineitem, label: 'Cell quiz', scoreMaximum: 80, resourceLinkId: expect.any(String) as unknown }]);
      expect((await service('GET', lineitem, access)).json()).toMatchObject({ id: lineitem, label: 'Cell quiz' });
      expect((await service('POST', lineitems, access)).statusCode).toBe(403);
      expect((await service('DELETE', lineitem, access)).statusCode).toBe(403);
    });

    it('a fully graded score lands in the gradebook, scaled to the item; bad, stale and foreign scores change nothing', async () => {
      const access = await bearer(tool13.clientid!);
      const scores = lineitem.replace('/lineitem?', '/lineitem/scores?');
      const score = (extra: Record<string, unknown>) => ({ userId: String(studentId), activityProgress: 'Completed', gradingProgress: 'FullyGraded', timestamp: new Date().toISOString(), ...extra });
      const t0 = Date.now();
      const first = await service('POST', scores, access, score({ scoreGiven: 40, scoreMaximum: 50, timestamp: new Date(t0).toISOString(), comment: 'Well done' }));
      expect(first.statusCode).toBe(200);
      expect(await finalGrade(studentId)).toBeCloseTo(64);
      // Refused, and the grade stays as it was.
      expect((await service('POST', scores, access, score({ scoreGiven: 10, timestamp: new Date(t0 + 1000).toISOString() }))).statusCode).toBe(400);
      expect((await service('POST', scores, access, score({ scoreGiven: 10, scoreMaximum: 50, timestamp: new Date(t0).toISOString() }))).statusCode).toBe(409);
      expect((await service('POST', scores, access, score({ userId: String(teacherId), scoreGiven: 10, scoreMaximum: 50 }))).statusCode).toBe(400);
      expect((await service('POST', scores, access, score({ gradingProgress: 'Bogus', scoreGiven: 1, scoreMaximum: 2 }))).statusCode).toBe(400);
      expect(await finalGrade(studentId)).toBeCloseTo(64);
      // Only FullyGraded writes a grade.
      expect((await service('POST', scores, access, score({ gradingProgress: 'PendingManual', scoreGiven: 5, scoreMaximum: 50, timestamp: new Date(t0 + 2000).toISOString() }))).statusCode).toBe(200);
      expect(await finalGrade(studentId)).toBeCloseTo(64);
      const results = await service('GET', lineitem.replace('/lineitem?', '/lineitem/results?'), access);
      expect(results.json()).toEqual([expect.objectContaining({ userId: String(studentId), resultScore: 64, resultMaximum: 80, scoreOf: lineitem })]);
    });

    it('a token is for one tool and its scopes: no token, another tool, another course, a narrower scope', async () => {
      expect((await service('GET', lineitems, 'not-a-token')).statusCode).toBe(401);
      const otherAccess = await bearer(other13.clientid!);
      expect((await service('GET', lineitems, otherAccess)).statusCode).toBe(403);
      expect((await service('GET', lineitems.replace(`type_id=${tool13.id}`, `type_id=${other13.id}`), otherAccess)).statusCode).toBe(404);
      const access = await bearer(tool13.clientid!);
      expect((await service('GET', lineitems.replace(`/${courseid}/`, `/${otherCourse}/`), access)).statusCode).toBe(404);
      const readonly = await bearer(tool13.clientid!, `${AGS}lineitem.readonly`);
      const scores = lineitem.replace('/lineitem?', '/lineitem/scores?');
      const denied = await service('POST', scores, readonly, { userId: String(studentId), scoreGiven: 1, scoreMaximum: 1, activityProgress: 'Completed', gradingProgress: 'FullyGraded', timestamp: new Date(Date.now() + 60000).toISOString() });
      expect(denied.statusCode).toBe(403);
      expect((await service('GET', lineitem.replace('/lineitem?', '/lineitem/results?'), readonly)).statusCode).toBe(403);
    });

    it('pages the line items with a next link', async () => {
      await ok(site, teacher, 'mod_lti_add_instance', { courseid, section: 1, name: 'Second quiz', typeid: tool13.id });
      const access = await bearer(tool13.clientid!);
      const first = await service('GET', `${lineitems}&limit=1`, access);
      expect(first.json()).toHaveLength(1);
      const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1] ?? '';
      expect(next).toContain('from=1');
      const second = await service('GET', next, access);
      expect(second.json()).toHaveLength(1);
      expect(second.headers.link).toBeUndefined();
    });
  });

  describe('Deep Linking', () => {
    const startUrl = (session: Session, section = 2, typeid = tool13.id) => `/mod/lti/contentitem.php?course=${courseid}&section=${section}&id=${typeid}&sesskey=${session.sesskey}`;
    const ltiCount = async () => Number((await db().selectFrom('lti').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

    async function respond(session: Session, claims: JWTPayload | ((request: JWTPayload) => JWTPayload), query?: string) {
      const { claims: request } = await idToken(session, startUrl(session));
      const settings = request['https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings'] as { deep_link_return_url: string };
      const body = typeof claims === 'function' ? claims(request) : claims;
      const url = (query ?? settings.deep_link_return_url).replace(wwwroot, '');
      return site.app.inject({ method: 'POST', url, headers: { cookie: session.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ JWT: await tool.sign(body) }).toString() });
    }

    it('a teacher asks the tool for content; the signed item becomes an activity with its custom parameters and grade item', async () => {
      const { claims } = await idToken(teacher, startUrl(teacher));
      expect(claims[`${CLAIM}message_type`]).toBe('LtiDeepLinkingRequest');
      expect(claims[`${CLAIM}roles`]).toEqual(['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor']);
      const settings = claims['https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings'] as Record<string, unknown>;
      expect(settings).toMatchObject({ accept_types: ['ltiResourceLink'], accept_multiple: false, accept_lineitem: true });
      expect(String(settings.deep_link_return_url)).toContain(`/mod/lti/contentitem_return.php?course=${courseid}&id=${tool13.id}&sesskey=`);

      const response = await respond(teacher, (request) => deepLinkingClaims(request, tool13.clientid!, chosenItem(tool.url)));
      expect(response.statusCode).toBe(303);
      const newCmid = Number(/view\.php\?id=(\d+)/.exec(String(response.headers.location))?.[1]);
      const cm = await db().selectFrom('course_modules as cm').innerJoin('lti as l', 'l.id', 'cm.instance').innerJoin('course_sections as s', 's.id', 'cm.section').selectAll('l').select('s.section as sectionnum').where('cm.id', '=', newCmid).executeTakeFirstOrThrow();
      expect(cm).toMatchObject({ name: 'Chapter 3 quiz', typeid: tool13.id, toolurl: `${tool.url}/target?item=3`, instructorcustomparameters: 'chapter=3', grade: 50, sectionnum: 2, intro: '<p>Ten questions on &lt;cells&gt;</p>' });
      const item = await db().selectFrom('grade_items').select('grademax').where('itemmodule', '=', 'lti').where('iteminstance', '=', cm.id).executeTakeFirstOrThrow();
      expect(Number(item.grademax)).toBe(50);
    });

    it('the tool\u2019s msg and errormsg come back as escaped notices', async () => {
      const before = await ltiCount();
      const DLC = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
      const response = await respond(teacher, (request) => ({ ...deepLinkingClaims(request, tool13.clientid!, chosenItem(tool.url)), [`${DLC}content_items`]: [], [`${DLC}msg`]: 'Nothing <i>chosen</i>', [`${DLC}errormsg`]: '<script>x</script>' }));
      expect(response.statusCode).toBe(303);
      expect(await ltiCount()).toBe(before);
      const fetched = await ok<Array<{ template: string; variables: { message: string } }>>(site, teacher, 'core_fetch_notifications', { contextid: 1 });
      expect(fetched.map((n) => [n.template, n.variables.message])).toEqual([
        ['core/notification_error', '&lt;script&gt;x&lt;/script&gt;'],
        ['core/notification_info', 'Nothing &lt;i&gt;chosen&lt;/i&gt;'],
      ]);
    });

    it('refuses a forged, replayed, mismatched or unacceptable response, and creates nothing', async () => {
      const before = await ltiCount();
      const good = (request: JWTPayload) => deepLinkingClaims(request, tool13.clientid!, chosenItem(tool.url));
      expect((await respond(teacher, (r) => ({ ...good(r), aud: 'https://elsewhere.example' }))).statusCode).toBe(400);
      expect((await respond(teacher, (r) => ({ ...good(r), [`${CLAIM}deployment_id`]: '999' }))).statusCode).toBe(400);
      expect((await respond(teacher, (r) => ({ ...good(r), 'https://purl.imsglobal.org/spec/lti-dl/claim/data': 'changed' }))).statusCode).toBe(400);
      expect((await respond(teacher, (r) => ({ ...good(r), 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [chosenItem(tool.url), chosenItem(tool.url)] }))).statusCode).toBe(400);
      expect((await respond(teacher, (r) => ({ ...good(r), 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [{ type: 'html', html: '<p>x</p>' }] }))).statusCode).toBe(400);
      const replay = await respond(teacher, (r) => ({ ...good(r), nonce: 'fixed-nonce' }));
      expect(replay.statusCode).toBe(303);
      expect((await respond(teacher, (r) => ({ ...good(r), nonce: 'fixed-nonce' }))).statusCode).toBe(400);
      expect(await ltiCount()).toBe(before + 1);
      // Signed by a key that is not the tool's.
      const { claims: request } = await idToken(teacher, startUrl(teacher));
      const stranger = await generateKeyPair('RS256');
      const forged = await new SignJWT(good(request)).setProtectedHeader({ alg: 'RS256', kid: 'test-tool-key' }).setIssuedAt().setExpirationTime('5m').sign(stranger.privateKey);
      const url = `/mod/lti/contentitem_return.php?course=${courseid}&id=${tool13.id}&sesskey=${teacher.sesskey}`;
      expect((await site.app.inject({ method: 'POST', url, headers: { cookie: teacher.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: `JWT=${forged}` })).statusCode).toBe(400);
      expect(await ltiCount()).toBe(before + 1);
    });

    it('needs a user who may add activities, the sesskey, and a tool that takes deep-linking requests', async () => {
      expect((await site.app.inject({ method: 'GET', url: startUrl(student), headers: { cookie: student.cookie } })).statusCode).toBe(403);
      expect((await site.app.inject({ method: 'GET', url: startUrl(teacher).replace(/sesskey=.*/, 'sesskey=x'), headers: { cookie: teacher.cookie } })).statusCode).toBe(403);
      const plain = await ok<ToolTypeCard>(site, admin, 'mod_lti_save_tool_type', { name: 'No deep linking', baseurl: `${tool.url}/target`, ltiversion: '1.3.0', initiatelogin: `${tool.url}/login`, redirectionuris: redirect() });
      expect((await site.app.inject({ method: 'GET', url: startUrl(teacher, 1, plain.id), headers: { cookie: teacher.cookie } })).statusCode).toBe(409);
      const tools = await ok<Array<{ id: number; deeplinking: boolean }>>(site, teacher, 'mod_lti_get_course_tools', { courseid });
      expect(tools.find((t) => t.id === tool13.id)?.deeplinking).toBe(true);
      expect(tools.find((t) => t.id === plain.id)?.deeplinking).toBe(false);
      expect((await call(site, teacher, 'mod_lti_get_course_tools', { courseid })).error).toBe(false);
    });

    it('a cross-site return without the session cookie is posted again from this site, setting no cookie', async () => {
      const url = `/mod/lti/contentitem_return.php?course=${courseid}&id=${tool13.id}&sesskey=${teacher.sesskey}`;
      const response = await site.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'JWT=abc.def.ghi' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
      const { action, fields } = autoPostForm(response.body);
      expect(action).toBe(`${wwwroot}${url}`);
      expect(fields).toEqual({ JWT: 'abc.def.ghi', repost: '1' });
      const again = await site.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'JWT=abc.def.ghi&repost=1' });
      expect(again.statusCode).toBe(401);
    });
  });
});
