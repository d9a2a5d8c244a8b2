import type { Kysely, Selectable } from 'kysely';
import type { Warning } from '../../../api/types';
import type { AssignSubmissionTable, DB } from '../../db/schema';
import { ensureUserContext } from '../../platform/access/contexts';
import { logContextEvent } from '../../platform/events';
import { now } from '../../platform/platform';
import type { CallContext } from '../../ws/method';
import { areaFiles, copyArea, type FileArea, type StoredFile } from '../files/storage';
import { enrolledUserIds } from '../group/service';
import { sendNotification } from '../message/send';
import { CAP_GRADE, CAP_SUBMIT, COMPONENT, type AssignAccess, type AssignRow } from './access';
import { enrolledWithCapability, fullnameOf } from './participants';

export type SubmissionRow = Selectable<AssignSubmissionTable>;

/** The largest file a submission takes when the assignment sets no limit (the site upload limit). */
export const SITE_MAX_BYTES = 20 * 1024 * 1024;
export const SUBMISSION_FILEAREA = 'submission_files';

/** The submission files of one submission. */
export const submissionArea = (modcontextid: number, submissionid: number): FileArea => ({ contextid: modcontextid, component: COMPONENT, filearea: SUBMISSION_FILEAREA, itemid: submissionid });

/** A user's draft area (files being prepared for a form). */
export const draftArea = (usercontextid: number, itemid: number): FileArea => ({ contextid: usercontextid, component: 'user', filearea: 'draft', itemid });

/** The largest file this assignment accepts. */
export const maxBytesOf = (assign: Pick<AssignRow, 'file_maxsizebytes'>) => (assign.file_maxsizebytes > 0 ? Math.min(assign.file_maxsizebytes, SITE_MAX_BYTES) : SITE_MAX_BYTES);

