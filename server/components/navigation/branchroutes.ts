import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BLOCK_NAVIGATION, BLOCK_SETTINGS, NAV_BRANCH_URL, NAV_TYPE, SITE_ADMIN_BRANCH_URL } from '../../../api/navigation';
import { createAccess } from '../../platform/access/checker';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { answerAjaxScript } from '../../ws/ajaxscript';
import type { CallContext } from '../../ws/method';
import { isGuestCaller } from '../user/profiles';
import { navigationBranch } from './branches';
import { requireBlockInstance } from './blocks';
import { toJson } from './nodes';
import { siteAdminTree } from './siteadmin';

const COMPONENT = 'block_navigation';

/** A form field from the POST body; absent or not text answers ''. */
function field(request: FastifyRequest, name: string): string {
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
  const value = body[name];
  return typeof value === 'string' ? value : '';
}

/** An integer field (Moodle's PARAM_INT): digits with an optional sign, else invalidparameter. */
function intField(request: FastifyRequest, name: string, fallback?: number): number {
  const raw = field(request, name).trim();
  if (raw === '' && fallback !== undefined) return fallback;
  if (!/^-?\d{1,15}$/.test(raw)) throw new AppError('invalidparameter', { debuginfo: `${name}=${raw}` });
  return Number(raw);
}

/** Login, then the sesskey, then the work in one read transaction with the caller's permissions. */
async function asCaller<T>(platform: Platform, request: FastifyRequest, work: (ctx: CallContext) => Promise<T>): Promise<T> {
  const user = request.user;
  const session = request.tsession;
  if (!user || !session) throw new AppError('requireloginerror', { status: 401 });
  if (field(request, 'sesskey') !== session.sesskey) throw new AppError('invalidsesskey', { status: 403 });
  return platform.db.transaction().execute((trx) =>
    work({ platform, db: trx, user, session, access: createAccess(trx, user.id), lang: user.lang || 'en', ip: request.ip }),
  );
}

/**
 * `POST /lib/ajax/getnavbranch.php` (elementid, id, type, sesskey, instance): one branch of the
 * navigation tree with its children, as node JSON whose root is the branch itself (reference §5.2).
 */
function navBranch(platform: Platform, request: FastifyRequest): Promise<unknown> {
  return asCaller(platform, request, async (ctx) => {
    // The client's element id travels with the request; it names the branch's place in its page only.
    if (!/^[A-Za-z0-9_-]{0,200}$/.test(field(request, 'elementid'))) throw new AppError('invalidparameter', { debuginfo: 'elementid' });
    const instance = intField(request, 'instance', 0);
    if (instance !== 0) await requireBlockInstance(ctx, instance, [BLOCK_NAVIGATION, BLOCK_SETTINGS]);
    const id = field(request, 'id');
    if (!/^[A-Za-z0-9]{1,30}$/.test(id)) throw new AppError('invalidparameter', { debuginfo: `id=${id}` });
    const branch = await navigationBranch(ctx, intField(request, 'type'), id);
    return toJson({ ...branch, loaded: true });
  });
}

/**
 * `POST /lib/ajax/getsiteadminbranch.php` (type 71, sesskey): the site administration tree for a
 * logged-in, non-guest user, holding only the pages they may open (reference §5.3).
 */
function siteAdminBranchRoute(platform: Platform, request: FastifyRequest): Promise<unknown> {
  return asCaller(platform, request, async (ctx) => {
    if (await isGuestCaller(ctx)) throw new AppError('invalidaccess', { component: COMPONENT, status: 403 });
    if (field(request, 'type') !== String(NAV_TYPE.SITE_ADMIN)) throw new AppError('wrongnodetype', { component: COMPONENT });
    const tree = await siteAdminTree(ctx);
    if (tree.children.length === 0) throw new AppError('nopermissions', { a: ctx.platform.strings.get('administrationsite', 'moodle', undefined, ctx.lang), status: 403 });
    return toJson({ ...tree, loaded: true });
  });
}

export function registerBranchRoutes(app: FastifyInstance, platform: Platform): void {
  app.post(NAV_BRANCH_URL, (request, reply) => answerAjaxScript(platform, request, reply, () => navBranch(platform, request)));
  app.post(SITE_ADMIN_BRANCH_URL, (request, reply) => answerAjaxScript(platform, request, reply, () => siteAdminBranchRoute(platform, request)));
}
