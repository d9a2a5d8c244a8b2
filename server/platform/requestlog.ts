import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger, made into a real child of the server's logger (with the request id bound) only
 * when something logs through it. Most requests log nothing, and a pino child costs more than a cached
 * web-service call's own work.
 */
class LazyRequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  fatal(...args: LogArgs): void {
    this.real.fatal(...args);
  }
  error(...args: LogArgs): void {
    this.real.error(...args);
  }
  warn(...args: LogArgs): void {
    this.real.warn(...args);
  }
  info(...args: LogArgs): void {
    this.real.info(...args);
  }
  debug(...args: LogArgs): void {
    this.real.debug(...args);
  }
  trace(...args: LogArgs): void {
    this.real.trace(...args);
  }
  silent(...args: LogArgs): void {
    this.real.silent(...args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made on first use. */
export function lazyRequestLogger(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyRequestLogger(parent, bindings, options);
}
