import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { getSystemContext } from '../access/contexts';
import { AppError } from '../errors';
import { eventActor, logEvent } from '../events';
import { htmlLang, siteLanguage } from '../lang/preference';
import { now, type Platform } from '../platform';
import { clearSessionCookie, destroySession, ensureSession, randomToken, saveSessionData, startSession } from '../session';
import { verifyPassword } from './passwords';
import { KNOWN_SERVICES, tokenFor } from './tokens';

const LOGIN_CSS = readFileSync(join(import.meta.dirname, 'login.css'), 'utf8');
/** Login attempts allowed per address and username in the window below. */
export const LOGIN_ATTEMPTS = 20;
const LOGIN_WINDOW = '5 minutes';

/** What the login form shows again: the username typed, and error codes (core `error` strings). */
interface LoginForm {
  username: string;
  error?: string;
  usernameerror?: string;
  passworderror?: string;
}

function field(body: unknown, name: string): string {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}

/** Only same-site paths are followed after login, never another host. */
function safeLocalPath(url: unknown): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : '/my/';
}

async function findUser(platform: Platform, username: string) {
  return platform.db
    .selectFrom('user')
    .select(['id', 'username', 'password', 'suspended'])
    .where(sql<string>`lower(username)`, '=', username.trim().toLowerCase())
    .where('deleted', '=', 0)
    .where('auth', '<>', 'nologin')
    .executeTakeFirst();
}

