import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { newUserSchema, userUpdateSchema } from '../../../api/user';
import { UPLOAD_COLUMNS, UPLOAD_MAX_CHARS, UPLOAD_MAX_ROWS, type UploadColumn, type UploadDelimiter, type UploadMode } from '../../../api/userupload';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { EventActor } from '../../platform/events';
import type { StringManager } from '../../platform/strings';
import { parseCsv } from './csv';
import { changeRefusal, changeRules, createUsers, updateUsers, type ChangeRules, type NewUser, type UserChanges } from './service';
import { newUserProblems, userChangeProblems, type UserFieldRules } from './validation';

const COMPONENT = 'core_user';
/** Usernames looked up per query, well under both dialects' limits on bound parameters. */
const LOOKUP_CHUNK = 500;
/** A file that may create users must have these columns. */
const NEEDED_TO_CREATE: readonly UploadColumn[] = ['firstname', 'lastname', 'email'];
const OTHER_SEPARATORS = /[,;:\t]/;

function refuse(errorcode: string, a?: unknown): AppError {
  return new AppError(errorcode, { component: COMPONENT, a });
}

/** A problem with one field of a row (`field` empty: the row as a whole), named like the validators' errors. */
function problem(errorcode: string, field: string, a?: unknown): AppError {
  return new AppError(errorcode, { component: COMPONENT, a, debuginfo: field });
}

export type UploadValues = Partial<Record<UploadColumn, string>>;

export interface UploadRow {
  /** The line of the file the row starts on (the header is line 1). */
  line: number;
  /** Trimmed; username in lower case and country in upper case, as they are stored. */
  values: UploadValues;
  username: string;
  /** What the file alone shows wrong: a wrong number of fields, no username, a username used above. */
  problems: AppError[];
}

export interface UploadFile {
  columns: UploadColumn[];
  rows: UploadRow[];
}

function isColumn(name: string): name is UploadColumn {
  return (UPLOAD_COLUMNS as readonly string[]).includes(name);
}

/** The header's columns, or a refusal of the whole file that says what to fix. */
function readHeader(fields: readonly string[], mode: UploadMode): UploadColumn[] {
  const names = fields.map((name) => name.trim().toLowerCase());
  const unknown = names.filter((name) => !isColumn(name));
  if (unknown.length > 0) {
    // One unknown column holding other separators: the file uses another delimiter than the one chosen.
    if (names.length === 1 && OTHER_SEPARATORS.test(names[0] ?? '')) throw refuse('uploadwrongdelimiter');
    throw refuse('uploadunknowncolumns', unknown.map((name) => `"${name}"`).join(', '));
  }
  const columns = names.filter(isColumn);
  const repeated = columns.find((name, i) => columns.indexOf(name) !== i);
  if (repeated) throw refuse('uploadrepeatedcolumn', repeated);
  if (!columns.includes('username')) throw refuse('uploadnousernamecolumn');
  const missing = mode === 'update' ? [] : NEEDED_TO_CREATE.filter((name) => !columns.includes(name));
  if (missing.length > 0) throw refuse('uploadmissingcolumns', missing.join(', '));
  return columns;
}

/**
 * Reads a users CSV and checks it as a whole: its size, its header, and what needs every row to see
 * (a username repeated from an earlier row is an error on the later one). Refuses a file that cannot
 * be uploaded at all; problems of single rows stay with the rows.
 */
export function readUploadFile(content: string, delimiter: UploadDelimiter, mode: UploadMode): UploadFile {
  if (content.length > UPLOAD_MAX_CHARS) throw refuse('uploadtoolarge', Math.round(UPLOAD_MAX_CHARS / (1024 * 1024)));
  const [header, ...records] = parseCsv(content, delimiter);
  if (!header) throw refuse('uploadempty');
  const columns = readHeader(header.fields, mode);
  if (records.length === 0) throw refuse('uploadnorows');
  if (records.length > UPLOAD_MAX_ROWS) throw refuse('uploadtoomanyrows', { rows: records.length, max: UPLOAD_MAX_ROWS });
  const firstLine = new Map<string, number>();
  const rows = records.map((record): UploadRow => {
    const values: UploadValues = {};
    columns.forEach((column, i) => {
      values[column] = (record.fields[i] ?? '').trim();
    });
    const username = (values.username ?? '').toLowerCase();
    values.username = username;
    if (values.country) values.country = values.country.toUpperCase();
    const problems: AppError[] = [];
    if (record.fields.length !== columns.length) problems.push(problem('uploadfieldcount', '', { found: record.fields.length, expected: columns.length }));
    const first = firstLine.get(username);
    if (username === '') problems.push(problem('uploadnousername', 'username'));
    else if (first !== undefined) problems.push(problem('uploadrepeatedusername', 'username', { username, line: first }));
    else firstLine.set(username, record.line);
    return { line: record.line, values, username, problems };
  });
  return { columns, rows };
}

/** What a row does, with what it needs to do it. */
export type Verdict =
  | { row: UploadRow; action: 'create'; user: NewUser }
  | { row: UploadRow; action: 'update'; change: UserChanges }
  | { row: UploadRow; action: 'skip'; reason: AppError }
  | { row: UploadRow; action: 'error'; problems: AppError[] };

