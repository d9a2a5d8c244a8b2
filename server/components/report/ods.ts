import { Readable } from 'node:stream';
import archiver from 'archiver';
import type { Cell } from '../../../api/report';

/**
 * An OpenDocument spreadsheet (ODF 1.2) written as it streams: a zip whose first entry is the
 * uncompressed `mimetype`, then the manifest, `content.xml` with one table built row by row from
 * `rows`, and `meta.xml`. Only the batch being written is ever held.
 */
export const ODS_MIMETYPE = 'application/vnd.oasis.opendocument.spreadsheet';

const NS = {
  office: 'urn:oasis:names:tc:opendocument:xmlns:office:1.0',
  table: 'urn:oasis:names:tc:opendocument:xmlns:table:1.0',
  text: 'urn:oasis:names:tc:opendocument:xmlns:text:1.0',
  meta: 'urn:oasis:names:tc:opendocument:xmlns:meta:1.0',
  dc: 'http://purl.org/dc/elements/1.1/',
  manifest: 'urn:oasis:names:tc:opendocument:xmlns:manifest:1.0',
};

/** Characters XML 1.0 cannot carry at all (most control characters, lone surrogates, U+FFFE/U+FFFF): dropped. */
const ILLEGAL_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text for an attribute value or element content: illegal characters dropped, markup escaped. */
export function xmlText(value: string): string {
  return value
    .replace(ILLEGAL_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * A cell's text as paragraph content. ODF collapses white space inside text:p, so line breaks, tabs
 * and runs of spaces become their own elements to keep the value as it was.
 */
function paragraph(value: string): string {
  return xmlText(value)
    .replace(/\r\n?/g, '\n')
    .replace(/ {2,}/g, (run) => ` <text:s text:c="${run.length - 1}"/>`)
    .replace(/^ /, '<text:s/>')
    .replace(/\n/g, '<text:line-break/>')
    .replace(/\t/g, '<text:tab/>');
}

export function odsCell(value: Cell): string {
  if (value === null || value === '') return '<table:table-cell/>';
  if (typeof value === 'number') return `<table:table-cell office:value-type="float" office:value="${value}"><text:p>${value}</text:p></table:table-cell>`;
  return `<table:table-cell office:value-type="string"><text:p>${paragraph(value)}</text:p></table:table-cell>`;
}

const odsRow = (cells: readonly Cell[]) => `<table:table-row>${cells.map(odsCell).join('')}</table:table-row>\n`;

async function* contentXml(sheet: string, columns: readonly string[], rows: AsyncIterable<Cell[][]>): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield `<office:document-content xmlns:office="${NS.office}" xmlns:table="${NS.table}" xmlns:text="${NS.text}" office:version="1.2">`;
  yield `<office:body><office:spreadsheet><table:table table:name="${xmlText(sheet)}">`;
  yield `<table:table-column table:number-columns-repeated="${Math.max(1, columns.length)}"/>`;
  yield `<table:table-header-rows>${odsRow(columns)}</table:table-header-rows>\n`;
  for await (const batch of rows) yield batch.map(odsRow).join('');
  yield '</table:table></office:spreadsheet></office:body></office:document-content>\n';
}

const manifestXml = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  `<manifest:manifest xmlns:manifest="${NS.manifest}" manifest:version="1.2">`,
  ` <manifest:file-entry manifest:full-path="/" manifest:version="1.2" manifest:media-type="${ODS_MIMETYPE}"/>`,
  ' <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>',
  ' <manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/>',
  '</manifest:manifest>',
  '',
].join('\n');

function metaXml(title: string, created: Date): string {
  const date = created.toISOString().replace(/\.\d+Z$/, '');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<office:document-meta xmlns:office="${NS.office}" xmlns:meta="${NS.meta}" xmlns:dc="${NS.dc}" office:version="1.2">`,
    `<office:meta><meta:generator>Tessera</meta:generator><dc:title>${xmlText(title)}</dc:title><meta:creation-date>${date}</meta:creation-date></office:meta>`,
    '</office:document-meta>',
    '',
  ].join('\n');
}

/** A sheet name: at most 31 characters, none of those spreadsheets refuse in names. */
export const sheetName = (name: string) => name.replace(/[[\]*?:/\\']/g, ' ').trim().slice(0, 31) || 'Report';

export interface OdsSource {
  title: string;
  columns: readonly string[];
  /** The rows in batches; read only as the zip is written. */
  rows: AsyncIterable<Cell[][]>;
}

/**
 * The spreadsheet as a stream. `done` runs once, after the last row was read, when reading failed,
 * or when the stream was abandoned (the caller frees its database session there), and never while a
 * batch is still being read.
 */
export function odsStream(source: OdsSource, done: () => Promise<void>): Readable {
  const archive = archiver('zip', { zlib: { level: 6 } });
  let started = false;
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await done();
  };
  async function* guarded() {
    started = true;
    try {
      yield* contentXml(sheetName(source.title), source.columns, source.rows);
    } finally {
      await release();
    }
  }
  const content = Readable.from(guarded());
  const abandon = () => {
    // Ends the content generator at its next step (its finally releases); one never begun releases here.
    content.destroy();
    if (!started) void release();
  };
  content.once('error', (error) => archive.destroy(error));
  archive.once('error', abandon);
  archive.once('close', abandon);
  // The mimetype first, stored and with its size in the header, so tools can recognise the file by its first bytes.
  archive.append(Buffer.from(ODS_MIMETYPE, 'ascii'), { name: 'mimetype', store: true });
  archive.append(manifestXml, { name: 'META-INF/manifest.xml' });
  archive.append(content, { name: 'content.xml' });
  archive.append(metaXml(source.title, new Date()), { name: 'meta.xml' });
  archive.finalize().catch((error: unknown) => archive.destroy(error instanceof Error ? error : new Error(String(error))));
  return archive;
}