export function registerAuthRoutes(app: FastifyInstance, platform: Platform): void {
  // The token endpoint answers programs, in the default language like the rest of the web-service API's errors.
  const apiError = (code: string) => platform.strings.errorMessage(code, 'error');

  /** The visitor's language: the user's when logged in, else the site's default; with its direction. */
  async function language(request: FastifyRequest) {
    const lang = platform.strings.installedOr(request.user ? request.user.lang : await siteLanguage(platform.db));
    return { lang, htmllang: htmlLang(lang), dir: platform.strings.direction(lang) };
  }

  async function sendLoginPage(request: FastifyRequest, reply: FastifyReply, form: LoginForm, status = 200) {
    const session = await ensureSession(platform, request, reply);
    const { lang, htmllang, dir } = await language(request);
    const s = (id: string) => platform.strings.get(id, 'moodle', undefined, lang);
    const errorText = (code: string) => platform.strings.errorMessage(code, 'error', undefined, lang);
    if (typeof session.data.logintoken !== 'string') {
      session.data.logintoken = randomToken(24);
      await saveSessionData(platform.db, session);
    }
    const html = platform.templates.render(
      'core',
      'login',
      {
        ...form,
        ...(form.error ? { error: errorText(form.error) } : {}),
        ...(form.usernameerror ? { usernameerror: errorText(form.usernameerror) } : {}),
        ...(form.passworderror ? { passworderror: errorText(form.passworderror) } : {}),
        lang: htmllang,
        dir,
        sitename: s('sitename'),
        loginheading: s('loginheading'),
        usernamelabel: s('username'),
        passwordlabel: s('password'),
        loginbutton: s('login'),
        logintoken: session.data.logintoken,
      },
      platform.strings,
      undefined,
      lang,
    );
    return reply
      .code(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', "default-src 'self'; script-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'self'")
      .send(html);
  }

  async function login(request: FastifyRequest, reply: FastifyReply) {
    const username = field(request.body, 'username');
    const password = field(request.body, 'password');
    const session = request.tsession;
    const expected = session?.data.logintoken;
    if (typeof expected !== 'string' || field(request.body, 'logintoken') !== expected) {
      return sendLoginPage(request, reply, { username, error: 'invalidlogintoken' }, 403);
    }
    if (!username.trim() || !password) {
      return sendLoginPage(request, reply, {
        username,
        ...(!username.trim() ? { usernameerror: 'usernamerequired' } : {}),
        ...(!password ? { passworderror: 'passwordrequired' } : {}),
      }, 400);
    }
    const user = await findUser(platform, username);
    const system = await getSystemContext(platform.db);
    const event = { component: 'core', target: 'user', objecttable: 'user', crud: 'r', contextid: system.id, contextlevel: 10, contextinstanceid: 0 };
    if (!user || !(await verifyPassword(user.password, password))) {
      const visitor = eventActor({ user: null, session: request.tsession, ip: request.ip });
      await logEvent(platform.db, visitor, { ...event, eventname: '\\core\\event\\user_login_failed', action: 'failed', objectid: user?.id ?? 0, other: { username } });
      return sendLoginPage(request, reply, { username, error: 'invalidlogin' }, 401);
    }
    if (user.suspended) return sendLoginPage(request, reply, { username, error: 'usersuspended' }, 403);
    const wantsurl = safeLocalPath(session?.data.wantsurl);
    await startSession(platform, request, reply, user.id);
    const t = now();
    await platform.db.updateTable('user').set((eb) => ({ lastlogin: eb.ref('currentlogin'), currentlogin: t, lastaccess: t })).where('id', '=', user.id).execute();
    const actor = eventActor({ user, session: request.tsession, ip: request.ip });
    await logEvent(platform.db, actor, { ...event, eventname: '\\core\\event\\user_loggedin', action: 'loggedin', objectid: user.id, other: { username: user.username } });
    return reply.redirect(wantsurl, 303);
  }

  async function logout(request: FastifyRequest, reply: FastifyReply) {
    const session = request.tsession;
    if (!session || !request.user) return reply.redirect('/login/index.php', 303);
    const given = field(request.body, 'sesskey') || ((request.query as Record<string, string | undefined>).sesskey ?? '');
    if (given !== session.sesskey) {
      const { lang, htmllang, dir } = await language(request);
      const s = (id: string) => platform.strings.get(id, 'moodle', undefined, lang);
      const html = platform.templates.render(
        'core',
        'logout_confirm',
        { lang: htmllang, dir, sitename: s('sitename'), heading: s('logoutheading'), question: s('logoutconfirm'), sesskey: session.sesskey, button: s('logout'), cancel: s('cancel') },
        platform.strings,
        undefined,
        lang,
      );
      return reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
    }
    await destroySession(platform, session.sid);
    clearSessionCookie(reply);
    return reply.redirect('/login/index.php', 303);
  }

  /** Moodle's script login: username, password and service in, a web-service token out. */
  async function token(request: FastifyRequest, reply: FastifyReply) {
    const from = (name: string) => field(request.body, name) || ((request.query as Record<string, string | undefined>)[name] ?? '');
    const fail = (code: string) => reply.send({ error: apiError(code), errorcode: code, stacktrace: null, debuginfo: null, reproductionlink: null });
    const service = from('service');
    if (!KNOWN_SERVICES.includes(service)) return fail('servicenotavailable');
    const user = await findUser(platform, from('username'));
    if (!user || !(await verifyPassword(user.password, from('password')))) return fail('invalidlogin');
    if (user.suspended) return fail('usersuspended');
    return reply.send({ token: await tokenFor(platform.db, user.id, service), privatetoken: null });
  }

  void app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      hook: 'preHandler',
      keyGenerator: (request) => `${request.ip}|${field(request.body, 'username').trim().toLowerCase()}`,
      errorResponseBuilder: () => new AppError('toomanyloginattempts', { status: 429 }),
    });
    scope.setErrorHandler(async (error, request, reply) => {
      if (error instanceof AppError && error.errorcode === 'toomanyloginattempts') {
        if (request.url.startsWith('/login/token.php')) {
          return reply.code(429).send({ error: apiError('toomanyloginattempts'), errorcode: 'toomanyloginattempts', stacktrace: null, debuginfo: null, reproductionlink: null });
        }
        return sendLoginPage(request, reply, { username: field(request.body, 'username'), error: 'toomanyloginattempts' }, 429);
      }
      throw error;
    });
    const limited = { config: { rateLimit: { max: LOGIN_ATTEMPTS, timeWindow: LOGIN_WINDOW } } };
    scope.get('/login/index.php', (request, reply) => (request.user ? reply.redirect('/my/', 303) : sendLoginPage(request, reply, { username: '' })));
    scope.post('/login/index.php', limited, login);
    scope.post('/login/token.php', limited, token);
    scope.get('/login/logout.php', logout);
    scope.post('/login/logout.php', logout);
    scope.get('/login/login.css', (_request, reply) => reply.header('Content-Type', 'text/css; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(LOGIN_CSS));
  });
}
