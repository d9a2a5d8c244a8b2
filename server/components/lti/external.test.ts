import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolTypeCard } from '../../../api/lti';
import { setConfig } from '../../platform/config-store';
import { testDialects } from '../../test/databases';
import { createTestSite, type TestSite } from '../../test/site';
import { ok } from '../assign/fixtures';
import { callAs as call, type Session } from '../tag/fixtures';
import { ALLOWED_HOSTS_SETTING } from './fetch';
import { authRequestUrl, autoPostForm, poxRequest, signOutcome, startTestTool, verifyOAuth, type TestTool } from './testtool';

describe.each(testDialects)('mod_lti on %s', (dialect) => {
  let site: TestSite;
  let tool: TestTool;
  let admin: Session;
  let teacher: Session;
  let student: Session;
  let studentId: number;
  let courseid: number;
  let wwwroot: string;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    tool = await startTestTool();
    courseid = await site.createCourse('Physics', 'PHY1');
    const teacherId = await site.createUser('teacher1', { firstname: 'Tess', lastname: 'Teacher' });
    studentId = await site.createUser('ana', { firstname: 'Ana', lastname: 'Alvarez', email: 'ana@example.org' });
    await site.enrol(teacherId, courseid, 'editingteacher');
    await site.enrol(studentId, courseid, 'student');
    admin = await site.sessionFor(site.adminId);
    teacher = await site.sessionFor(teacherId);
    student = await site.sessionFor(studentId);
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    wwwroot = `http://127.0.0.1:${(site.app.server.address() as AddressInfo).port}`;
    (site.platform.config as { wwwroot: string }).wwwroot = wwwroot;
  });
  afterAll(async () => {
    await tool.close();
    await site.close();
  });

  const typeCount = async () => Number((await site.platform.db.selectFrom('lti_types').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  describe('tool administration', () => {
    it('refuses teachers and students every tool method', async () => {
      for (const session of [teacher, student]) {
        const answer = await call(site, session, 'mod_lti_get_tool_types', {});
        expect(answer.exception?.errorcode).toBe('nopermissions');
      }
      expect((await call(site, teacher, 'mod_lti_create_tool_proxy', { regurl: `${tool.url}/register` })).exception?.errorcode).toBe('nopermissions');
    });

    it('refuses to fetch a loopback cartridge unless the host is allowed', async () => {
      const before = await typeCount();
      const answer = await call(site, admin, 'mod_lti_create_tool_type', { cartridgeurl: `${tool.url}/cartridge.xml` });
      expect(answer.exception?.errorcode).toBe('errorbadurl');
      expect(await typeCount()).toBe(before);
      expect((await call(site, admin, 'mod_lti_is_cartridge', { url: `${tool.url}/cartridge` })).exception?.errorcode).toBe('errorbadurl');
      expect((await call(site, admin, 'mod_lti_is_cartridge', { url: 'file:///etc/passwd' })).exception?.errorcode).toBe('errorbadurl');
      await setConfig(site.platform.db, ALLOWED_HOSTS_SETTING, '127.0.0.1');
    });

    it('tells cartridges: .xml without fetching, else by fetching for a launch URL', async () => {
      expect(await ok(site, admin, 'mod_lti_is_cartridge', { url: 'https://nowhere.invalid/tool.xml' })).toEqual({ iscartridge: true });
      expect(await ok(site, admin, 'mod_lti_is_cartridge', { url: `${tool.url}/cartridge` })).toEqual({ iscartridge: true });
      expect(await ok(site, admin, 'mod_lti_is_cartridge', { url: `${tool.url}/page` })).toEqual({ iscartridge: false });
      expect(await ok(site, admin, 'mod_lti_is_cartridge', { url: `${tool.url}/missing` })).toEqual({ iscartridge: false });
      expect(await ok(site, admin, 'mod_lti_is_cartridge', { url: '' })).toEqual({ iscartridge: false });
    });

    it('creates an active tool from a cartridge served by the tool', async () => {
      const card = await ok<ToolTypeCard>(site, admin, 'mod_lti_create_tool_type', { cartridgeurl: `${tool.url}/cartridge`, key: 'key1', secret: tool.secret });
      expect(card).toMatchObject({ name: 'Example Quiz Tool', description: 'Quizzes from the example tool', state: { configured: true, text: 'Active' }, urls: { icon: 'https://tool.example/icon.png' } });
      expect(card.capabilitygroups).toEqual(['User account information']);
      const row = await site.platform.db.selectFrom('lti_types').selectAll().where('id', '=', card.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ baseurl: `${tool.url}/launch`, tooldomain: '127.0.0.1', resourcekey: 'key1', parameter: 'chapter=$User.id', sendname: 2, state: 1 });
      expect(JSON.stringify(card)).not.toContain(tool.secret);
    });

    it('refuses a cartridge with a DOCTYPE, an oversize one, and one without a launch URL, storing nothing', async () => {
      const before = await typeCount();
      expect((await call(site, admin, 'mod_lti_create_tool_type', { cartridgeurl: `${tool.url}/doctype` })).exception?.errorcode).toBe('errorreadingfile');
      expect((await call(site, admin, 'mod_lti_create_tool_type', { cartridgeurl: `${tool.url}/huge` })).exception?.errorcode).toBe('errorreadingfile');
      expect((await call(site, admin, 'mod_lti_create_tool_type', { cartridgeurl: `${tool.url}/page` })).exception?.errorcode).toBe('errorreadingfile');
      expect((await call(site, admin, 'mod_lti_create_tool_type', { cartridgeurl: '' })).exception?.errorcode).toBe('unabletocreatetooltype');
      expect(await typeCount()).toBe(before);
    });

    it('updates name, description and state; empty values are kept; bad states and unknown ids are refused', async () => {
      const card = await ok<ToolTypeCard>(site, admin, 'mod_lti_create_tool_type', { cartridgeurl: `${tool.url}/cartridge` });
      const renamed = await ok<ToolTypeCard>(site, admin, 'mod_lti_update_tool_type', { id: card.id, name: 'Renamed <b>tool</b>', description: '' });
      expect(renamed.name).toBe('Renamed tool');
      expect(renamed.description).toBe('Quizzes from the example tool');
      const pending = await ok<ToolTypeCard>(site, admin, 'mod_lti_update_tool_type', { id: card.id, state: 2 });
      expect(pending.state).toMatchObject({ pending: true, configured: false, text: 'Pending' });
      const bad = await call(site, admin, 'mod_lti_update_tool_type', { id: card.id, state: 7 });
      expect(bad.exception?.errorcode).toBe('invalidstate');
      expect(bad.exception?.message).toBe('Invalid state: 7 - must be 1, 2, or 3');
      expect((await call(site, admin, 'mod_lti_update_tool_type', { id: 999999, name: 'x' })).exception?.errorcode).toBe('unabletofindtooltype');
      const list = await ok<ToolTypeCard[]>(site, admin, 'mod_lti_get_tool_types', {});
      expect(list[0]?.id).toBe(card.id);
      expect(await ok(site, admin, 'mod_lti_delete_tool_type', { id: card.id })).toEqual({ id: card.id });
      expect(await ok(site, admin, 'mod_lti_delete_tool_type', { id: 999999 })).toEqual({ id: 999999 });
      expect((await ok<ToolTypeCard[]>(site, admin, 'mod_lti_get_tool_types', {})).some((t) => t.id === card.id)).toBe(false);
    });
  });

  describe('tool proxies (LTI 2 registration)', () => {
    it('creates a pending proxy, refuses a used registration URL, and gives the registration request', async () => {
      const proxy = await ok<{ id: number; state: number; guid: string }>(site, admin, 'mod_lti_create_tool_proxy', { regurl: `${tool.url}/register` });
      expect(proxy.state).toBe(2);
      expect(proxy.guid).toMatch(/^[A-Za-z0-9]{15}$/);
      expect(JSON.stringify(proxy)).not.toContain('secret');
      expect((await call(site, admin, 'mod_lti_create_tool_proxy', { regurl: `${tool.url}/register` })).exception?.errorcode).toBe('duplicateregurl');
      const request = await ok<Record<string, string>>(site, admin, 'mod_lti_get_tool_proxy_registration_request', { id: proxy.id });
      expect(request).toMatchObject({ lti_message_type: 'ToolProxyRegistrationRequest', lti_version: 'LTI-2p0', reg_key: proxy.guid, reg_url: `${tool.url}/register` });
      expect(request.launch_presentation_return_url).toBe(`${wwwroot}/mod/lti/externalregistrationreturn.php?id=${proxy.id}&sesskey=${admin.sesskey}`);
      const cards = await ok<Array<{ id: number; state: { pending: boolean }; hascapabilitygroups: boolean }>>(site, admin, 'mod_lti_get_tool_proxies', { orphanedonly: true });
      expect(cards.find((c) => c.id === proxy.id)).toMatchObject({ state: { pending: true }, hascapabilitygroups: true });
    });

    it('the return page configures on success, deletes on failure and shows the error escaped, and needs the sesskey', async () => {
      const ok1 = await ok<{ id: number }>(site, admin, 'mod_lti_create_tool_proxy', { regurl: `${tool.url}/register-ok` });
      const bad = await ok<{ id: number }>(site, admin, 'mod_lti_create_tool_proxy', { regurl: `${tool.url}/register-bad` });
      const forged = await site.app.inject({ method: 'GET', url: `/mod/lti/externalregistrationreturn.php?id=${ok1.id}&status=success`, headers: { cookie: admin.cookie } });
      expect(forged.statusCode).toBe(403);
      const success = await site.app.inject({ method: 'GET', url: `/mod/lti/externalregistrationreturn.php?id=${ok1.id}&sesskey=${admin.sesskey}&status=success&lti_msg=${encodeURIComponent('<b>Registered</b>')}`, headers: { cookie: admin.cookie } });
      expect(success.body).toContain('"status":"success"');
      // The tool's message goes to the page as text: escaped in the page, \u003c in the script's data.
      expect(success.body).toContain('&lt;b&gt;Registered&lt;/b&gt;');
      expect(success.body).toContain('"message":"\\u003cb>Registered\\u003c/b>"');
      expect(success.body).not.toContain('<b>Registered');
      expect((await site.platform.db.selectFrom('lti_tool_proxies').select('state').where('id', '=', ok1.id).executeTakeFirstOrThrow()).state).toBe(1);
      const failure = await site.app.inject({ method: 'GET', url: `/mod/lti/externalregistrationreturn.php?id=${bad.id}&sesskey=${admin.sesskey}&status=failure&lti_errormsg=${encodeURIComponent('<b>x</b>')}`, headers: { cookie: admin.cookie } });
      expect(failure.body).toContain('&lt;b&gt;x&lt;/b&gt;');
      expect(failure.body).not.toContain('<b>x</b>');
      expect(await site.platform.db.selectFrom('lti_tool_proxies').select('id').where('id', '=', bad.id).executeTakeFirst()).toBeUndefined();
      const studentTry = await site.app.inject({ method: 'GET', url: `/mod/lti/externalregistrationreturn.php?id=${ok1.id}&sesskey=${student.sesskey}&status=success`, headers: { cookie: student.cookie } });
      expect(studentTry.statusCode).toBe(403);
      const deleted = await ok<{ id: number }>(site, admin, 'mod_lti_delete_tool_proxy', { id: ok1.id });
      expect(deleted.id).toBe(ok1.id);
      expect((await call(site, admin, 'mod_lti_delete_tool_proxy', { id: ok1.id })).exception?.errorcode).toBe('unabletofindtoolproxy');
    });
  });

  describe('LTI 2 tool proxy service', () => {
    function toolProxy(base: string, secret: string, capability = 'User.id') {
      return JSON.stringify({
        '@context': 'http://purl.imsglobal.org/ctx/lti/v2/ToolProxy',
        '@type': 'ToolProxy',
        lti_version: 'LTI-2p0',
        tool_profile: {
          product_instance: { product_info: { product_family: { code: 'notes', vendor: { code: 'example' } } } },
          base_url_choice: [{ default_base_url: base }],
          resource_handler: [
            {
              resource_name: { default_value: 'Shared notes' },
              description: { default_value: 'Notes for the class' },
              message: [{ message_type: 'basic-lti-launch-request', path: '/notes/launch', enabled_capability: [capability], parameter: [{ name: 'user', variable: 'User.id' }] }],
            },
          ],
        },
        security_contract: { shared_secret: secret },
      });
    }

    it('offers a profile; a signed tool proxy makes pending tools that ask for agreement; unoffered capabilities and bad signatures are refused', async () => {
      const proxy = await ok<{ id: number; guid: string }>(site, admin, 'mod_lti_create_tool_proxy', { regurl: `${tool.url}/register-lti2` });
      const request = await ok<{ reg_key: string; reg_password: string; tc_profile_url: string }>(site, admin, 'mod_lti_get_tool_proxy_registration_request', { id: proxy.id });
      const profile = (await (await fetch(request.tc_profile_url)).json()) as { capability_offered: string[]; service_offered: Array<{ endpoint: string }> };
      expect(profile.capability_offered).toContain('User.id');
      const endpoint = profile.service_offered[0]?.endpoint ?? '';
      expect(endpoint).toBe(`${wwwroot}/mod/lti/services.php/toolproxy`);
      const post = (body: string, auth: string) =>
        site.app.inject({ method: 'POST', url: '/mod/lti/services.php/toolproxy', headers: { 'content-type': 'application/vnd.ims.lti.v2.toolproxy+json', authorization: auth }, payload: body });

      const before = await typeCount();
      const greedy = toolProxy(tool.url, 'shared-secret-1', 'Person.address.street');
      expect((await post(greedy, signOutcome(endpoint, request.reg_key, request.reg_password, greedy))).statusCode).toBe(400);
      const good = toolProxy(tool.url, 'shared-secret-1');
      expect((await post(good, signOutcome(endpoint, request.reg_key, 'wrong', good))).statusCode).toBe(401);
      expect(await typeCount()).toBe(before);
      const created = await post(good, signOutcome(endpoint, request.reg_key, request.reg_password, good));
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ '@type': 'ToolProxy', tool_proxy_guid: proxy.guid });

      const cards = await ok<ToolTypeCard[]>(site, admin, 'mod_lti_get_tool_types', { toolproxyid: proxy.id });
      expect(cards).toHaveLength(1);
      expect(cards[0]).toMatchObject({ name: 'Shared notes', state: { pending: true }, hascapabilitygroups: true, capabilitygroups: ['User account information'], ltiversion: 'LTI-2p0' });
      const row = await site.platform.db.selectFrom('lti_types').selectAll().where('id', '=', cards[0]!.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ baseurl: `${tool.url}/notes/launch`, resourcekey: proxy.guid, password: 'shared-secret-1', parameter: 'user=$User.id' });
      // Deleting the proxy's last type removes the proxy too.
      await ok(site, admin, 'mod_lti_delete_tool_type', { id: cards[0]!.id });
      expect(await site.platform.db.selectFrom('lti_tool_proxies').select('id').where('id', '=', proxy.id).executeTakeFirst()).toBeUndefined();
    });
  });

  describe('launching', () => {
    let typeid: number;
    let cmid: number;

    beforeAll(async () => {
      typeid = (await ok<ToolTypeCard>(site, admin, 'mod_lti_create_tool_type', { cartridgeurl: `${tool.url}/cartridge`, key: 'key1', secret: tool.secret })).id;
      await site.platform.db.updateTable('lti_types').set({ sendemailaddr: 0, baseurl: `${tool.url}/launch?course=phy&x=a+b` }).where('id', '=', typeid).execute();
      cmid = (await ok<{ cmid: number }>(site, teacher, 'mod_lti_add_instance', { courseid, section: 1, name: 'Quiz tool', intro: 'Line one\nLine two', typeid, instructorcustomparameters: 'Review:Chapter=$User.id\nunknown=$Foo.bar', launchcontainer: 5 })).cmid;
    });

    it('a student cannot add a tool activity; a manual activity needs a URL; an unconfigured tool is refused', async () => {
      expect((await call(site, student, 'mod_lti_add_instance', { courseid, section: 1, name: 'x', toolurl: `${tool.url}/launch` })).exception?.errorcode).toBe('nopermissions');
      expect((await call(site, teacher, 'mod_lti_add_instance', { courseid, section: 1, name: 'x' })).exception?.errorcode).toBe('toolurlrequired');
      expect((await call(site, teacher, 'mod_lti_add_instance', { courseid, section: 1, name: 'x', typeid: 999999 })).exception?.errorcode).toBe('tooltypenotconfigured');
    });

    it('lists the activity for course members, never with a secret', async () => {
      const { ltis } = await ok<{ ltis: Array<{ coursemodule: number; toolname: string }> }>(site, student, 'mod_lti_get_ltis_by_courses', { courseids: [courseid] });
      expect(ltis.find((l) => l.coursemodule === cmid)?.toolname).toBe('Example Quiz Tool');
      const tools = await ok<Array<{ id: number }>>(site, teacher, 'mod_lti_get_course_tools', { courseid });
      expect(tools.map((t) => t.id)).toContain(typeid);
      expect(JSON.stringify(tools)).not.toContain(tool.secret);
    });

    it('an LTI 1.1 launch is signed so the tool verifies it, with the standard fields', async () => {
      const response = await site.app.inject({ method: 'GET', url: `/mod/lti/launch.php?id=${cmid}&sesskey=${student.sesskey}`, headers: { cookie: student.cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-security-policy']).toContain(`form-action ${tool.url}`);
      // The page says its language and direction; its button (for browsers without scripts) is in it.
      expect(response.body).toMatch(/^<!doctype html><html [^>]*lang="en" dir="ltr">/);
      expect(response.body).toContain('<noscript><button type="submit">Launch</button></noscript>');
      const { action, fields } = autoPostForm(response.body);
      expect(action).toBe(`${tool.url}/launch?course=phy&x=a+b`);
      expect(fields).toMatchObject({
        lti_message_type: 'basic-lti-launch-request',
        lti_version: 'LTI-1p0',
        user_id: String(studentId),
        roles: 'Learner',
        context_id: String(courseid),
        context_label: 'PHY1',
        resource_link_description: 'Line one\r\nLine two',
        custom_review_chapter: String(studentId),
        custom_unknown: '$Foo.bar',
        custom_chapter: String(studentId),
        lis_person_name_full: 'Ana Alvarez',
        launch_presentation_document_target: 'window',
        oauth_consumer_key: 'key1',
      });
      expect(fields.lis_person_contact_email_primary).toBeUndefined();
      expect(fields.course).toBeUndefined();
      expect(verifyOAuth(action, fields, tool.secret)).toBe(true);
      expect(verifyOAuth(action, { ...fields, roles: 'Instructor' }, tool.secret)).toBe(false);
      // The browser posts the form to the real tool, which checks it with its own code.
      await fetch(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
      expect(tool.received.at(-1)?.fields.user_id).toBe(String(studentId));
    });

    it('the return URL brings the tool\u2019s messages back escaped, only with the sesskey and the activity\u2019s own course', async () => {
      const launch = await site.app.inject({ method: 'GET', url: `/mod/lti/launch.php?id=${cmid}&sesskey=${student.sesskey}`, headers: { cookie: student.cookie } });
      const back = new URL(autoPostForm(launch.body).fields.launch_presentation_return_url ?? '');
      const instance = (await site.platform.db.selectFrom('course_modules').select('instance').where('id', '=', cmid).executeTakeFirstOrThrow()).instance;
      expect(`${back.origin}${back.pathname}`).toBe(`${wwwroot}/mod/lti/return.php`);
      expect(Object.fromEntries(back.searchParams)).toEqual({ course: String(courseid), launch_container: '5', instanceid: String(instance), sesskey: student.sesskey });
      const queued = async () => site.platform.db.selectFrom('session_notifications').innerJoin('sessions', 'sessions.sid', 'session_notifications.sid').select(['message', 'type']).where('sessions.userid', '=', studentId).orderBy('session_notifications.id').execute();
      const before = (await queued()).length;
      const tail = `&lti_msg=${encodeURIComponent('<b>Done</b> & saved')}&lti_errormsg=${encodeURIComponent('<img src=x onerror=alert(1)>')}`;
      // A forged link (no sesskey, another course, another course's activity) puts nothing in the session.
      const forged = await site.app.inject({ method: 'GET', url: `${back.pathname}?course=${courseid}&instanceid=${instance}&launch_container=5${tail}`, headers: { cookie: student.cookie } });
      expect(forged.statusCode).toBe(403);
      const other = await site.createCourse('Other', 'OTH1');
      const wrong = await site.app.inject({ method: 'GET', url: `${back.pathname}?course=${other}&instanceid=${instance}&launch_container=5&sesskey=${student.sesskey}${tail}`, headers: { cookie: student.cookie } });
      expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
      const missing = await site.app.inject({ method: 'GET', url: `${back.pathname}?course=${courseid}&instanceid=999999&launch_container=5&sesskey=${student.sesskey}${tail}`, headers: { cookie: student.cookie } });
      expect(missing.statusCode).toBe(404);
      expect((await queued()).length).toBe(before);
      const answer = await site.app.inject({ method: 'GET', url: `${back.pathname}${back.search}${tail}`, headers: { cookie: student.cookie } });
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toBe(`/course/view.php?id=${courseid}`);
      expect((await queued()).slice(before)).toEqual([
        { message: '&lt;img src=x onerror=alert(1)&gt;', type: 'error' },
        { message: '&lt;b&gt;Done&lt;/b&gt; &amp; saved', type: 'info' },
      ]);
      // The course page shows them once, as text.
      const fetched = await ok<Array<{ template: string; variables: { message: string } }>>(site, student, 'core_fetch_notifications', { contextid: 1 });
      expect(fetched.map((n) => [n.template, n.variables.message])).toEqual([
        ['core/notification_error', '&lt;img src=x onerror=alert(1)&gt;'],
        ['core/notification_info', '&lt;b&gt;Done&lt;/b&gt; &amp; saved'],
      ]);
      // From an embedded launch the return leaves the frame for the course page.
      const framed = await site.app.inject({ method: 'GET', url: `${back.pathname}?course=${courseid}&instanceid=${instance}&launch_container=2&sesskey=${student.sesskey}`, headers: { cookie: student.cookie } });
      expect(framed.statusCode).toBe(200);
      expect(framed.body).toContain(`window.top.location.href = "/course/view.php?id=${courseid}"`);
      expect(framed.headers['content-security-policy']).toContain("script-src 'nonce-");
    });

    it('a launch needs the sesskey, and the activity visible to the user', async () => {
      expect((await site.app.inject({ method: 'GET', url: `/mod/lti/launch.php?id=${cmid}`, headers: { cookie: student.cookie } })).statusCode).toBe(403);
      const outsider = await site.sessionFor(await site.createUser('outsider'));
      expect((await site.app.inject({ method: 'GET', url: `/mod/lti/launch.php?id=${cmid}&sesskey=${outsider.sesskey}`, headers: { cookie: outsider.cookie } })).statusCode).toBeGreaterThanOrEqual(400);
      await site.platform.db.updateTable('course_modules').set({ visible: 0 }).where('id', '=', cmid).execute();
      expect((await site.app.inject({ method: 'GET', url: `/mod/lti/launch.php?id=${cmid}&sesskey=${student.sesskey}`, headers: { cookie: student.cookie } })).statusCode).toBe(403);
      await site.platform.db.updateTable('course_modules').set({ visible: 1 }).where('id', '=', cmid).execute();
    });

    describe('Basic Outcomes', () => {
      async function outcome(xml: string, auth: string) {
        const response = await site.app.inject({ method: 'POST', url: '/mod/lti/service.php', headers: { 'content-type': 'application/xml', authorization: auth }, payload: xml });
        expect(response.statusCode).toBe(200);
        return response.body;
      }
      const codeMajor = (xml: string) => /<imsx_codeMajor>(\w+)<\/imsx_codeMajor>/.exec(xml)?.[1];
      const gradeOf = async () => {
        const row = await site.platform.db
          .selectFrom('grade_grades as g')
          .innerJoin('grade_items as i', 'i.id', 'g.itemid')
          .select('g.finalgrade')
          .where('i.itemmodule', '=', 'lti')
          .where('i.cmid', '=', cmid)
          .where('g.userid', '=', studentId)
          .executeTakeFirst();
        return row?.finalgrade === null || row?.finalgrade === undefined ? null : Number(row.finalgrade);
      };

      it('a learner launch carries the outcome service; a signed replaceResult reaches the gradebook, bad ones change nothing', async () => {
        await site.platform.db.updateTable('lti_types').set({ acceptgrades: 1 }).where('id', '=', typeid).execute();
        // Saving the activity makes its grade item now that the tool sends grades.
        await ok(site, teacher, 'mod_lti_update_instance', { cmid, name: 'Quiz tool', typeid, launchcontainer: 5, grade: 50 });
        const response = await site.app.inject({ method: 'GET', url: `/mod/lti/launch.php?id=${cmid}&sesskey=${student.sesskey}`, headers: { cookie: student.cookie } });
        const { action, fields } = autoPostForm(response.body);
        expect(verifyOAuth(action, fields, tool.secret)).toBe(true);
        expect(fields.lis_outcome_service_url).toBe(`${wwwroot}/mod/lti/service.php`);
        const sourcedid = fields.lis_result_sourcedid ?? '';
        const url = `${wwwroot}/mod/lti/service.php`;

        const good = poxRequest('replaceResultRequest', sourcedid, '0.85');
        expect(codeMajor(await outcome(good, signOutcome(url, 'key1', tool.secret, good, 'n1')))).toBe('success');
        expect(await gradeOf()).toBeCloseTo(42.5);
        // A replayed nonce, a score out of range or not a number, a tampered sourcedid, a wrong body hash or secret: failure, nothing changed.
        const other = poxRequest('replaceResultRequest', sourcedid, '0.1');
        expect(codeMajor(await outcome(other, signOutcome(url, 'key1', tool.secret, other, 'n1')))).toBe('failure');
        for (const score of ['1.5', 'abc']) {
          const bad = poxRequest('replaceResultRequest', sourcedid, score);
          expect(codeMajor(await outcome(bad, signOutcome(url, 'key1', tool.secret, bad)))).toBe('failure');
        }
        const parsed = JSON.parse(sourcedid) as { data: { userid: number }; hash: string };
        const tampered = poxRequest('replaceResultRequest', JSON.stringify({ ...parsed, data: { ...parsed.data, userid: parsed.data.userid + 1 } }), '0.2');
        expect(codeMajor(await outcome(tampered, signOutcome(url, 'key1', tool.secret, tampered)))).toBe('failure');
        expect(codeMajor(await outcome(other, signOutcome(url, 'key1', tool.secret, good)))).toBe('failure');
        expect(codeMajor(await outcome(other, signOutcome(url, 'key1', 'wrong-secret', other)))).toBe('failure');
        const xxe = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><imsx_POXEnvelopeRequest/>';
        expect(codeMajor(await outcome(xxe, signOutcome(url, 'key1', tool.secret, xxe)))).toBe('failure');
        expect(await gradeOf()).toBeCloseTo(42.5);

        const read = poxRequest('readResultRequest', sourcedid);
        expect(await outcome(read, signOutcome(url, 'key1', tool.secret, read))).toContain('<textString>0.85</textString>');
        const unknown = poxRequest('readResultRequest', sourcedid).replace(/readResultRequest/g, 'replaceLineItemRequest');
        expect(codeMajor(await outcome(unknown, signOutcome(url, 'key1', tool.secret, unknown)))).toBe('unsupported');
        const remove = poxRequest('deleteResultRequest', sourcedid);
        expect(codeMajor(await outcome(remove, signOutcome(url, 'key1', tool.secret, remove)))).toBe('success');
        expect(await gradeOf()).toBeNull();
      });

      it('a teacher launch carries no outcome service', async () => {
        const response = await site.app.inject({ method: 'GET', url: `/mod/lti/launch.php?id=${cmid}&sesskey=${teacher.sesskey}`, headers: { cookie: teacher.cookie } });
        const { fields } = autoPostForm(response.body);
        expect(fields.roles).toBe('Instructor');
        expect(fields.lis_result_sourcedid).toBeUndefined();
      });
    });

    describe('LTI 1.3', () => {
      let tool13: ToolTypeCard;
      let cm13: number;
      const redirect = () => `${tool.url}/redirect`;

      beforeAll(async () => {
        tool13 = await ok<ToolTypeCard>(site, admin, 'mod_lti_save_tool_type', {
          name: 'Advantage tool',
          baseurl: `${tool.url}/target`,
          ltiversion: '1.3.0',
          initiatelogin: `${tool.url}/login`,
          redirectionuris: redirect(),
          sendname: 1,
        });
        cm13 = (await ok<{ cmid: number }>(site, teacher, 'mod_lti_add_instance', { courseid, section: 1, name: 'Advantage', typeid: tool13.id })).cmid;
      });

      async function initiate(session: Session) {
        const response = await site.app.inject({ method: 'GET', url: `/mod/lti/launch.php?id=${cm13}&sesskey=${session.sesskey}`, headers: { cookie: session.cookie } });
        return autoPostForm(response.body);
      }

      const authUrl = (login: Record<string, string>, overrides: Record<string, string> = {}) => authRequestUrl(login, redirect(), overrides);

      it('initiates the login with the standard fields', async () => {
        const { action, fields } = await initiate(student);
        expect(action).toBe(`${tool.url}/login`);
        expect(fields).toMatchObject({ iss: wwwroot, login_hint: String(studentId), target_link_uri: `${tool.url}/target`, client_id: tool13.clientid, lti_deployment_id: String(tool13.id) });
        expect(fields.lti_message_hint?.length).toBeGreaterThan(20);
      });

      it('answers a signed id_token the tool verifies with the JWKS, once per hint', async () => {
        const { fields: login } = await initiate(student);
        const response = await site.app.inject({ method: 'GET', url: authUrl(login), headers: { cookie: student.cookie } });
        const { action, fields } = autoPostForm(response.body);
        expect(action).toBe(redirect());
        expect(fields.state).toBe('state-abc');
        const jwks = createRemoteJWKSet(new URL(`${wwwroot}/mod/lti/certs.php`));
        const { payload, protectedHeader } = await jwtVerify(fields.id_token ?? '', jwks, { issuer: wwwroot, audience: tool13.clientid });
        expect(protectedHeader.alg).toBe('RS256');
        expect(payload.nonce).toBe('nonce-123');
        expect(payload.sub).toBe(String(studentId));
        expect(payload.name).toBe('Ana Alvarez');
        expect(payload['https://purl.imsglobal.org/spec/lti/claim/version']).toBe('1.3.0');
        expect(payload['https://purl.imsglobal.org/spec/lti/claim/message_type']).toBe('LtiResourceLinkRequest');
        expect(payload['https://purl.imsglobal.org/spec/lti/claim/target_link_uri']).toBe(`${tool.url}/target`);
        expect(payload['https://purl.imsglobal.org/spec/lti/claim/roles']).toEqual(['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner']);
        expect(payload['https://purl.imsglobal.org/spec/lti/claim/deployment_id']).toBe(String(tool13.id));
        expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBeLessThanOrEqual(300);
        const keys = (await (await fetch(`${wwwroot}/mod/lti/certs.php`)).json()) as { keys: Array<Record<string, unknown>> };
        expect(keys.keys.every((k) => k.d === undefined && k.p === undefined)).toBe(true);
        const replay = await site.app.inject({ method: 'GET', url: authUrl(login), headers: { cookie: student.cookie } });
        expect(autoPostForm(replay.body).fields).toMatchObject({ error: 'invalid_request', state: 'state-abc' });
        expect(autoPostForm(replay.body).fields.id_token).toBeUndefined();
      });

      it('refuses a wrong scope, response type, mode, missing nonce or prompt with the OIDC error', async () => {
        const cases: Array<[Record<string, string>, string]> = [
          [{ scope: 'email' }, 'invalid_scope'],
          [{ response_type: 'code' }, 'unsupported_response_type'],
          [{ response_mode: 'query' }, 'invalid_request'],
          [{ nonce: '' }, 'invalid_request'],
          [{ prompt: 'login' }, 'invalid_request'],
        ];
        for (const [overrides, error] of cases) {
          const { fields: login } = await initiate(student);
          const response = await site.app.inject({ method: 'GET', url: authUrl(login, overrides), headers: { cookie: student.cookie } });
          const { fields } = autoPostForm(response.body);
          expect(fields, JSON.stringify(overrides)).toMatchObject({ error, state: 'state-abc' });
          expect(fields.id_token).toBeUndefined();
        }
      });

      it('never posts to an unregistered redirect URI, and refuses another user\u2019s hint', async () => {
        const { fields: login } = await initiate(student);
        const evil = await site.app.inject({ method: 'GET', url: authUrl(login, { redirect_uri: 'https://evil.example/cb' }), headers: { cookie: student.cookie } });
        expect(evil.statusCode).toBe(400);
        expect(evil.body).not.toContain('evil.example');
        const other = await site.app.inject({ method: 'GET', url: authUrl(login), headers: { cookie: teacher.cookie } });
        expect(autoPostForm(other.body).fields).toMatchObject({ error: 'login_required' });
      });

      it('the tool settings answer the platform details but never the secret', async () => {
        const settings = await ok<Record<string, unknown>>(site, admin, 'mod_lti_get_tool_type_settings', { id: typeid });
        expect(settings).toMatchObject({ password: '', hassecret: true });
        const s13 = await ok<{ clientid: string; platform: { jwksurl: string } }>(site, admin, 'mod_lti_get_tool_type_settings', { id: tool13.id });
        expect(s13.clientid).toBe(tool13.clientid);
        expect(s13.platform.jwksurl).toBe(`${wwwroot}/mod/lti/certs.php`);
        const bad = await call(site, admin, 'mod_lti_save_tool_type', { name: 'x', baseurl: `${tool.url}/t`, ltiversion: '1.3.0' });
        expect(bad.exception?.errorcode).toBe('formerrors');
      });
    });
  });
});
