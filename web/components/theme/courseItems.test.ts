import { describe, expect, it } from 'vitest';
import { suggestionTarget } from './courseItems';

const here = new URL('https://lms.example/course/view.php?id=4') as unknown as Location;

describe('choosing a course search suggestion', () => {
  it('goes nowhere for an address that is just #', () => {
    expect(suggestionTarget('#', here)).toBeNull();
    expect(suggestionTarget('', here)).toBeNull();
  });

  it('stays in the app for addresses on this site', () => {
    expect(suggestionTarget('https://lms.example/mod/page/view.php?id=9', here)).toEqual({ path: '/mod/page/view.php?id=9' });
    expect(suggestionTarget('https://lms.example/course/view.php?id=4#section-12', here)).toEqual({ path: '/course/view.php?id=4#section-12' });
  });

  it('loads other sites in full and refuses script addresses', () => {
    expect(suggestionTarget('https://other.example/x', here)).toEqual({ href: 'https://other.example/x' });
    expect(suggestionTarget('javascript:alert(1)', here)).toBeNull();
  });
});
