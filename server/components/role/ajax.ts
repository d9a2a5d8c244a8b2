import type { FastifyInstance, FastifyRequest } from 'fastify';
import { overridableRoles } from '../../platform/access/allow';
import { createAccess } from '../../platform/access/checker';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { answerAjaxScript } from '../../ws/ajaxscript';
import type { CallContext } from '../../ws/method';
import { roleDisplayName } from '../enrol/roles';
import { enterContext } from './context-info';
import { changePermission } from './overrides';

type Fields = Record<string, unknown>;

/** A form field from the body, else from the query string (the endpoint takes GET and POST). */
function field(request: FastifyRequest, name: string): string {
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Fields;
  const query = request.query as Fields;
  const value = body[name] ?? query[name];
  return typeof value === 'string' ? value : '';
}

/** Moodle's PARAM_INT for a required id: digits only, else invalidparameter. */
function intField(request: FastifyRequest, name: string): number {
  const raw = field(request, name).trim();
  if (!/^\d{1,15}$/.test(raw)) throw new AppError('invalidparameter', { debuginfo: `${name}=${raw}` });
  return Number(raw);
}

/**
 * The permission manager's endpoint (§3.1), checks in Moodle's order: login and entry to the context's
 * course or activity, moodle/role:review, the sesskey; then either `getroles=1` → the roles the caller
 * may override there by id, or a change (see changePermission) → the action's name. One transaction:
 * a refused or failed change leaves nothing behind.
 */
async function run(platform: Platform, request: FastifyRequest): Promise<unknown> {
  const user = request.user;
  const session = request.tsession;
  if (!user || !session) throw new AppError('requireloginerror', { status: 401 });
  const contextid = intField(request, 'contextid');
  return platform.db.transaction().execute(async (trx) => {
    const ctx: CallContext = { platform, db: trx, user, session, access: createAccess(trx, user.id), lang: user.lang || 'en', ip: request.ip };
    const context = await enterContext(ctx, contextid);
    await ctx.access.requireCapability('moodle/role:review', context);
    if (field(request, 'sesskey') !== session.sesskey) throw new AppError('invalidsesskey', { status: 403 });
    if (['1', 'true'].includes(field(request, 'getroles'))) {
      const roles = await overridableRoles(trx, ctx.access, context);
      return Object.fromEntries(roles.map((r) => [String(r.id), roleDisplayName(platform, r, ctx.lang)]));
    }
    return changePermission(ctx, context, intField(request, 'roleid'), field(request, 'capability'), field(request, 'action'));
  });
}

export function registerRoleAjaxRoutes(app: FastifyInstance, platform: Platform): void {
  app.get('/admin/roles/ajax.php', (request, reply) => answerAjaxScript(platform, request, reply, () => run(platform, request)));
  app.post('/admin/roles/ajax.php', (request, reply) => answerAjaxScript(platform, request, reply, () => run(platform, request)));
}
