import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AjaxError, call, callMethod, infoParam, navigation } from './ajax';
import { coreGetStrings } from '../../api/core';
import { bodyOf, testPageConfig, type BatchItem } from './testing';


function urlOf(input: string | URL | Request): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** Stubs fetch; `answer` builds the JSON reply from the batch the client sent. */
function stubFetch(answer: (batch: BatchItem[]) => unknown) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation((_input, init) => Promise.resolve(new Response(JSON.stringify(answer(bodyOf(init))), { headers: { 'Content-Type': 'application/json' } })));
}

/** Answers every call with `{error:false, data: {echo: methodname}}`. */
const echo = (batch: BatchItem[]) => batch.map((item) => ({ error: false, data: { echo: item.methodname, args: item.args } }));

function tick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(() => {
  localStorage.clear();
  window.M = { cfg: testPageConfig() };
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  delete window.M;
});

describe('infoParam', () => {
  it('sorts and comma-joins up to five method names', () => {
    expect(infoParam(['b_method', 'a_method', 'c_method'])).toBe('a_method,b_method,c_method');
    expect(infoParam(['e', 'd', 'c', 'b', 'a'])).toBe('a,b,c,d,e');
  });

  it('gives a count for six or more', () => {
    expect(infoParam(['a', 'b', 'c', 'd', 'e', 'f'])).toBe('6-method-calls');
  });

  it('does not reorder the array it was given', () => {
    const names = ['z', 'a'];
    infoParam(names);
    expect(names).toEqual(['z', 'a']);
  });
});

describe('callMethod batching', () => {
  it('sends three calls made in the same tick as one request and resolves each with its own data', async () => {
    const fetchSpy = stubFetch(echo);
    const results = await Promise.all([callMethod('mod_b_get', { id: 1 }), callMethod('core_a_get', { id: 2 }), callMethod('mod_c_get', { id: 3 })]);

    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [input, init] = fetchSpy.mock.calls[0] ?? [];
    expect(input && urlOf(input)).toBe('/lib/ajax/service.php?sesskey=abc&info=' + encodeURIComponent('core_a_get,mod_b_get,mod_c_get'));
    expect(init?.method).toBe('POST');
    expect(bodyOf(init)).toEqual([
      { index: 0, methodname: 'mod_b_get', args: { id: 1 } },
      { index: 1, methodname: 'core_a_get', args: { id: 2 } },
      { index: 2, methodname: 'mod_c_get', args: { id: 3 } },
    ]);
    expect(results).toEqual([
      { echo: 'mod_b_get', args: { id: 1 } },
      { echo: 'core_a_get', args: { id: 2 } },
      { echo: 'mod_c_get', args: { id: 3 } },
    ]);
  });

  it('names six calls in one request as 6-method-calls', async () => {
    const fetchSpy = stubFetch(echo);
    await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((name) => callMethod(`core_${name}`, {})));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [input] = fetchSpy.mock.calls[0] ?? [];
    expect(input && urlOf(input)).toBe('/lib/ajax/service.php?sesskey=abc&info=6-method-calls');
  });

  it('sends calls made in separate ticks as separate requests', async () => {
    const fetchSpy = stubFetch(echo);
    await expect(callMethod('core_first', {})).resolves.toEqual({ echo: 'core_first', args: {} });
    await expect(callMethod('core_second', {})).resolves.toEqual({ echo: 'core_second', args: {} });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(fetchSpy.mock.calls.map(([, init]) => bodyOf(init).map((item) => item.methodname))).toEqual([['core_first'], ['core_second']]);
  });

  it('call() sends the contract name and arguments', async () => {
    const fetchSpy = stubFetch((batch) => batch.map(() => ({ error: false, data: [{ stringid: 'close', component: 'moodle', string: 'Close' }] })));
    const answer = await call(coreGetStrings, { strings: [{ stringid: 'close', component: 'moodle', lang: 'en', stringparams: [] }] });
    expect(answer).toEqual([{ stringid: 'close', component: 'moodle', string: 'Close' }]);
    const [, init] = fetchSpy.mock.calls[0] ?? [];
    expect(bodyOf(init)).toEqual([{ index: 0, methodname: 'core_get_strings', args: { strings: [{ stringid: 'close', component: 'moodle', lang: 'en', stringparams: [] }] } }]);
  });
});

