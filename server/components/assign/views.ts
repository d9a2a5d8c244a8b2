import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database';
import type { AssignFile } from '../../../api/assign';
import type { IdentityField } from '../../../api/identity';
import type { DB } from '../../db/schema';
import { formatText } from '../../platform/sanitize';
import { areaFiles, areaFilesByItem, type StoredFile } from '../files/storage';
import { pictureUrl } from '../grades/access';
import { identityValues } from '../user/identity';
import { COMPONENT, type AssignAccess } from './access';
import { countsOf, participantSummaries, type ParticipantRow } from './participants';
import { SUBMISSION_FILEAREA, submissionArea, type SubmissionRow } from './submission';

/** The pluginfile.php link of a submission file: served only to the submitter and to graders. */
export function submissionFileUrl(wwwroot: string, contextid: number, submissionid: number, filename: string): string {
  return `${wwwroot}/pluginfile.php/${contextid}/${COMPONENT}/${SUBMISSION_FILEAREA}/${submissionid}/${encodeURIComponent(filename)}`;
}

export function fileOut(wwwroot: string, contextid: number, submissionid: number, f: StoredFile): AssignFile {
  return { filename: f.filename, filepath: '/', filesize: f.filesize, mimetype: f.mimetype, fileurl: submissionFileUrl(wwwroot, contextid, submissionid, f.filename), timemodified: f.timecreated };
}

export async function submissionFiles(db: Kysely<DB>, wwwroot: string, modcontextid: number, submissionid: number): Promise<AssignFile[]> {
  return (await areaFiles(db, submissionArea(modcontextid, submissionid))).map((f) => fileOut(wwwroot, modcontextid, submissionid, f));
}

/** The online texts of submissions, by submission id (as stored). */
export async function onlineTexts(db: Kysely<DB>, submissionids: readonly number[]): Promise<Map<number, { text: string; format: number }>> {
  if (submissionids.length === 0) return new Map();
  const rows = await db.selectFrom('assignsubmission_onlinetext').select(['submission', 'onlinetext', 'onlineformat']).where('submission', 'in', submissionids).execute();
  return new Map(rows.map((r) => [r.submission, { text: r.onlinetext, format: r.onlineformat }]));
}

/** The plugins of submissions in Moodle's shape (online text sanitised, files with their links), by submission id. */
export async function submissionPlugins(db: Kysely<DB>, wwwroot: string, a: Pick<AssignAccess, 'assign' | 'modcontext'>, submissions: readonly SubmissionRow[]) {
  const ids = submissions.map((s) => s.id);
  const texts = a.assign.onlinetext_enabled ? await onlineTexts(db, ids) : new Map<number, { text: string; format: number }>();
  const files = a.assign.file_enabled ? await areaFilesByItem(db, { contextid: a.modcontext.id, component: COMPONENT, filearea: SUBMISSION_FILEAREA }, ids) : new Map<number, StoredFile[]>();
  const out = new Map<number, Array<{ type: string; name: string; fileareas?: Array<{ area: string; files: AssignFile[] }>; editorfields?: Array<{ name: string; description: string; text: string; format: number }> }>>();
  for (const s of submissions) {
    const plugins = [];
    if (a.assign.onlinetext_enabled) {
      const text = texts.get(s.id);
      plugins.push({
        type: 'onlinetext',
        name: 'Online text submissions',
        fileareas: [{ area: 'submissions_onlinetext', files: [] }],
        editorfields: [{ name: 'onlinetext', description: 'Online text submissions', text: text ? formatText(text.text, text.format) : '', format: 1 }],
      });
    }
    if (a.assign.file_enabled) {
      plugins.push({ type: 'file', name: 'File submissions', fileareas: [{ area: SUBMISSION_FILEAREA, files: (files.get(s.id) ?? []).map((f) => fileOut(wwwroot, a.modcontext.id, s.id, f)) }] });
    }
    out.set(s.id, plugins);
  }
  return out;
}

export function submissionOut(s: SubmissionRow, plugins: Awaited<ReturnType<typeof submissionPlugins>>, gradingstatus?: string) {
  return {
    id: s.id,
    userid: s.userid,
    attemptnumber: s.attemptnumber,
    timecreated: s.timecreated,
    timemodified: s.timemodified,
    status: s.status,
    groupid: s.groupid,
    assignment: s.assignment,
    latest: s.latest,
    plugins: plugins.get(s.id) ?? [],
    ...(gradingstatus === undefined ? {} : { gradingstatus }),
  };
}

/** The counts of the grading summary over every participant: two queries. */
export async function gradingCounts(db: Kysely<DB>, dialect: DialectName, a: Pick<AssignAccess, 'assign' | 'course' | 'modcontext'>) {
  return countsOf(await participantSummaries(db, dialect, a));
}

/** A participant's identity values and pictures, as lists show them. */
export function userDetails(wwwroot: string, r: Pick<ParticipantRow, 'id' | 'picture' | IdentityField>, identity: readonly IdentityField[]) {
  const picture = pictureUrl(wwwroot, r);
  return {
    ...identityValues(r, identity),
    profileimageurl: picture,
    profileimageurlsmall: picture ? `${picture}&size=small` : '',
  };
}
