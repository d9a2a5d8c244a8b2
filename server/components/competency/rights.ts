import {
  CAP_PLAN_MANAGE,
  CAP_PLAN_MANAGE_DRAFT,
  CAP_PLAN_MANAGE_OWN,
  CAP_PLAN_MANAGE_OWN_DRAFT,
  CAP_PLAN_REQUEST_REVIEW,
  CAP_PLAN_REQUEST_REVIEW_OWN,
  CAP_PLAN_REVIEW,
  CAP_PLAN_VIEW,
  CAP_PLAN_VIEW_DRAFT,
  CAP_PLAN_VIEW_OWN,
  CAP_PLAN_VIEW_OWN_DRAFT,
  CAP_UC_REQUEST_REVIEW,
  CAP_UC_REQUEST_REVIEW_OWN,
  CAP_UC_REVIEW,
  CAP_UC_VIEW,
  CAP_USEREVIDENCE_MANAGE,
  CAP_USEREVIDENCE_MANAGE_OWN,
  CAP_USEREVIDENCE_VIEW,
  PLAN_STATUS_DRAFT,
  PLAN_STATUS_IN_REVIEW,
  PLAN_STATUS_WAITING_FOR_REVIEW,
} from '../../../api/competencyshapes';
import type { Context } from '../../platform/access/types';
import { noPermissions } from '../../platform/errors';
import type { CallContext } from '../../ws/method';
import { userContext } from './people';

/**
 * What the caller may do with one user's plans, ratings and evidence, all decided in that user's
 * context (reference §2.1, §4): "own" capabilities count only for the user themself, and managing
 * implies reading.
 */
export interface UserRights {
  userid: number;
  context: Context;
  readPlans: boolean;
  readDraftPlans: boolean;
  managePlans: boolean;
  manageDraftPlans: boolean;
  requestPlanReview: boolean;
  reviewPlans: boolean;
  viewUserCompetencies: boolean;
  requestCompetencyReview: boolean;
  reviewCompetencies: boolean;
  viewEvidence: boolean;
  manageEvidence: boolean;
}

const ALL = [
  CAP_PLAN_MANAGE,
  CAP_PLAN_MANAGE_DRAFT,
  CAP_PLAN_MANAGE_OWN,
  CAP_PLAN_MANAGE_OWN_DRAFT,
  CAP_PLAN_VIEW,
  CAP_PLAN_VIEW_DRAFT,
  CAP_PLAN_VIEW_OWN,
  CAP_PLAN_VIEW_OWN_DRAFT,
  CAP_PLAN_REQUEST_REVIEW,
  CAP_PLAN_REQUEST_REVIEW_OWN,
  CAP_PLAN_REVIEW,
  CAP_UC_VIEW,
  CAP_UC_REQUEST_REVIEW,
  CAP_UC_REQUEST_REVIEW_OWN,
  CAP_UC_REVIEW,
  CAP_USEREVIDENCE_VIEW,
  CAP_USEREVIDENCE_MANAGE,
  CAP_USEREVIDENCE_MANAGE_OWN,
];

export async function userRights(ctx: CallContext, userid: number): Promise<UserRights> {
  const context = await userContext(ctx, userid);
  const held = await ctx.access.hasCapabilities(ALL, context);
  const own = ctx.access.userid === userid && userid > 0;
  const has = (cap: string, ownCap?: string) => held.has(cap) || (own && ownCap !== undefined && held.has(ownCap));
  const managePlans = has(CAP_PLAN_MANAGE, CAP_PLAN_MANAGE_OWN);
  const manageDraftPlans = has(CAP_PLAN_MANAGE_DRAFT, CAP_PLAN_MANAGE_OWN_DRAFT);
  const readPlans = managePlans || has(CAP_PLAN_VIEW, CAP_PLAN_VIEW_OWN);
  const readDraftPlans = manageDraftPlans || has(CAP_PLAN_VIEW_DRAFT, CAP_PLAN_VIEW_OWN_DRAFT);
  const manageEvidence = has(CAP_USEREVIDENCE_MANAGE, CAP_USEREVIDENCE_MANAGE_OWN);
  return {
    userid,
    context,
    readPlans,
    readDraftPlans,
    managePlans,
    manageDraftPlans,
    requestPlanReview: has(CAP_PLAN_REQUEST_REVIEW, CAP_PLAN_REQUEST_REVIEW_OWN),
    reviewPlans: held.has(CAP_PLAN_REVIEW) || managePlans,
    viewUserCompetencies: held.has(CAP_UC_VIEW) || readPlans || readDraftPlans,
    requestCompetencyReview: has(CAP_UC_REQUEST_REVIEW, CAP_UC_REQUEST_REVIEW_OWN),
    reviewCompetencies: held.has(CAP_UC_REVIEW),
    viewEvidence: manageEvidence || held.has(CAP_USEREVIDENCE_VIEW),
    manageEvidence,
  };
}

/** Draft, waiting for review and in review use the draft capabilities. */
export function isDraftLike(status: number): boolean {
  return status === PLAN_STATUS_DRAFT || status === PLAN_STATUS_WAITING_FOR_REVIEW || status === PLAN_STATUS_IN_REVIEW;
}

export function canReadPlan(rights: UserRights, status: number): boolean {
  return isDraftLike(status) ? rights.readDraftPlans : rights.readPlans;
}

export function canManagePlan(rights: UserRights, status: number): boolean {
  return isDraftLike(status) ? rights.manageDraftPlans : rights.managePlans;
}

/** Refuses with the capability a caller would need (the draft one for draft-like plans). */
export function requirePlanRead(rights: UserRights, status: number): void {
  if (!canReadPlan(rights, status)) throw noPermissions(isDraftLike(status) ? CAP_PLAN_VIEW_DRAFT : CAP_PLAN_VIEW);
}

export function requirePlanManage(rights: UserRights, status: number): void {
  if (!canManagePlan(rights, status)) throw noPermissions(isDraftLike(status) ? CAP_PLAN_MANAGE_DRAFT : CAP_PLAN_MANAGE);
}

/** Whether the caller may see anything of the user's competencies: usercompetencyview, or reading any of their plans. */
export function requireUserCompetencyRead(rights: UserRights): void {
  if (!rights.viewUserCompetencies) throw noPermissions(CAP_UC_VIEW);
}
