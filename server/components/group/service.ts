import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { CONTEXT_COURSE } from '../../platform/access/types';
import { now } from '../../platform/platform';

/** Ids of the given users (all when omitted) who hold an active enrolment in the course. */
/** The ids of users actively enrolled in the course (instance and enrolment on, within their dates), as a subquery. */
export function activeEnrolmentUserIds(db: Kysely<DB>, courseid: number) {
  const t = now();
  return db
    .selectFrom('user_enrolments as ue')
    .innerJoin('enrol as e', 'e.id', 'ue.enrolid')
    .select('ue.userid')
    .where('e.courseid', '=', courseid)
    .where('e.status', '=', 0)
    .where('ue.status', '=', 0)
    .where('ue.timestart', '<=', t)
    .where((eb) => eb.or([eb('ue.timeend', '=', 0), eb('ue.timeend', '>', t)]));
}

export async function enrolledUserIds(db: Kysely<DB>, courseid: number, userids?: readonly number[]): Promise<Set<number>> {
  if (userids?.length === 0) return new Set();
  let query = db
    .selectFrom('user as u')
    .select('u.id')
    // `+` keeps SQLite from walking an index on `deleted` across every user instead of the enrolments.
    .where(sql<number>`+u.deleted`, '=', 0)
    .where('u.id', 'in', activeEnrolmentUserIds(db, courseid));
  if (userids) query = query.where('u.id', 'in', userids);
  return new Set((await query.execute()).map((r) => r.id));
}

/** Users holding the role in the course context (any role when roleid is 0), restricted to the given ids. */
export async function usersWithRole(db: Kysely<DB>, courseid: number, roleid: number, userids: readonly number[]): Promise<Set<number>> {
  if (roleid === 0) return new Set(userids);
  if (userids.length === 0) return new Set();
  const rows = await db
    .selectFrom('role_assignments as ra')
    .innerJoin('context as c', 'c.id', 'ra.contextid')
    .select('ra.userid')
    .distinct()
    .where('c.contextlevel', '=', CONTEXT_COURSE)
    .where('c.instanceid', '=', courseid)
    .where('ra.roleid', '=', roleid)
    .where('ra.userid', 'in', userids)
    .execute();
  return new Set(rows.map((r) => r.userid));
}

/** Group names from a naming scheme: @ → A, B, … Z, AA …; # → 1, 2, …. */
export function schemeName(scheme: string, index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return scheme.replace(/@/g, letters).replace(/#/g, String(index + 1));
}

/**
 * Splits people into groups: `count` groups, or groups of `size` members (the last one smaller), in
 * the given order. Returns one list per group.
 */
export function allocate<T>(people: readonly T[], by: 'groups' | 'members', number: number): T[][] {
  const groups = by === 'groups' ? number : Math.max(1, Math.ceil(people.length / number));
  const out: T[][] = Array.from({ length: groups }, () => []);
  people.forEach((person, i) => {
    const slot = by === 'groups' ? i % groups : Math.floor(i / number);
    out[slot]?.push(person);
  });
  return out;
}

export const NOGROUPS = 0;
export const SEPARATEGROUPS = 1;
export const VISIBLEGROUPS = 2;

/**
 * The group mode an activity runs in: the course's when the course forces it, else the activity's
 * own; without an activity (course-level lists) the course's.
 */
export function effectiveGroupMode(course: { groupmode: number; groupmodeforce: number }, cm?: { groupmode: number }): number {
  if (course.groupmodeforce || !cm) return course.groupmode;
  return cm.groupmode;
}

/** The user's groups in the course, limited to a grouping's groups when one is given (0: any group). */
async function ownGroupIds(db: Kysely<DB>, courseid: number, userid: number, groupingid: number): Promise<number[]> {
  let query = db
    .selectFrom('groups_members as gm')
    .innerJoin('groups as g', 'g.id', 'gm.groupid')
    .select('g.id')
    .where('g.courseid', '=', courseid)
    .where('gm.userid', '=', userid);
  if (groupingid > 0) query = query.where('g.id', 'in', (eb) => eb.selectFrom('groupings_groups').select('groupid').where('groupingid', '=', groupingid));
  return (await query.orderBy('g.id').execute()).map((r) => r.id);
}

/**
 * The groups whose members a user may see in an activity or participant list: every member
 * (undefined) unless the mode is separate groups and the user lacks moodle/site:accessallgroups; then
 * the members of their own groups, only those in the activity's grouping when it has one.
 */
export async function visibleGroupIds(db: Kysely<DB>, courseid: number, userid: number, mode: number, canAccessAllGroups: boolean, groupingid = 0): Promise<number[] | undefined> {
  if (mode !== SEPARATEGROUPS || canAccessAllGroups) return undefined;
  return ownGroupIds(db, courseid, userid, groupingid);
}

/**
 * The groups a group selector offers in an activity (in name order): none without groups; the user's
 * own in separate groups unless they may access all groups; otherwise every group of the course. A
 * grouping narrows the choice to its groups in every mode.
 */
export async function selectableGroups(db: Kysely<DB>, courseid: number, userid: number, mode: number, canAccessAllGroups: boolean, groupingid = 0): Promise<Array<{ id: number; name: string }>> {
  if (mode === NOGROUPS) return [];
  let query = db.selectFrom('groups as g').select(['g.id', 'g.name']).where('g.courseid', '=', courseid);
  if (groupingid > 0) query = query.where('g.id', 'in', (eb) => eb.selectFrom('groupings_groups').select('groupid').where('groupingid', '=', groupingid));
  if (mode === SEPARATEGROUPS && !canAccessAllGroups) {
    query = query.where('g.id', 'in', (eb) => eb.selectFrom('groups_members').select('groupid').where('userid', '=', userid));
  }
  return query.orderBy('g.name').orderBy('g.id').execute();
}

/** What the grader and other activity screens need to respect an activity's groups for one user. */
export interface ActivityGroupAccess {
  mode: number;
  groupingid: number;
  /** The groups the user may choose between. */
  groups: Array<{ id: number; name: string }>;
  /** Members of these groups only (undefined: everyone). */
  visibleGroupIds: number[] | undefined;
}

/** The group rules of one activity for one user, from the course and the course module. */
export async function activityGroupAccess(
  db: Kysely<DB>,
  course: { id: number; groupmode: number; groupmodeforce: number },
  cm: { groupmode: number; groupingid: number },
  userid: number,
  canAccessAllGroups: boolean,
): Promise<ActivityGroupAccess> {
  const mode = effectiveGroupMode(course, cm);
  const groups = await selectableGroups(db, course.id, userid, mode, canAccessAllGroups, cm.groupingid);
  const visible = await visibleGroupIds(db, course.id, userid, mode, canAccessAllGroups, cm.groupingid);
  return { mode, groupingid: cm.groupingid, groups, visibleGroupIds: visible };
}
