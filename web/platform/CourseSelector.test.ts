import { describe, expect, it } from 'vitest';
import { courseSelectorOptions } from './CourseSelector';

const front = { id: 1, fullname: 'Tessera Academy', shortname: 'academy' };
const found = [
  { id: 2, fullname: 'Biology 101', shortname: 'BIO', displayname: 'Biology 101' },
  { id: 3, fullname: 'Chemistry', shortname: 'CHEM' },
];

describe('course selector options', () => {
  it('removes excluded ids', () => {
    expect(courseSelectorOptions(found, null, 'b', [2])).toEqual([{ value: '3', label: 'Chemistry' }]);
  });

  it('adds the front page only when its full or short name matches the text', () => {
    expect(courseSelectorOptions(found, front, 'acad', []).map((o) => o.value)).toEqual(['1', '2', '3']);
    expect(courseSelectorOptions(found, front, 'ACADEMY', []).map((o) => o.value)).toEqual(['1', '2', '3']);
    expect(courseSelectorOptions(found, front, 'Tessera', []).map((o) => o.value)).toEqual(['1', '2', '3']);
    expect(courseSelectorOptions(found, front, 'bio', []).map((o) => o.value)).toEqual(['2', '3']);
    expect(courseSelectorOptions(found, front, 'acad', [1]).map((o) => o.value)).toEqual(['2', '3']);
  });
});
