import type { Kysely, Selectable } from 'kysely';
import type { Warning } from '../../../api/types';
import type { AssignGradeTable, DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { logContextEvent } from '../../platform/events';
import { now } from '../../platform/platform';
import { FORMAT_HTML } from '../../platform/sanitize';
import type { CallContext } from '../../ws/method';
import { gradeUpdate } from '../grades/service';
import { sendNotification } from '../message/send';
import { activeGuide, guideGrade, saveGuideFillings, validateGuideFillings, type GuideDefinition, type GuideFilling } from '../grading/service';
import { CAP_GRADE, CAP_SUBMIT, COMPONENT, type AssignAccess } from './access';
import { enrolledWithCapability, fullnameOf } from './participants';
import { GRADING_AREA, gradeSetup, syncGradeItem, type GradeSetup } from './service';
import { latestSubmission } from './submission';

export type GradeRow = Selectable<AssignGradeTable>;

/** A user to grade must be a participant: enrolled with mod/assign:submit. */
export async function requireParticipant(ctx: CallContext, a: AssignAccess, userid: number) {
  const user = await (await enrolledWithCapability(ctx.db, a.course.id, a.modcontext, CAP_SUBMIT)).select(['u.id', 'u.firstname', 'u.lastname']).where('u.id', '=', userid).executeTakeFirst();
  if (!user) throw new AppError('usernotincourse', { component: COMPONENT, status: 404, debuginfo: `user ${userid}` });
  return user;
}

/** The grade row of the user's latest attempt, if any. */
export async function currentGrade(db: Kysely<DB>, assignid: number, userid: number): Promise<GradeRow | undefined> {
  const submission = await latestSubmission(db, assignid, userid);
  return db
    .selectFrom('assign_grades')
    .selectAll()
    .where('assignment', '=', assignid)
    .where('userid', '=', userid)
    .where('attemptnumber', '=', submission?.attemptnumber ?? 0)
    .executeTakeFirst();
}

/** What a grader submits for one user, checked already (points range, scale index, guide fillings). */
export interface GradeInput {
  /** null: no grade. Ignored when a guide computes it. */
  grade: number | null;
  comment?: { text: string; format: number };
  /** The guide's scores; null = the guide was left empty. */
  guide?: { definition: GuideDefinition; fillings: GuideFilling[] | null };
  notify: boolean;
  /** The grade's timemodified when the grader loaded it (0: never graded); absent: no check. */
  expectedTimemodified?: number;
}

/** A warning of the grading form: item names the field. */
export function formWarning(ctx: CallContext, itemid: number, item: string, warningcode: string, a?: unknown): Warning {
  const exists = ctx.platform.strings.exists(warningcode, COMPONENT, ctx.lang);
  return { item, itemid, warningcode, message: exists ? ctx.platform.strings.get(warningcode, COMPONENT, a, ctx.lang) : ctx.platform.strings.get('couldnotsavegrade', COMPONENT, undefined, ctx.lang) };
}

/**
 * Checks a grade value against the grade setup: points numeric within 0..max (a comma as the decimal
 * mark is accepted), a scale value −1 or a valid index. '' = no grade. Answers the value or an error code.
 */
export function parseGradeValue(raw: string, setup: GradeSetup): { value: number | null } | { error: string; a?: unknown } {
  const text = raw.trim();
  if (setup.type === 'none') return { value: null };
  if (text === '') return { value: null };
  if (setup.type === 'scale') {
    if (!/^-?\d+$/.test(text)) return { error: 'invalidgradeforscale' };
    const n = Number(text);
    if (n === -1) return { value: null };
    if (n < 1 || n > setup.grademax) return { error: 'invalidgradeforscale' };
    return { value: n };
  }
  const normalised = text.replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return { error: 'invalidfloatforgrade', a: text };
  const n = Number(normalised);
  if (n < 0) return { error: 'gradebelowzero' };
  if (n > setup.grademax) return { error: 'gradeabovemaximum', a: setup.grademax };
  return { value: Math.round(n * 100000) / 100000 };
}

/** Guide errors as form warnings, naming each criterion's score field. */
export function guideWarnings(ctx: CallContext, assignid: number, guide: GuideDefinition, fillings: readonly GuideFilling[]): Warning[] {
  return validateGuideFillings(guide, fillings).map((e) => {
    const criterion = guide.criteria.find((c) => c.id === e.criterionid);
    return formWarning(ctx, assignid, `advancedgrading[criteria][${e.criterionid}][score]`, e.errorcode, { criterion: criterion?.shortname ?? String(e.criterionid), maxscore: e.maxscore });
  });
}

/**
 * Writes one user's grade for their latest attempt, with the feedback comment and the guide's scores,
 * pushes it to the gradebook and, when asked, tells the student. The grade row is locked first (an
 * update that changes nothing takes the row lock on PostgreSQL and the write lock on SQLite), so two
 * graders saving at once are serialised and the later one meets the earlier one's timemodified.
 * Answers warnings (gradechanged) when it saved nothing.
 */
export async function applyGrade(ctx: CallContext, a: AssignAccess, user: { id: number; firstname: string; lastname: string }, input: GradeInput): Promise<Warning[]> {
  const grader = ctx.user!;
  const { assign } = a;
  const submission = await latestSubmission(ctx.db, assign.id, user.id);
  const attemptnumber = submission?.attemptnumber ?? 0;
  const t = now();
  const inserted = await ctx.db
    .insertInto('assign_grades')
    .values({ assignment: assign.id, userid: user.id, attemptnumber, grade: -1, grader: -1, timecreated: t, timemodified: 0 })
    .onConflict((oc) => oc.columns(['assignment', 'userid', 'attemptnumber']).doNothing())
    .returning('id')
    .executeTakeFirst();
  await ctx.db
    .updateTable('assign_grades')
    .set((eb) => ({ timemodified: eb.ref('timemodified') }))
    .where('assignment', '=', assign.id)
    .where('userid', '=', user.id)
    .where('attemptnumber', '=', attemptnumber)
    .execute();
  const row = await ctx.db
    .selectFrom('assign_grades')
    .selectAll()
    .where('assignment', '=', assign.id)
    .where('userid', '=', user.id)
    .where('attemptnumber', '=', attemptnumber)
    .executeTakeFirstOrThrow();

  if (input.expectedTimemodified !== undefined && row.timemodified !== input.expectedTimemodified) {
    if (inserted) await ctx.db.deleteFrom('assign_grades').where('id', '=', row.id).execute();
    return [formWarning(ctx, assign.id, 'grade', 'gradechanged')];
  }

  const setup = await gradeSetup(ctx.db, assign);
  let grade = input.grade;
  if (input.guide) {
    const { definition, fillings } = input.guide;
    if (fillings === null) grade = null;
    else {
      const computed = guideGrade(definition, fillings, { grademin: setup.grademin, grademax: setup.grademax, decimals: setup.type === 'points' });
      grade = computed < 0 ? null : computed;
    }
  }
  // A later timemodified than any before, even within the same second: the concurrency check needs it.
  const timemodified = Math.max(t, row.timemodified + 1);
  await ctx.db
    .updateTable('assign_grades')
    .set({ grade: grade ?? -1, grader: grader.id, timemodified })
    .where('id', '=', row.id)
    .execute();
  if (input.comment) {
    const { text, format } = input.comment;
    await ctx.db
      .insertInto('assignfeedback_comments')
      .values({ assignment: assign.id, grade: row.id, commenttext: text, commentformat: format })
      .onConflict((oc) => oc.column('grade').doUpdateSet({ commenttext: text, commentformat: format }))
      .execute();
  }
  if (input.guide?.fillings) await saveGuideFillings(ctx.db, input.guide.definition, row.id, grader.id, input.guide.fillings);

  const comment = await ctx.db.selectFrom('assignfeedback_comments').select(['commenttext', 'commentformat']).where('grade', '=', row.id).executeTakeFirst();
  const itemid = await syncGradeItem(ctx.db, assign, a.cm.id);
  await gradeUpdate(ctx.db, itemid, [
    {
      userid: user.id,
      rawgrade: setup.type === 'none' ? null : grade,
      feedback: comment?.commenttext ? comment.commenttext : null,
      feedbackformat: comment?.commentformat ?? FORMAT_HTML,
      usermodified: grader.id,
      dategraded: timemodified,
      datesubmitted: submission && submission.status === 'submitted' ? submission.timemodified : null,
    },
  ]);

  const mailed = input.notify ? 1 : 0;
  await ctx.db
    .insertInto('assign_user_flags')
    .values({ assignment: assign.id, userid: user.id, mailed })
    .onConflict((oc) => oc.columns(['assignment', 'userid']).doUpdateSet({ mailed }))
    .execute();
  if (input.notify) {
    const params = { grader: fullnameOf(grader), assignment: assign.name };
    const subject = ctx.platform.strings.get('gradenotificationsubject', COMPONENT, assign.name, ctx.lang);
    await sendNotification(ctx.platform, ctx.db, {
      useridto: user.id,
      useridfrom: grader.id,
      component: COMPONENT,
      eventtype: 'assign_notification',
      subject,
      fullmessage: ctx.platform.strings.get('gradenotificationtext', COMPONENT, params, ctx.lang),
      smallmessage: subject,
      contexturl: `/mod/assign/view.php?id=${a.cm.id}`,
      contexturlname: assign.name,
    });
  }
  await logContextEvent(ctx, a.modcontext, {
    eventname: '\\mod_assign\\event\\submission_graded',
    component: COMPONENT,
    action: 'graded',
    target: 'submission',
    objecttable: 'assign_grades',
    objectid: row.id,
    crud: 'u',
    courseid: a.course.id,
    relateduserid: user.id,
  });
  return [];
}

/** The active marking guide of the assignment, or null (simple direct grading). */
export async function assignGuide(db: Kysely<DB>, a: Pick<AssignAccess, 'modcontext'>): Promise<GuideDefinition | null> {
  return activeGuide(db, a.modcontext.id, COMPONENT, GRADING_AREA);
}

/** Only graders: mod/assign:grade in the module context. */
export async function requireGrade(ctx: CallContext, a: AssignAccess): Promise<void> {
  await ctx.access.requireCapability(CAP_GRADE, a.modcontext);
}
