import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { CourseRow } from '../course/access';
import { requireGroupingInCourse } from '../group/groupings';

/** An activity's group settings as a form or client sends them; a missing value keeps the current one. */
export interface RequestedGroupSettings {
  groupmode?: number | undefined;
  groupingid?: number | undefined;
}

export interface GroupSettings {
  groupmode: number;
  groupingid: number;
}

/**
 * The group settings to store for an activity: the requested values over the current ones (the
 * course's defaults for a new activity). A course that forces its group mode refuses any other mode,
 * and the grouping must be one of the course's.
 */
export async function resolveGroupSettings(db: Kysely<DB>, course: CourseRow, requested: RequestedGroupSettings, current?: GroupSettings): Promise<GroupSettings> {
  const base = current ?? { groupmode: course.groupmode, groupingid: course.defaultgroupingid };
  if (course.groupmodeforce && requested.groupmode !== undefined && requested.groupmode !== course.groupmode) {
    throw new AppError('groupmodeforced', { component: 'core_group' });
  }
  const groupingid = requested.groupingid ?? base.groupingid;
  if (groupingid > 0) await requireGroupingInCourse(db, groupingid, course.id);
  return { groupmode: requested.groupmode ?? base.groupmode, groupingid };
}

/** Changes a course module's group settings when the request names any. */
export async function updateModuleGroupSettings(db: Kysely<DB>, course: CourseRow, cmid: number, requested: RequestedGroupSettings): Promise<void> {
  if (requested.groupmode === undefined && requested.groupingid === undefined) return;
  const current = await db.selectFrom('course_modules').select(['groupmode', 'groupingid']).where('id', '=', cmid).executeTakeFirstOrThrow();
  const settings = await resolveGroupSettings(db, course, requested, current);
  await db.updateTable('course_modules').set(settings).where('id', '=', cmid).execute();
}
