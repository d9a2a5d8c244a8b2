import { ZodError } from 'zod';
import { AppError, fromDatabaseError } from '../platform/errors';
import type { Platform } from '../platform/platform';

/** A failed call's `exception`, as Moodle's AJAX layer sends it. `a` is never sent. */
export interface WireException {
  message: string;
  errorcode: string;
  link: string;
  moreinfourl: string;
  debuginfo?: string;
  backtrace?: string;
  /**
   * Tessera's addition for validation refusals (Moodle clients ignore it): each refused field with its
   * message, for every caller — unlike debuginfo, which only debugging admins see.
   */
  fielderrors?: Array<{ field: string; message: string }>;
}

/** A whole-request failure (bad JSON, unknown method): one object instead of the result list. */
export interface WireRequestFailure {
  error: string;
  errorcode: string;
  stacktrace: string | null;
  debuginfo: string | null;
  reproductionlink: string | null;
}

export interface ExceptionOptions {
  lang: string;
  /** Developer debugging is on and the caller is a site admin: include debuginfo and backtrace. */
  debug: boolean;
}

const MOREINFO_ROOT = 'https://docs.moodle.org/en/error';

/** Zod's issues as one readable line, e.g. `options.ids.0: Expected number`. */
export function describeZodError(error: ZodError): string {
  return error.issues.map((i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`).join('; ');
}

/** Turns anything thrown by a call into an AppError; unexpected errors are logged and kept opaque. */
export function toAppError(platform: Platform, error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return new AppError('invalidparameter', { debuginfo: describeZodError(error) });
  const fromDatabase = fromDatabaseError(error);
  if (fromDatabase) return fromDatabase;
  platform.log.error({ err: error }, 'unexpected error in a web-service call');
  const detail = error instanceof Error ? error.message : String(error);
  return new AppError('generalexceptionmessage', { a: detail, debuginfo: detail, status: 500 });
}

export function wireException(platform: Platform, error: unknown, options: ExceptionOptions): WireException {
  const appError = toAppError(platform, error);
  const unexpected = !(error instanceof AppError) && !(error instanceof ZodError) && fromDatabaseError(error) === undefined;
  // An unexpected error's own text may name tables or files: only a debugging admin sees it.
  const message =
    unexpected && !options.debug
      ? platform.strings.errorMessage('unexpectederror', 'error', undefined, options.lang)
      : platform.strings.errorMessage(appError.errorcode, appError.component, appError.a, options.lang);
  const module = appError.component === 'error' || appError.component === 'moodle' ? 'moodle' : appError.component;
  const out: WireException = {
    message,
    errorcode: appError.errorcode,
    link: appError.link ?? `${platform.config.wwwroot}/`,
    moreinfourl: `${MOREINFO_ROOT}/${module}/${appError.errorcode}`,
  };
  if (appError.fields) out.fielderrors = Object.entries(appError.fields).map(([field, message]) => ({ field, message }));
  if (options.debug) {
    if (appError.debuginfo !== undefined) out.debuginfo = appError.debuginfo;
    out.backtrace = (error instanceof Error ? error.stack : undefined) ?? '';
  }
  return out;
}

export function wireRequestFailure(platform: Platform, error: AppError, options: ExceptionOptions): WireRequestFailure {
  return {
    error: platform.strings.errorMessage(error.errorcode, error.component, error.a, options.lang),
    errorcode: error.errorcode,
    stacktrace: options.debug ? (error.stack ?? null) : null,
    debuginfo: options.debug ? (error.debuginfo ?? null) : null,
    reproductionlink: null,
  };
}
