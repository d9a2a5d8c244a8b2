import type { Kysely } from 'kysely';
import { COURSE_OUTCOME_COMPLETE, COURSE_OUTCOME_EVIDENCE, COURSE_OUTCOME_RECOMMEND, EVIDENCE_ACTION_COMPLETE, EVIDENCE_ACTION_LOG } from '../../../api/competencyshapes';
import type { DB } from '../../db/schema';
import type { Context } from '../../platform/access/types';
import { addEvidence } from '../competency/ratings';

/** A link of a competency to a course or activity, with the outcome its completion has. */
interface OutcomeLink {
  competencyid: number;
  ruleoutcome: number;
}

export interface CompletionSource {
  /** The module or course context the evidence is recorded in. */
  context: Context;
  descidentifier: 'evidence_coursemodulecompleted' | 'evidence_coursecompleted';
  /** The activity's name or the course's short name. */
  desca: string;
  url: string;
}

/**
 * Applies what completing an activity or course means for its linked competencies (reference §2.4):
 * evidence only, evidence and a review request, or completion with the default rating. Each
 * competency gets this evidence once per source, so completing again (after un-ticking, after a
 * teacher's override) adds nothing.
 */
export async function applyCompletionOutcomes(db: Kysely<DB>, userid: number, links: readonly OutcomeLink[], source: CompletionSource): Promise<number> {
  const active = links.filter((l) => [COURSE_OUTCOME_EVIDENCE, COURSE_OUTCOME_RECOMMEND, COURSE_OUTCOME_COMPLETE].includes(l.ruleoutcome));
  if (active.length === 0) return 0;
  const already = await db
    .selectFrom('competency_evidence as e')
    .innerJoin('competency_usercomp as uc', 'uc.id', 'e.usercompetencyid')
    .select('uc.competencyid')
    .where('uc.userid', '=', userid)
    .where('uc.competencyid', 'in', active.map((l) => l.competencyid))
    .where('e.contextid', '=', source.context.id)
    .where('e.descidentifier', '=', source.descidentifier)
    .execute();
  const done = new Set(already.map((r) => r.competencyid));
  const pending = active.filter((l) => !done.has(l.competencyid));
  if (pending.length === 0) return 0;
  const competencies = await db.selectFrom('competency').selectAll().where('id', 'in', pending.map((l) => l.competencyid)).execute();
  const byId = new Map(competencies.map((c) => [c.id, c]));
  let added = 0;
  for (const link of pending) {
    const competency = byId.get(link.competencyid);
    if (!competency) continue;
    await addEvidence(db, {
      userid,
      competency,
      context: source.context,
      action: link.ruleoutcome === COURSE_OUTCOME_COMPLETE ? EVIDENCE_ACTION_COMPLETE : EVIDENCE_ACTION_LOG,
      recommend: link.ruleoutcome === COURSE_OUTCOME_RECOMMEND,
      descidentifier: source.descidentifier,
      desca: source.desca,
      url: source.url,
      actionuserid: null,
    });
    added += 1;
  }
  return added;
}

/** The competencies linked to an activity, with their outcomes. */
export function moduleOutcomeLinks(db: Kysely<DB>, cmid: number): Promise<OutcomeLink[]> {
  return db.selectFrom('competency_modulecomp').select(['competencyid', 'ruleoutcome']).where('cmid', '=', cmid).orderBy('sortorder').execute();
}

/** The competencies linked to a course, with their outcomes. */
export function courseOutcomeLinks(db: Kysely<DB>, courseid: number): Promise<OutcomeLink[]> {
  return db.selectFrom('competency_coursecomp').select(['competencyid', 'ruleoutcome']).where('courseid', '=', courseid).orderBy('sortorder').execute();
}
