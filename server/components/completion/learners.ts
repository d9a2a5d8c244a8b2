import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The users enrolled in the course by any of its enrolment instances. */
export async function enrolledUsers(db: Kysely<DB>, courseid: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_enrolments as ue')
    .innerJoin('enrol as e', 'e.id', 'ue.enrolid')
    .select('ue.userid')
    .distinct()
    .where('e.courseid', '=', courseid)
    .execute();
  return rows.map((r) => r.userid);
}
