import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { modAssignAddInstance } from '../../../api/assign';
import type { DB } from '../../db/schema';
import { CONTEXT_MODULE } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import { now, type Platform } from '../../platform/platform';
import type { CourseModuleActivity } from '../courseformat/modules';
import { clearComponentFiles } from '../files/storage';
import { formatGrade, getScale, gradeItemDelete, gradeItemUpdate, GRADE_TYPE_SCALE, GRADE_TYPE_TEXT, GRADE_TYPE_VALUE, type GradeItemSpec, type Scale } from '../grades/service';
import { deleteAreasOfContext, getActiveMethod, setActiveMethod } from '../grading/service';
import { COMPONENT, type AssignRow } from './access';

/** The grading area of assignment submissions. */
export const GRADING_AREA = 'submissions';

/** The settings the add and update forms send (without where the assignment goes). */
export type AssignSettings = Omit<z.output<typeof modAssignAddInstance.args>, 'courseid' | 'section'>;

/** The assignment's own columns from the form's settings (group settings belong to the course module). */
export function settingsColumns(s: AssignSettings) {
  return {
    name: s.name,
    intro: s.intro,
    alwaysshowdescription: s.alwaysshowdescription ? 1 : 0,
    allowsubmissionsfromdate: s.allowsubmissionsfromdate,
    duedate: s.duedate,
    cutoffdate: s.cutoffdate,
    gradingduedate: s.gradingduedate,
    grade: s.grade,
    submissiondrafts: s.submissiondrafts ? 1 : 0,
    requiresubmissionstatement: s.requiresubmissionstatement ? 1 : 0,
    onlinetext_enabled: s.onlinetext_enabled ? 1 : 0,
    onlinetext_wordlimit: s.onlinetext_wordlimit,
    file_enabled: s.file_enabled ? 1 : 0,
    file_maxfiles: s.file_maxfiles,
    file_maxsizebytes: s.file_maxsizebytes,
    sendnotifications: s.sendnotifications ? 1 : 0,
    sendlatenotifications: s.sendlatenotifications ? 1 : 0,
    sendstudentnotifications: s.sendstudentnotifications ? 1 : 0,
    timemodified: now(),
  };
}

/**
 * The form validation of activities.md §1.1 (due ≥ from; cut-off ≥ due and ≥ from; grading due ≥ due
 * and ≥ from), a usable scale, and a guide only with a grade. Answers {field: string id}; empty = valid.
 */
export async function settingsErrors(db: Kysely<DB>, courseid: number, s: AssignSettings): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const { allowsubmissionsfromdate: from, duedate: due, cutoffdate: cutoff, gradingduedate: gradingdue } = s;
  if (from && due && due < from) errors.duedate = 'duedatevalidation';
  if (cutoff && due && cutoff < due) errors.cutoffdate = 'cutoffdatevalidation';
  else if (cutoff && from && cutoff < from) errors.cutoffdate = 'cutoffdatefromdatevalidation';
  if (gradingdue && due && gradingdue < due) errors.gradingduedate = 'gradingduedatevalidation';
  else if (gradingdue && from && gradingdue < from) errors.gradingduedate = 'gradingduefromdatevalidation';
  if (s.grade < 0) {
    const scale = await getScale(db, -s.grade);
    if (!scale || (scale.courseid !== 0 && scale.courseid !== courseid)) errors.grade = 'scalenotfound';
  }
  if (s.gradingmethod === 'guide' && s.grade === 0) errors.gradingmethod = 'gradingmethodneedsgrade';
  return errors;
}

/** Refuses invalid settings with `invalidsettings`: the message lists them, and each field carries its own. */
export async function requireValidSettings(platform: Platform, db: Kysely<DB>, courseid: number, s: AssignSettings, lang: string): Promise<void> {
  const errors = await settingsErrors(db, courseid, s);
  const fields = Object.keys(errors);
  if (fields.length === 0) return;
  const messages = Object.fromEntries(fields.map((f) => [f, platform.strings.get(errors[f]!, COMPONENT, undefined, lang)]));
  throw new AppError('invalidsettings', { component: COMPONENT, a: Object.values(messages).join(' '), fields: messages });
}

/** How the assignment's grade looks to the gradebook (activities.md §1.9). */
export interface GradeSetup {
  type: 'points' | 'scale' | 'none';
  grademax: number;
  grademin: number;
  scale?: Scale;
}

export async function gradeSetup(db: Kysely<DB>, assign: Pick<AssignRow, 'grade'>): Promise<GradeSetup> {
  if (assign.grade > 0) return { type: 'points', grademax: assign.grade, grademin: 0 };
  if (assign.grade < 0) {
    const scale = await getScale(db, -assign.grade);
    if (scale) return { type: 'scale', grademax: scale.items.length, grademin: 1, scale };
  }
  return { type: 'none', grademax: 0, grademin: 0 };
}

