import { AppError } from '../../platform/errors';

export const COMPONENT = 'block_configurable_reports';

/** Tables a report may never read: sessions, web-service tokens, accepted quiz passwords, LTI keys and secrets, site settings. */
export const FORBIDDEN_TABLES = ['sessions', 'session_notifications', 'external_tokens', 'quiz_password_passed', 'lti_keys', 'lti_tool_proxies', 'lti_launch_hints', 'config'] as const;

/**
 * PostgreSQL's catalogs of password hashes and of the passwords of foreign-server mappings. The
 * reader role cannot read them, but a remote query runs as the user its address names, and a site
 * whose database user may not make the reader role runs reports as that user: either may be allowed.
 */
const FORBIDDEN_CATALOGS = ['pg_authid', 'pg_shadow', 'pg_user_mapping', 'pg_user_mappings'] as const;

/** Columns holding secrets (user, enrolment key, quiz and LTI passwords, salts, sesskeys, tokens). */
export const FORBIDDEN_COLUMNS = ['password', 'secret', 'servicesalt', 'sesskey', 'token', 'privatekey'] as const;

/** Words that change data, settings or the connection in either dialect. */
const WRITE_WORDS = [
  'insert', 'update', 'delete', 'merge', 'upsert', 'drop', 'alter', 'create', 'truncate', 'attach', 'detach', 'pragma', 'set', 'reset',
  'vacuum', 'reindex', 'grant', 'revoke', 'copy', 'lock', 'call', 'execute', 'prepare', 'deallocate', 'begin', 'commit', 'rollback',
  'savepoint', 'release', 'listen', 'notify', 'unlisten', 'into', 'analyze', 'cluster', 'refresh', 'discard', 'import',
];

/**
 * Functions that change settings, touch files or other connections, or run SQL given as text (which
 * would slip past the table checks): refused whatever their arguments.
 */
const FORBIDDEN_FUNCTION = /^(set_config|pg_read_file|pg_read_binary_file|pg_ls_\w+|pg_stat_file|lo_\w+|dblink\w*|pg_terminate_backend|pg_cancel_backend|pg_reload_conf|pg_rotate_logfile|pg_advisory\w*|pg_try_advisory\w*|nextval|setval|pg_notify|\w+_to_xml\w*|query_to_\w+|load_extension|readfile|writefile|edit|fts3_tokenizer|pragma_\w+|sqlite_dbpage|sqlite_dbdata|txid_current|pg_current_xact_id|pg_logical\w*|pg_switch_wal|pg_create\w*|pg_drop\w*|pg_export_snapshot|pg_promote|pg_import_system_collations|ts_stat|ts_rewrite)$/;

/** A refusal of a query's text, with the string id that explains it. */
export function refused(errorcode: string, a?: unknown): AppError {
  return new AppError(errorcode, { component: COMPONENT, a });
}

/** Which database's rules a query's text is read by: their quoting differs. */
export type Reading = 'sqlite' | 'postgres';

/** Both readings: a report's text is checked as each database would read it. */
const READINGS: readonly Reading[] = ['sqlite', 'postgres'];

/** A PostgreSQL dollar quote's opening tag ($$ or $tag$) at the start of the text. */
const DOLLAR_TAG = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/;

/** Whether the character before `at` continues a name (so a quote there is not where a token starts). */
const afterName = (text: string, at: number) => /[A-Za-z0-9_$]/.test(text[at - 1] ?? '');

/**
 * The query with comments and string literals blanked out and quoted identifiers unquoted, in lower
 * case, so the checks below see only what the database will read as words. The readings differ:
 * SQLite quotes names in `…` and […] too; PostgreSQL has E'…' strings with backslash escapes and
 * $tag$…$tag$ text, and […] there holds expressions.
 */
