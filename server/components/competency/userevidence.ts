import { randomInt } from 'node:crypto';
import type { UserEvidence } from '../../../api/userevidence';
import { CAP_USEREVIDENCE_MANAGE, CAP_USEREVIDENCE_VIEW, EVIDENCE_ACTION_LOG } from '../../../api/competencyshapes';
import { invalidRecord, noPermissions } from '../../platform/errors';
import { formatString, formatText } from '../../platform/sanitize';
import type { CallContext } from '../../ws/method';
import { areaFilesByItem, type FileArea, type StoredFile } from '../files/storage';
import { competencyById } from './access';
import { exportCompetency } from './external-competencies';
import { userContext } from './people';
import type { UserEvidenceRow } from './plan-tables';
import { addEvidence } from './ratings';
import { userRights, type UserRights } from './rights';

export const USEREVIDENCE_FILEAREA = 'userevidence';

export const evidenceArea = (usercontextid: number, id: number): FileArea => ({ contextid: usercontextid, component: 'core_competency', filearea: USEREVIDENCE_FILEAREA, itemid: id });
export const draftArea = (usercontextid: number, itemid: number): FileArea => ({ contextid: usercontextid, component: 'user', filearea: 'draft', itemid });

export function requireEvidenceView(rights: UserRights): void {
  if (!rights.viewEvidence) throw noPermissions(CAP_USEREVIDENCE_VIEW);
}

export function requireEvidenceManage(rights: UserRights): void {
  if (!rights.manageEvidence) throw noPermissions(CAP_USEREVIDENCE_MANAGE);
}

export async function userEvidenceById(ctx: CallContext, id: number): Promise<{ evidence: UserEvidenceRow; rights: UserRights }> {
  const evidence = await ctx.db.selectFrom('competency_userevidence').selectAll().where('id', '=', id).executeTakeFirst();
  if (!evidence) throw invalidRecord('competency_userevidence', `user evidence ${id}`);
  return { evidence, rights: await userRights(ctx, evidence.userid) };
}

/** A draft item id the caller's draft area does not use yet. */
export async function newDraftItemId(ctx: CallContext, usercontextid: number): Promise<number> {
  for (;;) {
    const itemid = randomInt(1, 2 ** 31 - 1);
    const used = await ctx.db.selectFrom('files').select('id').where('contextid', '=', usercontextid).where('component', '=', 'user').where('filearea', '=', 'draft').where('itemid', '=', itemid).executeTakeFirst();
    if (!used) return itemid;
  }
}

export function fileUrl(ctx: CallContext, usercontextid: number, evidenceid: number, filename: string): string {
  return `${ctx.platform.config.wwwroot}/pluginfile.php/${usercontextid}/core_competency/${USEREVIDENCE_FILEAREA}/${evidenceid}/${encodeURIComponent(filename)}`;
}

export function exportFiles(ctx: CallContext, usercontextid: number, evidenceid: number, files: readonly StoredFile[]) {
  return files.map((f) => ({ filename: f.filename, filesize: f.filesize, mimetype: f.mimetype, url: fileUrl(ctx, usercontextid, evidenceid, f.filename) }));
}

/** Evidence of prior learning as the web services answer it: files and linked competencies in one query each. */
export async function exportUserEvidence(ctx: CallContext, rows: readonly UserEvidenceRow[], rights: UserRights): Promise<UserEvidence[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const links = await ctx.db
    .selectFrom('competency_userevidencecomp as l')
    .innerJoin('competency as c', 'c.id', 'l.competencyid')
    .selectAll('c')
    .select('l.userevidenceid')
    .where('l.userevidenceid', 'in', ids)
    .orderBy('c.shortname')
    .execute();
  const files = await areaFilesByItem(ctx.db, { contextid: rights.context.id, component: 'core_competency', filearea: USEREVIDENCE_FILEAREA }, ids);
  return rows.map((r) => {
    const competencies = links.filter((l) => l.userevidenceid === r.id).map(({ userevidenceid: _e, ...c }) => exportCompetency(c));
    const own = files.get(r.id) ?? [];
    return {
      id: r.id,
      userid: r.userid,
      name: formatString(r.name),
      description: formatText(r.description, r.descriptionformat),
      descriptionformat: 1,
      url: r.url,
      timecreated: Number(r.timecreated),
      timemodified: Number(r.timemodified),
      usermodified: r.usermodified,
      canmanage: rights.manageEvidence,
      competencycount: competencies.length,
      competencies,
      filecount: own.length,
      files: exportFiles(ctx, rights.context.id, r.id, own),
      hasurlorfiles: r.url !== '' || own.length > 0,
      urlshort: r.url.replace(/^https?:\/\//i, '').slice(0, 40),
    };
  });
}

/** Logs the linking or unlinking of prior learning as evidence on the user's competency. */
export async function logLinkEvidence(ctx: CallContext, evidence: UserEvidenceRow, competencyid: number, linked: boolean): Promise<void> {
  const competency = await competencyById(ctx, competencyid);
  await addEvidence(ctx.db, {
    userid: evidence.userid,
    competency,
    context: await userContext(ctx, evidence.userid),
    action: EVIDENCE_ACTION_LOG,
    descidentifier: linked ? 'evidence_evidenceofpriorlearninglinked' : 'evidence_evidenceofpriorlearningunlinked',
    desca: formatString(evidence.name),
    url: `${ctx.platform.config.wwwroot}/admin/tool/lp/user_evidence.php?id=${evidence.id}`,
    actionuserid: ctx.user?.id ?? null,
  });
}
