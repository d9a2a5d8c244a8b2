import { AppError } from '../../platform/errors';
import { QueryError, type Dialect, type ReadOnlySession, type ResultColumn, type Row } from './readonly';
import { COMPONENT, checkColumns, checkQuery } from './sqlguard';

/** What the placeholders of a report stand for when it runs. */
export interface Placeholders {
  userid: number;
  courseid: number;
  starttime: number;
  endtime: number;
}

/** The placeholders a report's text may use; each becomes a bound parameter, never text. */
export const PLACEHOLDERS: Record<string, keyof Placeholders> = {
  '%%USERID%%': 'userid',
  '%%COURSEID%%': 'courseid',
  '%%STARTTIME%%': 'starttime',
  '%%ENDTIME%%': 'endtime',
};

/** Parameters in the order they appear, with the dialect's marker for each. */
class Binder {
  readonly values: unknown[] = [];
  constructor(private readonly dialect: Dialect) {}
  add(value: unknown): string {
    this.values.push(value);
    return this.dialect === 'postgres' ? `$${this.values.length}` : '?';
  }
}

/**
 * Replaces the placeholders outside comments and quoted text with bound parameters. Line breaks are
 * kept, so a database error's line is the line of the report's text.
 */
function bindPlaceholders(text: string, binder: Binder, values: Placeholders): string {
  let out = '';
  let i = 0;
  const copyUntil = (end: number) => {
    out += text.slice(i, end);
    i = end;
  };
  while (i < text.length) {
    const rest = text.slice(i);
    const c = text[i];
    if (rest.startsWith('--')) copyUntil(text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i));
    else if (rest.startsWith('/*')) copyUntil(text.indexOf('*/', i + 2) === -1 ? text.length : text.indexOf('*/', i + 2) + 2);
    else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < text.length && !(text[j] === c && text[j + 1] !== c)) j += text[j] === c ? 2 : 1;
      copyUntil(Math.min(text.length, j + 1));
    } else {
      const placeholder = Object.keys(PLACEHOLDERS).find((p) => rest.startsWith(p));
      if (placeholder) {
        out += binder.add(values[PLACEHOLDERS[placeholder] as keyof Placeholders]);
        i += placeholder.length;
      } else copyUntil(i + 1);
    }
  }
  return out;
}

export interface TableRequest {
  start: number;
  length: number;
  sort: ReadonlyArray<{ column: number; dir: 'asc' | 'desc' }>;
  search: string;
  columnsearch: readonly string[];
}

export interface TableAnswer {
  columns: string[];
  rows: Row[];
  recordsTotal: number;
  recordsFiltered: number;
}

/** Whether a table request searches, over all columns or in one. */
export function searching(request: Pick<TableRequest, 'search' | 'columnsearch'>): boolean {
  return request.search.trim() !== '' || request.columnsearch.some((s) => s.trim() !== '');
}

/** The line of the report's text a database error points at (1-based), or 0 when it does not say. */
function errorLine(text: string, built: string, userStart: number, error: QueryError): number {
  if (error.position > 0) {
    const before = built.slice(userStart, error.position - 1);
    return error.position - 1 >= userStart ? Math.min(before.split('\n').length, text.split('\n').length) : 0;
  }
  // SQLite names the token instead: near "FORM", no such table: x, no such column: y.
  const token = /near "([^"]+)"/.exec(error.message)?.[1] ?? /no such (?:table|column|function): ([\w.]+)/.exec(error.message)?.[1];
  const at = token ? text.toLowerCase().indexOf(token.toLowerCase()) : -1;
  // A token only the wrapper holds (the closing parenthesis) means the query ended too early: its last line.
  return at === -1 ? text.split('\n').length : text.slice(0, at).split('\n').length;
}

/** The database's error as the user's mistake, with its line. */
function databaseError(text: string, built: string, userStart: number, error: unknown): unknown {
  if (!(error instanceof QueryError)) return error;
  const line = errorLine(text, built, userStart, error);
  return new AppError('queryerror', { component: COMPONENT, a: { message: error.message, line }, debuginfo: error.message });
}

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * A column containing the term, on SQLite: LIKE there ignores the case of ASCII letters only, and
 * reads numbers as their text. A term without ASCII letters needs no case folding at all, so a plain
 * substring search (instr) finds the same rows at nearly twice the speed over a million rows; a term
 * without wildcard characters needs no ESCAPE clause, which costs a check per character.
 */
function sqliteMatch(binder: Binder, column: string, term: string): string {
  if (!/[a-z]/i.test(term)) return `instr(${column}, ${binder.add(term)}) > 0`;
  if (!/[\\%_]/.test(term)) return `${column} like ${binder.add(`%${term}%`)}`;
  return `${column} like ${binder.add(escapeLike(term))} escape '\\'`;
}

