import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { CourseModuleActivity } from '../courseformat/modules';

/** How the course page reads, renames and deletes URL resources. */
export const urlActivity: CourseModuleActivity = {
  modname: 'url',
  async instances(db: Kysely<DB>, ids: readonly number[]) {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('url').select(['id', 'name', 'intro']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, { name: r.name, intro: r.intro }]));
  },
  async setName(db, instance, name) {
    await db.updateTable('url').set({ name }).where('id', '=', instance).execute();
  },
  async formValues(db, instance) {
    const row = await db.selectFrom('url').select(['name', 'intro', 'externalurl']).where('id', '=', instance).executeTakeFirst();
    return row ?? {};
  },
  async deleteInstances(db, ids) {
    if (ids.length > 0) await db.deleteFrom('url').where('id', 'in', ids).execute();
  },
};
