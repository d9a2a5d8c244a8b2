import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { CourseModuleActivity } from '../courseformat/modules';
import { gradeItemDelete } from '../grades/service';

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
