import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ID_SUFFIX_LENGTH, uniqueId } from './ids';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('uniqueId', () => {
  it('is the prefix and a 20-character [a-z0-9] suffix', () => {
    const id = uniqueId('x');
    expect(ID_SUFFIX_LENGTH).toBe(20);
    expect(id).toMatch(/^x[a-z0-9]{20}$/);
  });

  it('uses "id" as the default prefix', () => {
    expect(uniqueId()).toMatch(/^id[a-z0-9]{20}$/);
  });

  it('gives 1000 distinct ids', () => {
    const ids = Array.from({ length: 1000 }, () => uniqueId('x'));
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^x[a-z0-9]{20}$/);
  });

  it('builds the suffix from crypto.getRandomValues', () => {
    vi.spyOn(crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      if (array instanceof Uint8Array) array.fill(0);
      return array;
    });
    expect(uniqueId('p')).toBe(`p${'a'.repeat(20)}`);
  });
});
