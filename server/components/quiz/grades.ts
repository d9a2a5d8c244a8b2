import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { now } from '../../platform/platform';
import { FORMAT_HTML } from '../../platform/sanitize';
import { gradeItemUpdate, gradeUpdate, GRADE_TYPE_NONE, GRADE_TYPE_VALUE } from '../grades/service';
import type { QuizRow } from './access';

/** sumgrades rescaled to the quiz's maximum grade (activities.md §3.5); null when not graded. */
export function rescale(quiz: Pick<QuizRow, 'grade' | 'sumgrades'>, sumgrades: number | null): number | null {
  if (sumgrades === null) return null;
  if (Math.abs(Number(quiz.sumgrades)) < 1e-6) return 0;
  return (sumgrades * Number(quiz.grade)) / Number(quiz.sumgrades);
}

/** The final grade of a user's finished attempts by the grading method: 1 highest, 2 average, 3 first, 4 last. */
export function bestGrade(grademethod: number, grades: ReadonlyArray<number | null>): number | null {
  const values = grades.filter((g): g is number => g !== null);
  if (grades.length === 0) return null;
  switch (grademethod) {
    case 2:
      return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
    case 3:
      return grades[0] ?? null;
    case 4:
      return grades.at(-1) ?? null;
    default:
      return values.length ? Math.max(...values) : null;
  }
}

/** Creates or updates the quiz's grade item: points out of quiz.grade, or none when the grade is 0. */
export async function syncGradeItem(db: Kysely<DB>, quiz: QuizRow, cmid: number): Promise<number> {
  return gradeItemUpdate(db, {
    courseid: quiz.course,
    itemmodule: 'quiz',
    iteminstance: quiz.id,
    cmid,
    itemname: quiz.name,
    gradetype: Number(quiz.grade) > 0 ? GRADE_TYPE_VALUE : GRADE_TYPE_NONE,
    grademax: Number(quiz.grade),
    grademin: 0,
    scaleid: null,
  });
}

async function gradeItemId(db: Kysely<DB>, quizid: number): Promise<number | undefined> {
  const row = await db.selectFrom('grade_items').select('id').where('itemmodule', '=', 'quiz').where('iteminstance', '=', quizid).where('itemnumber', '=', 0).executeTakeFirst();
  return row?.id;
}

/**
 * Recalculates the best grades of the given users (all who attempted when omitted) from their finished,
 * non-preview attempts, stores them in quiz_grades (deleting the row when none) and pushes them to the gradebook.
 */
export async function updateBestGrades(db: Kysely<DB>, quiz: QuizRow, userids?: readonly number[]): Promise<void> {
  let query = db.selectFrom('quiz_attempts').select(['userid', 'sumgrades', 'timefinish']).where('quiz', '=', quiz.id).where('preview', '=', 0).where('state', '=', 'finished');
  if (userids) {
    if (userids.length === 0) return;
    query = query.where('userid', 'in', userids);
  }
  const rows = await query.orderBy('userid').orderBy('attempt').execute();
  const byUser = new Map<number, Array<number | null>>();
  for (const id of userids ?? []) byUser.set(id, []);
  for (const r of rows) byUser.set(r.userid, [...(byUser.get(r.userid) ?? []), rescale(quiz, r.sumgrades === null ? null : Number(r.sumgrades))]);
  const t = now();
  const itemid = await gradeItemId(db, quiz.id);
  const pushes = [];
  for (const [userid, grades] of byUser) {
    const best = bestGrade(quiz.grademethod, grades);
    if (best === null) await db.deleteFrom('quiz_grades').where('quiz', '=', quiz.id).where('userid', '=', userid).execute();
    else {
      await db
        .insertInto('quiz_grades')
        .values({ quiz: quiz.id, userid, grade: best, timemodified: t })
        .onConflict((oc) => oc.columns(['quiz', 'userid']).doUpdateSet({ grade: best, timemodified: t }))
        .execute();
    }
    pushes.push({ userid, rawgrade: best, feedback: null, feedbackformat: FORMAT_HTML, usermodified: userid, dategraded: best === null ? null : t, datesubmitted: t });
  }
  if (itemid !== undefined) await gradeUpdate(db, itemid, pushes);
}

export async function updateBestGrade(db: Kysely<DB>, quiz: QuizRow, userid: number): Promise<void> {
  await updateBestGrades(db, quiz, [userid]);
}

/** Recomputes the quiz's total of slot marks; answers it. */
export async function updateSumgrades(db: Kysely<DB>, quizid: number): Promise<number> {
  const row = await db.selectFrom('quiz_slots').select((eb) => eb.fn.sum<number>('maxmark').as('s')).where('quizid', '=', quizid).executeTakeFirst();
  const sumgrades = Number(row?.s ?? 0);
  await db.updateTable('quiz').set({ sumgrades }).where('id', '=', quizid).execute();
  return sumgrades;
}
