import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { parseCsv } from './csv';

const fields = (text: string, delimiter: Parameters<typeof parseCsv>[1] = 'comma') => parseCsv(text, delimiter).map((r) => r.fields);

describe('parseCsv', () => {
  it('splits records on LF, CRLF and CR and skips blank lines', () => {
    expect(fields('a,b\r\n1,2\n\n3,4\r5,6\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ]);
  });

  it('keeps separators, doubled quotes and line breaks inside quoted fields', () => {
    expect(fields('name,note\n"Smith, Jr","said ""hi""\r\nthen left"\n')).toEqual([
      ['name', 'note'],
      ['Smith, Jr', 'said "hi"\nthen left'],
    ]);
  });

  it('numbers records by the line they start on, counting lines inside quotes', () => {
    expect(parseCsv('h\n"a\nb"\n\nc', 'comma').map((r) => r.line)).toEqual([1, 2, 5]);
  });

  it('drops a byte-order mark and reads semicolons, colons and tabs', () => {
    expect(fields('\uFEFFusername;email\nann;a@x.org', 'semicolon')).toEqual([
      ['username', 'email'],
      ['ann', 'a@x.org'],
    ]);
    expect(fields('a:b\n1:2', 'colon')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(fields('a\tb,c\n1\t2', 'tab')).toEqual([
      ['a', 'b,c'],
      ['1', '2'],
    ]);
  });

  it('keeps empty fields, also at the end of a record', () => {
    expect(fields('a,,c,\n,,,')).toEqual([
      ['a', '', 'c', ''],
      ['', '', '', ''],
    ]);
  });

  it('refuses an unclosed quote, naming the line it opened on', () => {
    try {
      parseCsv('a,b\n1,2\n3,"open\n4,5', 'comma');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).errorcode).toBe('uploadunclosedquote');
      expect((error as AppError).a).toBe(3);
    }
  });
});
