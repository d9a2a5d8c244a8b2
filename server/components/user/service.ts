import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { newUserSchema, userUpdateSchema } from '../../../api/user';
import type { DB } from '../../db/schema';
import { ensureUserContext } from '../../platform/access/contexts';
import { hashPassword } from '../../platform/auth/passwords';
import { getConfig } from '../../platform/config-store';
import { AppError, invalidRecord } from '../../platform/errors';
import { logEvent, type EventActor } from '../../platform/events';
import { now } from '../../platform/platform';
import { checkUsernamesFree, newUserProblems, userChangeProblems, type UserFieldRules } from './validation';

const COMPONENT = 'core_user';
export type NewUser = z.output<typeof newUserSchema>;
export type UserChanges = z.output<typeof userUpdateSchema>;

function randomPassword(): string {
  // Letters, digits and a symbol in every generated password, so it meets the default policy.
  return `${randomBytes(12).toString('base64url')}-a1A`;
}

/** Ends every session of the users (after a suspension or a deletion). */
async function endSessions(db: Kysely<DB>, userids: readonly number[]): Promise<void> {
  if (userids.length === 0) return;
  const sids = db.selectFrom('sessions').select('sid').where('userid', 'in', userids);
  await db.deleteFrom('session_notifications').where('sid', 'in', sids).execute();
  await db.deleteFrom('sessions').where('userid', 'in', userids).execute();
}

