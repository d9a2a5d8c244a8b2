import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { GRACE_PERIOD_MIN, REVIEW_FIELDS, type modQuizAddInstance } from '../../../api/quiz';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { now, type Platform } from '../../platform/platform';
import type { CourseModuleActivity } from '../courseformat/modules';
import { gradeItemDelete } from '../grades/service';
import { COMPONENT, type QuizRow } from './access';
import { updateBestGrades } from './grades';

export type QuizSettings = Omit<z.output<typeof modQuizAddInstance.args>, 'courseid' | 'section' | 'groupmode' | 'groupingid'>;

/** The quiz's own columns from the form's settings. */
export function settingsColumns(s: QuizSettings) {
  return {
    name: s.name,
    intro: s.intro,
    timeopen: s.timeopen,
    timeclose: s.timeclose,
    timelimit: s.timelimit,
    attempts: s.attempts,
    grademethod: s.grademethod,
    questionsperpage: s.questionsperpage,
    shufflequestions: s.shufflequestions ? 1 : 0,
    shuffleanswers: s.shuffleanswers ? 1 : 0,
    password: s.password,
    browsersecurity: s.browsersecurity,
    overduehandling: s.overduehandling,
    graceperiod: s.graceperiod,
    grade: s.grade,
    decimalpoints: s.decimalpoints,
    reviewattempt: s.reviewattempt,
    reviewcorrectness: s.reviewcorrectness,
    reviewmarks: s.reviewmarks,
    reviewspecificfeedback: s.reviewspecificfeedback,
    reviewgeneralfeedback: s.reviewgeneralfeedback,
    reviewrightanswer: s.reviewrightanswer,
    timemodified: now(),
  };
}

/** The close time must follow the open time; a grace period must be longer than the silent minimum. */
export function requireValidSettings(platform: Platform, s: QuizSettings, lang: string): void {
  const fields: Record<string, string> = {};
  if (s.timeopen && s.timeclose && s.timeclose < s.timeopen) fields.timeclose = platform.strings.get('closebeforeopen', COMPONENT, undefined, lang);
  if (s.overduehandling === 'graceperiod' && s.graceperiod <= GRACE_PERIOD_MIN) fields.graceperiod = platform.strings.get('graceperiodtoosmall', COMPONENT, GRACE_PERIOD_MIN, lang);
  const messages = Object.values(fields);
  if (messages.length) throw new AppError('invalidsettings', { component: COMPONENT, a: messages.join(' '), fields });
}

/** After the maximum grade changed: stored best grades are rescaled and pushed again. */
export async function afterGradeChange(db: Kysely<DB>, before: QuizRow, after: QuizRow): Promise<void> {
  if (Number(before.grade) !== Number(after.grade) || before.grademethod !== after.grademethod) await updateBestGrades(db, after);
}

/** Deletes quizzes with their slots, attempts, grades and grade items. */
export async function deleteQuizzes(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const attempts = await db.selectFrom('quiz_attempts').select('id').where('quiz', 'in', ids).execute();
  const attemptIds = attempts.map((a) => a.id);
  if (attemptIds.length) await db.deleteFrom('quiz_attempt_slots').where('attemptid', 'in', attemptIds).execute();
  await db.deleteFrom('quiz_attempts').where('quiz', 'in', ids).execute();
  await db.deleteFrom('quiz_grades').where('quiz', 'in', ids).execute();
  await db.deleteFrom('quiz_slots').where('quizid', 'in', ids).execute();
  await db.deleteFrom('quiz_password_passed').where('quiz', 'in', ids).execute();
  for (const id of ids) await gradeItemDelete(db, 'quiz', id);
  await db.deleteFrom('quiz').where('id', 'in', ids).execute();
}

const FORM_FIELDS = [
  'name',
  'intro',
  'timeopen',
  'timeclose',
  'timelimit',
  'attempts',
  'grademethod',
  'questionsperpage',
  'shufflequestions',
  'shuffleanswers',
  'password',
  'browsersecurity',
  'overduehandling',
  'graceperiod',
  'grade',
  'decimalpoints',
  ...REVIEW_FIELDS,
] as const;

/** How the course page reads, renames and deletes quizzes. */
export const quizActivity: CourseModuleActivity = {
  modname: 'quiz',
  async instances(db, ids) {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('quiz').select(['id', 'name', 'intro']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, { name: r.name, intro: r.intro }]));
  },
  async setName(db, instance, name) {
    await db.updateTable('quiz').set({ name, timemodified: now() }).where('id', '=', instance).execute();
    await db.updateTable('grade_items').set({ itemname: name }).where('itemmodule', '=', 'quiz').where('iteminstance', '=', instance).execute();
  },
  async formValues(db, instance) {
    const row = await db.selectFrom('quiz').select(FORM_FIELDS).where('id', '=', instance).executeTakeFirst();
    if (!row) return {};
    return Object.fromEntries(FORM_FIELDS.map((f) => [f, String(row[f])]));
  },
  async deleteInstances(db, ids) {
    await deleteQuizzes(db, ids);
  },
};
