/** A levelled console logger: messages below the current level are dropped. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

let current: LogLevel = 'warn';

export function setLevel(level: LogLevel): void {
  current = level;
}

export function getLevel(): LogLevel {
  return current;
}

function enabled(level: Exclude<LogLevel, 'silent'>): boolean {
  return LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(current);
}

type Sink = (...data: unknown[]) => void;

function emit(level: Exclude<LogLevel, 'silent'>, sink: Sink, args: unknown[]): void {
  if (enabled(level)) sink(`[${level}]`, ...args);
}

/* eslint-disable no-console -- this module is the one place the app writes to the console */
export const log = {
  trace: (...args: unknown[]) => emit('trace', console.debug, args),
  debug: (...args: unknown[]) => emit('debug', console.debug, args),
  info: (...args: unknown[]) => emit('info', console.info, args),
  warn: (...args: unknown[]) => emit('warn', console.warn, args),
  error: (...args: unknown[]) => emit('error', console.error, args),
};
/* eslint-enable no-console */
