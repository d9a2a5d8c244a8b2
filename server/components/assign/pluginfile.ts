import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createAccess } from '../../platform/access/checker';
import { CONTEXT_MODULE } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import type { CallContext } from '../../ws/method';
import { failFileRoute as fail, fileNotFound as notFound, pluginfileTarget, sendDownload, type PluginfileParams } from '../files/serve';
import { areaFileNamed } from '../files/storage';
import { CAP_GRADE, CAP_VIEWGRADES, COMPONENT, requireAssign } from './access';
import { SUBMISSION_FILEAREA, submissionArea } from './submission';

/**
 * `GET /pluginfile.php/<contextid>/mod_assign/submission_files/<submissionid>/<filename>`: a submission
 * file, to the user who submitted it and to users with mod/assign:viewgrades or mod/assign:grade in the
 * module context (after the usual course and module access). Anyone else gets the same 404 as for a
 * file that does not exist. Always served as a download, never rendered in the site's origin.
 */
async function serveSubmissionFile(platform: Platform, request: FastifyRequest<{ Params: PluginfileParams }>, reply: FastifyReply) {
  const user = request.user;
  if (!user) return fail(platform, reply, new AppError('requireloginerror', { status: 401 }));
  const target = await pluginfileTarget(platform.db, request.params, CONTEXT_MODULE);
  if (!target) return fail(platform, reply, notFound());
  const { context, itemid } = target;
  const ctx: CallContext = { platform, db: platform.db, user, session: request.tsession, access: createAccess(platform.db, user.id), lang: 'en', ip: request.ip };
  try {
    const a = await requireAssign(ctx, { cmid: context.instanceid });
    const submission = await platform.db.selectFrom('assign_submission').select(['id', 'userid']).where('id', '=', itemid).where('assignment', '=', a.assign.id).executeTakeFirst();
    if (!submission) return fail(platform, reply, notFound());
    const own = submission.userid === user.id;
    if (!own && (await ctx.access.hasCapabilities([CAP_VIEWGRADES, CAP_GRADE], a.modcontext)).size === 0) return fail(platform, reply, notFound());
    return await sendDownload(platform, request, reply, await areaFileNamed(platform.db, submissionArea(a.modcontext.id, submission.id), request.params.filename));
  } catch (error) {
    // Course or module refusals look like a missing file: nothing about the file is told.
    if (error instanceof AppError) return fail(platform, reply, error.status === 401 ? error : notFound());
    throw error;
  }
}

export function registerAssignFileRoutes(app: FastifyInstance, platform: Platform): void {
  app.get<{ Params: PluginfileParams }>(`/pluginfile.php/:contextid/${COMPONENT}/${SUBMISSION_FILEAREA}/:itemid/:filename`, (request, reply) => serveSubmissionFile(platform, request, reply));
}
