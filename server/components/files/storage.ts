import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { now } from '../../platform/platform';

export interface FileArea {
  contextid: number;
  component: string;
  filearea: string;
  itemid: number;
}

/** Image types accepted for pictures, recognised by their first bytes rather than by name or header. */
const IMAGE_SIGNATURES: Array<{ mimetype: string; test: (b: Buffer) => boolean }> = [
  { mimetype: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mimetype: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mimetype: 'image/gif', test: (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a' },
  { mimetype: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/** The image type of the bytes, or undefined when they are not a PNG, JPEG, GIF or WebP image. */
export function imageType(content: Buffer): string | undefined {
  return IMAGE_SIGNATURES.find((s) => s.test(content))?.mimetype;
}

/** Replaces whatever the area held with this one file; answers its id. */
export async function replaceAreaFile(db: Kysely<DB>, area: FileArea, file: { filename: string; mimetype: string; content: Buffer; userid: number }): Promise<number> {
  await clearArea(db, area);
  const row = await db
    .insertInto('files')
    .values({
      ...area,
      filename: file.filename.replace(/[^\w.-]+/g, '_').slice(0, 255) || 'file',
      mimetype: file.mimetype,
      filesize: file.content.length,
      contenthash: createHash('sha256').update(file.content).digest('hex'),
      content: file.content,
      userid: file.userid,
      timecreated: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function clearArea(db: Kysely<DB>, area: FileArea): Promise<void> {
  await db.deleteFrom('files').where('contextid', '=', area.contextid).where('component', '=', area.component).where('filearea', '=', area.filearea).where('itemid', '=', area.itemid).execute();
}

export async function areaFile(db: Kysely<DB>, area: FileArea) {
  return db
    .selectFrom('files')
    .select(['id', 'filename', 'mimetype', 'filesize', 'contenthash', 'content', 'timecreated'])
    .where('contextid', '=', area.contextid)
    .where('component', '=', area.component)
    .where('filearea', '=', area.filearea)
    .where('itemid', '=', area.itemid)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
