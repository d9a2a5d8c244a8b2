import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLevel, log, setLevel, type LogLevel } from './log';

function spies() {
  return {
    debug: vi.spyOn(console, 'debug').mockImplementation(() => undefined),
    info: vi.spyOn(console, 'info').mockImplementation(() => undefined),
    warn: vi.spyOn(console, 'warn').mockImplementation(() => undefined),
    error: vi.spyOn(console, 'error').mockImplementation(() => undefined),
  };
}

function writeAll(): void {
  log.trace('t');
  log.debug('d');
  log.info('i');
  log.warn('w');
  log.error('e');
}

let before: LogLevel;

beforeEach(() => {
  before = getLevel();
  localStorage.clear();
});

afterEach(() => {
  setLevel(before);
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('log', () => {
  it('defaults to warn', () => {
    expect(before).toBe('warn');
  });

  it('at warn drops trace, debug and info and writes warn and error', () => {
    const c = spies();
    setLevel('warn');
    writeAll();
    expect(c.debug).not.toHaveBeenCalled();
    expect(c.info).not.toHaveBeenCalled();
    expect(c.warn).toHaveBeenCalledExactlyOnceWith('[warn]', 'w');
    expect(c.error).toHaveBeenCalledExactlyOnceWith('[error]', 'e');
  });

  it('at silent writes nothing', () => {
    const c = spies();
    setLevel('silent');
    writeAll();
    for (const spy of Object.values(c)) expect(spy).not.toHaveBeenCalled();
  });

  it('at trace writes everything', () => {
    const c = spies();
    setLevel('trace');
    writeAll();
    expect(c.debug.mock.calls).toEqual([
      ['[trace]', 't'],
      ['[debug]', 'd'],
    ]);
    expect(c.info).toHaveBeenCalledExactlyOnceWith('[info]', 'i');
    expect(c.warn).toHaveBeenCalledExactlyOnceWith('[warn]', 'w');
    expect(c.error).toHaveBeenCalledExactlyOnceWith('[error]', 'e');
  });

  it('passes every argument through', () => {
    const c = spies();
    setLevel('error');
    const detail = { code: 1 };
    log.error('failed', detail, 3);
    expect(c.error).toHaveBeenCalledExactlyOnceWith('[error]', 'failed', detail, 3);
    expect(getLevel()).toBe('error');
  });
});