/** Moodle's count_words: the words of the text once tags and entities are gone. */
export function countWords(html: string): number {
  const text = html
    .replace(/<(br|p|div|li|h\d|tr|td|th)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, 'x');
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** The user's latest attempt, if any. */
export async function latestSubmission(db: Kysely<DB>, assignid: number, userid: number): Promise<SubmissionRow | undefined> {
  return db.selectFrom('assign_submission').selectAll().where('assignment', '=', assignid).where('userid', '=', userid).where('groupid', '=', 0).where('latest', '=', 1).executeTakeFirst();
}

/** The user's latest attempt, created as attempt 0 with status `new` when there is none. */
export async function ensureSubmission(db: Kysely<DB>, assignid: number, userid: number): Promise<SubmissionRow> {
  const existing = await latestSubmission(db, assignid, userid);
  if (existing) return existing;
  const t = now();
  await db
    .insertInto('assign_submission')
    .values({ assignment: assignid, userid, groupid: 0, attemptnumber: 0, latest: 1, status: 'new', timecreated: t, timemodified: t })
    .onConflict((oc) => oc.columns(['assignment', 'userid', 'groupid', 'attemptnumber']).doNothing())
    .execute();
  const created = await latestSubmission(db, assignid, userid);
  if (!created) throw new Error(`submission of user ${userid} in assignment ${assignid} could not be created`);
  return created;
}

export async function userFlags(db: Kysely<DB>, assignid: number, userid: number) {
  return db.selectFrom('assign_user_flags').selectAll().where('assignment', '=', assignid).where('userid', '=', userid).executeTakeFirst();
}

/** The due date that counts for this user: their extension when they have one. */
export const effectiveDue = (assign: Pick<AssignRow, 'duedate'>, extension: number | null | undefined) => (extension && extension > 0 ? extension : assign.duedate);

/** Late = submitted (or, not yet submitted, now) after the due date or the user's extension. */
export function isLate(assign: Pick<AssignRow, 'duedate'>, extension: number | null | undefined, time: number): boolean {
  const due = effectiveDue(assign, extension);
  return due > 0 && time > due;
}

/**
 * Moodle's submissions_open (activities.md §1.5): answers why submissions are closed for the user, or
 * null when they are open. `forSubmit` skips the drafts rule (submitting a draft is what it is for).
 */
export function closedReason(
  assign: Pick<AssignRow, 'allowsubmissionsfromdate' | 'cutoffdate' | 'submissiondrafts'>,
  state: { locked: boolean; extension: number; enrolled: boolean; status: string | null },
  time: number,
  forSubmit = false,
): 'submissionlocked' | 'submissionnotopen' | 'usernotincourse' | 'submissionalreadysubmitted' | null {
  if (state.locked) return 'submissionlocked';
  let final = assign.cutoffdate;
  if (final > 0 && state.extension > final) final = state.extension;
  if (assign.allowsubmissionsfromdate > time || (final > 0 && time > final)) return 'submissionnotopen';
  if (!state.enrolled) return 'usernotincourse';
  if (!forSubmit && assign.submissiondrafts && state.status === 'submitted') return 'submissionalreadysubmitted';
  return null;
}

/** Whether the user's submissions are open now (for the status page). */
export async function submissionState(db: Kysely<DB>, a: AssignAccess, userid: number, status: string | null) {
  const flags = await userFlags(db, a.assign.id, userid);
  const enrolled = (await enrolledUserIds(db, a.course.id, [userid])).has(userid);
  const state = { locked: (flags?.locked ?? 0) === 1, extension: flags?.extensionduedate ?? 0, enrolled, status };
  return { flags, state, closed: closedReason(a.assign, state, now()) };
}

function warning(ctx: CallContext, assignid: number, warningcode: string, noticeId: string, a?: unknown): Warning {
  return {
    item: ctx.platform.strings.get(noticeId, COMPONENT, a, ctx.lang),
    itemid: assignid,
    warningcode,
    message: ctx.platform.strings.get(warningcode === 'couldnotsubmitforgrading' ? 'couldnotsubmitforgrading' : 'couldnotsavesubmission', COMPONENT, undefined, ctx.lang),
  };
}

async function hasOnlineText(db: Kysely<DB>, submissionid: number): Promise<boolean> {
  const row = await db.selectFrom('assignsubmission_onlinetext').select('onlinetext').where('submission', '=', submissionid).executeTakeFirst();
  return countWords(row?.onlinetext ?? '') > 0 || /<(img|video|audio|iframe)\b/i.test(row?.onlinetext ?? '');
}

/** Tells the graders of the course about a submission (sendnotifications, or sendlatenotifications when late). */
async function notifyGraders(ctx: CallContext, a: AssignAccess, submitter: { id: number; firstname: string; lastname: string }, late: boolean): Promise<void> {
  if (!a.assign.sendnotifications && !(late && a.assign.sendlatenotifications)) return;
  const graders = await (await enrolledWithCapability(ctx.db, a.course.id, a.modcontext, CAP_GRADE)).select('u.id').where('u.id', '!=', submitter.id).execute();
  const params = { username: fullnameOf(submitter), assignment: a.assign.name };
  const subject = ctx.platform.strings.get('submissionnotificationsubject', COMPONENT, params, ctx.lang);
  const text = ctx.platform.strings.get(late ? 'latesubmissionnotificationtext' : 'submissionnotificationtext', COMPONENT, params, ctx.lang);
  for (const grader of graders) {
    await sendNotification(ctx.platform, ctx.db, {
      useridto: grader.id,
      useridfrom: submitter.id,
      component: COMPONENT,
      eventtype: 'assign_notification',
      subject,
      fullmessage: text,
      smallmessage: subject,
      contexturl: `/mod/assign/view.php?id=${a.cm.id}&action=grader&userid=${submitter.id}`,
      contexturlname: a.assign.name,
    });
  }
}

async function submitterRecord(db: Kysely<DB>, userid: number) {
  return db.selectFrom('user').select(['id', 'firstname', 'lastname']).where('id', '=', userid).executeTakeFirstOrThrow();
}

async function logSubmissionEvent(ctx: CallContext, a: AssignAccess, submission: SubmissionRow, eventname: string, action: string, target: string) {
  await logContextEvent(ctx, a.modcontext, {
    eventname,
    component: COMPONENT,
    action,
    target,
    objecttable: 'assign_submission',
    objectid: submission.id,
    crud: 'u',
    courseid: a.course.id,
    relateduserid: submission.userid,
  });
}

export interface SubmissionInput {
  onlinetext_editor?: { text: string; format: number; itemid: number };
  files_filemanager?: number;
}

/**
 * mod_assign_save_submission for the caller: every check first, then the writes, so a warning means
 * nothing changed.
 */
export async function saveSubmission(ctx: CallContext, a: AssignAccess, input: SubmissionInput): Promise<Warning[]> {
  const user = ctx.user!;
  await ctx.access.requireCapability(CAP_SUBMIT, a.modcontext);
  const { assign } = a;
  const existing = await latestSubmission(ctx.db, assign.id, user.id);
  const { state, closed } = await submissionState(ctx.db, a, user.id, existing?.status ?? null);
  if (closed) return [warning(ctx, assign.id, 'couldnotsavesubmission', closed)];

  const text = assign.onlinetext_enabled && input.onlinetext_editor ? input.onlinetext_editor : undefined;
  if (text && assign.onlinetext_wordlimit > 0) {
    const count = countWords(text.text);
    if (count > assign.onlinetext_wordlimit) {
      return [{ ...warning(ctx, assign.id, 'couldnotsavesubmission', 'wordlimitexceeded', { limit: assign.onlinetext_wordlimit, count }), warningcode: 'wordlimitexceeded' }];
    }
  }
  let draftFiles: StoredFile[] | undefined;
  let fromDraft: FileArea | undefined;
  if (assign.file_enabled && input.files_filemanager !== undefined) {
    const usercontext = await ensureUserContext(ctx.db, user.id);
    fromDraft = draftArea(usercontext.id, input.files_filemanager);
    draftFiles = await areaFiles(ctx.db, fromDraft);
    if (draftFiles.length > assign.file_maxfiles) {
      return [{ ...warning(ctx, assign.id, 'couldnotsavesubmission', 'toomanyfiles', assign.file_maxfiles), warningcode: 'toomanyfiles' }];
    }
    const maxbytes = maxBytesOf(assign);
    const big = draftFiles.find((f) => f.filesize > maxbytes);
    if (big) {
      return [{ ...warning(ctx, assign.id, 'couldnotsavesubmission', 'filetoolarge', { name: big.filename, size: `${Math.round(maxbytes / 1024)} KB` }), warningcode: 'filetoolarge' }];
    }
  }
  if (!text && draftFiles === undefined) return [warning(ctx, assign.id, 'couldnotsavesubmission', assign.onlinetext_enabled || assign.file_enabled ? 'submissionempty' : 'submissiontypesdisabled')];

  // Empty = no words (or embedded media) and no files, counting what is kept from before.
  const submission = await ensureSubmission(ctx.db, assign.id, user.id);
  const textEmpty = text ? countWords(text.text) === 0 && !/<(img|video|audio|iframe)\b/i.test(text.text) : !(await hasOnlineText(ctx.db, submission.id));
  const filesEmpty = draftFiles ? draftFiles.length === 0 : (await areaFiles(ctx.db, submissionArea(a.modcontext.id, submission.id))).length === 0;
  if (textEmpty && filesEmpty) {
    // The row made just now to check against goes too: a refusal leaves nothing behind.
    if (!existing) await ctx.db.deleteFrom('assign_submission').where('id', '=', submission.id).execute();
    return [warning(ctx, assign.id, 'couldnotsavesubmission', 'submissionempty')];
  }

  if (text) {
    await ctx.db
      .insertInto('assignsubmission_onlinetext')
      .values({ assignment: assign.id, submission: submission.id, onlinetext: text.text, onlineformat: text.format })
      .onConflict((oc) => oc.column('submission').doUpdateSet({ onlinetext: text.text, onlineformat: text.format }))
      .execute();
  }
  if (fromDraft) await copyArea(ctx.db, fromDraft, submissionArea(a.modcontext.id, submission.id), user.id);
  const t = now();
  const status = assign.submissiondrafts ? 'draft' : 'submitted';
  await ctx.db.updateTable('assign_submission').set({ status, timemodified: t }).where('id', '=', submission.id).execute();
  await logSubmissionEvent(ctx, a, submission, '\\mod_assign\\event\\submission_updated', 'updated', 'submission');
  if (status === 'submitted') {
    await logSubmissionEvent(ctx, a, submission, '\\mod_assign\\event\\assessable_submitted', 'submitted', 'assessable');
    await notifyGraders(ctx, a, await submitterRecord(ctx.db, user.id), isLate(assign, state.extension, t));
  }
  return [];
}

/** mod_assign_submit_for_grading for the caller. */
export async function submitForGrading(ctx: CallContext, a: AssignAccess, acceptStatement: boolean): Promise<Warning[]> {
  const user = ctx.user!;
  await ctx.access.requireCapability(CAP_SUBMIT, a.modcontext);
  const { assign } = a;
  const submission = await latestSubmission(ctx.db, assign.id, user.id);
  const code = 'couldnotsubmitforgrading';
  if (!submission || submission.status === 'new') return [warning(ctx, assign.id, code, 'submissionempty')];
  if (submission.status === 'submitted') return [warning(ctx, assign.id, code, 'submissionalreadysubmitted')];
  const { state } = await submissionState(ctx.db, a, user.id, submission.status);
  const closed = closedReason(assign, state, now(), true);
  if (closed) return [warning(ctx, assign.id, code, closed)];
  const hasFiles = (await areaFiles(ctx.db, submissionArea(a.modcontext.id, submission.id))).length > 0;
  if (!hasFiles && !(await hasOnlineText(ctx.db, submission.id))) return [warning(ctx, assign.id, code, 'submissionempty')];
  if (assign.requiresubmissionstatement && !acceptStatement) return [{ ...warning(ctx, assign.id, code, 'submissionstatementrequired'), warningcode: 'submissionstatementrequired' }];
  const t = now();
  await ctx.db.updateTable('assign_submission').set({ status: 'submitted', timemodified: t }).where('id', '=', submission.id).execute();
  await logSubmissionEvent(ctx, a, submission, '\\mod_assign\\event\\assessable_submitted', 'submitted', 'assessable');
  await notifyGraders(ctx, a, await submitterRecord(ctx.db, user.id), isLate(assign, state.extension, t));
  return [];
}
