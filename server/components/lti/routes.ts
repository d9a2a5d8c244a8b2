import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { htmlLang } from '../../platform/lang/preference';
import { now, type Platform } from '../../platform/platform';
import type { CallContext } from '../../ws/method';
import { requireModuleAccess } from '../courseformat/access';
import { CAP_VIEW, COMPONENT, requireToolAdmin } from './access';
import { publicKeySet, signingKey } from './keys';
import { requireCourseAccess } from '../course/access';
import { autoPostText, callContext, escapeHtml, inTransaction, pageError, pageLanguage, queueToolMessages, sendAutoPost, type AutoPostText } from './pagehelpers';
import { basicLaunchParams, RETURN_PATH, signLaunch, toolFor, type LaunchSubject } from './launch';
import { registerAdvantageRoutes } from './advantageroutes';
import { deepLinkingToken, requireDeepLinking } from './deeplinking';
import { loginInitiation, resourceLinkToken } from './lti13';
import { handleOutcome, OUTCOMES_PATH } from './outcomes';
import { deleteProxy, PROXY_STATE_CONFIGURED } from './proxies';
import { consumerProfile, PROFILE_PATH, receiveToolProxy, TOOLPROXY_PATH } from './proxyservice';

type Query = Record<string, string | undefined>;

const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#0f6cbf"/><path d="M20 18h10v28h14v8H20z" fill="#fff"/><circle cx="44" cy="22" r="6" fill="#fff"/></svg>`;

/** The activity behind a launch, after course, module and mod/lti:view checks in the module's own context. */
async function launchSubject(ctx: CallContext, cmid: number): Promise<LaunchSubject> {
  const { cm, course, modcontext } = await requireModuleAccess(ctx, cmid, 'lti');
  await ctx.access.requireCapability(CAP_VIEW, modcontext);
  const lti = await ctx.db.selectFrom('lti').selectAll().where('id', '=', cm.instance).executeTakeFirstOrThrow();
  return { lti, cm, course, modcontext, type: await toolFor(ctx, lti) };
}

/** `/mod/lti/launch.php?id=<cmid>&sesskey=`: an LTI 1.1 signed launch, or an LTI 1.3 login initiation. */
async function launch(platform: Platform, request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) {
  const ctx = callContext(platform, request);
  if (!ctx || !ctx.user) return pageError(platform, request, reply, new AppError('requireloginerror', { status: 401 }));
  try {
    if (request.query.sesskey !== ctx.session?.sesskey) throw new AppError('invalidsesskey', { status: 403 });
    const cmid = Number(request.query.id);
    if (!Number.isInteger(cmid) || cmid <= 0) throw new AppError('invalidcoursemodule', { component: 'core_courseformat' });
    const subject = await launchSubject(ctx, cmid);
    const text = autoPostText(platform, ctx.lang, subject.lti.name);
    if (subject.type?.ltiversion === '1.3.0') {
      if (!subject.type.initiatelogin) throw new AppError('tooltypenotconfigured', { component: COMPONENT, status: 409 });
      // The tool answers the login initiation by redirecting back here, which form-action also governs.
      return sendAutoPost(reply, subject.type.initiatelogin, await loginInitiation(ctx, subject, ctx.user.id), text, true);
    }
    const endpoint = subject.lti.toolurl || subject.type?.baseurl || '';
    if (!endpoint) throw new AppError('tooltypenotconfigured', { component: COMPONENT, status: 409 });
    const key = subject.type ? subject.type.resourcekey : subject.lti.resourcekey;
    const secret = subject.type ? subject.type.password : subject.lti.password;
    const fields = signLaunch(endpoint, await basicLaunchParams(ctx, subject, ctx.user), key, secret);
    return sendAutoPost(reply, endpoint, fields, text);
  } catch (error) {
    return pageError(platform, request, reply, error);
  }
}

/**
 * `/mod/lti/return.php?course=&launch_container=&instanceid=&sesskey=` (+ `lti_msg`, `lti_errormsg`):
 * where a tool sends the user back after a launch. The session key and the activity's course are
 * checked before the tool's messages are queued (escaped) for the course page. From an embedded
 * launch the page leaves the frame, so the course page is not shown inside the activity.
 */
