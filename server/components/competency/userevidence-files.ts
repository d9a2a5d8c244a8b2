import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createAccess } from '../../platform/access/checker';
import { CONTEXT_USER } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import type { CallContext } from '../../ws/method';
import { failFileRoute as fail, fileNotFound as notFound, pluginfileTarget, sendDownload, type PluginfileParams } from '../files/serve';
import { areaFileNamed } from '../files/storage';
import { userRights } from './rights';
import { USEREVIDENCE_FILEAREA, evidenceArea } from './userevidence';

/**
 * `GET /pluginfile.php/<usercontextid>/core_competency/userevidence/<evidenceid>/<filename>`: a file of
 * evidence of prior learning, to those who may view the owner's evidence. Anyone else gets the same
 * 404 as for a missing file. Always a download, never rendered in the site's origin.
 */
async function serveEvidenceFile(platform: Platform, request: FastifyRequest<{ Params: PluginfileParams }>, reply: FastifyReply) {
  const user = request.user;
  if (!user) return fail(platform, reply, new AppError('requireloginerror', { status: 401 }));
  const target = await pluginfileTarget(platform.db, request.params, CONTEXT_USER);
  if (!target) return fail(platform, reply, notFound());
  const { context, itemid } = target;
  const evidence = await platform.db.selectFrom('competency_userevidence').select(['id', 'userid']).where('id', '=', itemid).where('userid', '=', context.instanceid).executeTakeFirst();
  if (!evidence) return fail(platform, reply, notFound());
  const ctx: CallContext = { platform, db: platform.db, user, session: request.tsession, access: createAccess(platform.db, user.id), lang: 'en', ip: request.ip };
  const rights = await userRights(ctx, evidence.userid);
  if (!rights.viewEvidence) return fail(platform, reply, notFound());
  return sendDownload(platform, request, reply, await areaFileNamed(platform.db, evidenceArea(context.id, evidence.id), request.params.filename));
}

export function registerUserEvidenceFileRoutes(app: FastifyInstance, platform: Platform): void {
  app.get<{ Params: PluginfileParams }>(`/pluginfile.php/:contextid/core_competency/${USEREVIDENCE_FILEAREA}/:itemid/:filename`, (request, reply) => serveEvidenceFile(platform, request, reply));
}
