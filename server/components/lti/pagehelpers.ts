import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createAccess } from '../../platform/access/checker';
import { AppError } from '../../platform/errors';
import { htmlLang, siteLanguage } from '../../platform/lang/preference';
import { addNotification } from '../../platform/notifications';
import { sendShell } from '../../platform/pages';
import type { Platform } from '../../platform/platform';
import type { CallContext } from '../../ws/method';
import { COMPONENT } from './access';

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** What a self-posting page says, and in which language: its title and its button (shown without scripts). */
export interface AutoPostText {
  title: string;
  button: string;
  lang: string;
  dir: 'ltr' | 'rtl';
}

/** A self-posting page's text in `lang`, the language of whoever it is shown to. */
export function autoPostText(platform: Platform, lang: string, title: string): AutoPostText {
  return { title, button: platform.strings.get('launch', COMPONENT, undefined, lang), lang: htmlLang(lang), dir: platform.strings.direction(lang) };
}

/** The language of a page for whoever asks: their own (or the site's, for a visitor). */
export async function pageLanguage(platform: Platform, request: FastifyRequest): Promise<string> {
  return request.user?.lang || (await siteLanguage(platform.db));
}

/**
 * A page that posts the fields to the tool at once (with a button for browsers without scripts). Its
 * own policy lets the form go only to the tool's origin (and back here, for a redirect that returns)
 * and runs only its nonce'd script.
 */
export function sendAutoPost(reply: FastifyReply, action: string, fields: Record<string, string>, text: AutoPostText, returnsHere = false) {
  const nonce = randomBytes(16).toString('base64');
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const html = `<!doctype html><html lang="${escapeHtml(text.lang)}" dir="${text.dir}"><head><meta charset="utf-8"><title>${escapeHtml(text.title)}</title></head>
<body><form id="ltiform" method="post" action="${escapeHtml(action)}" accept-charset="utf-8">
${inputs}
<noscript><button type="submit">${escapeHtml(text.button)}</button></noscript></form>
<script nonce="${nonce}">document.getElementById('ltiform').submit();</script></body></html>`;
  return reply
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('Content-Security-Policy', `default-src 'none'; script-src 'nonce-${nonce}'; form-action ${new URL(action).origin}${returnsHere ? " 'self'" : ''}; frame-ancestors 'self'; base-uri 'none'`)
    .send(html);
}

export function callContext(platform: Platform, request: FastifyRequest): CallContext | undefined {
  const user = request.user;
  if (!user) return undefined;
  return { platform, db: platform.db, user, session: request.tsession, access: createAccess(platform.db, user.id), lang: user.lang || 'en', ip: request.ip };
}

/** Runs `work` in one transaction, with the caller's context (and its capability checks) reading through it. */
export function inTransaction<T>(platform: Platform, ctx: CallContext, work: (ctx: CallContext) => Promise<T>): Promise<T> {
  return platform.db.transaction().execute((trx) => work({ ...ctx, db: trx, access: createAccess(trx, ctx.user?.id ?? 0) }));
}

export async function pageError(platform: Platform, request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!(error instanceof AppError)) throw error;
  const message = platform.strings.errorMessage(error.errorcode, error.component, error.a, request.user?.lang || 'en');
  return sendShell(platform, request, reply, error.status, { errorcode: error.errorcode, message });
}

/** The longest tool message kept; tools are not a place for essays. */
const TOOL_MESSAGE_MAX = 1000;

/**
 * Queues a tool's messages for the user's next page (lti.md §1.3, §3.3): the message as a notice,
 * the error message as an error. Both are plain text from outside (CVE-2014-9060), so they are
 * escaped and never read as HTML.
 */
export async function queueToolMessages(platform: Platform, sid: string, messages: { msg?: unknown; errormsg?: unknown }): Promise<void> {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, TOOL_MESSAGE_MAX) : '');
  const errormsg = text(messages.errormsg);
  const msg = text(messages.msg);
  if (errormsg) await addNotification(platform.db, sid, escapeHtml(errormsg), 'error');
  if (msg) await addNotification(platform.db, sid, escapeHtml(msg), 'info');
}
