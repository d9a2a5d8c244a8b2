import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { CONTEXT_COURSE, CONTEXT_MODULE, CONTEXT_USER } from '../../platform/access/types';
import { createCollection, moveAreaToCollection } from './collections';
import { setItemTags } from './items';
import { addStandardTags, defaultCollection, getArea } from './service';

const COURSE_TAGS = [['Science', 'Lab work'], ['Mathematics', 'Problem solving'], ['Languages', 'Reading'], ['Science', 'Fieldwork'], ['History', 'Reading']];
const ACTIVITY_TAGS = [['Handbook'], ['Reading list', 'Homework'], ['Homework']];
const INTERESTS = [['Chess', 'Hiking'], ['Photography'], ['Hiking', 'Football'], ['Music', 'Chess'], ['Astronomy']];

/** The context ids of items of one level, by instance id, in one query. */
async function contextIds(db: Kysely<DB>, level: number, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('context').select(['id', 'instanceid']).where('contextlevel', '=', level).where('instanceid', 'in', ids).execute();
  return new Map(rows.map((r) => [r.instanceid, r.id]));
}

/**
 * Demo tags: standard subject tags, tags on every course and a few activities, some students'
 * interests, one flagged tag, and a second collection that holds the user-interests area.
 */
export async function addDemoTags(db: Kysely<DB>, adminid: number): Promise<void> {
  const coll = await defaultCollection(db);
  await addStandardTags(db, coll.id, 'Science, Mathematics, Languages, History', adminid);

  const courses = await db.selectFrom('course').select('id').where('id', '<>', 1).orderBy('id').execute();
  const courseContexts = await contextIds(db, CONTEXT_COURSE, courses.map((c) => c.id));
  for (const [i, course] of courses.entries()) {
    const item = { component: 'core', itemtype: 'course', itemid: course.id, contextid: courseContexts.get(course.id) ?? 0 };
    await setItemTags(db, item, COURSE_TAGS[i % COURSE_TAGS.length] ?? [], adminid, true);
  }

  const cms = await db.selectFrom('course_modules').select('id').orderBy('id').limit(ACTIVITY_TAGS.length * 2).execute();
  const cmContexts = await contextIds(db, CONTEXT_MODULE, cms.map((c) => c.id));
  for (const [i, cm] of cms.entries()) {
    const item = { component: 'core', itemtype: 'course_modules', itemid: cm.id, contextid: cmContexts.get(cm.id) ?? 0 };
    await setItemTags(db, item, ACTIVITY_TAGS[i % ACTIVITY_TAGS.length] ?? [], adminid, true);
  }
  await db.updateTable('tag').set({ flag: 1 }).where('tagcollid', '=', coll.id).where('name', '=', 'homework').execute();

  const students = await db.selectFrom('user').select('id').where('username', 'like', 'student%').orderBy('id').limit(INTERESTS.length).execute();
  const userContexts = await contextIds(db, CONTEXT_USER, students.map((s) => s.id));
  for (const [i, student] of students.entries()) {
    const item = { component: 'core', itemtype: 'user', itemid: student.id, contextid: userContexts.get(student.id) ?? 0 };
    await setItemTags(db, item, INTERESTS[i] ?? [], student.id, true);
  }
  const interests = await createCollection(db, 'Interests and hobbies', true);
  await moveAreaToCollection(db, await getArea(db, 'core', 'user'), interests);
}