async function launchReturn(platform: Platform, request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) {
  const ctx = callContext(platform, request);
  if (!ctx || !ctx.user || !ctx.session) return pageError(platform, request, reply, new AppError('requireloginerror', { status: 401 }));
  try {
    if (request.query.sesskey !== ctx.session.sesskey) throw new AppError('invalidsesskey', { status: 403 });
    const courseid = Number(request.query.course);
    const instanceid = Number(request.query.instanceid);
    if (!Number.isInteger(courseid) || courseid <= 0) throw new AppError('invalidrecord', { a: 'course', status: 404 });
    await requireCourseAccess(ctx, courseid);
    // The activity named must be one of this course's (Moodle checks the same pair).
    const lti = Number.isInteger(instanceid) && instanceid > 0 ? await platform.db.selectFrom('lti').select('id').where('id', '=', instanceid).where('course', '=', courseid).executeTakeFirst() : undefined;
    if (!lti) throw new AppError('invalidrecord', { a: 'lti', status: 404 });
    await queueToolMessages(platform, ctx.session.sid, { msg: request.query.lti_msg, errormsg: request.query.lti_errormsg });
    const target = `/course/view.php?id=${courseid}`;
    const container = Number(request.query.launch_container);
    if (container !== 2 && container !== 3) return reply.header('Cache-Control', 'no-store').redirect(target, 303);
    const nonce = randomBytes(16).toString('base64');
    const title = platform.strings.get('return', COMPONENT, undefined, ctx.lang);
    const html = `<!doctype html><html lang="${htmlLang(ctx.lang)}" dir="${platform.strings.direction(ctx.lang)}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><p><a href="${escapeHtml(target)}" target="_top">${escapeHtml(title)}</a></p>
<script nonce="${nonce}">window.top.location.href = ${JSON.stringify(target)};</script></body></html>`;
    return reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'self'; base-uri 'none'`)
      .send(html);
  } catch (error) {
    return pageError(platform, request, reply, error);
  }
}

/** Posts an OIDC error back to the validated redirect URI with the tool's state; `text` says it in the user's language. */
function authError(reply: FastifyReply, text: AutoPostText, redirectUri: string, error: string, description: string, state: string) {
  return sendAutoPost(reply, redirectUri, { error, error_description: description, state }, { ...text, title: error });
}

/** `/mod/lti/auth.php`: the OIDC authentication request of an LTI 1.3 launch (lti.md §2.3). */
async function authorize(platform: Platform, request: FastifyRequest, reply: FastifyReply) {
  const q = { ...(request.query as Query), ...((request.body as Query | undefined) ?? {}) };
  const str = (name: string) => (typeof q[name] === 'string' ? q[name] : '');
  const refuse = (code: string) => pageError(platform, request, reply, new AppError(code, { component: COMPONENT, status: 400 }));
  const type = str('client_id') ? await platform.db.selectFrom('lti_types').selectAll().where('clientid', '=', str('client_id')).where('ltiversion', '=', '1.3.0').executeTakeFirst() : undefined;
  if (!type) return refuse('invalidclient');
  const redirectUri = str('redirect_uri');
  const registered = type.redirectionuris.split(/\s+/).filter(Boolean);
  // Never post anything to an address the tool did not register.
  if (!redirectUri || !registered.includes(redirectUri)) return refuse('invalidredirecturi');
  const state = str('state');
  const text = autoPostText(platform, await pageLanguage(platform, request), type.name);
  if (str('scope') !== 'openid') return authError(reply, text, redirectUri, 'invalid_scope', 'scope must be openid', state);
  if (str('response_type') !== 'id_token') return authError(reply, text, redirectUri, 'unsupported_response_type', 'response_type must be id_token', state);
  if (str('response_mode') !== 'form_post') return authError(reply, text, redirectUri, 'invalid_request', 'response_mode must be form_post', state);
  if (!str('nonce')) return authError(reply, text, redirectUri, 'invalid_request', 'nonce is required', state);
  if (str('prompt') && str('prompt') !== 'none') return authError(reply, text, redirectUri, 'invalid_request', 'prompt must be none', state);
  const ctx = callContext(platform, request);
  if (!ctx || !ctx.user || str('login_hint') !== String(ctx.user.id)) return authError(reply, text, redirectUri, 'login_required', 'the launch user is not logged in', state);
  const hint = await platform.db
    .deleteFrom('lti_launch_hints')
    .where('hint', '=', str('lti_message_hint'))
    .where('userid', '=', ctx.user.id)
    .where('typeid', '=', type.id)
    .where('expires', '>=', now())
    .returning(['cmid', 'courseid', 'section'])
    .executeTakeFirst();
  if (!hint) return authError(reply, text, redirectUri, 'invalid_request', 'the launch is no longer valid', state);
  try {
    if (hint.cmid === 0) {
      // A deep-linking request: access is checked again, as when it was started.
      const idToken = await inTransaction(platform, ctx, async (tctx) => {
        const { course } = await requireDeepLinking(tctx, hint.courseid, type.id);
        return deepLinkingToken(tctx, type, course, hint.section, str('nonce'));
      });
      return sendAutoPost(reply, redirectUri, { id_token: idToken, state }, text);
    }
    const subject = await launchSubject(ctx, hint.cmid);
    if (subject.type?.id !== type.id) return authError(reply, text, redirectUri, 'unauthorized_client', 'not the tool of this launch', state);
    const fields = await basicLaunchParams(ctx, subject, ctx.user);
    const target = subject.lti.toolurl || type.baseurl;
    const idToken = await resourceLinkToken(ctx, subject, fields, str('nonce'), target);
    return sendAutoPost(reply, redirectUri, { id_token: idToken, state }, { ...text, title: subject.lti.name });
  } catch (error) {
    if (error instanceof AppError) return authError(reply, text, redirectUri, 'access_denied', 'the user may not launch this activity', state);
    throw error;
  }
}

/**
 * `/mod/lti/externalregistrationreturn.php?id=&sesskey=&status=`: where the tool sends the browser after
 * an LTI 2 registration. Success leaves the proxy configured; anything else deletes it. The page tells
 * its parent (the tool administration page) the outcome.
 */
async function registrationReturn(platform: Platform, request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) {
  const ctx = callContext(platform, request);
  if (!ctx) return pageError(platform, request, reply, new AppError('requireloginerror', { status: 401 }));
  try {
    if (request.query.sesskey !== ctx.session?.sesskey) throw new AppError('invalidsesskey', { status: 403 });
    await requireToolAdmin(ctx);
    const id = Number(request.query.id);
    const proxy = Number.isInteger(id) ? await platform.db.selectFrom('lti_tool_proxies').select(['id']).where('id', '=', id).executeTakeFirst() : undefined;
    if (!proxy) throw new AppError('unabletofindtoolproxy', { component: COMPONENT, a: { id }, status: 404 });
    const status = request.query.status ?? '';
    const s = (key: string) => platform.strings.get(key, COMPONENT, undefined, ctx.lang);
    const success = status === 'success';
    const message = success ? request.query.lti_msg || s('successfullycreatedtooltype') : (request.query.lti_errormsg || request.query.lti_msg || s('failedtocreatetooltype'));
    if (success) await platform.db.updateTable('lti_tool_proxies').set({ state: PROXY_STATE_CONFIGURED, timemodified: now() }).where('id', '=', proxy.id).execute();
    else await platform.db.transaction().execute((trx) => deleteProxy(trx, proxy.id));
    const nonce = randomBytes(16).toString('base64');
    const payload = JSON.stringify({ type: 'mod_lti_registration', id: proxy.id, status, error: !success, message }).replace(/</g, '\\u003c');
    const html = `<!doctype html><html lang="${htmlLang(ctx.lang)}" dir="${platform.strings.direction(ctx.lang)}"><head><meta charset="utf-8"><title>${escapeHtml(s('registration'))}</title></head><body><p>${escapeHtml(message)}</p>
<script nonce="${nonce}">window.parent.postMessage(${payload}, ${JSON.stringify(platform.config.wwwroot)});</script></body></html>`;
    return reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', `default-src 'none'; script-src 'nonce-${nonce}'; frame-ancestors 'self'`)
      .send(html);
  } catch (error) {
    return pageError(platform, request, reply, error);
  }
}

export function registerLtiRoutes(app: FastifyInstance, platform: Platform): void {
  registerAdvantageRoutes(app, platform);
  app.get('/mod/lti/icon.svg', (_request, reply) => reply.header('Content-Type', 'image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(ICON));
  app.get('/mod/lti/certs.php', async (_request, reply) => {
    // The first request makes the key pair, so the set is never empty.
    await signingKey(platform.db);
    return reply.header('Content-Type', 'application/json').header('Cache-Control', 'public, max-age=300').send(await publicKeySet(platform.db));
  });
  app.get<{ Querystring: Query }>('/mod/lti/launch.php', (request, reply) => launch(platform, request, reply));
  app.get<{ Querystring: Query }>(RETURN_PATH, (request, reply) => launchReturn(platform, request, reply));
  app.get('/mod/lti/auth.php', (request, reply) => authorize(platform, request, reply));
  app.post('/mod/lti/auth.php', (request, reply) => authorize(platform, request, reply));
  app.get<{ Querystring: Query }>('/mod/lti/externalregistrationreturn.php', (request, reply) => registrationReturn(platform, request, reply));
  // Basic Outcomes (XML) and tool proxies (JSON-LD) are read raw, for their body hash; the parser is
  // registered in its own scope so no other route reads these types.
  void app.register((scope, _options, registered) => {
    scope.addContentTypeParser(['application/xml', 'text/xml', 'application/vnd.ims.lti.v2.toolproxy+json'], { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(OUTCOMES_PATH, async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const xml = await platform.db.transaction().execute((trx) => handleOutcome(trx, platform.config.wwwroot, request.headers.authorization, body));
      return reply.header('Content-Type', 'application/xml; charset=utf-8').send(xml);
    });
    // LTI 2 registration: the tool reads what is offered, then posts its tool proxy (signed with the registration key).
    scope.get<{ Params: { guid: string } }>(`${PROFILE_PATH}/:guid`, async (request, reply) => {
      const profile = await consumerProfile(platform.db, platform.config.wwwroot, request.params.guid);
      if (!profile) return reply.code(404).send({ error: 'Unknown tool proxy' });
      return reply.header('Content-Type', 'application/vnd.ims.lti.v2.toolconsumerprofile+json').send(JSON.stringify(profile));
    });
    scope.post(TOOLPROXY_PATH, async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const answer = await platform.db.transaction().execute((trx) => receiveToolProxy(trx, platform.config.wwwroot, request.headers.authorization, body));
      return reply
        .code(answer.status)
        .header('Content-Type', answer.status === 201 ? 'application/vnd.ims.lti.v2.toolproxy.id+json' : 'application/json')
        .send(JSON.stringify(answer.body));
    });
    registered();
  });
}
