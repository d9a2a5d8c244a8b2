import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { createAccess } from '../../platform/access/checker';
import { ensureUserContext, getSystemContext } from '../../platform/access/contexts';
import { AppError } from '../../platform/errors';
import { logContextEvent } from '../../platform/events';
import type { Platform } from '../../platform/platform';
import { failFileRoute as fail, sendImage } from './serve';
import { areaFile, clearArea, imageType, replaceAreaFile } from './storage';
import { readUploadForm } from './upload';

/** Largest picture accepted, in bytes. */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

const area = (contextid: number) => ({ contextid, component: 'user', filearea: 'icon', itemid: 0 });


function targetId(request: FastifyRequest): number {
  const id = Number((request.query as Record<string, string | undefined>).id);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/** Yourself with moodle/user:editownprofile, anyone with moodle/user:update; never a deleted user. */
async function requireEditPicture(platform: Platform, actorid: number, userid: number): Promise<number> {
  const target = await platform.db.selectFrom('user').select(['id', 'deleted']).where('id', '=', userid).executeTakeFirst();
  if (!target || target.deleted) throw new AppError('invaliduser', { component: 'core_files', status: 404 });
  const access = createAccess(platform.db, actorid);
  const context = await ensureUserContext(platform.db, userid);
  if (userid === actorid && (await access.hasCapability('moodle/user:editownprofile', context))) return context.id;
  await access.requireCapability('moodle/user:update', await getSystemContext(platform.db));
  return context.id;
}

/**
 * User pictures: `POST /user/picture.php?id=N` (multipart: sesskey and a `picture` file, or `delete=1`)
 * and `GET /user/pix.php?id=N` (the image, for logged-in users).
 */
export function registerUserPictureRoutes(app: FastifyInstance, platform: Platform): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 5, fieldSize: 1024 } });

    scope.post('/user/picture.php', async (request, reply) => {
      const actor = request.user;
      if (!actor) return fail(platform, reply, new AppError('requireloginerror', { status: 401 }));
      const userid = targetId(request);
      if (!userid) return fail(platform, reply, new AppError('invalidparameter', { debuginfo: 'id' }));
      if (!request.isMultipart()) return fail(platform, reply, new AppError('invalidparameter', { debuginfo: 'multipart form expected' }));
      const { fields, upload, tooLarge } = await readUploadForm(request);
      if (tooLarge !== undefined) return fail(platform, reply, new AppError('picturetoolarge', { component: 'core_files', a: MAX_PICTURE_BYTES / 1024 / 1024, status: 413 }));
      if (fields.sesskey !== request.tsession?.sesskey) return fail(platform, reply, new AppError('invalidsesskey', { status: 403 }));
      let contextid: number;
      try {
        contextid = await requireEditPicture(platform, actor.id, userid);
      } catch (error) {
        if (error instanceof AppError) return fail(platform, reply, error);
        throw error;
      }
      const logChange = (db: Kysely<DB>, picture: boolean) =>
        logContextEvent({ db, user: actor, session: request.tsession, ip: request.ip }, { id: contextid, contextlevel: 30, instanceid: userid, path: '', depth: 0 }, {
          eventname: '\\core\\event\\user_updated',
          component: 'core',
          action: 'updated',
          target: 'user',
          objecttable: 'user',
          objectid: userid,
          crud: 'u',
          relateduserid: userid,
          other: { picture },
        });
      if (fields.delete === '1') {
        await platform.db.transaction().execute(async (trx) => {
          await clearArea(trx, area(contextid));
          await trx.updateTable('user').set({ picture: 0 }).where('id', '=', userid).execute();
          await logChange(trx, false);
        });
        return { picture: 0 };
      }
      if (!upload || upload.content.length === 0) return fail(platform, reply, new AppError('nofile', { component: 'core_files' }));
      const mimetype = imageType(upload.content);
      if (!mimetype) return fail(platform, reply, new AppError('notanimage', { component: 'core_files' }));
      const file = upload;
      const picture = await platform.db.transaction().execute(async (trx) => {
        const id = await replaceAreaFile(trx, platform.config.filesDir, area(contextid), { filename: file.filename, mimetype, content: file.content, userid: actor.id });
        await trx.updateTable('user').set({ picture: id }).where('id', '=', userid).execute();
        await logChange(trx, true);
        return id;
      });
      return { picture };
    });
  });

  app.get('/user/pix.php', async (request, reply) => {
    if (!request.user) return fail(platform, reply, new AppError('requireloginerror', { status: 401 }));
    const userid = targetId(request);
    const context = userid ? await platform.db.selectFrom('context').select('id').where('contextlevel', '=', 30).where('instanceid', '=', userid).executeTakeFirst() : undefined;
    const file = context ? await areaFile(platform.db, area(context.id)) : undefined;
    return sendImage(platform, request, reply, file, 'private, max-age=86400');
  });
}
