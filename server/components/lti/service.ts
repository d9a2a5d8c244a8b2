import type { Insertable, Kysely } from 'kysely';
import type { DB, LtiTable } from '../../db/schema';
import { now } from '../../platform/platform';
import { randomToken } from '../../platform/session';
import type { CallContext } from '../../ws/method';
import { addModule } from '../courseformat/cms';
import type { CourseModuleActivity } from '../courseformat/modules';
import { gradeItemDelete } from '../grades/service';
import { syncGradeItem } from './outcomes';

type ActivityValues = Omit<Insertable<LtiTable>, 'course' | 'servicesalt' | 'timecreated' | 'timemodified'>;

/** Adds an external tool activity to a course section (in the caller's transaction), with its grade item when the tool sends grades. */
export async function insertActivity(ctx: CallContext, courseid: number, section: number, values: ActivityValues, groups: { groupmode?: number; groupingid?: number } = {}): Promise<{ cmid: number; instance: number }> {
  const t = now();
  const { cmid, instance } = await addModule(
    ctx,
    courseid,
    section,
    'lti',
    async (db) => (await db.insertInto('lti').values({ ...values, course: courseid, servicesalt: randomToken(16).slice(0, 20), timecreated: t, timemodified: t }).returning('id').executeTakeFirstOrThrow()).id,
    groups,
  );
  await syncGradeItem(ctx.db, await ctx.db.selectFrom('lti').selectAll().where('id', '=', instance).executeTakeFirstOrThrow(), cmid);
  return { cmid, instance };
}

/** How the course page reads, renames and deletes external tool activities. The secret never leaves the server. */
export const ltiActivity: CourseModuleActivity = {
  modname: 'lti',
  async instances(db: Kysely<DB>, ids: readonly number[]) {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('lti').select(['id', 'name', 'intro']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, { name: r.name, intro: r.intro }]));
  },
  async setName(db, instance, name) {
    await db.updateTable('lti').set({ name }).where('id', '=', instance).execute();
  },
  async formValues(db, instance) {
    const row = await db
      .selectFrom('lti')
      .select(['name', 'intro', 'typeid', 'toolurl', 'resourcekey', 'password', 'instructorcustomparameters', 'launchcontainer', 'instructorchoicesendname', 'instructorchoicesendemailaddr', 'instructorchoiceacceptgrades', 'grade'])
      .where('id', '=', instance)
      .executeTakeFirst();
    if (!row) return {};
    const { password, ...rest } = row;
    return { ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)])), hassecret: password ? '1' : '0' };
  },
  async deleteInstances(db, ids) {
    if (ids.length === 0) return;
    for (const id of ids) await gradeItemDelete(db, 'lti', id);
    await db.deleteFrom('lti').where('id', 'in', ids).execute();
  },
};
