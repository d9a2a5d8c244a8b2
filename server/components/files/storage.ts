import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { now } from '../../platform/platform';

export interface FileArea {
  contextid: number;
  component: string;
  filearea: string;
  itemid: number;
}

/** A stored file's metadata (its content is on disk under FILES_DIR, by content hash). */
export interface StoredFile {
  id: number;
  filename: string;
  mimetype: string;
  filesize: number;
  contenthash: string;
  userid: number;
  timecreated: number;
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

const MIMETYPES: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  html: 'text/html',
  htm: 'text/html',
  md: 'text/markdown',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  zip: 'application/zip',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
};

/** The type a file is listed with, from its extension (the bytes are always served as a download). */
export function mimetypeOf(filename: string): string {
  const ext = filename.includes('.') ? filename.split('.').pop()!.toLowerCase() : '';
  return MIMETYPES[ext] ?? 'application/octet-stream';
}

/** A file name safe on every disk and in a URL path segment: no slashes, controls or leading dots. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 255);
  return cleaned || 'file';
}

export const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** Where the content with this hash lives: two levels of folders so no folder grows too large. */
export function contentPath(dir: string, hash: string): string {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error(`not a content hash: ${hash}`);
  return join(dir, hash.slice(0, 2), hash.slice(2, 4), hash);
}

/**
 * Writes content under its hash (once: the same bytes are stored once however many files name them)
 * and answers the hash. Written to a temporary name first and renamed, so a reader never sees half a
 * file and two processes writing the same content do not collide.
 */
export async function writeContent(dir: string, content: Buffer): Promise<string> {
  const hash = sha256(content);
  const path = contentPath(dir, hash);
  const existing = await stat(path).catch(() => undefined);
  if (existing?.size === content.length) return hash;
  await mkdir(join(dir, hash.slice(0, 2), hash.slice(2, 4)), { recursive: true });
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, content);
  await rename(temp, path);
  return hash;
}

/** A file's bytes: from disk, or from the row for files stored before contents moved to disk. */
export async function readContent(db: Kysely<DB>, dir: string, file: { id: number; contenthash: string }): Promise<Buffer | undefined> {
  const fromDisk = await readFile(contentPath(dir, file.contenthash)).catch(() => undefined);
  if (fromDisk) return fromDisk;
  const row = await db.selectFrom('files').select('content').where('id', '=', file.id).executeTakeFirst();
  return row?.content ?? undefined;
}

const metadataColumns = ['id', 'filename', 'mimetype', 'filesize', 'contenthash', 'userid', 'timecreated'] as const;

/** The files of an area, by name. */
export async function areaFiles(db: Kysely<DB>, area: FileArea): Promise<StoredFile[]> {
  return (await areaFilesByItem(db, area, [area.itemid])).get(area.itemid) ?? [];
}

/** The files of many items of one area in one query, by item id. */
export async function areaFilesByItem(db: Kysely<DB>, area: Omit<FileArea, 'itemid'>, itemids: readonly number[]): Promise<Map<number, StoredFile[]>> {
  const byItem = new Map<number, StoredFile[]>();
  if (itemids.length === 0) return byItem;
  const rows = await db
    .selectFrom('files')
    .select([...metadataColumns, 'itemid'])
    .where('contextid', '=', area.contextid)
    .where('component', '=', area.component)
    .where('filearea', '=', area.filearea)
    .where('itemid', 'in', itemids)
    .orderBy('filename')
    .orderBy('id')
    .execute();
  for (const { itemid, ...file } of rows) byItem.set(itemid, [...(byItem.get(itemid) ?? []), file]);
  return byItem;
}

/** One named file of an area. */
export async function areaFileNamed(db: Kysely<DB>, area: FileArea, filename: string): Promise<StoredFile | undefined> {
  return db
    .selectFrom('files')
    .select(metadataColumns)
    .where('contextid', '=', area.contextid)
    .where('component', '=', area.component)
    .where('filearea', '=', area.filearea)
    .where('itemid', '=', area.itemid)
    .where('filename', '=', filename)
    .executeTakeFirst();
}

/**
 * Stores a file in an area (its content on disk, its metadata in the caller's transaction), replacing
 * a file of the same name; answers its id.
 */
