import type { Evidence, UserCompetency, UserCompetencyCourse, UserCompetencyPlan, UserSummary } from '../../../api/competencyshapes';
import { CAP_EVIDENCE_DELETE, UC_STATUS_IDLE, UC_STATUS_IN_REVIEW, UC_STATUS_WAITING_FOR_REVIEW } from '../../../api/competencyshapes';
import type { CallContext } from '../../ws/method';
import { COMPONENT } from './access';
import { userSummaries } from './people';
import type { EvidenceRow, UserCompetencyCourseRow, UserCompetencyPlanRow, UserCompetencyRow } from './plan-tables';
import type { UserRights } from './rights';
import { gradeName, type CompetencyScale } from './scales';

const bool = (v: number | null) => (v === null ? null : v === 1);

/** A rating row not saved yet, as lists show a competency nobody has rated. */
export function unsavedUserCompetency(userid: number, competencyid: number): UserCompetencyRow {
  return { id: 0, userid, competencyid, status: UC_STATUS_IDLE, reviewerid: null, proficiency: null, grade: null, timecreated: 0, timemodified: 0, usermodified: 0 };
}

function proficiencyName(ctx: CallContext, proficiency: number | null): string {
  return ctx.platform.strings.get(proficiency === 1 ? 'yes' : 'no', COMPONENT, undefined, ctx.lang);
}

function statusName(ctx: CallContext, status: number): string {
  if (status === UC_STATUS_WAITING_FOR_REVIEW) return ctx.platform.strings.get('usercompetencystatus_waitingforreview', COMPONENT, undefined, ctx.lang);
  if (status === UC_STATUS_IN_REVIEW) return ctx.platform.strings.get('usercompetencystatus_inreview', COMPONENT, undefined, ctx.lang);
  return '-';
}

/** Users' live ratings with what the caller may do with each (the rights are the owner's, one per user). */
export async function exportUserCompetencies(
  ctx: CallContext,
  rows: readonly UserCompetencyRow[],
  scales: ReadonlyMap<number, CompetencyScale>,
  rightsOf: (userid: number) => UserRights,
): Promise<UserCompetency[]> {
  const reviewerIds = rows.filter((r) => r.status === UC_STATUS_IN_REVIEW && r.reviewerid !== null).map((r) => r.reviewerid ?? 0);
  const reviewers = await userSummaries(ctx, reviewerIds);
  const wwwroot = ctx.platform.config.wwwroot;
  return rows.map((r) => {
    const rights = rightsOf(r.userid);
    const reviewer = r.status === UC_STATUS_IN_REVIEW && r.reviewerid !== null ? reviewers.get(r.reviewerid) : undefined;
    return {
      id: r.id,
      userid: r.userid,
      competencyid: r.competencyid,
      status: r.status,
      reviewerid: r.reviewerid,
      proficiency: bool(r.proficiency),
      grade: r.grade,
      timecreated: Number(r.timecreated),
      timemodified: Number(r.timemodified),
      usermodified: r.usermodified,
      canrequestreview: rights.requestCompetencyReview,
      canreview: rights.reviewCompetencies,
      gradename: gradeName(scales.get(r.competencyid), r.grade),
      isrequestreviewallowed: rights.requestCompetencyReview && r.status === UC_STATUS_IDLE,
      iscancelreviewrequestallowed: rights.requestCompetencyReview && r.status === UC_STATUS_WAITING_FOR_REVIEW,
      isstartreviewallowed: rights.reviewCompetencies && r.status === UC_STATUS_WAITING_FOR_REVIEW,
      isstopreviewallowed: rights.reviewCompetencies && r.status === UC_STATUS_IN_REVIEW,
      isstatusidle: r.status === UC_STATUS_IDLE,
      isstatusinreview: r.status === UC_STATUS_IN_REVIEW,
      isstatuswaitingforreview: r.status === UC_STATUS_WAITING_FOR_REVIEW,
      proficiencyname: proficiencyName(ctx, r.proficiency),
      ...(reviewer ? { reviewer } : {}),
      statusname: statusName(ctx, r.status),
      url: `${wwwroot}/admin/tool/lp/user_competency.php?id=${r.id}`,
    };
  });
}

export function exportUserCompetencyPlan(ctx: CallContext, r: UserCompetencyPlanRow, scale: CompetencyScale | undefined): UserCompetencyPlan {
  return {
    id: r.id,
    userid: r.userid,
    competencyid: r.competencyid,
    proficiency: bool(r.proficiency),
    grade: r.grade,
    planid: r.planid,
    sortorder: r.sortorder,
    timecreated: Number(r.timecreated),
    timemodified: Number(r.timemodified),
    usermodified: r.usermodified,
    gradename: gradeName(scale, r.grade),
    proficiencyname: proficiencyName(ctx, r.proficiency),
  };
}

export function exportUserCompetencyCourse(ctx: CallContext, r: UserCompetencyCourseRow, scale: CompetencyScale | undefined): UserCompetencyCourse {
  return {
    id: r.id,
    userid: r.userid,
    courseid: r.courseid,
    competencyid: r.competencyid,
    proficiency: bool(r.proficiency),
    grade: r.grade,
    timecreated: Number(r.timecreated),
    timemodified: Number(r.timemodified),
    usermodified: r.usermodified,
    gradename: gradeName(scale, r.grade),
    proficiencyname: proficiencyName(ctx, r.proficiency),
  };
}

function decodeArgument(desca: string | null): unknown {
  if (desca === null) return undefined;
  try {
    return JSON.parse(desca) as unknown;
  } catch {
    return undefined;
  }
}

/** Evidence as lists show it: the description from the language pack, who acted, and whether the caller may delete it. */
export async function exportEvidence(ctx: CallContext, rows: readonly EvidenceRow[], scale: CompetencyScale | undefined, rights: Pick<UserRights, 'context'>): Promise<Evidence[]> {
  const actors = await userSummaries(ctx, rows.map((r) => r.actionuserid ?? 0));
  const candelete = rows.length > 0 && (await ctx.access.hasCapability(CAP_EVIDENCE_DELETE, rights.context));
  return rows.map((r) => {
    const actionuser: UserSummary | undefined = r.actionuserid ? actors.get(r.actionuserid) : undefined;
    return {
      id: r.id,
      usercompetencyid: r.usercompetencyid,
      contextid: r.contextid,
      action: r.action,
      actionuserid: r.actionuserid,
      descidentifier: r.descidentifier,
      desccomponent: r.desccomponent,
      desca: r.desca,
      url: r.url,
      grade: r.grade,
      note: r.note,
      timecreated: Number(r.timecreated),
      timemodified: Number(r.timemodified),
      usermodified: r.usermodified,
      ...(actionuser ? { actionuser } : {}),
      description: ctx.platform.strings.get(r.descidentifier, r.desccomponent, decodeArgument(r.desca), ctx.lang),
      gradename: gradeName(scale, r.grade),
      candelete,
    };
  });
}
