import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createAccess } from '../../platform/access/checker';
import { AppError } from '../../platform/errors';
import { sendShell } from '../../platform/pages';
import type { Platform } from '../../platform/platform';
import type { CallContext } from '../../ws/method';
import { CAP_EDITITEMS, requireFeedback } from './access';
import { deleteItem, itemOfFeedback } from './items';

export const EDIT_PATH = '/mod/feedback/edit.php';

/**
 * Moodle's link form of deleting an item (ws-admin-activity.md §9), which the edit page's own screen
 * replaces with a confirmed web-service call: `GET /mod/feedback/edit.php?id=<cmid>&deleteitem=<itemid>&sesskey=…`.
 * Needs the session key and mod/feedback:edititems; only an item of this feedback is deleted; then
 * back to the edit page. Without `deleteitem` the page is served as usual.
 */
async function deleteByLink(platform: Platform, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = request.user;
  const query = request.query as Record<string, string | undefined>;
  // Not logged in: the page's own handler sends the visitor to log in.
  if (!user || query.deleteitem === undefined) return;
  const lang = user.lang || 'en';
  try {
    const cmid = Number(query.id);
    const itemid = Number(query.deleteitem);
    if (!Number.isInteger(cmid) || cmid <= 0 || !Number.isInteger(itemid) || itemid <= 0) throw new AppError('invalidparameter', { status: 400 });
    if (query.sesskey !== request.tsession?.sesskey) throw new AppError('invalidsesskey', { status: 403 });
    await platform.db.transaction().execute(async (db) => {
      const ctx: CallContext = { platform, db, user, session: request.tsession, access: createAccess(db, user.id), lang, ip: request.ip };
      const a = await requireFeedback(ctx, { cmid });
      await ctx.access.requireCapability(CAP_EDITITEMS, a.modcontext);
      await itemOfFeedback(db, a.feedback.id, itemid);
      await deleteItem(db, a.feedback.id, itemid);
    });
    await reply.redirect(`${EDIT_PATH}?id=${cmid}`, 303);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const message = platform.strings.errorMessage(error.errorcode, error.component, error.a, lang);
    await sendShell(platform, request, reply, error.status, { errorcode: error.errorcode, message });
  }
}

/** Runs before the edit page's handler, for that page only. */
export function registerDeleteItemLink(app: FastifyInstance, platform: Platform): void {
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || request.routeOptions.url !== EDIT_PATH) return;
    await deleteByLink(platform, request, reply);
  });
}
