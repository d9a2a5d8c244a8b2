import type { Kysely, Selectable } from 'kysely';
import { UPLOAD_DELIMITERS, UPLOAD_MODES, type UploadDelimiter, type UploadMode } from '../../../api/userupload';
import type { DB, UserUploadTable } from '../../db/schema';
import { invalidRecord, type AppError } from '../../platform/errors';
import type { EventActor } from '../../platform/events';
import { now } from '../../platform/platform';
import { assessRows, readUploadFile, writeVerdicts, type RowError } from './upload';
import type { UserFieldRules } from './validation';

/**
 * Rows written per call. Each new user costs a password hash (~60 ms), so a batch takes about a
 * second: the progress bar moves steadily and no transaction holds the database for long.
 */
export const UPLOAD_BATCH_ROWS = 20;
/** Uploads older than this are forgotten (with their failed rows) when someone starts a new one. */
const KEEP_SECONDS = 7 * 24 * 3600;

type UploadRecord = Selectable<UserUploadTable>;

export interface UploadState {
  uploadid: number;
  mode: UploadMode;
  total: number;
  processed: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  finished: boolean;
}

function modeOf(value: string): UploadMode {
  return UPLOAD_MODES.find((m) => m === value) ?? 'addnew';
}

function delimiterOf(value: string): UploadDelimiter {
  return UPLOAD_DELIMITERS.find((d) => d === value) ?? 'comma';
}

function stateOf(record: UploadRecord): UploadState {
  return {
    uploadid: record.id,
    mode: modeOf(record.mode),
    total: record.totalrows,
    processed: record.processedrows,
    created: record.created,
    updated: record.updated,
    skipped: record.skipped,
    failed: record.failed,
    finished: record.processedrows >= record.totalrows,
  };
}

/** The caller's own upload; anyone else's answers as missing, so ids reveal nothing. */
async function ownUpload(db: Kysely<DB>, uploadid: number, userid: number): Promise<UploadRecord> {
  const record = await db.selectFrom('user_uploads').selectAll().where('id', '=', uploadid).where('userid', '=', userid).executeTakeFirst();
  if (!record) throw invalidRecord('user_uploads');
  return record;
}

async function forgetOldUploads(db: Kysely<DB>): Promise<void> {
  const old = db.selectFrom('user_uploads').select('id').where('timecreated', '<', now() - KEEP_SECONDS);
  await db.deleteFrom('user_upload_failures').where('uploadid', 'in', old).execute();
  await db.deleteFrom('user_uploads').where('timecreated', '<', now() - KEEP_SECONDS).execute();
}

/** Checks the file as a whole (as the preview does) and stores it; no user is written yet. */
export async function startUpload(db: Kysely<DB>, userid: number, file: { content: string; delimiter: UploadDelimiter; mode: UploadMode }): Promise<UploadState> {
  const { rows } = readUploadFile(file.content, file.delimiter, file.mode);
  await forgetOldUploads(db);
  const t = now();
  const record = await db
    .insertInto('user_uploads')
    .values({ userid, mode: file.mode, delimiter: file.delimiter, content: file.content, totalrows: rows.length, timecreated: t, timemodified: t })
    .returningAll()
    .executeTakeFirstOrThrow();
  return stateOf(record);
}

/**
 * Uploads the next batch of rows, checked again against the site as it is now. Runs inside the call's
 * transaction, so a batch is written whole or not at all. The batch is claimed first by moving the
 * progress on only if nobody else has: a second process (or tab) on the same upload finds the
 * progress moved (on PostgreSQL after waiting for this transaction's row lock) and leaves it alone.
 */
export async function processUpload(
  db: Kysely<DB>,
  uploadid: number,
  actor: EventActor,
  fieldRules: UserFieldRules,
  render: (problems: readonly AppError[]) => RowError[],
): Promise<UploadState> {
  const record = await ownUpload(db, uploadid, actor.userid);
  const start = record.processedrows;
  if (start >= record.totalrows) return stateOf(record);
  const end = Math.min(start + UPLOAD_BATCH_ROWS, record.totalrows);
  const claimed = await db
    .updateTable('user_uploads')
    .set({ processedrows: end, timemodified: now() })
    .where('id', '=', uploadid)
    .where('processedrows', '=', start)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return stateOf(await ownUpload(db, uploadid, actor.userid));

  const mode = modeOf(record.mode);
  const file = readUploadFile(record.content, delimiterOf(record.delimiter), mode);
  const verdicts = await assessRows(db, file.rows.slice(start, end), mode, fieldRules, actor);
  await writeVerdicts(db, verdicts, fieldRules, actor);
  const failures = verdicts.flatMap((v) => (v.action === 'error' ? [{ uploadid, line: v.row.line, username: v.row.username.slice(0, 255), errors: JSON.stringify(render(v.problems)) }] : []));
  if (failures.length > 0) await db.insertInto('user_upload_failures').values(failures).execute();
  const count = (action: string) => verdicts.filter((v) => v.action === action).length;
  const finished = end >= record.totalrows;
  const updated = await db
    .updateTable('user_uploads')
    .set({
      created: record.created + count('create'),
      updated: record.updated + count('update'),
      skipped: record.skipped + count('skip'),
      failed: record.failed + failures.length,
      // The file is not needed once every row is done.
      ...(finished ? { content: '', timefinished: now() } : {}),
    })
    .where('id', '=', uploadid)
    .returningAll()
    .executeTakeFirstOrThrow();
  return stateOf(updated);
}

/** The upload's progress and a page of its failed rows, in file order. */
export async function uploadResult(db: Kysely<DB>, uploadid: number, userid: number, page: number, perpage: number) {
  const record = await ownUpload(db, uploadid, userid);
  const rows = await db
    .selectFrom('user_upload_failures')
    .select(['line', 'username', 'errors'])
    .where('uploadid', '=', uploadid)
    .orderBy('line')
    .limit(perpage)
    .offset(page * perpage)
    .execute();
  return {
    ...stateOf(record),
    failures: rows.map((r) => ({ line: r.line, username: r.username, errors: JSON.parse(r.errors) as RowError[] })),
  };
}
