/**
 * A suspended or deleted account is shut out everywhere at once: the login form, the script login,
 * an old browser session and an old web-service token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../platform/auth/passwords';
import { tokenFor } from '../platform/auth/tokens';
import { testDialects } from '../test/databases';
import { cookieOf, createTestSite, type TestSite } from '../test/site';

const PASSWORD = 'Learner-pass-1';

describe.each(testDialects)('suspended and deleted accounts on %s', (dialect) => {
  let site: TestSite;

  beforeAll(async () => {
    site = await createTestSite(dialect);
  });
  afterAll(() => site.close());

  async function learner(username: string): Promise<number> {
    const id = await site.createUser(username);
    await site.platform.db.updateTable('user').set({ password: await hashPassword(PASSWORD) }).where('id', '=', id).execute();
    return id;
  }

  async function formLogin(username: string): Promise<{ status: number; body: string; loggedIn: boolean }> {
    const page = await site.app.inject({ method: 'GET', url: '/login/index.php' });
    const logintoken = /name="logintoken" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const response = await site.app.inject({
      method: 'POST',
      url: '/login/index.php',
      headers: { cookie: cookieOf(page.headers['set-cookie']), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username, password: PASSWORD, logintoken }).toString(),
    });
    return { status: response.statusCode, body: response.body, loggedIn: response.statusCode === 303 };
  }

  function tokenLogin(username: string) {
    return site.app.inject({ method: 'POST', url: `/login/token.php?username=${username}&password=${PASSWORD}&service=moodle_mobile_app` });
  }

  async function restCall(token: string): Promise<unknown> {
    const response = await site.app.inject({ method: 'GET', url: `/webservice/rest/server.php?wstoken=${token}&wsfunction=core_user_get_user_preferences&moodlewsrestformat=json` });
    return response.json<unknown>();
  }

  async function ajaxCall(session: { cookie: string; sesskey: string }): Promise<unknown> {
    const { json } = await site.ajax([{ methodname: 'core_user_get_user_preferences', args: {} }], session);
    return json;
  }

  it('an active account logs in by form and by script, and its session and token work', async () => {
    const id = await learner('active1');
    expect((await formLogin('active1')).loggedIn).toBe(true);
    expect((await tokenLogin('active1')).json()).toHaveProperty('token');
    const session = await site.sessionFor(id);
    expect(await ajaxCall(session)).toMatchObject([{ error: false }]);
    expect(await restCall(await tokenFor(site.platform.db, id, 'moodle_mobile_app'))).toHaveProperty('preferences');
  });

  for (const change of ['suspended', 'deleted'] as const) {
    it(`a ${change} account cannot log in, and its old session and token stop working at once`, async () => {
      const username = `gone${change}`;
      const id = await learner(username);
      const session = await site.sessionFor(id);
      const token = await tokenFor(site.platform.db, id, 'moodle_mobile_app');
      expect(await ajaxCall(session)).toMatchObject([{ error: false }]);

      await site.platform.db.updateTable('user').set(change === 'suspended' ? { suspended: 1 } : { deleted: 1 }).where('id', '=', id).execute();

      const form = await formLogin(username);
      expect(form.loggedIn).toBe(false);
      expect(form.status).toBeGreaterThanOrEqual(400);
      expect(form.status).toBeLessThan(500);
      const script = await tokenLogin(username);
      expect(script.json()).not.toHaveProperty('token');
      expect(script.json()).toHaveProperty('errorcode');

      // The old browser session is no longer a logged-in one: the call asks for a login.
      const old = (await ajaxCall(session)) as Array<{ error: boolean; exception?: { errorcode: string } }>;
      expect(old[0]?.error).toBe(true);
      expect(old[0]?.exception?.errorcode).toMatch(/requirelogin|servicerequireslogin|invalidsesskey/);
      // The old token is refused.
      expect(await restCall(token)).toMatchObject({ errorcode: 'invalidtoken' });
    });
  }
});

describe.each(testDialects)('session cookies and protective headers on %s', (dialect) => {
  let site: TestSite;

  beforeAll(async () => {
    site = await createTestSite(dialect);
  });
  afterAll(() => site.close());

  it('the session cookie is HttpOnly and SameSite, and never readable by scripts', async () => {
    const page = await site.app.inject({ method: 'GET', url: '/login/index.php' });
    const header = String(page.headers['set-cookie']);
    expect(header).toMatch(/^TesseraSession=/);
    expect(header).toMatch(/;\s*HttpOnly/i);
    expect(header).toMatch(/;\s*SameSite=(Lax|Strict)/i);
  });

  it.each([
    ['/login/index.php', false],
    ['/my/', true],
    ['/course/view.php?id=1', true],
    ['/admin/search.php', true],
  ] as const)('%s carries a script policy without unsafe-inline, a framing rule and the other protective headers', async (url, loggedIn) => {
    const session = await site.sessionFor(site.adminId);
    const response = await site.app.inject({ method: 'GET', url, headers: loggedIn ? { cookie: session.cookie } : {} });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers['content-security-policy'] ?? '');
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).not.toBe('');
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp).toMatch(/frame-ancestors 'self'|frame-ancestors 'none'/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['x-frame-options'] ?? 'SAMEORIGIN').toUpperCase()).toMatch(/SAMEORIGIN|DENY/);
  });

  it('web-service answers are JSON that a browser will not sniff into a page', async () => {
    const response = await site.app.inject({
      method: 'POST',
      url: '/lib/ajax/service.php?info=x',
      headers: { 'content-type': 'application/json' },
      payload: '[]',
    });
    expect(String(response.headers['content-type'])).toContain('application/json');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
