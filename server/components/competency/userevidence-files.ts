import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createAccess } from '../../platform/access/checker';
import { getContextById } from '../../platform/access/contexts';
import { CONTEXT_USER } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import type { CallContext } from '../../ws/method';
import { areaFileNamed, readContent } from '../files/storage';
import { userRights } from './rights';
import { USEREVIDENCE_FILEAREA, evidenceArea } from './userevidence';

interface FileParams {
  contextid: string;
  itemid: string;
  filename: string;
}

function fail(platform: Platform, reply: FastifyReply, error: AppError) {
  return reply.code(error.status).send({ error: platform.strings.errorMessage(error.errorcode, error.component, error.a), errorcode: error.errorcode });
}

const notFound = () => new AppError('filenotfound', { component: 'core_files', status: 404 });

/**
 * `GET /pluginfile.php/<usercontextid>/core_competency/userevidence/<evidenceid>/<filename>`: a file of
 * evidence of prior learning, to those who may view the owner's evidence. Anyone else gets the same
 * 404 as for a missing file. Always a download, never rendered in the site's origin.
 */
async function serveEvidenceFile(platform: Platform, request: FastifyRequest<{ Params: FileParams }>, reply: FastifyReply) {
  const user = request.user;
  if (!user) return fail(platform, reply, new AppError('requireloginerror', { status: 401 }));
  const { contextid, itemid, filename } = request.params;
  if (!/^\d{1,10}$/.test(contextid) || !/^\d{1,10}$/.test(itemid)) return fail(platform, reply, notFound());
  const context = await getContextById(platform.db, Number(contextid));
  if (!context || context.contextlevel !== CONTEXT_USER) return fail(platform, reply, notFound());
  const evidence = await platform.db.selectFrom('competency_userevidence').select(['id', 'userid']).where('id', '=', Number(itemid)).where('userid', '=', context.instanceid).executeTakeFirst();
  if (!evidence) return fail(platform, reply, notFound());
  const ctx: CallContext = { platform, db: platform.db, user, session: request.tsession, access: createAccess(platform.db, user.id), lang: 'en', ip: request.ip };
  const rights = await userRights(ctx, evidence.userid);
  if (!rights.viewEvidence) return fail(platform, reply, notFound());
  const file = await areaFileNamed(platform.db, evidenceArea(context.id, evidence.id), filename);
  if (!file) return fail(platform, reply, notFound());
  if (request.headers['if-none-match'] === `"${file.contenthash}"`) return reply.code(304).send();
  const content = await readContent(platform.db, platform.config.filesDir, file);
  if (!content) return fail(platform, reply, notFound());
  return reply
    .header('Content-Type', file.mimetype || 'application/octet-stream')
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, max-age=0, must-revalidate')
    .header('ETag', `"${file.contenthash}"`)
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .send(content);
}

export function registerUserEvidenceFileRoutes(app: FastifyInstance, platform: Platform): void {
  app.get<{ Params: FileParams }>(`/pluginfile.php/:contextid/core_competency/${USEREVIDENCE_FILEAREA}/:itemid/:filename`, (request, reply) => serveEvidenceFile(platform, request, reply));
}
