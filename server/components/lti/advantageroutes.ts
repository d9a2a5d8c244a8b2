import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { AGS_BODY_TYPES, handleAgs, SERVICES_PATH, type ServiceAnswer } from './ags';
import { COMPONENT } from './access';
import { acceptDeepLinkingResponse, CONTENTITEM_PATH, CONTENTITEM_RETURN_PATH, deepLinkingInitiation, requireDeepLinking } from './deeplinking';
import { autoPostText, callContext, inTransaction, pageError, pageLanguage, queueToolMessages, sendAutoPost } from './pagehelpers';
import { issueToken, TOKEN_PATH } from './token';

type Query = Record<string, string | undefined>;

const positive = (value: string | undefined) => (value !== undefined && /^\d+$/.test(value) ? Number(value) : 0);

/** `/mod/lti/contentitem.php?course=&section=&id=<tool>&sesskey=`: starts a deep-linking request (content selection) with the tool. */
async function startDeepLinking(platform: Platform, request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) {
  const ctx = callContext(platform, request);
  if (!ctx || !ctx.user) return pageError(platform, request, reply, new AppError('requireloginerror', { status: 401 }));
  try {
    if (request.query.sesskey !== ctx.session?.sesskey) throw new AppError('invalidsesskey', { status: 403 });
    const courseid = positive(request.query.course);
    const section = positive(request.query.section);
    const fields = await inTransaction(platform, ctx, async (tctx) => {
      const { type } = await requireDeepLinking(tctx, courseid, positive(request.query.id));
      return { type, login: await deepLinkingInitiation(tctx, type, courseid, section) };
    });
    // The tool answers the login initiation by sending the browser back here, which form-action also governs.
    return sendAutoPost(reply, fields.type.initiatelogin, fields.login, autoPostText(platform, ctx.lang, fields.type.name), true);
  } catch (error) {
    return pageError(platform, request, reply, error);
  }
}

/**
 * `/mod/lti/contentitem_return.php?course=&id=<tool>&sesskey=`: the tool posts its signed deep-linking
 * response (field `JWT`). A cross-site POST carries no session cookie (SameSite=Lax), so a request
 * without a session gets a page that posts the same fields here again from this site, with
 * `repost=1`, and sets no cookie; that request carries the session.
 */
async function deepLinkingReturn(platform: Platform, request: FastifyRequest<{ Querystring: Query; Body: Query | undefined }>, reply: FastifyReply) {
  const body = request.body && typeof request.body === 'object' ? request.body : {};
  const ctx = callContext(platform, request);
  if (!ctx || !ctx.user) {
    if (body.repost !== '1' && typeof body.JWT === 'string') {
      const url = new URL(request.url, platform.config.wwwroot).toString();
      const lang = await pageLanguage(platform, request);
      return sendAutoPost(reply, url, { JWT: body.JWT, repost: '1' }, autoPostText(platform, lang, platform.strings.get('launch', COMPONENT, undefined, lang)), true);
    }
    return pageError(platform, request, reply, new AppError('requireloginerror', { status: 401 }));
  }
  try {
    if (request.query.sesskey !== ctx.session?.sesskey) throw new AppError('invalidsesskey', { status: 403 });
    const courseid = positive(request.query.course);
    const jwt = typeof body.JWT === 'string' ? body.JWT : '';
    if (!jwt) throw new AppError('invaliddeeplinkingresponse', { component: COMPONENT, debuginfo: 'no JWT field', status: 400 });
    const { cmid, messages } = await inTransaction(platform, ctx, (tctx) => acceptDeepLinkingResponse(tctx, positive(request.query.id), courseid, jwt));
    if (ctx.session) await queueToolMessages(platform, ctx.session.sid, messages);
    return reply.redirect(cmid ? `/mod/lti/view.php?id=${cmid}` : `/course/view.php?id=${courseid}`, 303);
  } catch (error) {
    return pageError(platform, request, reply, error);
  }
}

function sendService(reply: FastifyReply, answer: ServiceAnswer) {
  void reply.code(answer.status).header('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(answer.headers ?? {})) void reply.header(name, value);
  if (answer.body === undefined) return reply.send();
  return reply.header('Content-Type', answer.contentType ?? 'application/json').send(JSON.stringify(answer.body));
}

/** LTI Advantage: the token endpoint, Assignment and Grade Services, and deep linking. */
export function registerAdvantageRoutes(app: FastifyInstance, platform: Platform): void {
  app.post<{ Body: Query | undefined }>(TOKEN_PATH, async (request, reply) => {
    const form = request.body && typeof request.body === 'object' ? request.body : {};
    const answer = await platform.db.transaction().execute((trx) => issueToken(trx, platform.config.wwwroot, form));
    return reply.code(answer.status).header('Cache-Control', 'no-store').header('Content-Type', 'application/json').send(JSON.stringify(answer.body));
  });
  app.get<{ Querystring: Query }>(CONTENTITEM_PATH, (request, reply) => startDeepLinking(platform, request, reply));
  app.post<{ Querystring: Query; Body: Query | undefined }>(CONTENTITEM_RETURN_PATH, (request, reply) => deepLinkingReturn(platform, request, reply));

  // The grade services read JSON bodies as text, in their own scope, so no other route parses these types.
  void app.register((scope, _options, registered) => {
    scope.addContentTypeParser(AGS_BODY_TYPES, { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    const serve = async (request: FastifyRequest<{ Params: { courseid: string; itemid?: string; sub?: string }; Querystring: Query }>, reply: FastifyReply) => {
      const answer = await platform.db.transaction().execute((trx) =>
        handleAgs(trx, platform.config.wwwroot, {
          method: request.method,
          courseid: request.params.courseid,
          itemid: request.params.itemid,
          sub: request.params.sub,
          query: request.query,
          authorization: request.headers.authorization,
          // application/json arrives parsed by the site's own parser.
          body: typeof request.body === 'string' ? request.body : request.body && typeof request.body === 'object' ? JSON.stringify(request.body) : '',
        }),
      );
      return sendService(reply, answer);
    };
    scope.route({ method: ['GET', 'POST'], url: `${SERVICES_PATH}/:courseid/lineitems`, handler: serve });
    scope.route({ method: ['GET', 'PUT', 'DELETE'], url: `${SERVICES_PATH}/:courseid/lineitems/:itemid/lineitem`, handler: serve });
    scope.route({ method: ['GET', 'POST'], url: `${SERVICES_PATH}/:courseid/lineitems/:itemid/lineitem/:sub`, handler: serve });
    registered();
  });
}
