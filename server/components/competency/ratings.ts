import type { Kysely } from 'kysely';
import { RULE_ALL, RULE_OUTCOME_COMPLETE, RULE_OUTCOME_EVIDENCE, RULE_OUTCOME_RECOMMEND, RULE_POINTS } from '../../../api/competency';
import { EVIDENCE_ACTION_COMPLETE, EVIDENCE_ACTION_LOG, EVIDENCE_ACTION_OVERRIDE, UC_STATUS_IDLE, UC_STATUS_WAITING_FOR_REVIEW } from '../../../api/competencyshapes';
import { parsePointsConfig } from '../../../api/competencyrules';
import type { DB } from '../../db/schema';
import { getContextById } from '../../platform/access/contexts';
import { CONTEXT_COURSE, CONTEXT_MODULE, type Context } from '../../platform/access/types';
import { now } from '../../platform/platform';
import { COMPONENT, competencyError, type CompetencyRow } from './access';
import type { EvidenceRow, UserCompetencyCourseRow, UserCompetencyRow } from './plan-tables';
import { competencyScales, type CompetencyScale } from './scales';

export type EvidenceAction = typeof EVIDENCE_ACTION_LOG | typeof EVIDENCE_ACTION_COMPLETE | typeof EVIDENCE_ACTION_OVERRIDE;

