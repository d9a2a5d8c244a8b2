import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashString, RevisionedStorage } from './storage';

/** Moodle's hash computed independently: h = h*31 + code, wrapped to a signed 32-bit integer. */
function referenceHash(text: string): number {
  let h = 0n;
  for (const ch of text) {
    for (let i = 0; i < ch.length; i++) h = BigInt.asIntN(32, h * 31n + BigInt(ch.charCodeAt(i)));
  }
  return Number(h);
}

/** A Storage backed by a Map, optionally failing on writes. */
class MapStorage implements Storage {
  readonly data = new Map<string, string>();
  constructor(private readonly failWrite: (key: string) => boolean = () => false) {}
  get length(): number {
    return this.data.size;
  }
  clear(): void {
    this.data.clear();
  }
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.data.delete(key);
  }
  setItem(key: string, value: string): void {
    if (this.failWrite(key)) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.data.set(key, value);
  }
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('hashString', () => {
  it('matches h = h*31 + code for a short string', () => {
    expect(hashString('abc')).toBe(96354);
    expect(hashString('')).toBe(0);
  });

  it('wraps to a signed 32-bit integer like Moodle for long strings', () => {
    for (const text of ['https://moodle.example.org/', 'https://moodle.example.org//17', 'core_str/close/moodle/en', 'ünïcödé ✓ text']) {
      expect(hashString(text)).toBe(referenceHash(text));
    }
    expect(hashString('https://moodle.example.org/')).toBeLessThanOrEqual(2 ** 31 - 1);
    expect(hashString('https://moodle.example.org/')).toBeGreaterThanOrEqual(-(2 ** 31));
  });
});

describe('RevisionedStorage', () => {
  it('keeps values in localStorage under a prefix and reads them back', () => {
    const storage = new RevisionedStorage('http://site', 5);
    storage.set('core_str/close/moodle/en', 'Close');
    expect(storage.get('core_str/close/moodle/en')).toBe('Close');
    const prefix = `${referenceHash('http://site/5')}/`;
    expect(localStorage.getItem(`${prefix}core_str/close/moodle/en`)).toBe('Close');
    expect(localStorage.getItem('core_str/close/moodle/en')).toBeNull();
    // Another instance with the same site and revision sees the value.
    expect(new RevisionedStorage('http://site', 5).get('core_str/close/moodle/en')).toBe('Close');
  });

  it('answers null for a key never stored', () => {
    expect(new RevisionedStorage('http://site', 5).get('nothing')).toBeNull();
  });

  it('clears all of localStorage, unrelated keys included, when the revision changes', () => {
    const old = new RevisionedStorage('http://site', 5);
    old.set('key', 'old value');
    localStorage.setItem('unrelated', 'from another app');

    const next = new RevisionedStorage('http://site', 6);
    expect(localStorage.getItem('unrelated')).toBe('from another app'); // nothing happens before first use
    expect(next.get('key')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBeNull();
    expect(localStorage.getItem(`${referenceHash('http://site/5')}/key`)).toBeNull();
    expect(old.get('key')).toBeNull();
  });

  it('clears on the first set with a new revision too', () => {
    new RevisionedStorage('http://site', 5).set('key', 'old');
    localStorage.setItem('unrelated', 'x');
    const next = new RevisionedStorage('http://site', 6);
    next.set('other', 'new');
    expect(localStorage.getItem('unrelated')).toBeNull();
    expect(next.get('other')).toBe('new');
    expect(next.get('key')).toBeNull();
  });

  it('does not clear when the revision is unchanged', () => {
    new RevisionedStorage('http://site', 5).set('key', 'kept');
    localStorage.setItem('unrelated', 'x');
    const again = new RevisionedStorage('http://site', 5);
    expect(again.get('key')).toBe('kept');
    expect(localStorage.getItem('unrelated')).toBe('x');
  });

  it('stores nothing and reads null with revision -1', () => {
    localStorage.setItem('unrelated', 'x');
    const off = new RevisionedStorage('http://site', -1);
    off.set('key', 'value');
    expect(off.get('key')).toBeNull();
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('unrelated')).toBe('x');
  });

  it('tolerates a storage whose every write throws', () => {
    const broken = new MapStorage(() => true);
    const storage = new RevisionedStorage('http://site', 5, broken);
    expect(() => storage.set('key', 'value')).not.toThrow();
    expect(storage.get('key')).toBeNull();
    expect(broken.length).toBe(0);
  });

  it('tolerates a full storage: the value is just not kept', () => {
    const full = new MapStorage((key) => key.endsWith('/big'));
    const storage = new RevisionedStorage('http://site', 5, full);
    storage.set('small', 'fits');
    expect(() => storage.set('big', 'x'.repeat(1000))).not.toThrow();
    expect(storage.get('big')).toBeNull();
    expect(storage.get('small')).toBe('fits');
  });

  it('does nothing with no storage at all', () => {
    const storage = new RevisionedStorage('http://site', 5, null);
    expect(() => storage.set('key', 'value')).not.toThrow();
    expect(storage.get('key')).toBeNull();
  });
});
