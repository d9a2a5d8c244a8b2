/**
 * The one error type for users' mistakes and refusals. `errorcode` + `component` name a string in the
 * component's language pack (component `error` = core errors); `a` fills its placeholders. The web-service
 * layer and the page routes map it to the wire format or an error page in one place each.
 */
export class AppError extends Error {
  readonly errorcode: string;
  readonly component: string;
  readonly a: unknown;
  readonly debuginfo: string | undefined;
  /** Where the user should go next (an absolute URL or a path under wwwroot). */
  readonly link: string | undefined;
  /** HTTP status for page routes and whole-request failures. */
  readonly status: number;
  /** Validation refusals: the message for each field of the form that was refused, shown beside the field. */
  readonly fields: Readonly<Record<string, string>> | undefined;

  constructor(
    errorcode: string,
    options: { component?: string; a?: unknown; debuginfo?: string; link?: string; status?: number; fields?: Record<string, string> } = {},
  ) {
    super(`${options.component ?? 'error'}/${errorcode}`);
    this.name = 'AppError';
    this.errorcode = errorcode;
    this.component = options.component ?? 'error';
    this.a = options.a;
    this.debuginfo = options.debuginfo;
    this.link = options.link;
    this.status = options.status ?? 400;
    this.fields = options.fields;
  }
}

/** Capability refused: Moodle's `nopermissions` with the action in `$a`. */
export function noPermissions(capability: string, action?: string): AppError {
  return new AppError('nopermissions', { a: action ?? capability, debuginfo: `(${capability})`, status: 403 });
}

export function invalidParameter(debuginfo: string): AppError {
  return new AppError('invalidparameter', { debuginfo });
}

export function invalidRecord(table: string, debuginfo?: string): AppError {
  return new AppError('invalidrecord', { a: table, debuginfo: debuginfo ?? table, status: 404 });
}

/**
 * PostgreSQL's answers to values the database cannot hold (SQLSTATE class 22: a number out of its
 * column's range, text longer than its column, text where a number belongs). They come from what the
 * caller sent, so they are the caller's invalid parameter, not a server fault. SQLite stores such
 * values as given, so only PostgreSQL needs this.
 */
const DATA_EXCEPTIONS = new Set(['22003', '22001', '22P02', '22007', '22008', '22021', '22P05']);

export function fromDatabaseError(error: unknown): AppError | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as Error & { code?: unknown }).code;
  return typeof code === 'string' && DATA_EXCEPTIONS.has(code) ? invalidParameter(error.message) : undefined;
}
