import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from './config';
import { bodyOf, testPageConfig } from './testing';

interface StringsArgs {
  strings: Array<{ stringid: string; component: string; lang: string; stringparams: unknown[] }>;
}

const RAW: Record<string, string> = {
  'close/moodle': 'Close',
  'deletecheck/moodle': 'Delete {$a}?',
  'greeting/local_x': 'Hello {$a->name}, you have {$a->count} messages',
};

const pageConfig = (overrides: Partial<ClientConfig> = {}) => testPageConfig({ jsrev: 5, ...overrides });

/** Answers core_get_strings from RAW (unknown ids are left out of the answer). */
function stubStrings() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((_input, init) => {
    const answer = bodyOf(init).map((item) => {
      const { strings } = item.args as StringsArgs;
      return {
        error: false,
        data: strings.flatMap((s) => {
          const value = RAW[`${s.stringid}/${s.component}`];
          return value === undefined ? [] : [{ stringid: s.stringid, component: s.component, string: value }];
        }),
      };
    });
    return Promise.resolve(new Response(JSON.stringify(answer)));
  });
}

/** A fresh copy of the module, so its page cache is built from the current M.cfg. */
async function freshStrings(cfg: Partial<ClientConfig> = {}) {
  window.M = { cfg: pageConfig(cfg) };
  vi.resetModules();
  return import('./strings');
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.lang = '';
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  delete window.M;
});

describe('substitute', () => {
  it('fills {$a} with a string or a number', async () => {
    const { substitute } = await freshStrings();
    expect(substitute('Delete {$a}?', 'maths')).toBe('Delete maths?');
    expect(substitute('{$a} of {$a}', 3)).toBe('3 of 3');
    expect(substitute('{$a} items', 0)).toBe('0 items');
  });

  it('fills {$a->name} from an object', async () => {
    const { substitute } = await freshStrings();
    expect(substitute('Hello {$a->name}, {$a->count} new', { name: 'Ann', count: 2 })).toBe('Hello Ann, 2 new');
  });

  it('leaves placeholders for non-scalar or missing properties alone', async () => {
    const { substitute } = await freshStrings();
    expect(substitute('{$a->list} {$a->obj} {$a->flag} {$a->missing} {$a->name}', { list: [1, 2], obj: { x: 1 }, flag: true, name: 'N' })).toBe(
      '{$a->list} {$a->obj} {$a->flag} {$a->missing} N',
    );
  });

  it('returns the raw string without a parameter', async () => {
    const { substitute } = await freshStrings();
    expect(substitute('Delete {$a}?', undefined)).toBe('Delete {$a}?');
  });
});

describe('getStrings', () => {
  it('fetches the missing strings in one core_get_strings call and answers them in order', async () => {
    const { getStrings } = await freshStrings();
    const fetchSpy = stubStrings();
    const values = await getStrings([{ key: 'close' }, { key: 'deletecheck', param: 'maths' }, { key: 'greeting', component: 'local_x', param: { name: 'Ann', count: 4 } }]);

    expect(values).toEqual(['Close', 'Delete maths?', 'Hello Ann, you have 4 messages']);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [, init] = fetchSpy.mock.calls[0] ?? [];
    expect(bodyOf(init)).toEqual([
      {
        index: 0,
        methodname: 'core_get_strings',
        args: {
          strings: [
            { stringid: 'close', component: 'moodle', lang: 'en', stringparams: [] },
            { stringid: 'deletecheck', component: 'moodle', lang: 'en', stringparams: [] },
            { stringid: 'greeting', component: 'local_x', lang: 'en', stringparams: [] },
          ],
        },
      },
    ]);
  });

  it('asks for a repeated key once', async () => {
    const { getStrings } = await freshStrings();
    const fetchSpy = stubStrings();
    expect(await getStrings([{ key: 'close' }, { key: 'close' }])).toEqual(['Close', 'Close']);
    const [, init] = fetchSpy.mock.calls[0] ?? [];
    expect((bodyOf(init)[0]?.args as StringsArgs).strings).toHaveLength(1);
  });

  it('answers a second request from memory without fetching', async () => {
    const { getStrings, getString } = await freshStrings();
    const fetchSpy = stubStrings();
    await getStrings([{ key: 'close' }, { key: 'deletecheck' }]);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(await getStrings([{ key: 'close' }, { key: 'deletecheck', param: 'x' }])).toEqual(['Close', 'Delete x?']);
    expect(await getString('close')).toBe('Close');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('answers from localStorage after the memory cache is dropped when jsrev caching is on', async () => {
    const { getStrings, resetStringCache, peekRaw } = await freshStrings({ jsrev: 5 });
    const fetchSpy = stubStrings();
    await getStrings([{ key: 'close' }]);
    expect(fetchSpy).toHaveBeenCalledTimes(1);

    resetStringCache();
    expect(await getStrings([{ key: 'close' }])).toEqual(['Close']);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(peekRaw('close')).toBe('Close');
  });

  it('fetches again after the memory cache is dropped when caching is off (jsrev -1)', async () => {
    const { getStrings, resetStringCache, peekRaw } = await freshStrings({ jsrev: -1 });
    const fetchSpy = stubStrings();
    await getStrings([{ key: 'close' }]);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);

    resetStringCache();
    expect(peekRaw('close')).toBeUndefined();
    expect(await getStrings([{ key: 'close' }])).toEqual(['Close']);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('shares one in-flight request between concurrent callers', async () => {
    const { getString } = await freshStrings();
    const fetchSpy = stubStrings();
    expect(await Promise.all([getString('close'), getString('close')])).toEqual(['Close', 'Close']);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [, init] = fetchSpy.mock.calls[0] ?? [];
    expect(bodyOf(init)).toHaveLength(1);
  });

  it('answers [[key,component]] for a string the server did not return', async () => {
    const { getString } = await freshStrings();
    stubStrings();
    expect(await getString('nosuchstring', 'local_x')).toBe('[[nosuchstring,local_x]]');
  });

  it('uses the page language from <html lang>, with - turned into _', async () => {
    const { getString, pageLang } = await freshStrings();
    document.documentElement.lang = 'pt-BR';
    expect(pageLang()).toBe('pt_BR');
    const fetchSpy = stubStrings();
    await getString('close');
    const [, init] = fetchSpy.mock.calls[0] ?? [];
    expect((bodyOf(init)[0]?.args as StringsArgs).strings[0]?.lang).toBe('pt_BR');
  });

  it('rejects when the call fails', async () => {
    const { getString } = await freshStrings();
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify([{ error: true, exception: { message: 'Nope', errorcode: 'invalidparameter' } }]))),
    );
    await expect(getString('close')).rejects.toMatchObject({ message: 'Nope', errorcode: 'invalidparameter' });
  });
});
