import { AppError } from '../../platform/errors';

export const COMPONENT = 'block_configurable_reports';

/** Tables a report may never read: sessions, web-service tokens, accepted quiz passwords, LTI keys and secrets, site settings. */
export const FORBIDDEN_TABLES = ['sessions', 'session_notifications', 'external_tokens', 'quiz_password_passed', 'lti_keys', 'lti_tool_proxies', 'lti_launch_hints', 'config'] as const;

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
const FORBIDDEN_FUNCTION = /^(set_config|pg_read_file|pg_read_binary_file|pg_ls_\w+|pg_stat_file|lo_\w+|dblink\w*|pg_terminate_backend|pg_cancel_backend|pg_reload_conf|pg_rotate_logfile|pg_advisory\w*|pg_try_advisory\w*|nextval|setval|pg_notify|\w+_to_xml\w*|query_to_\w+|load_extension|readfile|writefile|edit|fts3_tokenizer|pragma_\w+|sqlite_dbpage|sqlite_dbdata|txid_current|pg_current_xact_id|pg_logical\w*|pg_switch_wal|pg_create\w*|pg_drop\w*|pg_export_snapshot|pg_promote|pg_import_system_collations)$/;

/** A refusal of a query's text, with the string id that explains it. */
export function refused(errorcode: string, a?: unknown): AppError {
  return new AppError(errorcode, { component: COMPONENT, a });
}

/**
 * The query with comments and string literals blanked out and quoted identifiers unquoted, in lower
 * case, so the checks below see only what the database will read as words.
 */
export function skeleton(text: string): string {
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
      let j = i + 1;
      while (j < text.length && !(text[j] === "'" && text[j + 1] !== "'")) j += text[j] === "'" ? 2 : 1;
      i = j + 1;
      out += " '' ";
    } else if (c === '$' && /^\$[A-Za-z_]*\$/.test(text.slice(i))) {
      // PostgreSQL dollar-quoted text: $tag$ … $tag$.
      const tag = /^\$[A-Za-z_]*\$/.exec(text.slice(i))?.[0] ?? '$$';
      const end = text.indexOf(tag, i + tag.length);
      i = end === -1 ? text.length : end + tag.length;
      out += " '' ";
    } else if (c === '"' || c === '`' || c === '[') {
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

/**
 * Refuses every query that is not exactly one SELECT (or WITH … SELECT) reading allowed tables and
 * columns. The read-only connection refuses writes again; this check gives the clear message first.
 */
export function checkQuery(text: string): string {
  const query = trimQuery(text);
  if (query === '') throw refused('emptyquery');
  const bare = skeleton(query);
  if (bare.includes(';')) throw refused('multiplestatements');
  const words = bare.match(/[a-z_][a-z0-9_$]*/g) ?? [];
  const first = words[0];
  if (first !== 'select' && first !== 'with') throw refused('onlyselect');
  for (const word of words) {
    if (WRITE_WORDS.includes(word)) throw refused('forbiddenkeyword', word.toUpperCase());
    if ((FORBIDDEN_TABLES as readonly string[]).includes(word)) throw refused('forbiddentable', word);
    if ((FORBIDDEN_COLUMNS as readonly string[]).includes(word)) throw refused('forbiddencolumn', word);
  }
  for (const call of bare.matchAll(/([a-z_][a-z0-9_$]*)\s*\(/g)) {
    const name = call[1] ?? '';
    if (FORBIDDEN_FUNCTION.test(name)) throw refused('forbiddenfunction', name);
  }
  return query;
}

/** Refuses a result that would show a secret column (`SELECT *` over the user table names no column). */
export function checkColumns(columns: readonly string[]): void {
  for (const column of columns) {
    if ((FORBIDDEN_COLUMNS as readonly string[]).includes(column.toLowerCase())) throw refused('forbiddencolumn', column);
  }
}
