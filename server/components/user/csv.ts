import type { UploadDelimiter } from '../../../api/userupload';
import { AppError } from '../../platform/errors';

const SEPARATOR: Record<UploadDelimiter, string> = { comma: ',', semicolon: ';', colon: ':', tab: '\t' };

/** One record of a CSV file and the line it starts on (1-based, counting the header). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * Splits CSV text into records (RFC 4180): a field in double quotes may hold the separator, line
 * breaks and doubled quotes; records end at CRLF, LF or CR; a leading byte-order mark is dropped and
 * blank lines are skipped. An unclosed quote refuses the file, naming the line it opened on.
 */
export function parseCsv(text: string, delimiter: UploadDelimiter): CsvRecord[] {
  const separator = SEPARATOR[delimiter];
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let fieldStart = true;
  let quoted = false;
  let quoteLine = 0;
  let line = 1;
  let recordLine = 1;

  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    fieldStart = true;
  };

  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    const lineBreak = c === '\n' || c === '\r';
    // CRLF counts as one break; the LF is skipped.
    if (c === '\r' && source[i + 1] === '\n') i++;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += lineBreak ? '\n' : c;
        if (lineBreak) line++;
      }
    } else if (c === '"' && fieldStart) {
      quoted = true;
      quoteLine = line;
      fieldStart = false;
    } else if (c === separator) {
      fields.push(field);
      field = '';
      fieldStart = true;
    } else if (lineBreak) {
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += c;
      fieldStart = false;
    }
  }
  if (quoted) throw new AppError('uploadunclosedquote', { component: 'core_user', a: quoteLine });
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}