export async function storeFile(
  db: Kysely<DB>,
  dir: string,
  area: FileArea,
  file: { filename: string; mimetype: string; content: Buffer; userid: number },
): Promise<number> {
  const filename = cleanFilename(file.filename);
  const contenthash = await writeContent(dir, file.content);
  await db
    .deleteFrom('files')
    .where('contextid', '=', area.contextid)
    .where('component', '=', area.component)
    .where('filearea', '=', area.filearea)
    .where('itemid', '=', area.itemid)
    .where('filename', '=', filename)
    .execute();
  const row = await db
    .insertInto('files')
    .values({ ...area, filename, mimetype: file.mimetype, filesize: file.content.length, contenthash, content: null, userid: file.userid, timecreated: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces whatever the area held with this one file; answers its id. */
export async function replaceAreaFile(db: Kysely<DB>, dir: string, area: FileArea, file: { filename: string; mimetype: string; content: Buffer; userid: number }): Promise<number> {
  await clearArea(db, area);
  return storeFile(db, dir, area, file);
}

/** Makes `to` hold the same files as `from` (metadata only: the contents are shared by hash). */
export async function copyArea(db: Kysely<DB>, from: FileArea, to: FileArea, userid?: number): Promise<void> {
  await clearArea(db, to);
  const files = await db
    .selectFrom('files')
    .select(['filename', 'mimetype', 'filesize', 'contenthash', 'content', 'userid', 'timecreated'])
    .where('contextid', '=', from.contextid)
    .where('component', '=', from.component)
    .where('filearea', '=', from.filearea)
    .where('itemid', '=', from.itemid)
    .execute();
  if (files.length === 0) return;
  await db
    .insertInto('files')
    .values(files.map((f) => ({ ...f, ...to, userid: userid ?? f.userid })))
    .execute();
}

export async function clearArea(db: Kysely<DB>, area: FileArea): Promise<void> {
  await db.deleteFrom('files').where('contextid', '=', area.contextid).where('component', '=', area.component).where('filearea', '=', area.filearea).where('itemid', '=', area.itemid).execute();
}

/** Deletes every file of a component in a context (an activity being deleted). */
export async function clearComponentFiles(db: Kysely<DB>, contextids: readonly number[], component: string): Promise<void> {
  if (contextids.length === 0) return;
  await db.deleteFrom('files').where('contextid', 'in', contextids).where('component', '=', component).execute();
}

/** The newest file of an area (a one-file area such as a user picture). */
export async function areaFile(db: Kysely<DB>, area: FileArea): Promise<StoredFile | undefined> {
  return db
    .selectFrom('files')
    .select(metadataColumns)
    .where('contextid', '=', area.contextid)
    .where('component', '=', area.component)
    .where('filearea', '=', area.filearea)
    .where('itemid', '=', area.itemid)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * Removes contents no file row names any more. Only contents older than `graceSeconds` are touched:
 * a content written for a transaction that has not committed yet is never taken. Answers how many
 * were removed.
 */
export async function sweepUnreferencedContent(db: Kysely<DB>, dir: string, graceSeconds = 86_400): Promise<number> {
  const cutoff = Date.now() - graceSeconds * 1000;
  let removed = 0;
  const level1 = await readdir(dir).catch(() => [] as string[]);
  for (const a of level1.filter((n) => /^[0-9a-f]{2}$/.test(n))) {
    for (const b of (await readdir(join(dir, a)).catch(() => [] as string[])).filter((n) => /^[0-9a-f]{2}$/.test(n))) {
      const names = await readdir(join(dir, a, b)).catch(() => [] as string[]);
      const hashes = names.filter((n) => /^[0-9a-f]{64}$/.test(n));
      if (hashes.length === 0) continue;
      const used = new Set((await db.selectFrom('files').select('contenthash').where('contenthash', 'in', hashes).execute()).map((r) => r.contenthash));
      for (const hash of hashes) {
        if (used.has(hash)) continue;
        const path = join(dir, a, b, hash);
        const info = await stat(path).catch(() => undefined);
        if (info && info.mtimeMs < cutoff) {
          await unlink(path).catch(() => undefined);
          removed += 1;
        }
      }
    }
  }
  return removed;
}