/** The ids of the live users with these usernames. */
async function existingUsers(db: Kysely<DB>, usernames: readonly string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let i = 0; i < usernames.length; i += LOOKUP_CHUNK) {
    const chunk = usernames.slice(i, i + LOOKUP_CHUNK);
    const rows = await db.selectFrom('user').select(['id', 'username']).where('username', 'in', chunk).where('deleted', '=', 0).execute();
    for (const row of rows) found.set(row.username, row.id);
  }
  return found;
}

/** The given (non-empty) values: an empty cell means "not given", so an update keeps the stored value. */
function given(values: UploadValues): Partial<Record<UploadColumn, string>> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
}

/** The schema's refusals (lengths, formats, flags) as field problems. */
function schemaProblems(error: z.ZodError | undefined): AppError[] {
  return (error?.issues ?? []).map((issue) => {
    const field = String(issue.path[0] ?? '');
    if (issue.code === 'too_big') return problem('uploadtoolong', field, issue.maximum);
    return problem(field === 'suspended' ? 'uploadbadsuspended' : 'uploadbadvalue', field);
  });
}

/** The first problem of each field, row-wide ones first: one clear message per cell. */
function onePerField(problems: readonly AppError[]): AppError[] {
  const seen = new Set<string>();
  const kept = problems.filter((p) => {
    const field = p.debuginfo ?? '';
    if (field !== '' && seen.has(field)) return false;
    seen.add(field);
    return true;
  });
  return kept.sort((a, b) => Number((a.debuginfo ?? '') !== '') - Number((b.debuginfo ?? '') !== ''));
}

function asNewUser(row: UploadRow, fieldRules: UserFieldRules): Verdict {
  const { password, ...rest } = given(row.values);
  // A row without a password gets a generated one, as "Generate a password" does in the form.
  const fields = { firstname: '', lastname: '', email: '', ...rest, username: row.username, ...(password ? { password } : { createpassword: true }) };
  const parsed = newUserSchema.safeParse(fields);
  const problems = onePerField([...newUserProblems(fields, fieldRules), ...schemaProblems(parsed.error)]);
  if (problems.length > 0 || !parsed.success) return { row, action: 'error', problems };
  return { row, action: 'create', user: parsed.data };
}

function asChange(row: UploadRow, id: number, fieldRules: UserFieldRules, rules: ChangeRules): Verdict {
  const { username: _username, ...rest } = given(row.values);
  const fields = { id, ...rest };
  const parsed = userUpdateSchema.safeParse(fields);
  const refusal = rules.admins.includes(id) ? problem('uploadadminnotupdated', '') : changeRefusal({ id, suspended: parsed.data?.suspended }, rules);
  const problems = onePerField([...(refusal ? [refusal] : []), ...userChangeProblems(rest, fieldRules), ...schemaProblems(parsed.error)]);
  if (problems.length > 0 || !parsed.success) return { row, action: 'error', problems };
  return { row, action: 'update', change: parsed.data };
}

/**
 * Decides each row against the site as it is now, with the checks the user forms and methods use:
 * new usernames are created (mode addnew, addupdate), existing ones updated (addupdate, update) or
 * skipped. Site admins and the guest are never changed by an upload.
 */
export async function assessRows(db: Kysely<DB>, rows: readonly UploadRow[], mode: UploadMode, fieldRules: UserFieldRules, actor: EventActor): Promise<Verdict[]> {
  const existing = await existingUsers(
    db,
    rows.filter((r) => r.problems.length === 0).map((r) => r.username),
  );
  const rules = await changeRules(db, actor);
  return rows.map((row): Verdict => {
    if (row.problems.length > 0) return { row, action: 'error', problems: row.problems };
    const id = existing.get(row.username);
    if (id === undefined) return mode === 'update' ? { row, action: 'skip', reason: problem('uploadskipnew', 'username') } : asNewUser(row, fieldRules);
    return mode === 'addnew' ? { row, action: 'skip', reason: problem('uploadskipexisting', 'username') } : asChange(row, id, fieldRules, rules);
  });
}

/** Writes the rows that passed through the user service, so each user gets its context and event. */
export async function writeVerdicts(db: Kysely<DB>, verdicts: readonly Verdict[], fieldRules: UserFieldRules, actor: EventActor): Promise<void> {
  const users = verdicts.flatMap((v) => (v.action === 'create' ? [v.user] : []));
  const changes = verdicts.flatMap((v) => (v.action === 'update' ? [v.change] : []));
  if (users.length > 0) await createUsers(db, users, fieldRules, actor);
  if (changes.length > 0) await updateUsers(db, changes, fieldRules, actor);
}

export interface RowError {
  field: string;
  message: string;
}

/** A row's problems as the caller reads them. */
export function rowErrors(problems: readonly AppError[], strings: StringManager, lang: string): RowError[] {
  return problems.map((p) => ({ field: p.debuginfo ?? '', message: strings.errorMessage(p.errorcode, p.component, p.a, lang) }));
}
