import {
  coreCompetencyCreateUserEvidence,
  coreCompetencyCreateUserEvidenceCompetency,
  coreCompetencyDeleteUserEvidence,
  coreCompetencyDeleteUserEvidenceCompetency,
  coreCompetencyPrepareUserEvidenceFiles,
  coreCompetencyReadUserEvidence,
  coreCompetencyRequestReviewOfUserEvidenceLinkedCompetencies,
  coreCompetencyUpdateUserEvidence,
  toolLpDataForUserEvidenceListPage,
  toolLpDataForUserEvidencePage,
} from '../../../api/userevidence';
import { UC_STATUS_IDLE, UC_STATUS_WAITING_FOR_REVIEW } from '../../../api/competencyshapes';
import { ensureUserContext } from '../../platform/access/contexts';
import { invalidRecord } from '../../platform/errors';
import { now } from '../../platform/platform';
import { defineMethod, type CallContext } from '../../ws/method';
import { areaFiles, clearArea, copyArea } from '../files/storage';
import { competencyById, readableFramework } from './access';
import { exportCompetency } from './external-competencies';
import { logUserCompetencyEvent } from './external-ratings';
import { requireUser, userSummary } from './people';
import type { UserEvidenceRow } from './plan-tables';
import { exportUserCompetencies, unsavedUserCompetency } from './rating-export';
import { ensureUserCompetency } from './ratings';
import { userRights, type UserRights } from './rights';
import { competencyScales } from './scales';
import {
  draftArea,
  evidenceArea,
  exportFiles,
  exportUserEvidence,
  logLinkEvidence,
  newDraftItemId,
  requireEvidenceManage,
  requireEvidenceView,
  userEvidenceById,
} from './userevidence';

const actor = (ctx: CallContext) => ctx.user?.id ?? 0;

/** Makes the evidence's files those of the caller's draft area. */
async function takeDraftFiles(ctx: CallContext, evidence: UserEvidenceRow, rights: UserRights, draftitemid: number): Promise<void> {
  if (draftitemid === 0 || !ctx.user) return;
  const callerContext = await ensureUserContext(ctx.db, ctx.user.id);
  await copyArea(ctx.db, draftArea(callerContext.id, draftitemid), evidenceArea(rights.context.id, evidence.id), ctx.user.id);
  await clearArea(ctx.db, draftArea(callerContext.id, draftitemid));
}

async function exportOne(ctx: CallContext, evidence: UserEvidenceRow, rights: UserRights) {
  const [out] = await exportUserEvidence(ctx, [evidence], rights);
  if (!out) throw invalidRecord('competency_userevidence');
  return out;
}

async function linkCompetency(ctx: CallContext, evidence: UserEvidenceRow, competencyid: number) {
  const competency = await competencyById(ctx, competencyid);
  await readableFramework(ctx, competency.competencyframeworkid);
  const existing = await ctx.db.selectFrom('competency_userevidencecomp').selectAll().where('userevidenceid', '=', evidence.id).where('competencyid', '=', competencyid).executeTakeFirst();
  if (existing) return existing;
  const t = now();
  const link = await ctx.db
    .insertInto('competency_userevidencecomp')
    .values({ userevidenceid: evidence.id, competencyid, timecreated: t, timemodified: t, usermodified: actor(ctx) })
    .returningAll()
    .executeTakeFirstOrThrow();
  await logLinkEvidence(ctx, evidence, competencyid, true);
  return link;
}

const createUserEvidence = defineMethod(coreCompetencyCreateUserEvidence, async (ctx, { userevidence: { userid, draftitemid, ...fields }, competencyids }) => {
  await requireUser(ctx, userid);
  const rights = await userRights(ctx, userid);
  requireEvidenceManage(rights);
  const t = now();
  const evidence = await ctx.db
    .insertInto('competency_userevidence')
    .values({ ...fields, userid, timecreated: t, timemodified: t, usermodified: actor(ctx) })
    .returningAll()
    .executeTakeFirstOrThrow();
  await takeDraftFiles(ctx, evidence, rights, draftitemid);
  for (const competencyid of new Set(competencyids)) await linkCompetency(ctx, evidence, competencyid);
  return exportOne(ctx, evidence, rights);
});

const updateUserEvidence = defineMethod(coreCompetencyUpdateUserEvidence, async (ctx, { userevidence: { id, draftitemid, ...fields } }) => {
  const { evidence, rights } = await userEvidenceById(ctx, id);
  requireEvidenceManage(rights);
  await ctx.db
    .updateTable('competency_userevidence')
    .set({ ...fields, timemodified: now(), usermodified: actor(ctx) })
    .where('id', '=', id)
    .execute();
  await takeDraftFiles(ctx, evidence, rights, draftitemid);
  return exportOne(ctx, { ...evidence, ...fields }, rights);
});

const prepareFiles = defineMethod(coreCompetencyPrepareUserEvidenceFiles, async (ctx, { id }) => {
  const me = ctx.user;
  if (!me) throw invalidRecord('user');
  const callerContext = await ensureUserContext(ctx.db, me.id);
  const itemid = await newDraftItemId(ctx, callerContext.id);
  if (id > 0) {
    const { evidence, rights } = await userEvidenceById(ctx, id);
    requireEvidenceManage(rights);
    await copyArea(ctx.db, evidenceArea(rights.context.id, evidence.id), draftArea(callerContext.id, itemid), me.id);
  }
  const files = await areaFiles(ctx.db, draftArea(callerContext.id, itemid));
  return { itemid, files: exportFiles(ctx, callerContext.id, itemid, files).map((f) => ({ ...f, url: '' })) };
});

