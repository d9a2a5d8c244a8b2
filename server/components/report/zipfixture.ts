import { inflateRawSync } from 'node:zlib';

/** One entry of a zip as the tests read it: where its local header is, how it is stored, its bytes. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  /** Offset of its local file header in the archive. */
  offset: number;
  /** Its local header carries its sizes (no data descriptor) and no extra field. */
  sizesInHeader: boolean;
  extraLength: number;
  data: Buffer;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * The entries of a zip in the order they are stored, read from its central directory (tests only:
 * no zip64, no encryption). Throws when the archive is not a well-formed zip.
 */
export function readZip(zip: Buffer): ZipEntry[] {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== EOCD) end--;
  if (end < 0) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL) throw new Error(`bad central header ${i}`);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (zip.readUInt32LE(offset) !== LOCAL) throw new Error(`bad local header for ${name}`);
    const flags = zip.readUInt16LE(offset + 6);
    const extraLength = zip.readUInt16LE(offset + 28);
    const start = offset + 30 + zip.readUInt16LE(offset + 26) + extraLength;
    const raw = zip.subarray(start, start + compressed);
    entries.push({ name, method, offset, sizesInHeader: (flags & 0x08) === 0 && zip.readUInt32LE(offset + 18) === compressed, extraLength, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
  }
  return entries.sort((a, b) => a.offset - b.offset);
}
