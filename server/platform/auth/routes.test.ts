import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../test/databases';
import { cookieOf, createTestSite, TEST_ADMIN_PASSWORD, type TestSite } from '../../test/site';
import { LOGIN_ATTEMPTS } from './routes';

describe.each(testDialects)('login, logout and script login on %s', (dialect) => {
  let site: TestSite;

  beforeAll(async () => {
    site = await createTestSite(dialect);
  });
  afterAll(() => site.close());

  /** Opens the login page as a new visitor: its session cookie and login token. */
  async function visit(): Promise<{ cookie: string; logintoken: string; body: string }> {
    const page = await site.app.inject({ method: 'GET', url: '/login/index.php' });
    expect(page.statusCode).toBe(200);
    const logintoken = /name="logintoken" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    return { cookie: cookieOf(page.headers['set-cookie']), logintoken, body: page.body };
  }

  function post(cookie: string, form: Record<string, string>) {
    return site.app.inject({
      method: 'POST',
      url: '/login/index.php',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
  }

  it('shows a form with username, password and a per-visit login token', async () => {
    const { body, logintoken } = await visit();
    expect(body).toContain('<label for="username">Username</label>');
    expect(body).toContain('name="password"');
    expect(logintoken.length).toBeGreaterThan(20);
    expect((await visit()).logintoken).not.toBe(logintoken);
  });

  it('opens the login and logout pages, as every page, with a skip link to their main landmark', async () => {
    const skipToMain = /<body>\s*<a class="skip-link" href="#login-main">Skip to main content<\/a>\s*<main [^>]*id="login-main"/;
    expect((await visit()).body).toMatch(skipToMain);
    const session = await site.sessionFor(site.adminId);
    expect((await site.app.inject({ method: 'GET', url: '/login/logout.php', headers: { cookie: session.cookie } })).body).toMatch(skipToMain);
  });

  it('refuses a wrong password with a clear error and leaves the visitor logged out', async () => {
    const { cookie, logintoken } = await visit();
    const response = await post(cookie, { username: 'admin', password: 'wrong', logintoken });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('Invalid login, please try again');
    const sid = cookie.split('=')[1] ?? '';
    const session = await site.platform.db.selectFrom('sessions').select('userid').where('sid', '=', sid).executeTakeFirstOrThrow();
    expect(session.userid).toBe(0);
  });

  it('refuses a missing or stale login token', async () => {
    const { cookie } = await visit();
    const response = await post(cookie, { username: 'admin', password: TEST_ADMIN_PASSWORD, logintoken: 'forged' });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('Your login form has expired');
  });

  it('asks for both fields when one is empty', async () => {
    const { cookie, logintoken } = await visit();
    const response = await post(cookie, { username: '', password: '', logintoken });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Enter your username');
    expect(response.body).toContain('Enter your password');
  });

  it('logs in with a new session id, returns to the page the visitor wanted, and records the event', async () => {
    const wanted = await site.app.inject({ method: 'GET', url: '/my/', headers: { accept: 'text/html' } });
    const cookie = cookieOf(wanted.headers['set-cookie']);
    const page = await site.app.inject({ method: 'GET', url: '/login/index.php', headers: { cookie } });
    const logintoken = /name="logintoken" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const response = await post(cookie, { username: 'ADMIN', password: TEST_ADMIN_PASSWORD, logintoken });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/my/');
    const loggedIn = cookieOf(response.headers['set-cookie']);
    expect(loggedIn).not.toBe(cookie);
    expect(String(response.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(response.headers['set-cookie'])).toMatch(/SameSite=Lax/i);
    const session = await site.platform.db.selectFrom('sessions').select('userid').where('sid', '=', loggedIn.split('=')[1] ?? '').executeTakeFirstOrThrow();
    expect(session.userid).toBe(site.adminId);
    const event = await site.platform.db.selectFrom('logstore_standard_log').select('userid').where('eventname', '=', '\\core\\event\\user_loggedin').executeTakeFirst();
    expect(event?.userid).toBe(site.adminId);
  });

  it('logs out only with the sesskey, and asks to confirm without it', async () => {
    const session = await site.sessionFor(site.adminId);
    const withoutKey = await site.app.inject({ method: 'GET', url: '/login/logout.php', headers: { cookie: session.cookie } });
    expect(withoutKey.statusCode).toBe(200);
    expect(withoutKey.body).toContain('Do you really want to log out?');
    expect(withoutKey.body).toContain(`value="${session.sesskey}"`);
    const sid = session.cookie.split('=')[1] ?? '';
    expect(await site.platform.db.selectFrom('sessions').select('sid').where('sid', '=', sid).executeTakeFirst()).toBeDefined();
    const withKey = await site.app.inject({ method: 'GET', url: `/login/logout.php?sesskey=${session.sesskey}`, headers: { cookie: session.cookie } });
    expect(withKey.statusCode).toBe(303);
    expect(withKey.headers.location).toBe('/login/index.php');
    expect(await site.platform.db.selectFrom('sessions').select('sid').where('sid', '=', sid).executeTakeFirst()).toBeUndefined();
  });

  it('gives a script a web-service token that works on the REST server', async () => {
    const response = await site.app.inject({
      method: 'POST',
      url: '/login/token.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=admin&password=${TEST_ADMIN_PASSWORD}&service=moodle_mobile_app`,
    });
    const { token } = response.json<{ token: string }>();
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    const again = await site.app.inject({ method: 'POST', url: `/login/token.php?username=admin&password=${TEST_ADMIN_PASSWORD}&service=moodle_mobile_app` });
    expect(again.json<{ token: string }>().token).toBe(token);
    const call = await site.app.inject({ method: 'GET', url: `/webservice/rest/server.php?wstoken=${token}&wsfunction=core_course_get_courses&moodlewsrestformat=json&options[ids][0]=1` });
    expect(call.json<Array<{ id: number }>>().map((c) => c.id)).toEqual([1]);
    const wrong = await site.app.inject({ method: 'POST', url: '/login/token.php?username=admin&password=nope&service=moodle_mobile_app' });
    expect(wrong.json()).toMatchObject({ errorcode: 'invalidlogin' });
    expect(wrong.json()).not.toHaveProperty('token');
    const noService = await site.app.inject({ method: 'POST', url: `/login/token.php?username=admin&password=${TEST_ADMIN_PASSWORD}` });
    expect(noService.json()).toMatchObject({ errorcode: 'servicenotavailable' });
  });

  it('limits repeated login attempts for one username', async () => {
    const { cookie, logintoken } = await visit();
    let last = 0;
    for (let i = 0; i <= LOGIN_ATTEMPTS; i++) last = (await post(cookie, { username: 'guessme', password: `try${i}`, logintoken })).statusCode;
    expect(last).toBe(429);
    const blocked = await post(cookie, { username: 'guessme', password: 'again', logintoken });
    expect(blocked.body).toContain('Too many login attempts');
  });
});
