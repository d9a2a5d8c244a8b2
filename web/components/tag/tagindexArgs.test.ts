import { describe, expect, it } from 'vitest';
import { tagindexFromUrl } from './tagindexArgs';

const ORIGIN = 'http://lms.example';

describe('tagindexFromUrl', () => {
  it('turns every key of a quick-load link into the tagindex argument, as strings', () => {
    expect(tagindexFromUrl('/tag/index.php?tc=1&tag=Green%20energy&ta=3&page=2&excl=1', ORIGIN)).toEqual({ tc: '1', tag: 'Green energy', ta: '3', page: '2', excl: '1' });
  });

  it('reads absolute links of the site too', () => {
    expect(tagindexFromUrl(`${ORIGIN}/tag/index.php?tag=a%26b&tc=2&ta=1&from=5&ctx=7&rec=0`, ORIGIN)).toEqual({ tag: 'a&b', tc: '2', ta: '1', from: '5', ctx: '7', rec: '0' });
  });

  it('keeps unknown keys, so the server can refuse them as Moodle does', () => {
    expect(tagindexFromUrl('/tag/index.php?tag=x&tc=1&ta=1&id=4', ORIGIN)).toMatchObject({ id: '4' });
  });

  it('answers null for a link without tag, collection or area', () => {
    expect(tagindexFromUrl('/tag/index.php?tag=x&tc=1', ORIGIN)).toBeNull();
    expect(tagindexFromUrl('/tag/index.php?tc=1&ta=2', ORIGIN)).toBeNull();
  });
});
