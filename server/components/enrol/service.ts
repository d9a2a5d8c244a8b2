import type { Kysely, Selectable } from 'kysely';
import type { DB, EnrolTable } from '../../db/schema';
import { assignRole, getRoleByShortname } from '../../platform/access/install';
import type { Context } from '../../platform/access/types';
import { logEvent, type EventActor } from '../../platform/events';
import { invalidRecord } from '../../platform/errors';
import { now } from '../../platform/platform';

export type EnrolInstance = Selectable<EnrolTable>;

/** The course's instance of an enrolment method, made (enabled, giving students) when missing. */
export async function ensureInstance(db: Kysely<DB>, courseid: number, method: 'manual' | 'self'): Promise<EnrolInstance> {
  const existing = await db.selectFrom('enrol').selectAll().where('courseid', '=', courseid).where('enrol', '=', method).orderBy('id').executeTakeFirst();
  if (existing) return existing;
  const student = await getRoleByShortname(db, 'student');
  const t = now();
  // New self enrolment starts disabled: turning it on is a decision the teacher makes.
  return db
    .insertInto('enrol')
    .values({ enrol: method, courseid, status: method === 'self' ? 1 : 0, sortorder: method === 'self' ? 1 : 0, roleid: student?.id ?? 0, timecreated: t, timemodified: t })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findInstance(db: Kysely<DB>, courseid: number, method: string): Promise<EnrolInstance | undefined> {
  return db.selectFrom('enrol').selectAll().where('courseid', '=', courseid).where('enrol', '=', method).orderBy('id').executeTakeFirst();
}

export async function requireUser(db: Kysely<DB>, userid: number): Promise<{ id: number; firstname: string; lastname: string }> {
  const user = await db.selectFrom('user').select(['id', 'firstname', 'lastname']).where('id', '=', userid).where('deleted', '=', 0).executeTakeFirst();
  if (!user) throw invalidRecord('user', `user ${userid}`);
  return user;
}

export interface EnrolOptions {
  roleid: number;
  timestart: number;
  timeend: number;
  status: number;
}

/**
 * Enrols (or re-enrols, updating dates and status) a user through an instance and gives the role in
 * the course; the actor is recorded as the modifier and in the log.
 */
export async function enrolUser(db: Kysely<DB>, actor: EventActor, instance: EnrolInstance, context: Context, userid: number, options: EnrolOptions): Promise<void> {
  const t = now();
  const values = { status: options.status, timestart: options.timestart, timeend: options.timeend, modifierid: actor.userid, timemodified: t };
  const existing = await db.selectFrom('user_enrolments').select('id').where('enrolid', '=', instance.id).where('userid', '=', userid).executeTakeFirst();
  if (existing) await db.updateTable('user_enrolments').set(values).where('id', '=', existing.id).execute();
  else await db.insertInto('user_enrolments').values({ ...values, enrolid: instance.id, userid, timecreated: t }).execute();
  if (options.roleid > 0) await assignRole(db, options.roleid, userid, context.id, actor.userid);
  await logEvent(db, actor, {
    eventname: '\\core\\event\\user_enrolment_created',
    component: 'core_enrol',
    action: 'created',
    target: 'user_enrolment',
    objecttable: 'user_enrolments',
    objectid: existing?.id ?? 0,
    crud: existing ? 'u' : 'c',
    contextid: context.id,
    contextlevel: context.contextlevel,
    contextinstanceid: context.instanceid,
    courseid: instance.courseid,
    relateduserid: userid,
    other: { enrol: instance.enrol },
  });
}

/**
 * Removes a user's enrolment in one instance. When it was their last enrolment in the course, their
 * role assignments in the course (and below it) and their group memberships go too, as in Moodle.
 */
export async function unenrolUser(db: Kysely<DB>, actor: EventActor, instance: EnrolInstance, context: Context, userid: number): Promise<boolean> {
  const removed = await db.deleteFrom('user_enrolments').where('enrolid', '=', instance.id).where('userid', '=', userid).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return false;
  const others = await db
    .selectFrom('user_enrolments as ue')
    .innerJoin('enrol as e', 'e.id', 'ue.enrolid')
    .select('ue.id')
    .where('e.courseid', '=', instance.courseid)
    .where('ue.userid', '=', userid)
    .executeTakeFirst();
  if (!others) {
    const contextids = db.selectFrom('context').select('id').where((eb) => eb.or([eb('id', '=', context.id), eb('path', 'like', `${context.path}/%`)]));
    await db.deleteFrom('role_assignments').where('userid', '=', userid).where('contextid', 'in', contextids).execute();
    const groupids = db.selectFrom('groups').select('id').where('courseid', '=', instance.courseid);
    await db.deleteFrom('groups_members').where('userid', '=', userid).where('groupid', 'in', groupids).execute();
  }
  await logEvent(db, actor, {
    eventname: '\\core\\event\\user_enrolment_deleted',
    component: 'core_enrol',
    action: 'deleted',
    target: 'user_enrolment',
    objecttable: 'user_enrolments',
    crud: 'd',
    contextid: context.id,
    contextlevel: context.contextlevel,
    contextinstanceid: context.instanceid,
    courseid: instance.courseid,
    relateduserid: userid,
    other: { enrol: instance.enrol, lastenrol: !others },
  });
  return true;
}

/** How fresh "last access" is kept: a write at most once a minute per user and course, as Moodle does. */
const LASTACCESS_UPDATE_SECS = 60;

/** Remembers that the user opened the course now (shown as "last access" on the participants page). */
export async function recordCourseAccess(db: Kysely<DB>, userid: number, courseid: number): Promise<void> {
  const t = now();
  await db
    .insertInto('user_lastaccess')
    .values({ userid, courseid, timeaccess: t })
    .onConflict((oc) => oc.columns(['userid', 'courseid']).doUpdateSet({ timeaccess: t }).where('user_lastaccess.timeaccess', '<', t - LASTACCESS_UPDATE_SECS))
    .execute();
}
