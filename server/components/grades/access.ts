import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { CONTEXT_COURSE } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import { activeEnrolmentUserIds } from '../group/service';

/** Roles whose holders are graded in a course (Moodle's gradebookroles: the student archetype). */
export const GRADED_ARCHETYPES = ['student'] as const;

/** A query of the course's graded users: actively enrolled, not deleted, holding a graded role in the course. */
export function gradedUsers(db: Kysely<DB>, courseid: number) {
  return db
    .selectFrom('user as u')
    // `+` keeps SQLite from walking an index on `deleted` across every user instead of the enrolments.
    .where(sql<number>`+u.deleted`, '=', 0)
    .where('u.id', 'in', activeEnrolmentUserIds(db, courseid))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('role_assignments as ra')
          .innerJoin('context as c', 'c.id', 'ra.contextid')
          .innerJoin('role as r', 'r.id', 'ra.roleid')
          .select('ra.id')
          .whereRef('ra.userid', '=', 'u.id')
          .where('c.contextlevel', '=', CONTEXT_COURSE)
          .where('c.instanceid', '=', courseid)
          .where('r.archetype', 'in', [...GRADED_ARCHETYPES]),
      ),
    );
}

/** The user's record for the reports, or invalidrecord. */
export async function requireUserRecord(db: Kysely<DB>, userid: number) {
  const user = await db.selectFrom('user').select(['id', 'firstname', 'lastname', 'idnumber', 'picture']).where('id', '=', userid).where('deleted', '=', 0).executeTakeFirst();
  if (!user) throw new AppError('invalidrecord', { a: 'user', debuginfo: `user ${userid}`, status: 404 });
  return user;
}

/** A user's picture URL ('' when they have none: the client shows their initials). */
export function pictureUrl(wwwroot: string, user: { id: number; picture: number }): string {
  return user.picture > 0 ? `${wwwroot}/user/pix.php?id=${user.id}&rev=${user.picture}` : '';
}
