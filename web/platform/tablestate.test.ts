import { describe, expect, it } from 'vitest';
import { cookiesToRemove, decodeState, encodeState, loadState, saveState, savedStates, STATE_COOKIE_CAP, STATE_LIFETIME_SECONDS, stateCookieName, type TableState } from './tablestate';

const state = (time: number, search = ''): TableState => ({ time, start: 10, end: 35, length: 25, sort: [{ column: 1, dir: 'desc' }], search, columns: [{ search: '', visible: true }] });

/** A cookie jar that behaves like document.cookie for name=value; max-age=0 removes. */
function jar() {
  const cookies = new Map<string, string>();
  return {
    get cookie() {
      return [...cookies].map(([n, v]) => `${n}=${v}`).join('; ');
    },
    set cookie(text: string) {
      const [pair, ...attributes] = text.split(';');
      const at = (pair ?? '').indexOf('=');
      const name = (pair ?? '').slice(0, at).trim();
      if (attributes.some((a) => a.trim() === 'max-age=0')) cookies.delete(name);
      else cookies.set(name, (pair ?? '').slice(at + 1));
    },
    cookies,
  };
}

describe('saved table state', () => {
  it('restores what was saved', () => {
    const doc = jar();
    saveState('report7', state(Date.now(), 'abc'), doc);
    expect(loadState('report7', doc)).toMatchObject({ start: 10, length: 25, search: 'abc', sort: [{ column: 1, dir: 'desc' }] });
  });

  it('writes each state as a site-wide cookie that lives 7200 seconds', () => {
    const written: string[] = [];
    const doc = {
      get cookie() {
        return '';
      },
      set cookie(text: string) {
        written.push(text);
      },
    };
    saveState('report7', state(Date.now()), doc);
    expect(STATE_LIFETIME_SECONDS).toBe(7200);
    expect(written).toHaveLength(1);
    expect(written[0]?.startsWith(`${stateCookieName('report7')}=`)).toBe(true);
    expect(written[0]?.split('; ').slice(1)).toEqual(['max-age=7200', 'path=/', 'samesite=lax']);
  });

  it('forgets a state older than the lifetime', () => {
    const old = encodeState(state(Date.now() - (STATE_LIFETIME_SECONDS + 1) * 1000));
    expect(decodeState(old)).toBeNull();
    expect(decodeState(encodeState(state(Date.now() - 1000)))).not.toBeNull();
  });

  it('removes the oldest saved tables to stay under 4096 bytes', () => {
    expect(STATE_COOKIE_CAP).toBe(4096);
    const doc = jar();
    const big = 'x'.repeat(1200);
    saveState('a', state(1000, big), doc);
    saveState('b', state(2000, big), doc);
    saveState('c', state(3000, big), doc);
    expect(doc.cookie.length).toBeLessThanOrEqual(STATE_COOKIE_CAP);
    saveState('d', state(4000, big), doc);
    const names = [...savedStates(doc.cookie).keys()];
    expect(names).not.toContain(stateCookieName('a'));
    expect(names).toContain(stateCookieName('d'));
    const total = [...doc.cookies].reduce((sum, [n, v]) => sum + n.length + 1 + v.length, 0);
    expect(total).toBeLessThanOrEqual(STATE_COOKIE_CAP);
  });

  it('never saves a state that cannot fit alone, and leaves the others', () => {
    const existing = savedStates(`${stateCookieName('a')}=${encodeState(state(1))}`);
    expect(cookiesToRemove(existing, stateCookieName('huge'), 'y'.repeat(STATE_COOKIE_CAP))).toBeNull();
    const doc = jar();
    saveState('a', state(1), doc);
    saveState('huge', state(2, 'z'.repeat(STATE_COOKIE_CAP)), doc);
    expect([...savedStates(doc.cookie).keys()]).toEqual([stateCookieName('a')]);
  });

  it('replacing a table’s own state does not count it twice', () => {
    const name = stateCookieName('a');
    const existing = savedStates(`${name}=${encodeState(state(1, 'x'.repeat(3000)))}`);
    expect(cookiesToRemove(existing, name, encodeState(state(2, 'x'.repeat(3000))))).toEqual([]);
  });
});
