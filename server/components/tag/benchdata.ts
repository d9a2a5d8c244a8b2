import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ensureCourseContext } from '../../platform/access/contexts';
import { now } from '../../platform/platform';
import { createCollection } from './collections';
import { defaultCollection } from './service';

const BATCH = 1000;

/**
 * Scale data for `npm run bench`: a collection of `tagCount` tags, and in the default collection one
 * tag on `instanceCount` page activities of a course of their own. Written in bulk.
 */
export async function seedTagBench(db: Kysely<DB>, tagCount = 50_000, instanceCount = 10_000): Promise<{ tc: number; defaulttc: number; tag: string; ta: number }> {
  const t = now();
  const tc = await createCollection(db, 'Bench tags', true);
  for (let start = 0; start < tagCount; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, tagCount - start) }, (_, i) => {
      const rawname = `Topic ${String(start + i).padStart(5, '0')}`;
      return { tagcollid: tc, name: rawname.toLowerCase(), rawname, isstandard: (start + i) % 10 === 0 ? 1 : 0, timemodified: t - (start + i) };
    });
    await db.insertInto('tag').values(rows).execute();
  }

  const course = await db.insertInto('course').values({ category: 0, fullname: 'Bench tagged activities', shortname: 'BENCHTAG', timecreated: t, timemodified: t }).returning('id').executeTakeFirstOrThrow();
  await ensureCourseContext(db, course.id, 0);
  const section = await db.insertInto('course_sections').values({ course: course.id, section: 0, timemodified: t }).returning('id').executeTakeFirstOrThrow();
  const module = await db.selectFrom('modules').select('id').where('name', '=', 'page').executeTakeFirstOrThrow();
  const defaulttc = (await defaultCollection(db)).id;
  const tag = await db.insertInto('tag').values({ tagcollid: defaulttc, name: 'benchmarked', rawname: 'Benchmarked', timemodified: t }).returning('id').executeTakeFirstOrThrow();
  for (let start = 0; start < instanceCount; start += BATCH) {
    const size = Math.min(BATCH, instanceCount - start);
    const pages = await db
      .insertInto('page')
      .values(Array.from({ length: size }, (_, i) => ({ course: course.id, name: `Bench page ${start + i}`, timemodified: t })))
      .returning('id')
      .execute();
    const cms = await db
      .insertInto('course_modules')
      .values(pages.map((p) => ({ course: course.id, module: module.id, instance: p.id, section: section.id })))
      .returning('id')
      .execute();
    await db
      .insertInto('tag_instance')
      .values(cms.map((cm, i) => ({ tagid: tag.id, component: 'core', itemtype: 'course_modules', itemid: cm.id, ordering: 0, timecreated: t + i, timemodified: t })))
      .execute();
  }
  const area = await db.selectFrom('tag_area').select(['id', 'tagcollid']).where('component', '=', 'core').where('itemtype', '=', 'course_modules').executeTakeFirstOrThrow();
  return { tc, defaulttc: area.tagcollid, tag: 'Benchmarked', ta: area.id };
}
