import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { MAX_SLIDE_IMAGE_BYTES } from '../../../api/theme';
import type { DB } from '../../db/schema';
import { ensureUserContext, getSystemContext } from '../../platform/access/contexts';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import type { CallContext } from '../../ws/method';
import { imageNotFound, sendImage } from '../files/serve';
import { areaFile, areaFilesByItem, clearArea, imageType, readContent, replaceAreaFile, type FileArea, type StoredFile } from '../files/storage';

export const COMPONENT = 'theme_essential';
const FILEAREA = 'slideimage';
export const SLIDE_IMAGE_PATH = '/theme/essential/slideimage.php';

const slideArea = (contextid: number, slideid: number): FileArea => ({ contextid, component: COMPONENT, filearea: FILEAREA, itemid: slideid });

/** The address of a slide's image; the content hash in it lets browsers keep the image until it changes. */
export function slideImageUrl(wwwroot: string, slideid: number, file: Pick<StoredFile, 'contenthash'>): string {
  return `${wwwroot}${SLIDE_IMAGE_PATH}?slide=${slideid}&rev=${file.contenthash.slice(0, 16)}`;
}

/** The stored image of each slide that has one, in one query. */
export async function slideImages(db: Kysely<DB>, slideids: readonly number[]): Promise<Map<number, StoredFile>> {
  const system = await getSystemContext(db);
  const byItem = await areaFilesByItem(db, { contextid: system.id, component: COMPONENT, filearea: FILEAREA }, slideids);
  const out = new Map<number, StoredFile>();
  for (const [slideid, files] of byItem) {
    // An area holds one image; should it ever hold more, the newest is the slide's.
    const newest = files.reduce<StoredFile | undefined>((best, f) => (!best || f.id > best.id ? f : best), undefined);
    if (newest) out.set(slideid, newest);
  }
  return out;
}

/**
 * Makes the image the caller uploaded to their draft area the slide's image, and empties the draft.
 * Refusals name the slide's field, so the settings form shows them beside it.
 */
export async function takeDraftImage(ctx: CallContext, draftitemid: number, slideid: number, field: string): Promise<void> {
  const user = ctx.user;
  if (!user) throw new AppError('requireloginerror', { status: 401 });
  const usercontext = await ensureUserContext(ctx.db, user.id);
  const draft: FileArea = { contextid: usercontext.id, component: 'user', filearea: 'draft', itemid: draftitemid };
  const refuse = (errorcode: string, a?: unknown) =>
    new AppError(errorcode, { component: COMPONENT, a, fields: { [field]: ctx.platform.strings.get(errorcode, COMPONENT, a, ctx.lang) } });
  const file = await areaFile(ctx.db, draft);
  if (!file) throw refuse('slideimagemissing');
  if (file.filesize > MAX_SLIDE_IMAGE_BYTES) throw refuse('slideimagetoolarge', `${MAX_SLIDE_IMAGE_BYTES / 1024 / 1024} MB`);
  const content = await readContent(ctx.db, ctx.platform.config.filesDir, file);
  const mimetype = content ? imageType(content) : undefined;
  if (!content || !mimetype) throw refuse('slideimagenotimage');
  const system = await getSystemContext(ctx.db);
  await replaceAreaFile(ctx.db, ctx.platform.config.filesDir, slideArea(system.id, slideid), { filename: file.filename, mimetype, content, userid: user.id });
  await clearArea(ctx.db, draft);
}

export async function removeSlideImage(db: Kysely<DB>, slideid: number): Promise<void> {
  const system = await getSystemContext(db);
  await clearArea(db, slideArea(system.id, slideid));
}

/** Stores an image as a slide's image directly (demo data, tests). */
export async function storeSlideImage(platform: Platform, db: Kysely<DB>, slideid: number, image: { filename: string; content: Buffer; userid: number }): Promise<void> {
  const mimetype = imageType(image.content);
  if (!mimetype) throw new Error(`${image.filename} is not a PNG, JPEG, GIF or WebP image`);
  const system = await getSystemContext(db);
  await replaceAreaFile(db, platform.config.filesDir, slideArea(system.id, slideid), { filename: image.filename, mimetype, content: image.content, userid: image.userid });
}

/** `GET /theme/essential/slideimage.php?slide=N`: a slide's image, for logged-in users (the front page needs a login). */
export function registerSlideImageRoute(app: FastifyInstance, platform: Platform): void {
  app.get(SLIDE_IMAGE_PATH, async (request, reply) => {
    if (!request.user) return reply.code(401).send({ error: platform.strings.errorMessage('requireloginerror', 'error'), errorcode: 'requireloginerror' });
    const slideid = Number((request.query as Record<string, string | undefined>).slide);
    if (!Number.isInteger(slideid) || slideid <= 0 || slideid > 2 ** 31 - 1) return imageNotFound(platform, reply);
    const file = (await slideImages(platform.db, [slideid])).get(slideid);
    return sendImage(platform, request, reply, file, 'private, max-age=31536000, immutable');
  });
}
