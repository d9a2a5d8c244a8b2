/**
 * Cross-site request forgery: every route that can change data refuses a logged-in browser's request
 * that lacks the session key, and changes nothing. The route table is walked, so a new route that is
 * neither known to be read-only nor listed here with a forged request fails the suite.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { createTestSite, type TestSite } from '../test/site';
import { changedTables, databaseChecksum } from './checksum';

/** Routes that read only (besides the pages, which serve the app shell); /assets/* exists once the app is built. */
const READ_ONLY_GET = new Set([
  '/assets/*',
  '/theme/favicon.svg',
  '/favicon.ico',
  '/user/pix.php',
  '/login/index.php',
  '/login/login.css',
  '/webservice/rest/server.php',
  '/pluginfile.php/:contextid/mod_assign/submission_files/:itemid/:filename',
  '/pluginfile.php/:contextid/core_competency/userevidence/:itemid/:filename',
  '/mod/feedback/export.php',
  '/blocks/configurable_reports/export.php',
  '/blocks/configurable_reports/data.php',
  '/blocks/configurable_reports/result.php',
  '/mod/lti/icon.svg',
  '/theme/essential/slideimage.php',
]);

/**
 * Routes that do not use the browser session at all, so a forged request from another site gains
 * nothing: each authenticates by what the request itself carries.
 */
const SESSIONLESS = new Map([
  ['POST /login/token.php', 'username and password in the request'],
  ['POST /webservice/rest/server.php', 'a web-service token in the request'],
  ['GET /webservice/rest/server.php', 'a web-service token in the request'],
  ['POST /lib/ajax/service-nologin.php', 'runs only methods open to visitors, never as the session user'],
  ['POST /login/index.php', 'a one-time login token from the form, checked below'],
  ['GET /mod/lti/certs.php', 'the public keys of the LTI platform, the same for everyone'],
  ['POST /mod/lti/service.php', "the tool's OAuth 1.0 signature over the request and its body"],
  ['POST /mod/lti/services.php/toolproxy', "the registering tool's OAuth 1.0 signature over the request and its body"],
  ['GET /mod/lti/services.php/profile/:guid', 'the offer to a registering tool, named by its unguessable registration key'],
  ['POST /mod/lti/token.php', "a client assertion signed by the tool's own key"],
  ['GET /mod/lti/services.php/:courseid/lineitems', "the tool's bearer token (LTI Advantage grade services)"],
  ['POST /mod/lti/services.php/:courseid/lineitems', "the tool's bearer token (LTI Advantage grade services)"],
  ['GET /mod/lti/services.php/:courseid/lineitems/:itemid/lineitem', "the tool's bearer token (LTI Advantage grade services)"],
  ['PUT /mod/lti/services.php/:courseid/lineitems/:itemid/lineitem', "the tool's bearer token (LTI Advantage grade services)"],
  ['DELETE /mod/lti/services.php/:courseid/lineitems/:itemid/lineitem', "the tool's bearer token (LTI Advantage grade services)"],
  ['GET /mod/lti/services.php/:courseid/lineitems/:itemid/lineitem/:sub', "the tool's bearer token (LTI Advantage grade services)"],
  ['POST /mod/lti/services.php/:courseid/lineitems/:itemid/lineitem/:sub', "the tool's bearer token (LTI Advantage grade services)"],
]);

interface Ids {
  courseid: number;
  studentid: number;
  studentRoleId: number;
}