export function skeleton(text: string, reading: Reading): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i] ?? '';
    const next = text[i + 1] ?? '';
    if (c === '-' && next === '-') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
      out += ' ';
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
      out += ' ';
    } else if (c === "'") {
      // E'\'' is one quote in PostgreSQL, and what follows it is SQL.
      const escapes = reading === 'postgres' && /e/i.test(text[i - 1] ?? '') && !afterName(text, i - 1);
      let j = i + 1;
      while (j < text.length && !(text[j] === "'" && text[j + 1] !== "'")) j += text[j] === "'" || (escapes && text[j] === '\\') ? 2 : 1;
      i = j + 1;
      out += " '' ";
    } else if (reading === 'postgres' && c === '$' && !afterName(text, i) && DOLLAR_TAG.test(text.slice(i))) {
      const tag = DOLLAR_TAG.exec(text.slice(i))?.[0] ?? '$$';
      const end = text.indexOf(tag, i + tag.length);
      i = end === -1 ? text.length : end + tag.length;
      out += " '' ";
    } else if (c === '"' || (reading === 'sqlite' && (c === '`' || c === '['))) {
      // PostgreSQL's U&"…" spells a name with escapes (U&"sess\0069ons" is sessions): refused, as no
      // check here could read the name the database will.
      if (reading === 'postgres' && /u&$/i.test(text.slice(Math.max(0, i - 2), i)) && !afterName(text, i - 2)) throw refused('escapedname');
      const close = c === '[' ? ']' : c;
      const end = text.indexOf(close, i + 1);
      const inner = text.slice(i + 1, end === -1 ? text.length : end);
      // A quoted name is still a name: "sessions" reads the sessions table.
      out += ` ${inner.toLowerCase().replace(/[^a-z0-9_]+/g, '_')} `;
      i = end === -1 ? text.length : end + 1;
    } else {
      out += c.toLowerCase();
      i += 1;
    }
  }
  return out;
}

/** The query without a final semicolon and surrounding blanks (one trailing `;` is what editors leave). */
export function trimQuery(text: string): string {
  return text.trim().replace(/;\s*$/, '').trimEnd();
}

/** Refuses a query's words, as one database reads them, that write, read a secret or call a refused function. */
function checkWords(bare: string): void {
  const words = bare.match(/[a-z_][a-z0-9_$]*/g) ?? [];
  const first = words[0];
  if (first !== 'select' && first !== 'with') throw refused('onlyselect');
  for (const word of words) {
    if (WRITE_WORDS.includes(word)) throw refused('forbiddenkeyword', word.toUpperCase());
    if ((FORBIDDEN_TABLES as readonly string[]).includes(word) || (FORBIDDEN_CATALOGS as readonly string[]).includes(word)) throw refused('forbiddentable', word);
    if ((FORBIDDEN_COLUMNS as readonly string[]).includes(word)) throw refused('forbiddencolumn', word);
  }
  for (const call of bare.matchAll(/([a-z_][a-z0-9_$]*)\s*\(/g)) {
    const name = call[1] ?? '';
    if (FORBIDDEN_FUNCTION.test(name)) throw refused('forbiddenfunction', name);
  }
}

/**
 * Refuses every query that is not exactly one SELECT (or WITH … SELECT) reading allowed tables and
 * columns. The read-only connection refuses writes again; this check gives the clear message first.
 * The text is checked as SQLite and as PostgreSQL read it (a remote query may run on either), so
 * quoting that one of them does not know cannot hide a word from the other.
 */
export function checkQuery(text: string): string {
  const query = trimQuery(text);
  if (query === '') throw refused('emptyquery');
  const readings = READINGS.map((reading) => skeleton(query, reading));
  if (readings.some((bare) => bare.includes(';'))) throw refused('multiplestatements');
  readings.forEach(checkWords);
  return query;
}

/** Refuses a result that would show a secret column (`SELECT *` over the user table names no column). */
export function checkColumns(columns: readonly string[]): void {
  for (const column of columns) {
    if ((FORBIDDEN_COLUMNS as readonly string[]).includes(column.toLowerCase())) throw refused('forbiddencolumn', column);
  }
}