/** A user's live rating of a competency, made (idle, unrated) when there is none yet. */
export async function ensureUserCompetency(db: Kysely<DB>, userid: number, competencyid: number, actorid: number): Promise<UserCompetencyRow> {
  const existing = await db.selectFrom('competency_usercomp').selectAll().where('userid', '=', userid).where('competencyid', '=', competencyid).executeTakeFirst();
  if (existing) return existing;
  const t = now();
  return db
    .insertInto('competency_usercomp')
    .values({ userid, competencyid, status: UC_STATUS_IDLE, reviewerid: null, proficiency: null, grade: null, timecreated: t, timemodified: t, usermodified: actorid })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A learner's rating of a competency in a course, made (unrated) when there is none yet. */
export async function ensureUserCompetencyCourse(db: Kysely<DB>, userid: number, courseid: number, competencyid: number, actorid: number): Promise<UserCompetencyCourseRow> {
  const existing = await db
    .selectFrom('competency_usercompcourse')
    .selectAll()
    .where('courseid', '=', courseid)
    .where('userid', '=', userid)
    .where('competencyid', '=', competencyid)
    .executeTakeFirst();
  if (existing) return existing;
  const t = now();
  return db
    .insertInto('competency_usercompcourse')
    .values({ userid, courseid, competencyid, proficiency: null, grade: null, timecreated: t, timemodified: t, usermodified: actorid })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whether ratings given in the course also rate the learner's own competency (on unless the course says otherwise). */
export async function pushesRatings(db: Kysely<DB>, courseid: number): Promise<boolean> {
  const row = await db.selectFrom('competency_coursecompsetting').select('pushratingstouserplans').where('courseid', '=', courseid).executeTakeFirst();
  return row ? row.pushratingstouserplans === 1 : true;
}

/** The course of a course or module context, else 0. */
async function courseOf(db: Kysely<DB>, context: Context): Promise<number> {
  if (context.contextlevel === CONTEXT_COURSE) return context.instanceid;
  if (context.contextlevel !== CONTEXT_MODULE) return 0;
  const cm = await db.selectFrom('course_modules').select('course').where('id', '=', context.instanceid).executeTakeFirst();
  return cm?.course ?? 0;
}

export interface NewEvidence {
  userid: number;
  competency: CompetencyRow;
  /** Where the evidence comes from: a course or module context rates in the course. */
  context: Context;
  action: EvidenceAction;
  descidentifier: string;
  /** The description string's argument. */
  desca?: unknown;
  /** Send the competency for review when it is idle. */
  recommend?: boolean;
  url?: string | null;
  /** Only with override: a 1-based scale index, or null to clear the rating. */
  grade?: number | null;
  note?: string | null;
  /** Who acted; null for the system (rules, completion). */
  actionuserid: number | null;
}

const proficiencyOf = (scale: CompetencyScale, grade: number | null) => (grade === null ? null : scale.proficient.has(grade) ? 1 : 0);

/**
 * Records evidence about a user's competency and applies what it means (reference §2.4): "complete"
 * gives the default rating to an unrated competency, "override" sets (or clears) the rating. In a
 * course or activity the course rating changes, and the user's own one only when the course pushes
 * ratings. Recommending sends an idle competency for review. A competency that becomes proficient
 * applies its parent's rule.
 */
export async function addEvidence(db: Kysely<DB>, input: NewEvidence): Promise<EvidenceRow> {
  const { competency } = input;
  const scale = (await competencyScales(db, [competency])).get(competency.id);
  if (!scale) throw competencyError('invalidscale');
  const grade = input.grade ?? null;
  if (input.action !== EVIDENCE_ACTION_OVERRIDE && grade !== null) throw competencyError('invalidevidencegrade');
  if (grade !== null && (grade < 1 || grade > scale.values.length)) throw competencyError('invalidgrade');
  const evidenceGrade = input.action === EVIDENCE_ACTION_COMPLETE ? scale.defaultGrade : grade;
  if (input.action === EVIDENCE_ACTION_COMPLETE && evidenceGrade === null) throw competencyError('invalidscaleconfiguration');

  const actor = input.actionuserid ?? 0;
  const t = now();
  const uc = await ensureUserCompetency(db, input.userid, competency.id, actor);
  const courseid = await courseOf(db, input.context);
  const rates = input.action !== EVIDENCE_ACTION_LOG;
  let userRating: { grade: number | null; proficiency: number | null } | null = null;
  if (rates) {
    const rating = { grade: evidenceGrade, proficiency: proficiencyOf(scale, evidenceGrade) };
    const overrides = input.action === EVIDENCE_ACTION_OVERRIDE;
    if (courseid > 0) {
      const ucc = await ensureUserCompetencyCourse(db, input.userid, courseid, competency.id, actor);
      if (overrides || ucc.grade === null) {
        await db.updateTable('competency_usercompcourse').set({ ...rating, timemodified: t, usermodified: actor }).where('id', '=', ucc.id).execute();
      }
      if ((await pushesRatings(db, courseid)) && (overrides || uc.grade === null)) userRating = rating;
    } else if (overrides || uc.grade === null) {
      userRating = rating;
    }
  }
  const status = input.recommend && uc.status === UC_STATUS_IDLE ? UC_STATUS_WAITING_FOR_REVIEW : uc.status;
  if (userRating || status !== uc.status) {
    await db
      .updateTable('competency_usercomp')
      .set({ ...(userRating ?? {}), status, timemodified: t, usermodified: actor })
      .where('id', '=', uc.id)
      .execute();
  }
  const evidence = await db
    .insertInto('competency_evidence')
    .values({
      usercompetencyid: uc.id,
      contextid: input.context.id,
      action: input.action,
      actionuserid: input.actionuserid,
      descidentifier: input.descidentifier,
      desccomponent: COMPONENT,
      desca: input.desca === undefined ? null : JSON.stringify(input.desca),
      url: input.url ?? null,
      grade: evidenceGrade,
      note: input.note ?? null,
      timecreated: t,
      timemodified: t,
      usermodified: actor,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (userRating?.proficiency === 1 && uc.proficiency !== 1) await applyParentRule(db, input.userid, competency);
  return evidence;
}

/** Whether the parent's rule is met by the user's ratings of its children. */
async function ruleMatches(db: Kysely<DB>, userid: number, parent: CompetencyRow): Promise<boolean> {
  const children = await db.selectFrom('competency').select('id').where('parentid', '=', parent.id).execute();
  if (children.length === 0) return false;
  const ratings = await db
    .selectFrom('competency_usercomp')
    .select(['competencyid', 'proficiency'])
    .where('userid', '=', userid)
    .where(
      'competencyid',
      'in',
      children.map((c) => c.id),
    )
    .execute();
  const proficient = new Set(ratings.filter((r) => r.proficiency === 1).map((r) => r.competencyid));
  if (parent.ruletype === RULE_ALL) return children.every((c) => proficient.has(c.id));
  if (parent.ruletype !== RULE_POINTS) return false;
  const config = parsePointsConfig(parent.ruleconfig);
  if (!config) return false;
  if (config.competencies.some((c) => c.required === 1 && !proficient.has(c.id))) return false;
  const points = config.competencies.reduce((sum, c) => sum + (proficient.has(c.id) ? c.points : 0), 0);
  return points >= config.base.points;
}

/**
 * A competency became proficient: its parent's rule (if any) is checked, and when met its outcome
 * applies in the parent's framework context — evidence only, a review request, or completion, which
 * may make the parent proficient and so apply the grandparent's rule.
 */
async function applyParentRule(db: Kysely<DB>, userid: number, competency: CompetencyRow): Promise<void> {
  if (competency.parentid === 0) return;
  const parent = await db.selectFrom('competency').selectAll().where('id', '=', competency.parentid).executeTakeFirst();
  if (!parent || ![RULE_OUTCOME_EVIDENCE, RULE_OUTCOME_COMPLETE, RULE_OUTCOME_RECOMMEND].includes(parent.ruleoutcome)) return;
  if (!(await ruleMatches(db, userid, parent))) return;
  const framework = await db.selectFrom('competency_framework').select('contextid').where('id', '=', parent.competencyframeworkid).executeTakeFirstOrThrow();
  const context = await getContextById(db, framework.contextid);
  if (!context) return;
  await addEvidence(db, {
    userid,
    competency: parent,
    context,
    action: parent.ruleoutcome === RULE_OUTCOME_COMPLETE ? EVIDENCE_ACTION_COMPLETE : EVIDENCE_ACTION_LOG,
    descidentifier: 'evidence_competencyrule',
    recommend: parent.ruleoutcome === RULE_OUTCOME_RECOMMEND,
    actionuserid: null,
  });
}
