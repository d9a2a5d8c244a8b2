import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { createAccess } from '../../platform/access/checker';
import { CAP_ALLOW, CONTEXT_COURSE, CONTEXT_MODULE, RISK_PERSONAL, type CapabilityDefinition, type Context } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import { courseContext, enrolledCourseIds } from '../course/access';

export const COMPONENT = 'core_completion';

export const CAP_OVERRIDE = 'moodle/course:overridecompletion';
export const CAP_PROGRESS = 'report/progress:view';
export const CAP_TRACKED = 'moodle/course:isincompletionreports';
export const CAP_MANAGE = 'moodle/course:manageactivities';

/** Who is tracked, who may override a learner's state, and who may read others' progress (Moodle's archetypes). */
export const completionCapabilities: CapabilityDefinition[] = [
  {
    name: CAP_OVERRIDE,
    captype: 'write',
    contextlevel: CONTEXT_COURSE,
    riskbitmask: 0,
    archetypes: { teacher: CAP_ALLOW, editingteacher: CAP_ALLOW, manager: CAP_ALLOW },
  },
  {
    name: CAP_PROGRESS,
    captype: 'read',
    contextlevel: CONTEXT_COURSE,
    riskbitmask: RISK_PERSONAL,
    archetypes: { teacher: CAP_ALLOW, editingteacher: CAP_ALLOW, manager: CAP_ALLOW },
  },
  {
    name: CAP_TRACKED,
    captype: 'read',
    contextlevel: CONTEXT_COURSE,
    riskbitmask: 0,
    archetypes: { student: CAP_ALLOW },
  },
];

export const completionError = (errorcode: string, a?: unknown, status = 400) => new AppError(errorcode, { component: COMPONENT, a, status });

/** Whether the course tracks completion at all (its "Enable completion tracking" setting). */
export async function completionEnabled(db: Kysely<DB>, courseid: number): Promise<boolean> {
  const course = await db.selectFrom('course').select('enablecompletion').where('id', '=', courseid).executeTakeFirst();
  return course?.enablecompletion === 1;
}

/**
 * Whether a user's completion is tracked in the course: enrolled and holding
 * moodle/course:isincompletionreports there (learners, not their teachers).
 */
export async function isTrackedUser(db: Kysely<DB>, courseid: number, userid: number, context?: Context): Promise<boolean> {
  if (userid <= 0) return false;
  if (!(await enrolledCourseIds(db, userid, [courseid])).has(courseid)) return false;
  return createAccess(db, userid).hasCapability(CAP_TRACKED, context ?? (await courseContext(db, courseid)));
}

export const isModuleContext = (contextlevel: number | undefined) => contextlevel === CONTEXT_MODULE;
