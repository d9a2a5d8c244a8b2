import { randomInt } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ensureUserContext } from '../../platform/access/contexts';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { failFileRoute as fail } from './serve';
import { readUploadForm } from './upload';
import { areaFiles, cleanFilename, mimetypeOf, storeFile, type FileArea } from './storage';

/** The largest file a draft area takes (the site upload limit; an activity may allow less). */
export const MAX_DRAFT_FILE_BYTES = 20 * 1024 * 1024;
/** The most files one draft area holds (an activity may allow fewer). */
export const MAX_DRAFT_FILES = 20;

const draft = (contextid: number, itemid: number): FileArea => ({ contextid, component: 'user', filearea: 'draft', itemid });


async function answer(db: Kysely<DB>, area: FileArea) {
  const files = await areaFiles(db, area);
  return { itemid: area.itemid, files: files.map((f) => ({ filename: f.filename, filesize: f.filesize, mimetype: f.mimetype, timecreated: f.timecreated })) };
}

/**
 * `POST /repository/draftfiles.php` (multipart): the caller's own draft areas only. Fields: sesskey,
 * itemid (0: a new draft area), action = upload (with one `file`), delete (with `filename`) or list.
 * Answers the draft area `{itemid, files}`; a refusal answers `{error, errorcode}` and changes nothing.
 * An activity checks its own limits when the files are moved out of the draft.
 */
export function registerDraftRoutes(app: FastifyInstance, platform: Platform): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_DRAFT_FILE_BYTES, files: 1, fields: 10, fieldSize: 1024 } });

    scope.post('/repository/draftfiles.php', async (request, reply) => {
      const actor = request.user;
      if (!actor) return fail(platform, reply, new AppError('requireloginerror', { status: 401 }));
      if (!request.isMultipart()) return fail(platform, reply, new AppError('invalidparameter', { debuginfo: 'multipart form expected' }));
      const { fields, upload, tooLarge } = await readUploadForm(request);
      if (tooLarge !== undefined) return fail(platform, reply, new AppError('maxbytesfile', { component: 'core_files', a: { file: tooLarge, size: `${MAX_DRAFT_FILE_BYTES / 1024 / 1024} MB` }, status: 413 }));
      if (fields.sesskey !== request.tsession?.sesskey) return fail(platform, reply, new AppError('invalidsesskey', { status: 403 }));
      const itemidText = fields.itemid ?? '0';
      if (!/^\d{1,10}$/.test(itemidText) || Number(itemidText) > 2 ** 31 - 1) return fail(platform, reply, new AppError('invalidparameter', { debuginfo: 'itemid' }));
      const action = fields.action ?? 'upload';
      if (!['upload', 'delete', 'list'].includes(action)) return fail(platform, reply, new AppError('invalidparameter', { debuginfo: 'action' }));
      if (actor.id <= 0 || (await isGuest(platform, actor.id))) return fail(platform, reply, new AppError('noguest', { component: 'core_files', status: 403 }));

      const result = await platform.db.transaction().execute(async (trx) => {
        const usercontext = await ensureUserContext(trx, actor.id);
        const itemid = Number(itemidText) || randomInt(1, 2 ** 31 - 1);
        const area = draft(usercontext.id, itemid);
        if (action === 'delete') {
          const filename = fields.filename ?? '';
          const deleted = await trx
            .deleteFrom('files')
            .where('contextid', '=', area.contextid)
            .where('component', '=', area.component)
            .where('filearea', '=', area.filearea)
            .where('itemid', '=', area.itemid)
            .where('filename', '=', filename)
            .executeTakeFirst();
          if (Number(deleted.numDeletedRows) === 0) return new AppError('filenotfound', { component: 'core_files', status: 404 });
        } else if (action === 'upload') {
          if (!upload || upload.content.length === 0) return new AppError('nofile', { component: 'core_files' });
          const existing = await areaFiles(trx, area);
          const name = cleanFilename(upload.filename);
          const replacing = existing.some((f) => f.filename === name);
          if (!replacing && existing.length >= MAX_DRAFT_FILES) return new AppError('maxfilesreached', { component: 'core_files', a: MAX_DRAFT_FILES });
          await storeFile(trx, platform.config.filesDir, area, { filename: upload.filename, mimetype: mimetypeOf(upload.filename), content: upload.content, userid: actor.id });
        }
        return answer(trx, area);
      });
      if (result instanceof AppError) return fail(platform, reply, result);
      return result;
    });
  });
}

async function isGuest(platform: Platform, userid: number): Promise<boolean> {
  const row = await platform.db.selectFrom('config').select('value').where('name', '=', 'siteguest').executeTakeFirst();
  return Number(row?.value ?? 0) === userid;
}
