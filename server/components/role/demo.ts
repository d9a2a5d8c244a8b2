import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { getContext } from '../../platform/access/contexts';
import { getRoleByShortname, setRolePermission } from '../../platform/access/install';
import { CAP_PROHIBIT, CONTEXT_COURSE } from '../../platform/access/types';

/** The demo course whose permission page shows a prohibit from the first start. */
export const DEMO_OVERRIDE = { course: 'LIT110', role: 'student', capability: 'moodle/course:viewparticipants' } as const;

/**
 * A permission override for the demo site: students of Reading Poetry Closely may not see its
 * participant list, so that course's permission page shows allowed and prohibited roles at once.
 */
export async function addDemoOverride(db: Kysely<DB>, modifierid: number): Promise<void> {
  const course = await db.selectFrom('course').select('id').where('shortname', '=', DEMO_OVERRIDE.course).executeTakeFirst();
  const context = course && (await getContext(db, CONTEXT_COURSE, course.id));
  const role = await getRoleByShortname(db, DEMO_OVERRIDE.role);
  if (!context || !role) return;
  await setRolePermission(db, role.id, context.id, DEMO_OVERRIDE.capability, CAP_PROHIBIT, modifierid);
}