/** Validates every user before writing any, then creates them with their contexts. */
export async function createUsers(db: Kysely<DB>, users: readonly NewUser[], fieldRules: UserFieldRules, actor: EventActor) {
  for (const user of users) {
    const problem = newUserProblems(user, fieldRules)[0];
    if (problem) throw problem;
  }
  await checkUsernamesFree(db, users);
  const t = now();
  const created: Array<{ id: number; username: string }> = [];
  for (const user of users) {
    const { password, createpassword, suspended, ...fields } = user;
    const row = await db
      .insertInto('user')
      .values({
        ...fields,
        // No language given: the user has none of their own and follows the site default, as the
        // forms' "Site default" choice does (the column's own default is English).
        lang: fields.lang ?? '',
        auth: 'manual',
        password: await hashPassword(createpassword ? randomPassword() : (password ?? '')),
        suspended: suspended ? 1 : 0,
        timecreated: t,
        timemodified: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const context = await ensureUserContext(db, row.id);
    await logEvent(db, actor, {
      eventname: '\\core\\event\\user_created',
      component: COMPONENT,
      action: 'created',
      target: 'user',
      objecttable: 'user',
      objectid: row.id,
      crud: 'c',
      contextid: context.id,
      contextlevel: context.contextlevel,
      contextinstanceid: row.id,
      relateduserid: row.id,
    });
    created.push({ id: row.id, username: user.username });
  }
  return created;
}

/** The live (not deleted) users of the ids, or invalidrecord naming the first missing one. */
async function liveUsers(db: Kysely<DB>, ids: readonly number[]) {
  const rows = ids.length ? await db.selectFrom('user').select(['id', 'username', 'email']).where('id', 'in', [...ids]).where('deleted', '=', 0).execute() : [];
  const missing = ids.find((id) => !rows.some((r) => r.id === id));
  if (missing !== undefined) throw invalidRecord('user', `user ${missing}`);
  return rows;
}

/** Who may not be changed how: the guest user at all, the site admins and the actor not suspended. */
export interface ChangeRules {
  guest: number;
  admins: readonly number[];
  actor: EventActor;
}

export async function changeRules(db: Kysely<DB>, actor: EventActor): Promise<ChangeRules> {
  const guest = Number((await getConfig(db, 'siteguest')) ?? 0);
  const admins = ((await getConfig(db, 'siteadmins')) ?? '').split(',').map(Number);
  return { guest, admins, actor };
}

/** Why the change may not be made whatever its values, or undefined. */
export function changeRefusal(change: { id: number; suspended?: boolean }, rules: ChangeRules): AppError | undefined {
  if (change.id === rules.guest) return new AppError('guestnoeditprofileother', { component: COMPONENT, status: 403 });
  if (change.suspended && (change.id === rules.actor.userid || rules.admins.includes(change.id))) {
    return new AppError(change.id === rules.actor.userid ? 'cannotsuspendself' : 'cannotsuspendadmin', { component: COMPONENT, status: 403 });
  }
  return undefined;
}

/** Validates every change before writing any; suspending ends the user's sessions. */
export async function updateUsers(db: Kysely<DB>, changes: readonly UserChanges[], fieldRules: UserFieldRules, actor: EventActor): Promise<void> {
  await liveUsers(db, changes.map((c) => c.id));
  const rules = await changeRules(db, actor);
  for (const change of changes) {
    const problem = changeRefusal(change, rules) ?? userChangeProblems(change, fieldRules)[0];
    if (problem) throw problem;
  }
  await checkUsernamesFree(
    db,
    changes.flatMap((c) => (c.username !== undefined ? [{ username: c.username, id: c.id }] : [])),
  );
  const t = now();
  for (const change of changes) {
    const { id, password, suspended, ...fields } = change;
    await db
      .updateTable('user')
      .set({
        ...fields,
        ...(password ? { password: await hashPassword(password) } : {}),
        ...(suspended !== undefined ? { suspended: suspended ? 1 : 0 } : {}),
        timemodified: t,
      })
      .where('id', '=', id)
      .execute();
    if (suspended) await endSessions(db, [id]);
    const context = await ensureUserContext(db, id);
    await logEvent(db, actor, {
      eventname: '\\core\\event\\user_updated',
      component: COMPONENT,
      action: 'updated',
      target: 'user',
      objecttable: 'user',
      objectid: id,
      crud: 'u',
      contextid: context.id,
      contextlevel: context.contextlevel,
      contextinstanceid: id,
      relateduserid: id,
      other: suspended !== undefined ? { suspended } : {},
    });
  }
}

/**
 * Soft delete: the row stays (logs, grades and posts keep their author) but is marked deleted with a
 * username and email nobody can log in with or collide with; sessions, enrolments and roles go.
 */
export async function deleteUsers(db: Kysely<DB>, userids: readonly number[], actor: EventActor): Promise<void> {
  const ids = [...new Set(userids)];
  const rows = await liveUsers(db, ids);
  const admins = ((await getConfig(db, 'siteadmins')) ?? '').split(',').map(Number);
  const guest = Number((await getConfig(db, 'siteguest')) ?? 0);
  for (const id of ids) {
    if (id === actor.userid) throw new AppError('cannotdeleteself', { component: COMPONENT, status: 403 });
    if (admins.includes(id) || id === guest) throw new AppError('cannotdeleteadmin', { component: COMPONENT, status: 403 });
  }
  const t = now();
  for (const row of rows) {
    const scrambled = `deleted-${row.id}-${row.username}`.slice(0, 100);
    const email = createHash('md5').update(`${row.email}/${row.id}`).digest('hex');
    await db.updateTable('user').set({ deleted: 1, username: scrambled, email, password: '', idnumber: '', timemodified: t }).where('id', '=', row.id).execute();
  }
  await endSessions(db, ids);
  await db.deleteFrom('user_enrolments').where('userid', 'in', ids).execute();
  await db.deleteFrom('role_assignments').where('userid', 'in', ids).execute();
  await db.deleteFrom('groups_members').where('userid', 'in', ids).execute();
  for (const row of rows) {
    const context = await ensureUserContext(db, row.id);
    await logEvent(db, actor, {
      eventname: '\\core\\event\\user_deleted',
      component: COMPONENT,
      action: 'deleted',
      target: 'user',
      objecttable: 'user',
      objectid: row.id,
      crud: 'd',
      contextid: context.id,
      contextlevel: context.contextlevel,
      contextinstanceid: row.id,
      relateduserid: row.id,
      other: { username: row.username },
    });
  }
}