describe('callMethod failures', () => {
  it('rejects the failing call with an AjaxError carrying the exception, and every later call too', async () => {
    const exception = { message: 'Invalid parameter value detected', errorcode: 'invalidparameter', link: '/', moreinfourl: 'http://docs/x', debuginfo: 'id: not an int', backtrace: '#0 x.php' };
    stubFetch(() => [
      { error: false, data: 'first' },
      { error: true, exception },
      { error: false, data: 'third' },
    ]);
    const [first, second, third] = await Promise.allSettled([callMethod('core_one', {}), callMethod('core_two', {}), callMethod('core_three', {})]);

    expect(first).toEqual({ status: 'fulfilled', value: 'first' });
    expect(second?.status).toBe('rejected');
    const reason: unknown = second?.status === 'rejected' ? second.reason : undefined;
    expect(reason).toBeInstanceOf(AjaxError);
    expect(reason).toMatchObject({ name: 'AjaxError', message: exception.message, errorcode: 'invalidparameter', debuginfo: 'id: not an int', backtrace: '#0 x.php', moreinfourl: 'http://docs/x', link: '/' });
    expect(third?.status).toBe('rejected');
    expect(third?.status === 'rejected' ? third.reason : undefined).toBeInstanceOf(AjaxError);
    expect(third?.status === 'rejected' ? third.reason : undefined).toMatchObject({ errorcode: 'invalidparameter' });
  });

  it('rejects the calls missing from a short response with "missing response"', async () => {
    stubFetch(() => [{ error: false, data: 1 }]);
    const [first, second, third] = await Promise.allSettled([callMethod('core_one', {}), callMethod('core_two', {}), callMethod('core_three', {})]);
    expect(first).toEqual({ status: 'fulfilled', value: 1 });
    for (const result of [second, third]) {
      expect(result?.status).toBe('rejected');
      const reason: unknown = result?.status === 'rejected' ? result.reason : undefined;
      expect(reason).toBeInstanceOf(AjaxError);
      expect(reason).toMatchObject({ message: 'missing response' });
    }
  });

  it('rejects every call when the whole request fails', async () => {
    stubFetch(() => ({ error: 'Invalid sesskey', errorcode: 'invalidsesskey' }));
    const results = await Promise.allSettled([callMethod('core_one', {}), callMethod('core_two', {})]);
    expect(results).toHaveLength(2);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason: unknown = result.status === 'rejected' ? result.reason : undefined;
      expect(reason).toBeInstanceOf(AjaxError);
      expect(reason).toMatchObject({ message: 'Invalid sesskey', errorcode: 'invalidsesskey' });
    }
  });

  it('keeps the debug info and stack trace a whole-request failure carries for developers', async () => {
    stubFetch(() => ({ error: 'Unknown method', errorcode: 'servicenotavailable', debuginfo: 'core_nope', stacktrace: '#0 dispatch' }));
    await expect(callMethod('core_nope', {})).rejects.toMatchObject({ errorcode: 'servicenotavailable', debuginfo: 'core_nope', backtrace: '#0 dispatch' });
  });

  it('rejects every call when the transport fails', async () => {
    const failure = new TypeError('Failed to fetch');
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(failure);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const results = await Promise.allSettled([callMethod('core_one', {}), callMethod('core_two', {})]);
    expect(results).toEqual([
      { status: 'rejected', reason: failure },
      { status: 'rejected', reason: failure },
    ]);
  });

  it('goes to the login page instead of rejecting when a call needs a login', async () => {
    const toLogin = vi.spyOn(navigation, 'toLogin').mockImplementation(() => undefined);
    stubFetch(() => [{ error: true, exception: { message: 'This service requires login', errorcode: 'servicerequireslogin' } }]);
    const settled = vi.fn();
    callMethod('core_one', {}).then(settled, settled);
    await vi.waitFor(() => expect(toLogin).toHaveBeenCalledTimes(1));
    await tick();
    await tick();
    expect(settled).not.toHaveBeenCalled();
  });

  it('goes to the login page when the whole request says the service requires login', async () => {
    const toLogin = vi.spyOn(navigation, 'toLogin').mockImplementation(() => undefined);
    stubFetch(() => ({ error: 'This service requires login', errorcode: 'servicerequireslogin' }));
    const settled = vi.fn();
    callMethod('core_one', {}).then(settled, settled);
    await vi.waitFor(() => expect(toLogin).toHaveBeenCalledTimes(1));
    await tick();
    await tick();
    expect(settled).not.toHaveBeenCalled();
  });
});

describe('callMethod endpoints', () => {
  it('sends no-login calls to service-nologin.php without the sesskey when nobody is logged in', async () => {
    window.M = { cfg: testPageConfig({ userid: 0, sesskey: 'abc', user: null }) };
    const fetchSpy = stubFetch(echo);
    await callMethod('core_get_strings', { strings: [] }, false);
    const [input] = fetchSpy.mock.calls[0] ?? [];
    const url = input ? urlOf(input) : '';
    expect(url).toBe('/lib/ajax/service-nologin.php?info=core_get_strings');
    expect(url).not.toContain('sesskey');
  });

  it('sends no-login calls to service.php with the sesskey when someone is logged in', async () => {
    const fetchSpy = stubFetch(echo);
    await callMethod('core_get_strings', { strings: [] }, false);
    const [input] = fetchSpy.mock.calls[0] ?? [];
    expect(input && urlOf(input)).toBe('/lib/ajax/service.php?sesskey=abc&info=core_get_strings');
  });

  it('splits a same-tick batch into a login request and a no-login request when nobody is logged in', async () => {
    window.M = { cfg: testPageConfig({ userid: 0, user: null }) };
    const fetchSpy = stubFetch(echo);
    const results = await Promise.all([callMethod('core_needs_login', {}, true), callMethod('core_public', {}, false)]);
    expect(results).toEqual([
      { echo: 'core_needs_login', args: {} },
      { echo: 'core_public', args: {} },
    ]);
    expect(fetchSpy.mock.calls.map(([input]) => urlOf(input)).sort()).toEqual(['/lib/ajax/service-nologin.php?info=core_public', '/lib/ajax/service.php?sesskey=abc&info=core_needs_login']);
  });
});
