import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { CourseModuleActivity } from '../courseformat/modules';

/** How the course page reads, renames and deletes pages. */
export const pageActivity: CourseModuleActivity = {
  modname: 'page',
  async instances(db: Kysely<DB>, ids: readonly number[]) {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('page').select(['id', 'name', 'intro']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, { name: r.name, intro: r.intro }]));
  },
  async setName(db, instance, name) {
    await db.updateTable('page').set({ name }).where('id', '=', instance).execute();
  },
  async formValues(db, instance) {
    const row = await db.selectFrom('page').select(['name', 'intro', 'content']).where('id', '=', instance).executeTakeFirst();
    return row ?? {};
  },
  async deleteInstances(db, ids) {
    if (ids.length > 0) await db.deleteFrom('page').where('id', 'in', ids).execute();
  },
};
