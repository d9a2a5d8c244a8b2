import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { userForToken } from '../platform/auth/tokens';
import { AppError } from '../platform/errors';
import type { Platform } from '../platform/platform';
import { callerLang, callerSeesDebug, runCall, type Caller, type CallResult } from './dispatch';
import { AnswerCache } from './answercache';
import { batchJson, compressedOnce, soleSharedAnswer } from './sharedanswers';
import { COMPRESSION_OPTIONS, acceptedEncoding } from '../platform/compression';
import { wireRequestFailure } from './exceptions';
import { parseNestedForm } from './formdata';
import type { MethodDefinition } from './method';
import type { MethodRegistry } from './registry';

interface BatchItem {
  index: number;
  method: MethodDefinition;
  args: unknown;
}

/** Reads and checks the batch: any bad JSON or unknown method fails the whole request before any call runs. */
function parseBatch(body: string, registry: MethodRegistry): BatchItem[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    throw new AppError('invalidjson', { a: error instanceof Error ? error.message : '', debuginfo: body.slice(0, 200) });
  }
  if (!Array.isArray(parsed)) throw new AppError('invalidrequest', { a: typeof parsed });
  return parsed.map((raw: unknown, position) => {
    if (typeof raw !== 'object' || raw === null) throw new AppError('invalidrequest', { a: `item ${position}` });
    const item = raw as Record<string, unknown>;
    const methodname = (typeof item.methodname === 'string' ? item.methodname : '').replace(/[^A-Za-z0-9_-]/g, '');
    const method = registry.get(methodname);
    // Moodle answers an unknown function as a missing row of its external_functions table.
    if (!method) throw new AppError('invalidrecord', { a: 'external_functions', debuginfo: methodname, status: 404 });
    const index = typeof item.index === 'number' || typeof item.index === 'string' ? Number.parseInt(String(item.index), 10) : position;
    return { index: Number.isNaN(index) ? position : index, method, args: item.args ?? {} };
  });
}

/** A batch of calls that need no login and answer from caches only: its answer may be kept. */
function publicCachedBatch(batch: BatchItem[]): boolean {
  return batch.length > 0 && batch.every((item) => !item.method.database && !item.method.contract.loginRequired);
}

const JSON_TYPE = 'application/json; charset=utf-8';

async function handleBatch(
  platform: Platform,
  registry: MethodRegistry,
  answers: AnswerCache,
  request: FastifyRequest,
  reply: FastifyReply,
  nologin: boolean,
) {
  const query = request.query as Record<string, string | undefined>;
  const caller: Caller = {
    user: nologin ? null : request.user,
    session: nologin ? null : request.tsession,
    sesskey: nologin ? '' : (query.sesskey ?? ''),
    nologin,
    ip: request.ip,
  };
  const body = typeof request.body === 'string' ? request.body : '';
  reply.header('Cache-Control', 'no-store');
  const cacheKey = AnswerCache.key(callerLang(caller), body);
  const kept = answers.get(cacheKey);
  if (kept !== undefined) return reply.type(JSON_TYPE).send(kept);
  let batch: BatchItem[];
  try {
    batch = parseBatch(body, registry);
  } catch (error) {
    const appError = error instanceof AppError ? error : new AppError('invalidjson');
    const debug = await callerSeesDebug(platform, caller);
    return reply.code(200).send(wireRequestFailure(platform, appError, { lang: callerLang(caller), debug }));
  }
  const results: CallResult[] = [];
  for (const item of batch) {
    const result = await runCall(platform, caller, item.method, item.args);
    results[item.index] = result;
    // Calls after a failure are neither run nor answered.
    if (result.error) break;
  }
  const answered = results.filter((r) => r !== undefined);
  const answer = batchJson(answered);
  if (publicCachedBatch(batch) && !results.some((r) => r.error)) answers.set(cacheKey, answer);
  const shared = soleSharedAnswer(answered);
  const encoding = platform.config.compression ? acceptedEncoding(request.headers['accept-encoding']) : null;
  if (shared && encoding && answer.length >= COMPRESSION_OPTIONS.threshold) {
    const body = await compressedOnce(shared, answer, encoding);
    return reply.type(JSON_TYPE).header('Content-Encoding', encoding).header('Vary', 'Accept-Encoding').send(body);
  }
  return reply.type(JSON_TYPE).send(answer);
}

/** Moodle's REST server for script clients: token auth, form-encoded arguments, JSON answers. */
async function handleRest(platform: Platform, registry: MethodRegistry, request: FastifyRequest, reply: FastifyReply) {
  const query = request.query as Record<string, string | undefined>;
  const form = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
  const field = (name: string) => (typeof form[name] === 'string' ? (form[name]) : query[name]);
  const fail = (error: AppError) =>
    reply.send({
      exception: error.component === 'error' ? 'moodle_exception' : `${error.component}_exception`,
      errorcode: error.errorcode,
      message: platform.strings.errorMessage(error.errorcode, error.component, error.a),
    });
  if ((field('moodlewsrestformat') ?? 'xml') !== 'json') return fail(new AppError('invalidparameter', { debuginfo: 'moodlewsrestformat must be json' }));
  const user = await userForToken(platform.db, field('wstoken') ?? '');
  if (!user) return fail(new AppError('invalidtoken'));
  const method = registry.get(field('wsfunction') ?? '');
  if (!method) return fail(new AppError('invalidrecord', { a: 'external_functions' }));
  const entries: Array<[string, string]> = [];
  for (const source of [query as Record<string, unknown>, form]) {
    for (const [key, value] of Object.entries(source)) {
      if (['wstoken', 'wsfunction', 'moodlewsrestformat'].includes(key)) continue;
      for (const v of Array.isArray(value) ? value : [value]) if (typeof v === 'string') entries.push([key, v]);
    }
  }
  const caller: Caller = { user, session: null, sesskey: null, nologin: false, ip: request.ip };
  const result = await runCall(platform, caller, method, parseNestedForm(entries));
  if (!result.error) return reply.send(result.data);
  return reply.send({
    exception: 'moodle_exception',
    errorcode: result.exception.errorcode,
    message: result.exception.message,
    ...(result.exception.debuginfo !== undefined ? { debuginfo: result.exception.debuginfo } : {}),
  });
}

export function registerWebServiceRoutes(app: FastifyInstance, platform: Platform, registry: MethodRegistry): void {
  const answers = new AnswerCache();
  void app.register((scope, _options, done) => {
    // The batch is read as text so bad JSON becomes Moodle's own answer, not a framework 400.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 8 * 1024 * 1024 }, (_req, body, done) => done(null, body));
    scope.post('/lib/ajax/service.php', (request, reply) => handleBatch(platform, registry, answers, request, reply, false));
    scope.post('/lib/ajax/service-nologin.php', (request, reply) => handleBatch(platform, registry, answers, request, reply, true));
    done();
  });
  app.post('/webservice/rest/server.php', (request, reply) => handleRest(platform, registry, request, reply));
  app.get('/webservice/rest/server.php', (request, reply) => handleRest(platform, registry, request, reply));
}

