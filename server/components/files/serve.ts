import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { getContextById } from '../../platform/access/contexts';
import type { Context } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { readContent, type StoredFile } from './storage';

/** A refused file route's answer: `{error, errorcode}` with the error's status. */
export function failFileRoute(platform: Platform, reply: FastifyReply, error: AppError) {
  return reply.code(error.status).send({ error: platform.strings.errorMessage(error.errorcode, error.component, error.a), errorcode: error.errorcode });
}

/** A missing file, and one the caller may not see, get the same 404: nothing about the file is told. */
export const fileNotFound = () => new AppError('filenotfound', { component: 'core_files', status: 404 });

/** The path of a `/pluginfile.php/<contextid>/<component>/<filearea>/<itemid>/<filename>` route. */
export interface PluginfileParams {
  contextid: string;
  itemid: string;
  filename: string;
}

/** A pluginfile path's context, when it is of the area's context level, and its item id; undefined for anything else. */
export async function pluginfileTarget(db: Kysely<DB>, params: PluginfileParams, contextlevel: number): Promise<{ context: Context; itemid: number } | undefined> {
  if (!/^\d{1,10}$/.test(params.contextid) || !/^\d{1,10}$/.test(params.itemid)) return undefined;
  const context = await getContextById(db, Number(params.contextid));
  if (!context || context.contextlevel !== contextlevel) return undefined;
  return { context, itemid: Number(params.itemid) };
}

/** The file's bytes with the given headers, or 304 when the browser's copy is current: the ETag is the content hash. */
async function sendContent(platform: Platform, request: FastifyRequest, reply: FastifyReply, file: StoredFile, headers: Record<string, string>, notFound: () => FastifyReply) {
  if (request.headers['if-none-match'] === `"${file.contenthash}"`) return reply.code(304).send();
  const content = await readContent(platform.db, platform.config.filesDir, file);
  if (!content) return notFound();
  return reply
    .headers({ ...headers, ETag: `"${file.contenthash}"`, 'X-Content-Type-Options': 'nosniff' })
    .send(content);
}

/** A stored file as a download, never rendered in the site's origin; a 404 when there is none. */
export async function sendDownload(platform: Platform, request: FastifyRequest, reply: FastifyReply, file: StoredFile | undefined) {
  const notFound = () => failFileRoute(platform, reply, fileNotFound());
  if (!file) return notFound();
  const headers = {
    'Content-Type': file.mimetype || 'application/octet-stream',
    'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    'Cache-Control': 'private, max-age=0, must-revalidate',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  };
  return sendContent(platform, request, reply, file, headers, notFound);
}

/** What an image route answers when there is no image to show. */
export function imageNotFound(platform: Platform, reply: FastifyReply) {
  return reply.code(404).send({ error: platform.strings.errorMessage('notfound', 'error'), errorcode: 'notfound' });
}

/** A stored image (its type was checked when it was stored) to show inline; a 404 when there is none. */
export async function sendImage(platform: Platform, request: FastifyRequest, reply: FastifyReply, file: StoredFile | undefined, cacheControl: string) {
  const notFound = () => imageNotFound(platform, reply);
  if (!file) return notFound();
  const headers = { 'Content-Type': file.mimetype, 'Cache-Control': cacheControl, 'Content-Security-Policy': "default-src 'none'" };
  return sendContent(platform, request, reply, file, headers, notFound);
}
