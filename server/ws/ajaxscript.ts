import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Platform } from '../platform/platform';
import { callerSeesDebug, type Caller } from './dispatch';
import { toAppError, wireRequestFailure } from './exceptions';

/**
 * Answers a route standing for one of Moodle's AJAX scripts (outside the web-service batch): the work's
 * result as JSON, or a failure as one error object with status 200, as Moodle's scripts answer; never a
 * stack trace to others than debugging admins. Unexpected errors are logged by toAppError.
 */
export async function answerAjaxScript(platform: Platform, request: FastifyRequest, reply: FastifyReply, run: () => Promise<unknown>) {
  void reply.header('Cache-Control', 'no-store');
  try {
    return await reply.type('application/json').send(JSON.stringify(await run()));
  } catch (error) {
    const caller: Caller = { user: request.user, session: request.tsession, sesskey: null, nologin: false, ip: request.ip };
    const appError = toAppError(platform, error);
    const debug = await callerSeesDebug(platform, caller);
    const lang = request.user?.lang || 'en';
    const failure = wireRequestFailure(platform, appError, { lang, debug });
    if (appError.errorcode === 'generalexceptionmessage' && !debug) failure.error = platform.strings.errorMessage('unexpectederror', 'error', undefined, lang);
    return reply.code(200).type('application/json').send(failure);
  }
}
