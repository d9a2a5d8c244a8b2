import { describe, expect, it } from 'vitest';
import { listedUsers } from './CohortMembers';

describe('listedUsers', () => {
  it('takes one name per line, or the first column of a CSV, without headers, blanks or repeats', () => {
    const csv = 'username,firstname\n"ana",Ana\nben;Ben\r\n\n  cleo@example.org \nana\tAgain\nEmail';
    expect(listedUsers(csv)).toEqual(['ana', 'ben', 'cleo@example.org']);
  });
});