/**
 * A column containing the term, on PostgreSQL, ignoring case. ILIKE lowers the text and the pattern
 * for every row; lowering the text once and the pattern once matches the same rows at twice the
 * speed, and a term without letters that have a case (digits, an address) needs no lowering at all.
 */
function postgresMatch(binder: Binder, column: string, term: string): string {
  const text = `cast(${column} as text)`;
  if (term.toLowerCase() === term.toUpperCase()) return `${text} like ${binder.add(escapeLike(term))} escape '\\'`;
  return `lower(${text}) like lower(${binder.add(escapeLike(term))}) escape '\\'`;
}

/**
 * Whether some number's text could contain the term, compared without case as the search does:
 * digits, signs, at most one point and an exponent (`-12.5`, `1e+20`), or part of the words
 * PostgreSQL and SQLite write for infinite and undefined values.
 */
export function couldBeInNumberText(term: string): boolean {
  const lower = term.toLowerCase();
  if (/^[-+.0-9e]*$/.test(lower) && (lower.match(/\./g) ?? []).length <= 1) return true;
  return '-infinity'.includes(lower) || 'nan'.includes(lower);
}

/**
 * Recent totals of reports' unsearched rows, by database, query and bound values. Counting a million
 * rows costs as much as the search itself, and the total beside a search ("filtered from N") only
 * frames it: a search reuses the total an unsearched page counted within the last half minute.
 */
const totals = new Map<string, { count: number; at: number }>();
const TOTAL_KEPT_MS = 30_000;
const TOTALS_KEPT = 500;

function totalKey(session: ReadOnlySession, built: { sql: string; params: unknown[] }): string | undefined {
  return session.source === undefined ? undefined : JSON.stringify([session.source, built.sql, built.params]);
}

function rememberTotal(session: ReadOnlySession, built: { sql: string; params: unknown[] }, count: number): void {
  const key = totalKey(session, built);
  if (key === undefined) return;
  totals.delete(key);
  totals.set(key, { count, at: Date.now() });
  if (totals.size > TOTALS_KEPT) totals.delete(totals.keys().next().value ?? '');
}

function rememberedTotal(session: ReadOnlySession, built: { sql: string; params: unknown[] }): number | undefined {
  const key = totalKey(session, built);
  const known = key === undefined ? undefined : totals.get(key);
  return known && Date.now() - known.at < TOTAL_KEPT_MS ? known.count : undefined;
}

/**
 * A report's query prepared for one run: checked, with placeholders bound, and its column names
 * read from the database without fetching rows.
 */
export class PreparedReport {
  private constructor(
    private readonly session: ReadOnlySession,
    private readonly text: string,
    readonly columns: string[],
    /** Per column: held as a number by the database, so a search that no number's text contains skips it. */
    private readonly numeric: boolean[],
  ) {}

  static async prepare(session: ReadOnlySession, text: string, values: Placeholders): Promise<PreparedReport> {
    const query = checkQuery(text);
    const binder = new Binder(session.dialect);
    const prefix = 'select * from (\n';
    const built = `${prefix}${bindPlaceholders(query, binder, values)}\n) report_probe limit 0`;
    let columns: ResultColumn[];
    try {
      columns = await session.columns(built, binder.values);
    } catch (error) {
      throw databaseError(query, built, prefix.length, error);
    }
    const names = columns.map((c) => c.name);
    checkColumns(names);
    return new PreparedReport(
      session,
      query,
      names,
      columns.map((c) => c.numeric),
    );
  }

  /** `with report_q(c1, …) as (<query>) <tail>`: columns renamed so duplicates and odd names can be filtered. */
  private build(values: Placeholders, tail: (binder: Binder) => string): { sql: string; params: unknown[]; userStart: number } {
    const binder = new Binder(this.session.dialect);
    const names = this.columns.map((_, i) => `c${i + 1}`).join(', ');
    const prefix = `with report_q(${names}) as (\n`;
    const body = bindPlaceholders(this.text, binder, values);
    return { sql: `${prefix}${body}\n) ${tail(binder)}`, params: binder.values, userStart: prefix.length };
  }

