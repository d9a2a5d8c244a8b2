import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { areaFile } from '../files/storage';
import { fileNotFound, sendDownload } from '../files/serve';
import { routeContext, routeFailure } from './run';
import { RESULT_AREA } from './schedule';
import { requireRunReport } from './service';
import { COMPONENT } from './sqlguard';

/**
 * `GET /blocks/configurable_reports/result.php?id=<run>`: the CSV a scheduled run stored, for those
 * who may run its report. A missing run and one the caller may not see get the same 404.
 */
async function storedResult(platform: Platform, request: FastifyRequest<{ Querystring: { id?: string } }>, reply: FastifyReply) {
  let lang: string | undefined;
  try {
    const ctx = routeContext(platform, request);
    lang = ctx.lang;
    const id = Number(request.query.id);
    const run = Number.isInteger(id) && id > 0 ? await platform.db.selectFrom('block_configurable_reports_runs').select(['id', 'reportid']).where('id', '=', id).executeTakeFirst() : undefined;
    if (!run) throw fileNotFound();
    const { report } = await requireRunReport(ctx, run.reportid).catch((error: unknown) => {
      throw error instanceof AppError && error.status === 403 ? fileNotFound() : error;
    });
    const file = await areaFile(platform.db, { contextid: report.contextid, component: COMPONENT, filearea: RESULT_AREA, itemid: run.id });
    return await sendDownload(platform, request, reply, file);
  } catch (error) {
    if (error instanceof AppError) return routeFailure(platform, reply, error, lang);
    throw error;
  }
}

export function registerResultRoute(app: FastifyInstance, platform: Platform): void {
  app.get<{ Querystring: { id?: string } }>('/blocks/configurable_reports/result.php', (request, reply) => storedResult(platform, request, reply));
}
