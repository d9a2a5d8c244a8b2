import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { relativeUrl } from './url';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('relativeUrl', () => {
  it('adds the parameters as a query', () => {
    expect(relativeUrl('/course/view.php', { id: 3 })).toBe('/course/view.php?id=3');
    expect(relativeUrl('/course/view.php', { id: 3, section: 2, edit: true })).toBe('/course/view.php?id=3&section=2&edit=true');
  });

  it('returns the path alone without parameters', () => {
    expect(relativeUrl('/my/')).toBe('/my/');
    expect(relativeUrl('/my/', {})).toBe('/my/');
  });

  it('drops undefined parameters', () => {
    expect(relativeUrl('/course/view.php', { id: 3, section: undefined })).toBe('/course/view.php?id=3');
    expect(relativeUrl('/course/view.php', { section: undefined })).toBe('/course/view.php');
  });

  it('appends with & when the path already has a query', () => {
    expect(relativeUrl('/course/view.php?id=3', { section: 2 })).toBe('/course/view.php?id=3&section=2');
  });

  it('encodes parameter values', () => {
    expect(relativeUrl('/search/', { q: 'a&b c' })).toBe('/search/?q=a%26b+c');
  });

  it.each(['https://evil.example/x', '//evil.example', 'javascript:alert(1)', 'course/view.php', 'JAVASCRIPT:alert(1)', ''])('refuses %j', (path) => {
    expect(() => relativeUrl(path)).toThrow(/relativeUrl needs a path/);
  });
});
