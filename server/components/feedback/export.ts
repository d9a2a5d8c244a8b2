import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createAccess } from '../../platform/access/checker';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import type { CallContext } from '../../ws/method';
import { CAP_VIEWREPORTS, FEEDBACK_ANONYMOUS, requireFeedback, type FeedbackAccess } from './access';
import { itemsOf, type ItemRow } from './items';
import { responsesPage } from './report';

/** Responses read per query while streaming, so a large export never sits in memory at once. */
const CHUNK = 200;

/** One CSV field: quoted when it needs to be; a leading formula character is neutralised for spreadsheets. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (fields: readonly string[]) => `${fields.map(csvField).join(',')}\r\n`;

async function* csvLines(platform: Platform, a: FeedbackAccess, items: readonly ItemRow[], lang: string): AsyncGenerator<string> {
  const s = (id: string) => platform.strings.get(id, 'mod_feedback', undefined, lang);
  const anonymous = a.feedback.anonymous === FEEDBACK_ANONYMOUS;
  yield '\ufeff' + line([anonymous ? s('responsenumber') : s('fullname'), s('timesubmitted'), ...items.map((i) => i.name || (i.typ === 'info' ? s(`info_${i.presentation}`) : i.label || `${i.typ}_${i.id}`))]);
  for (const kind of [false, true]) {
    for (let page = 0; ; page += 1) {
      const { rows } = await responsesPage(platform.db, a.feedback.id, items, { anonymous: kind, page, perpage: CHUNK });
      for (const r of rows) {
        const who = kind ? s('responsenumber') + ' ' + String(r.number) : r.fullname;
        yield line([who, new Date(r.timemodified * 1000).toISOString(), ...r.responses.map((x) => x.printval)]);
      }
      if (rows.length < CHUNK) break;
    }
  }
}

/**
 * `GET /mod/feedback/export.php?id=<cmid>`: every response as CSV (UTF-8 with a byte-order mark, one
 * row per response, one column per question), streamed in chunks. Needs mod/feedback:viewreports.
 */
async function exportResponses(platform: Platform, request: FastifyRequest<{ Querystring: { id?: string } }>, reply: FastifyReply) {
  const user = request.user;
  const fail = (error: AppError) => reply.code(error.status).send({ error: platform.strings.errorMessage(error.errorcode, error.component, error.a), errorcode: error.errorcode });
  if (!user) return fail(new AppError('requireloginerror', { status: 401 }));
  const cmid = Number(request.query.id);
  if (!Number.isInteger(cmid) || cmid <= 0) return fail(new AppError('invalidcoursemodule', { component: 'core_courseformat', status: 400 }));
  const lang = user.lang || 'en';
  const ctx: CallContext = { platform, db: platform.db, user, session: request.tsession, access: createAccess(platform.db, user.id), lang, ip: request.ip };
  let a: FeedbackAccess;
  try {
    a = await requireFeedback(ctx, { cmid });
    await ctx.access.requireCapability(CAP_VIEWREPORTS, a.modcontext);
  } catch (error) {
    if (error instanceof AppError) return fail(error);
    throw error;
  }
  const items = (await itemsOf(platform.db, a.feedback.id)).filter((i) => i.hasvalue === 1);
  const filename = `${a.feedback.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'feedback'}.csv`;
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(Readable.from(csvLines(platform, a, items, lang)));
}

export function registerExportRoute(app: FastifyInstance, platform: Platform): void {
  app.get<{ Querystring: { id?: string } }>('/mod/feedback/export.php', (request, reply) => exportResponses(platform, request, reply));
}