/** A forged request for each route that changes data: everything right except the session key. */
const FORGED: Record<string, (ids: Ids) => InjectOptions> = {
  'POST /lib/ajax/service.php': () => ({
    method: 'POST',
    url: '/lib/ajax/service.php?info=core_user_update_user_preferences',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify([{ index: 0, methodname: 'core_user_update_user_preferences', args: { preferences: [{ type: 'block_myoverview_user_view_preference', value: 'list' }] } }]),
  }),
  'POST /tag/manage.php': () => ({
    method: 'POST',
    url: '/tag/manage.php',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=addstandardtag&tagslist=forged&tc=1',
  }),
  'GET /course/loginas.php': ({ courseid, studentid }) => ({ method: 'GET', url: `/course/loginas.php?id=${courseid}&user=${studentid}` }),
  'POST /course/loginas.php': ({ courseid, studentid }) => ({
    method: 'POST',
    url: '/course/loginas.php',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${courseid}&user=${studentid}`,
  }),
  'POST /user/picture.php': ({ studentid }) => ({
    method: 'POST',
    url: `/user/picture.php?id=${studentid}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${studentid}&delete=1`,
  }),
  'POST /repository/draftfiles.php': () => ({
    method: 'POST',
    url: '/repository/draftfiles.php',
    headers: { 'content-type': 'multipart/form-data; boundary=forged' },
    payload: [
      '--forged\r\nContent-Disposition: form-data; name="itemid"\r\n\r\n0\r\n',
      '--forged\r\nContent-Disposition: form-data; name="action"\r\n\r\nupload\r\n',
      '--forged\r\nContent-Disposition: form-data; name="file"; filename="forged.txt"\r\nContent-Type: text/plain\r\n\r\nforged\r\n',
      '--forged--\r\n',
    ].join(''),
  }),
  'GET /login/logout.php': () => ({ method: 'GET', url: '/login/logout.php' }),
  'GET /mod/lti/launch.php': () => ({ method: 'GET', url: '/mod/lti/launch.php?id=1' }),
  'GET /mod/lti/contentitem.php': ({ courseid }) => ({ method: 'GET', url: `/mod/lti/contentitem.php?course=${courseid}&section=1&id=1` }),
  // A deep-linking response also needs the tool's signature and a pending request's data, which a forger lacks.
  'POST /mod/lti/contentitem_return.php': ({ courseid }) => ({
    method: 'POST',
    url: `/mod/lti/contentitem_return.php?course=${courseid}&id=1`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'JWT=forged.forged.forged',
  }),
  'GET /mod/lti/return.php': ({ courseid }) => ({ method: 'GET', url: `/mod/lti/return.php?course=${courseid}&instanceid=1&launch_container=5&lti_errormsg=forged` }),
  'GET /mod/lti/externalregistrationreturn.php': () => ({ method: 'GET', url: '/mod/lti/externalregistrationreturn.php?id=1&status=failure' }),
  // The LTI 1.3 authentication request is authorised by a single-use launch hint, which a forger lacks.
  'GET /mod/lti/auth.php': () => ({ method: 'GET', url: '/mod/lti/auth.php?scope=openid&response_type=id_token&client_id=forged' }),
  'POST /mod/lti/auth.php': () => ({ method: 'POST', url: '/mod/lti/auth.php', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'scope=openid&client_id=forged' }),
  'POST /login/logout.php': () => ({ method: 'POST', url: '/login/logout.php', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' }),
  'GET /admin/roles/ajax.php': ({ studentRoleId }) => ({
    method: 'GET',
    url: `/admin/roles/ajax.php?contextid=1&roleid=${studentRoleId}&capability=moodle/course:view&action=prohibit`,
  }),
  'POST /admin/roles/ajax.php': ({ studentRoleId }) => ({
    method: 'POST',
    url: '/admin/roles/ajax.php',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `contextid=1&roleid=${studentRoleId}&capability=moodle/course:view&action=prohibit`,
  }),
  // The navigation branches only read, but they answer as the session's user, so they want the key too.
  'POST /lib/ajax/getnavbranch.php': ({ courseid }) => ({
    method: 'POST',
    url: '/lib/ajax/getnavbranch.php',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `elementid=expandable_branch_20_${courseid}&id=${courseid}&type=20`,
  }),
  'POST /lib/ajax/getsiteadminbranch.php': () => ({
    method: 'POST',
    url: '/lib/ajax/getsiteadminbranch.php',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'type=71',
  }),
};

describe.each(testDialects)('requests without the session key on %s', (dialect) => {
  let site: TestSite;
  let ids: Ids;
  let pagePaths: Set<string>;

  beforeAll(async () => {
    site = await createTestSite(dialect);
    const courseid = await site.createCourse('Forgery 101', 'F101');
    const studentid = await site.createUser('victim');
    await site.enrol(studentid, courseid, 'student');
    const role = await site.platform.db.selectFrom('role').select('id').where('shortname', '=', 'student').executeTakeFirstOrThrow();
    ids = { courseid, studentid, studentRoleId: role.id };
    pagePaths = new Set(site.platform.components.flatMap((c) => (c.pages ?? []).map((p) => p.path)));
  });
  afterAll(() => site.close());

  it('every route is read-only, session-less, or has a forged request below', () => {
    const unclassified = site.app.routeTable
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => {
        const [method, url = ''] = key.split(' ');
        if (method === 'GET' && (READ_ONLY_GET.has(url) || pagePaths.has(url))) return false;
        return !SESSIONLESS.has(key) && !(key in FORGED);
      });
    expect(unclassified).toEqual([]);
  });

  it.each(Object.keys(FORGED))('%s is refused without the session key and changes nothing', async (key) => {
    const forge = FORGED[key];
    if (!forge) throw new Error(`no forged request for ${key}`);
    const session = await site.sessionFor(site.adminId);
    const request = forge(ids);
    const before = await databaseChecksum(site.platform.db);
    const response = await site.app.inject({ ...request, headers: { ...request.headers, cookie: session.cookie } });
    expect(changedTables(before, await databaseChecksum(site.platform.db))).toEqual([]);
    expect(response.statusCode).toBeLessThan(500);
    // Not a success: an error status, an error answer, or a page asking to confirm (a form that carries
    // the session key for the real request).
    const body = response.body;
    const asksToConfirm = /<form[^>]*method="post"/i.test(body) && body.includes(`value="${session.sesskey}"`);
    const refused = response.statusCode >= 400 || /invalidsesskey|"error":\s*true/i.test(body) || asksToConfirm;
    expect(refused, `${key} answered ${response.statusCode}: ${body.slice(0, 200)}`).toBe(true);
    // The admin is still logged in as themselves.
    const still = await site.platform.db.selectFrom('sessions').select('userid').where('sid', '=', session.cookie.split('=')[1] ?? '').executeTakeFirst();
    expect(still?.userid).toBe(site.adminId);
  });

  it('the same forged requests succeed with the session key, so the refusals above are about the key', async () => {
    const session = await site.sessionFor(site.adminId);
    const request = FORGED['POST /tag/manage.php']?.(ids);
    if (typeof request?.payload !== 'string') throw new Error('missing forged tag request');
    const before = await databaseChecksum(site.platform.db);
    await site.app.inject({ ...request, payload: `${request.payload}&sesskey=${session.sesskey}`, headers: { ...request.headers, cookie: session.cookie } });
    expect(changedTables(before, await databaseChecksum(site.platform.db))).toContain('tag');
  });

  it('the login form refuses a post without its one-time login token', async () => {
    const before = await databaseChecksum(site.platform.db);
    const response = await site.app.inject({
      method: 'POST',
      url: '/login/index.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=admin&password=Admin-pass-1',
    });
    expect(response.statusCode).not.toBe(303);
    expect(changedTables(before, await databaseChecksum(site.platform.db)).filter((t) => t !== 'logstore_standard_log')).toEqual([]);
  });

  it('the visitor endpoint refuses a method that needs a login', async () => {
    const { json } = await site.ajax([{ methodname: 'core_user_update_user_preferences', args: { preferences: [] } }], null, true);
    expect(json).toMatchObject([{ error: true }]);
  });
});
