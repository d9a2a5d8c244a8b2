import { describe, expect, it } from 'vitest';
import { decodeUpload } from './uploadFile';

const bytes = (values: number[]) => new Uint8Array(values).buffer;

describe('decodeUpload', () => {
  it('reads UTF-8 and drops the byte-order mark', () => {
    expect(decodeUpload(bytes([0xef, 0xbb, 0xbf, 0x41, 0xc3, 0xa9]), 'utf-8')).toBe('Aé');
  });

  it('answers null for bytes that are not UTF-8, which Windows-1252 reads', () => {
    expect(decodeUpload(bytes([0x41, 0xe9]), 'utf-8')).toBeNull();
    expect(decodeUpload(bytes([0x41, 0xe9]), 'windows-1252')).toBe('Aé');
  });
});