/** A grade as people read it: "7.50 / 10.00", a scale item, or '-'. */
export function displayGrade(setup: GradeSetup, grade: number | null, lang = 'en'): string {
  if (setup.type === 'none') return '-';
  const value = grade === null || grade < 0 ? null : grade;
  return formatGrade(value, { gradetype: setup.type === 'scale' ? GRADE_TYPE_SCALE : GRADE_TYPE_VALUE, grademax: setup.grademax, scale: setup.scale }, lang);
}

/** Creates or updates the assignment's grade item; answers its id. */
export async function syncGradeItem(db: Kysely<DB>, assign: AssignRow, cmid: number): Promise<number> {
  const setup = await gradeSetup(db, assign);
  const spec: GradeItemSpec = {
    courseid: assign.course,
    itemmodule: 'assign',
    iteminstance: assign.id,
    cmid,
    itemname: assign.name,
    gradetype: setup.type === 'points' ? GRADE_TYPE_VALUE : setup.type === 'scale' ? GRADE_TYPE_SCALE : GRADE_TYPE_TEXT,
    grademax: setup.type === 'none' ? 0 : setup.grademax,
    grademin: setup.grademin,
    scaleid: setup.scale?.id ?? null,
  };
  return gradeItemUpdate(db, spec);
}

export async function setGradingMethod(db: Kysely<DB>, modcontextid: number, method: '' | 'guide'): Promise<void> {
  await setActiveMethod(db, modcontextid, COMPONENT, GRADING_AREA, method === 'guide' ? 'guide' : 'simple');
}

export async function gradingMethodOf(db: Kysely<DB>, modcontextid: number): Promise<'' | 'guide'> {
  return (await getActiveMethod(db, modcontextid, COMPONENT, GRADING_AREA)) === 'guide' ? 'guide' : '';
}

/** Module contexts of assignment instances, by instance id. */
async function instanceContexts(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('course_modules as cm')
    .innerJoin('modules as m', 'm.id', 'cm.module')
    .innerJoin('context as c', (join) => join.onRef('c.instanceid', '=', 'cm.id').on('c.contextlevel', '=', CONTEXT_MODULE))
    .select(['cm.instance', 'c.id as contextid'])
    .where('m.name', '=', 'assign')
    .where('cm.instance', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.instance, r.contextid]));
}

/** Deletes assignments with everything that hangs off them (submissions, grades, files, grade item, grading areas). */
export async function deleteAssignments(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const contexts = await instanceContexts(db, ids);
  const contextids = [...contexts.values()];
  await clearComponentFiles(db, contextids, COMPONENT);
  for (const contextid of contextids) await deleteAreasOfContext(db, contextid);
  for (const id of ids) await gradeItemDelete(db, 'assign', id);
  await db.deleteFrom('assignfeedback_comments').where('assignment', 'in', ids).execute();
  await db.deleteFrom('assign_grades').where('assignment', 'in', ids).execute();
  await db.deleteFrom('assignsubmission_onlinetext').where('assignment', 'in', ids).execute();
  await db.deleteFrom('assign_submission').where('assignment', 'in', ids).execute();
  await db.deleteFrom('assign_user_flags').where('assignment', 'in', ids).execute();
  await db.deleteFrom('assign').where('id', 'in', ids).execute();
}

const FORM_FIELDS = [
  'name',
  'intro',
  'alwaysshowdescription',
  'allowsubmissionsfromdate',
  'duedate',
  'cutoffdate',
  'gradingduedate',
  'grade',
  'submissiondrafts',
  'requiresubmissionstatement',
  'onlinetext_enabled',
  'onlinetext_wordlimit',
  'file_enabled',
  'file_maxfiles',
  'file_maxsizebytes',
  'sendnotifications',
  'sendlatenotifications',
  'sendstudentnotifications',
] as const;

/** How the course page reads, renames and deletes assignments. */
export const assignActivity: CourseModuleActivity = {
  modname: 'assign',
  async instances(db, ids) {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('assign').select(['id', 'name', 'intro']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, { name: r.name, intro: r.intro }]));
  },
  async setName(db, instance, name) {
    await db.updateTable('assign').set({ name, timemodified: now() }).where('id', '=', instance).execute();
    await db.updateTable('grade_items').set({ itemname: name }).where('itemmodule', '=', 'assign').where('iteminstance', '=', instance).execute();
  },
  async formValues(db, instance) {
    const row = await db.selectFrom('assign').select(FORM_FIELDS).where('id', '=', instance).executeTakeFirst();
    if (!row) return {};
    const values: Record<string, string> = Object.fromEntries(FORM_FIELDS.map((f) => [f, String(row[f])]));
    const contexts = await instanceContexts(db, [instance]);
    const contextid = contexts.get(instance);
    values.gradingmethod = contextid ? await gradingMethodOf(db, contextid) : '';
    return values;
  },
  async deleteInstances(db, ids) {
    await deleteAssignments(db, ids);
  },
};
