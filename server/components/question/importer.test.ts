import { describe, expect, it } from 'vitest';
import { categoryName } from './importer';

describe('import categories', () => {
  it('takes the last part of a category path, with // as a slash inside a name', () => {
    expect(categoryName('$course$/top/Default for CHEM1/Acids and bases')).toBe('Acids and bases');
    expect(categoryName('$course$/Metals')).toBe('Metals');
    expect(categoryName('Units/Either//or')).toBe('Either/or');
    expect(categoryName('$course$/top')).toBe('');
  });
});
