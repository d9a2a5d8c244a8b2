import { describe, expect, it } from 'vitest';
import { blockPageOf, isCurrentLink } from './pageContext';

describe('blockPageOf', () => {
  it('reads the course, activity or context a page is about from its address', () => {
    expect(blockPageOf('/course/view.php', '?id=5')).toEqual({ courseid: 5, cmid: 0, contextid: 0 });
    expect(blockPageOf('/mod/assign/view.php', '?id=12&action=grader')).toEqual({ courseid: 0, cmid: 12, contextid: 0 });
    expect(blockPageOf('/mod/quiz/attempt.php', '?attempt=3&cmid=9')).toEqual({ courseid: 0, cmid: 9, contextid: 0 });
    expect(blockPageOf('/course/modedit.php', '?add=page&course=4&section=1')).toEqual({ courseid: 4, cmid: 0, contextid: 0 });
    expect(blockPageOf('/question/edit.php', '?courseid=7')).toEqual({ courseid: 7, cmid: 0, contextid: 0 });
    expect(blockPageOf('/admin/roles/permissions.php', '?contextid=31')).toEqual({ courseid: 0, cmid: 0, contextid: 31 });
  });

  it('knows nothing of other pages, and ignores ids that are not positive whole numbers', () => {
    expect(blockPageOf('/my/', '')).toEqual({ courseid: 0, cmid: 0, contextid: 0 });
    expect(blockPageOf('/course/view.php', '?id=-3')).toEqual({ courseid: 0, cmid: 0, contextid: 0 });
    expect(blockPageOf('/course/view.php', '?id=2.5')).toEqual({ courseid: 0, cmid: 0, contextid: 0 });
    expect(blockPageOf('/course/edit.php', '?category=2')).toEqual({ courseid: 0, cmid: 0, contextid: 0 });
  });
});

describe('isCurrentLink', () => {
  const origin = 'http://site.test';
  it('matches the same page with the link’s parameters, whatever else the address carries', () => {
    expect(isCurrentLink('http://site.test/course/edit.php?id=5', { pathname: '/course/edit.php', search: '?id=5' }, origin)).toBe(true);
    expect(isCurrentLink('http://site.test/admin/user.php', { pathname: '/admin/user.php', search: '?page=2' }, origin)).toBe(true);
    expect(isCurrentLink('http://site.test/course/edit.php?id=5', { pathname: '/course/edit.php', search: '?id=6' }, origin)).toBe(false);
  });

  it('never takes a link to part of a page, or to another site, for the page', () => {
    expect(isCurrentLink('http://site.test/course/view.php?id=5#section-1', { pathname: '/course/view.php', search: '?id=5' }, origin)).toBe(false);
    expect(isCurrentLink('http://elsewhere.test/my/', { pathname: '/my/', search: '' }, origin)).toBe(false);
  });
});