  private async guarded<T>(built: { sql: string; userStart: number }, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw databaseError(this.text, built.sql, built.userStart, error);
    }
  }

  private where(binder: Binder, request: Pick<TableRequest, 'search' | 'columnsearch'>): string {
    const match = (i: number, term: string) => (this.session.dialect === 'sqlite' ? sqliteMatch(binder, `c${i + 1}`, term) : postgresMatch(binder, `c${i + 1}`, term));
    const conditions: string[] = [];
    // A numeric column is tested only when its text could contain the term: a scan of a million rows
    // then casts and compares only the columns that can match.
    const searched = (i: number, term: string) => !this.numeric[i] || couldBeInNumberText(term);
    if (request.search.trim() !== '') {
      const term = request.search.trim();
      const any = this.columns.flatMap((_, i) => (searched(i, term) ? [match(i, term)] : []));
      conditions.push(any.length ? `(${any.join(' or ')})` : '1 = 0');
    }
    request.columnsearch.forEach((s, i) => {
      const term = s.trim();
      if (term === '' || i >= this.columns.length) return;
      conditions.push(searched(i, term) ? match(i, term) : '1 = 0');
    });
    return conditions.length ? `where ${conditions.join(' and ')}` : '';
  }

  /** Up to `max` rows in the query's own order (client mode, preview). */
  async firstRows(values: Placeholders, max: number): Promise<{ rows: Row[]; truncated: boolean }> {
    const built = this.build(values, () => 'select * from report_q');
    return this.guarded(built, () => this.session.rows(built.sql, built.params, max));
  }

  /**
   * One page, sorted and searched by the database (server mode), with the total and filtered counts.
   * Given a `spare` session, a search counts its matches there while this session reads the page and
   * then the total: the count is a plain aggregate, which PostgreSQL spreads over parallel workers
   * (a count carried on the page as a window column is not). Without one, the searched page carries
   * its filtered count as a window column, so the rows are scanned once, not once to count and again
   * for the page.
   */
  async page(values: Placeholders, request: TableRequest, spare?: ReadOnlySession): Promise<TableAnswer> {
    const countQuery = (filtered: boolean) => this.build(values, (b) => `select count(*) from report_q ${filtered ? this.where(b, request) : ''}`);
    const count = (filtered: boolean, session: ReadOnlySession) => {
      const built = countQuery(filtered);
      return this.guarded(built, async () => {
        const counted = Number((await session.rows(built.sql, built.params, 1)).rows[0]?.[0] ?? 0);
        if (!filtered) rememberTotal(session, built, counted);
        return counted;
      });
    };
    /** A search shows the total of the unsearched rows: as counted in the last half minute, if it was. */
    const total = (session: ReadOnlySession) => {
      const known = rememberedTotal(session, countQuery(false));
      return known === undefined ? count(false, session) : Promise.resolve(known);
    };
    const filtering = searching(request);
    const windowed = filtering && !spare;
    const order = request.sort
      .filter((s) => s.column >= 0 && s.column < this.columns.length)
      .map((s) => `c${s.column + 1} ${s.dir === 'desc' ? 'desc' : 'asc'}`)
      .join(', ');
    const built = this.build(values, (b) => {
      const where = this.where(b, request);
      const counted = windowed ? ', count(*) over () as report_filtered' : '';
      return `select *${counted} from report_q ${where} ${order ? `order by ${order}` : ''} limit ${b.add(request.length)} offset ${b.add(request.start)}`;
    });
    const pageRows = async () => (await this.guarded(built, () => this.session.rows(built.sql, built.params, request.length))).rows;
    if (!filtering) {
      const [recordsTotal, rows] = spare ? await Promise.all([count(false, spare), pageRows()]) : [await count(false, this.session), await pageRows()];
      return { columns: this.columns, rows, recordsTotal, recordsFiltered: recordsTotal };
    }
    if (spare) {
      const [recordsFiltered, [rows, recordsTotal]] = await Promise.all([count(true, spare), pageRows().then(async (rows) => [rows, await total(this.session)] as const)]);
      return { columns: this.columns, rows, recordsTotal: Math.max(recordsTotal, recordsFiltered), recordsFiltered };
    }
    const rows = await pageRows();
    const recordsTotal = await total(this.session);
    const width = this.columns.length;
    // A page past the last match has no row to carry the count: then count on its own.
    const recordsFiltered = rows.length ? Number(rows[0]?.[width] ?? 0) : await count(true, this.session);
    return { columns: this.columns, rows: rows.map((r) => r.slice(0, width)), recordsTotal: Math.max(recordsTotal, recordsFiltered), recordsFiltered };
  }

  /** Every row, in batches, for export. */
  async *all(values: Placeholders, batch: number, max: number): AsyncGenerator<Row[]> {
    const built = this.build(values, (b) => `select * from report_q limit ${b.add(max)}`);
    const stream = this.session.stream(built.sql, built.params, batch);
    try {
      for (;;) {
        let next: IteratorResult<Row[]>;
        try {
          next = await stream.next();
        } catch (error) {
          throw databaseError(this.text, built.sql, built.userStart, error);
        }
        if (next.done) return;
        yield next.value;
      }
    } finally {
      await stream.return(undefined);
    }
  }
}
