import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageConfig } from '../../api/types';
import { createAccess } from './access/checker';
import { loginAsInfo } from './auth/loginas';
import { htmlLang, serverTimezone, siteLanguage } from './lang/preference';
import type { ComponentDefinition, PageDefinition } from './component';
import { AppError } from './errors';
import { takeNotifications } from './notifications';
import type { Platform } from './platform';
import { ensureSession, saveSessionData } from './session';

const ROOT = join(import.meta.dirname, '..', '..');

/** Paths the server answers itself; everything else that is a GET for HTML is a page of the app. */
const SERVER_PREFIXES = ['/assets/', '/lib/', '/login/', '/webservice/', '/theme/'];

/** How long a read of the app's page is used before its file is looked at again (a rebuild shows within it). */
const SHELL_RECHECK_MS = 1_000;
let shell: { file: string; mtimeMs: number; text: string; checked: number } | undefined;

/** The app's page: read again only when its file changed, and its file looked at no more than once a second. */
function readShell(webDistDir: string): string {
  const now = Date.now();
  if (shell && now - shell.checked < SHELL_RECHECK_MS) return shell.text;
  const built = join(webDistDir, 'index.html');
  // Unbuilt checkouts (unit tests) get the source page; `npm start` always builds first.
  const file = existsSync(built) ? built : join(ROOT, 'web', 'index.html');
  const { mtimeMs } = statSync(file);
  if (shell?.file !== file || shell.mtimeMs !== mtimeMs) shell = { file, mtimeMs, text: readFileSync(file, 'utf8'), checked: now };
  shell.checked = now;
  return shell.text;
}

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export interface PageError {
  errorcode: string;
  message: string;
}

async function pageConfig(platform: Platform, request: FastifyRequest, reply: FastifyReply, pageerror?: PageError): Promise<PageConfig & { pageerror?: PageError }> {
  const session = await ensureSession(platform, request, reply);
  const user = request.user;
  const access = createAccess(platform.db, user?.id ?? 0);
  const isadmin = user ? await access.isSiteAdmin() : false;
  const lang = platform.strings.installedOr(user ? user.lang : await siteLanguage(platform.db));
  return {
    wwwroot: platform.config.wwwroot,
    sesskey: session.sesskey,
    jsrev: platform.strings.revision,
    templaterev: platform.templates.revision,
    themerev: platform.templates.revision,
    userid: user?.id ?? 0,
    theme: 'boost',
    sitename: platform.strings.get('sitename', 'moodle', undefined, lang),
    lang,
    timezone: user?.timezone ?? serverTimezone(),
    developerdebug: platform.config.debugDeveloper && isadmin,
    user: user ? { id: user.id, fullname: `${user.firstname} ${user.lastname}`.trim(), isadmin, picture: user.picture } : null,
    notifications: await takeNotifications(platform.db, session.sid),
    loginas: await loginAsInfo(platform.db, session),
    ...(pageerror ? { pageerror } : {}),
  };
}

/** Sends the app shell with `M.cfg` and a strict content security policy keyed to a fresh nonce. */
export async function sendShell(platform: Platform, request: FastifyRequest, reply: FastifyReply, status = 200, pageerror?: PageError) {
  const cfg = await pageConfig(platform, request, reply, pageerror);
  const nonce = randomBytes(16).toString('base64');
  const script = `<script nonce="${nonce}">window.M = window.M || {}; window.M.cfg = ${scriptJson(cfg)};</script>`;
  const html = readShell(platform.config.webDistDir)
    .replace(/<html[^>]*>/, `<html lang="${htmlLang(cfg.lang)}" dir="${platform.strings.direction(cfg.lang)}">`)
    .replace('</head>', `${script}\n</head>`);
  return reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header(
      'Content-Security-Policy',
      `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; frame-src 'self' https:; form-action 'self' https:; frame-ancestors 'self'; base-uri 'self'; object-src 'none'`,
    )
    .send(html);
}

async function redirectToLogin(platform: Platform, request: FastifyRequest, reply: FastifyReply) {
  const session = await ensureSession(platform, request, reply);
  session.data.wantsurl = request.url;
  await saveSessionData(platform.db, session);
  return reply.redirect('/login/index.php', 303);
}

async function servePage(platform: Platform, page: PageDefinition | undefined, request: FastifyRequest, reply: FastifyReply) {
  const user = request.user;
  if (!user) return redirectToLogin(platform, request, reply);
  if (!page) return sendShell(platform, request, reply, 404);
  try {
    if (page.guard) {
      await platform.db.transaction().execute((trx) =>
        (page.guard as NonNullable<PageDefinition['guard']>)(
          { platform, db: trx, user, session: request.tsession, access: createAccess(trx, user.id), lang: user.lang || 'en', ip: request.ip },
          request.query as Record<string, string | undefined>,
        ),
      );
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const message = platform.strings.errorMessage(error.errorcode, error.component, error.a, user.lang || 'en');
    return sendShell(platform, request, reply, error.status, { errorcode: error.errorcode, message });
  }
  return sendShell(platform, request, reply);
}

/** Serves the single-page app for every component page, and its 404 for unknown paths. */
export function registerPages(app: FastifyInstance, platform: Platform, components: readonly ComponentDefinition[]): void {
  const pages = new Map<string, PageDefinition>();
  for (const component of components) for (const page of component.pages ?? []) pages.set(page.path, page);
  for (const page of pages.values()) app.get(page.path, (request, reply) => servePage(platform, page, request, reply));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (!wantsHtml || SERVER_PREFIXES.some((p) => path.startsWith(p))) {
      return reply.code(404).send({ error: platform.strings.errorMessage('notfound', 'error'), errorcode: 'notfound' });
    }
    return servePage(platform, undefined, request, reply);
  });
}
