import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createAccess } from '../../platform/access/checker';
import { getContextById } from '../../platform/access/contexts';
import { CONTEXT_MODULE } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import type { CallContext } from '../../ws/method';
import { areaFileNamed, readContent } from '../files/storage';
import { CAP_GRADE, CAP_VIEWGRADES, COMPONENT, requireAssign } from './access';
import { SUBMISSION_FILEAREA, submissionArea } from './submission';

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
 * `GET /pluginfile.php/<contextid>/mod_assign/submission_files/<submissionid>/<filename>`: a submission
 * file, to the user who submitted it and to users with mod/assign:viewgrades or mod/assign:grade in the
 * module context (after the usual course and module access). Anyone else gets the same 404 as for a
 * file that does not exist. Always served as a download, never rendered in the site's origin.
 */
async function serveSubmissionFile(platform: Platform, request: FastifyRequest<{ Params: FileParams }>, reply: FastifyReply) {
  const user = request.user;
  if (!user) return fail(platform, reply, new AppError('requireloginerror', { status: 401 }));
  const { contextid, itemid, filename } = request.params;
  if (!/^\d{1,10}$/.test(contextid) || !/^\d{1,10}$/.test(itemid)) return fail(platform, reply, notFound());
  const context = await getContextById(platform.db, Number(contextid));
  if (!context || context.contextlevel !== CONTEXT_MODULE) return fail(platform, reply, notFound());
  const ctx: CallContext = { platform, db: platform.db, user, session: request.tsession, access: createAccess(platform.db, user.id), lang: 'en', ip: request.ip };
  try {
    const a = await requireAssign(ctx, { cmid: context.instanceid });
    const submission = await platform.db.selectFrom('assign_submission').select(['id', 'userid']).where('id', '=', Number(itemid)).where('assignment', '=', a.assign.id).executeTakeFirst();
    if (!submission) return fail(platform, reply, notFound());
    const own = submission.userid === user.id;
    if (!own && (await ctx.access.hasCapabilities([CAP_VIEWGRADES, CAP_GRADE], a.modcontext)).size === 0) return fail(platform, reply, notFound());
    const file = await areaFileNamed(platform.db, submissionArea(a.modcontext.id, submission.id), filename);
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
  } catch (error) {
    // Course or module refusals look like a missing file: nothing about the file is told.
    if (error instanceof AppError) return fail(platform, reply, error.status === 401 ? error : notFound());
    throw error;
  }
}

export function registerAssignFileRoutes(app: FastifyInstance, platform: Platform): void {
  app.get<{ Params: FileParams }>(`/pluginfile.php/:contextid/${COMPONENT}/${SUBMISSION_FILEAREA}/:itemid/:filename`, (request, reply) => serveSubmissionFile(platform, request, reply));
}