const readUserEvidence = defineMethod(coreCompetencyReadUserEvidence, async (ctx, { id }) => {
  const { evidence, rights } = await userEvidenceById(ctx, id);
  requireEvidenceView(rights);
  return exportOne(ctx, evidence, rights);
});

const deleteUserEvidence = defineMethod(coreCompetencyDeleteUserEvidence, async (ctx, { id }) => {
  const { evidence, rights } = await userEvidenceById(ctx, id);
  requireEvidenceManage(rights);
  const links = await ctx.db.selectFrom('competency_userevidencecomp').select('competencyid').where('userevidenceid', '=', id).execute();
  for (const link of links) await logLinkEvidence(ctx, evidence, link.competencyid, false);
  await ctx.db.deleteFrom('competency_userevidencecomp').where('userevidenceid', '=', id).execute();
  await clearArea(ctx.db, evidenceArea(rights.context.id, id));
  await ctx.db.deleteFrom('competency_userevidence').where('id', '=', id).execute();
  return true;
});

const createLink = defineMethod(coreCompetencyCreateUserEvidenceCompetency, async (ctx, { userevidenceid, competencyid }) => {
  const { evidence, rights } = await userEvidenceById(ctx, userevidenceid);
  requireEvidenceManage(rights);
  const link = await linkCompetency(ctx, evidence, competencyid);
  return { ...link, timecreated: Number(link.timecreated), timemodified: Number(link.timemodified) };
});

const deleteLink = defineMethod(coreCompetencyDeleteUserEvidenceCompetency, async (ctx, { userevidenceid, competencyid }) => {
  const { evidence, rights } = await userEvidenceById(ctx, userevidenceid);
  requireEvidenceManage(rights);
  const result = await ctx.db.deleteFrom('competency_userevidencecomp').where('userevidenceid', '=', userevidenceid).where('competencyid', '=', competencyid).executeTakeFirst();
  if (Number(result.numDeletedRows) > 0) await logLinkEvidence(ctx, evidence, competencyid, false);
  return true;
});

const requestReviewOfLinked = defineMethod(coreCompetencyRequestReviewOfUserEvidenceLinkedCompetencies, async (ctx, { id }) => {
  const { evidence, rights } = await userEvidenceById(ctx, id);
  requireEvidenceManage(rights);
  const links = await ctx.db.selectFrom('competency_userevidencecomp').select('competencyid').where('userevidenceid', '=', id).execute();
  for (const link of links) {
    const uc = await ensureUserCompetency(ctx.db, evidence.userid, link.competencyid, actor(ctx));
    if (uc.status !== UC_STATUS_IDLE) continue;
    await ctx.db.updateTable('competency_usercomp').set({ status: UC_STATUS_WAITING_FOR_REVIEW, timemodified: now(), usermodified: actor(ctx) }).where('id', '=', uc.id).execute();
    await logUserCompetencyEvent(ctx, rights.context, uc, 'review_requested');
  }
  return true;
});

const listPage = defineMethod(toolLpDataForUserEvidenceListPage, async (ctx, { userid }) => {
  await requireUser(ctx, userid);
  const rights = await userRights(ctx, userid);
  requireEvidenceView(rights);
  const rows = await ctx.db.selectFrom('competency_userevidence').selectAll().where('userid', '=', userid).orderBy('timemodified', 'desc').orderBy('id', 'desc').execute();
  return {
    canmanage: rights.manageEvidence,
    userid,
    user: await userSummary(ctx, userid, rights.context),
    pluginbaseurl: `${ctx.platform.config.wwwroot}/admin/tool/lp`,
    evidence: await exportUserEvidence(ctx, rows, rights),
    navigation: [],
  };
});

const evidencePage = defineMethod(toolLpDataForUserEvidencePage, async (ctx, { id }) => {
  const { evidence, rights } = await userEvidenceById(ctx, id);
  requireEvidenceView(rights);
  const out = await exportOne(ctx, evidence, rights);
  const ids = out.competencies.map((c) => c.id);
  const rows = ids.length ? await ctx.db.selectFrom('competency').selectAll().where('id', 'in', ids).execute() : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = ids.flatMap((cid) => byId.get(cid) ?? []);
  const scales = await competencyScales(ctx.db, ordered);
  const liveRows = ids.length ? await ctx.db.selectFrom('competency_usercomp').selectAll().where('userid', '=', evidence.userid).where('competencyid', 'in', ids).execute() : [];
  const live = new Map(liveRows.map((r) => [r.competencyid, r]));
  const ucs = await exportUserCompetencies(
    ctx,
    ordered.map((c) => live.get(c.id) ?? unsavedUserCompetency(evidence.userid, c.id)),
    scales,
    () => rights,
  );
  const hasPlan = await ctx.db.selectFrom('competency_plan').select('id').where('userid', '=', evidence.userid).executeTakeFirst();
  return {
    userevidence: {
      ...out,
      usercompetencies: ordered.flatMap((c, i) => {
        const usercompetency = ucs[i];
        return usercompetency ? [{ competency: exportCompetency(c), usercompetency }] : [];
      }),
      userhasplan: Boolean(hasPlan),
    },
    user: await userSummary(ctx, evidence.userid, rights.context),
    pluginbaseurl: `${ctx.platform.config.wwwroot}/admin/tool/lp`,
  };
});

export const userEvidenceMethods = [createUserEvidence, updateUserEvidence, prepareFiles, readUserEvidence, deleteUserEvidence, createLink, deleteLink, requestReviewOfLinked, listPage, evidencePage];
