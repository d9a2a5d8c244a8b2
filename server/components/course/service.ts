import { sql, type Kysely, type OperandValueExpressionOrList } from 'kysely';
import type { DB } from '../../db/schema';
import type { ComponentDefinition } from '../../platform/component';
import { formatString } from '../../platform/sanitize';
import type { CourseRow } from './access';

/** Courses whose full name, short name, id number or summary contain every search word (case-insensitive). */
/** The columns a course search answers with: a search lists every course, so it reads no more. */
const SEARCH_COLUMNS = ['id', 'category', 'sortorder', 'fullname', 'shortname', 'summary', 'summaryformat', 'visible'] as const;
export type SearchCourseRow = Pick<CourseRow, (typeof SEARCH_COLUMNS)[number]>;

export async function searchCourseRows(db: Kysely<DB>, search: string): Promise<SearchCourseRow[]> {
  const words = search.trim().split(/\s+/).filter(Boolean);
  let query = db.selectFrom('course').select(SEARCH_COLUMNS).where('id', '<>', 1);
  for (const word of words) {
    const pattern = `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or(
        (['fullname', 'shortname', 'idnumber', 'summary'] as const).map((column) =>
          // lower() on both sides keeps the match case-insensitive on SQLite and PostgreSQL alike.
          eb(sql`lower(${sql.ref(column)})`, 'like', sql`${pattern} escape '\\'`),
        ),
      ),
    );
  }
  return query.orderBy('sortorder').orderBy('id').execute();
}

/** The search columns of the courses (not the front page) whose ids a subquery gives, in course order. */
function searchRowsAmong(db: Kysely<DB>, ids: OperandValueExpressionOrList<DB, 'course', 'id'>): Promise<SearchCourseRow[]> {
  return db.selectFrom('course').select(SEARCH_COLUMNS).where('id', '<>', 1).where('id', 'in', ids).orderBy('sortorder').orderBy('id').execute();
}

/** Courses that have at least one instance of the named activity module. */
export async function courseRowsWithModule(db: Kysely<DB>, modname: string): Promise<SearchCourseRow[]> {
  return searchRowsAmong(db, db.selectFrom('course_modules as cm').innerJoin('modules as m', 'm.id', 'cm.module').select('cm.course as id').where('m.name', '=', modname));
}

/** Courses tagged with a tag (tag instances of the core course area), in course order. */
export async function courseRowsWithTag(db: Kysely<DB>, tagid: number): Promise<SearchCourseRow[]> {
  return searchRowsAmong(db, db.selectFrom('tag_instance').select('itemid as id').where('tagid', '=', tagid).where('component', '=', 'core').where('itemtype', '=', 'course'));
}

export async function categoryNames(db: Kysely<DB>, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('course_categories').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, formatString(r.name)]));
}

/** Course contacts (editing teachers), per course, in one query. */
export async function courseContacts(db: Kysely<DB>, courseids: readonly number[]): Promise<Map<number, Array<{ id: number; fullname: string }>>> {
  const result = new Map<number, Array<{ id: number; fullname: string }>>();
  if (courseids.length === 0) return result;
  const rows = await db
    .selectFrom('role_assignments as ra')
    .innerJoin('context as ctx', 'ctx.id', 'ra.contextid')
    .innerJoin('role as r', 'r.id', 'ra.roleid')
    .innerJoin('user as u', 'u.id', 'ra.userid')
    .select(['ctx.instanceid as courseid', 'u.id', 'u.firstname', 'u.lastname'])
    .where('ctx.contextlevel', '=', 50)
    .where('ctx.instanceid', 'in', courseids)
    .where('r.shortname', '=', 'editingteacher')
    .where('u.deleted', '=', 0)
    .execute();
  // Sorted here, not in SQL: an ORDER BY on the names lets SQLite walk the whole user-name index
  // (every user on the site) instead of starting from the few role assignments of these courses.
  rows.sort((a, b) => a.lastname.localeCompare(b.lastname) || a.firstname.localeCompare(b.firstname) || a.id - b.id);
  for (const row of rows) {
    const list = result.get(row.courseid) ?? [];
    if (!list.some((c) => c.id === row.id)) list.push({ id: row.id, fullname: `${row.firstname} ${row.lastname}`.trim() });
    result.set(row.courseid, list);
  }
  return result;
}

/** Names of the enabled enrolment methods of each course. */
export async function enrolmentMethods(db: Kysely<DB>, courseids: readonly number[]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (courseids.length === 0) return result;
  const rows = await db.selectFrom('enrol').select(['courseid', 'enrol']).where('courseid', 'in', courseids).where('status', '=', 0).orderBy('sortorder').execute();
  for (const row of rows) result.set(row.courseid, [...(result.get(row.courseid) ?? []), row.enrol]);
  return result;
}

/** Number of actively enrolled users per course, in one query. */
export async function enrolledUserCounts(db: Kysely<DB>, courseids: readonly number[]): Promise<Map<number, number>> {
  if (courseids.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_enrolments as ue')
    .innerJoin('enrol as e', 'e.id', 'ue.enrolid')
    .select(['e.courseid', (eb) => eb.fn.count<number>('ue.userid').distinct().as('n')])
    .where('e.courseid', 'in', courseids)
    .where('e.status', '=', 0)
    .where('ue.status', '=', 0)
    .groupBy('e.courseid')
    .execute();
  return new Map(rows.map((r) => [r.courseid, Number(r.n)]));
}

export interface SectionWithModules {
  id: number;
  section: number;
  name: string;
  summary: string;
  summaryformat: number;
  visible: number;
  /** groupmode as the module stores it (the course may force another), groupingid 0 = all groups. */
  modules: Array<{ id: number; instance: number; modname: string; visible: number; groupmode: number; groupingid: number; name: string; intro: string }>;
}

/**
 * A course's sections with their activities in display order. Instance names come from each activity
 * component, one query per module type present in the course.
 */
export async function courseSections(db: Kysely<DB>, courseid: number, components: readonly ComponentDefinition[]): Promise<SectionWithModules[]> {
  const sections = await db.selectFrom('course_sections').selectAll().where('course', '=', courseid).orderBy('section').execute();
  const cms = await db
    .selectFrom('course_modules as cm')
    .innerJoin('modules as m', 'm.id', 'cm.module')
    .select(['cm.id', 'cm.instance', 'cm.section', 'cm.visible', 'cm.groupmode', 'cm.groupingid', 'm.name as modname'])
    .where('cm.course', '=', courseid)
    .execute();
  const byType = new Map<string, number[]>();
  for (const cm of cms) byType.set(cm.modname, [...(byType.get(cm.modname) ?? []), cm.instance]);
  const names = new Map<string, Map<number, { name: string; intro: string }>>();
  for (const [modname, ids] of byType) {
    const activity = components.find((c) => c.activity?.modname === modname)?.activity;
    if (activity) names.set(modname, await activity.instances(db, ids));
  }
  const cmById = new Map(cms.map((cm) => [cm.id, cm]));
  return sections.map((s) => ({
    id: s.id,
    section: s.section,
    name: s.name,
    summary: s.summary,
    summaryformat: s.summaryformat,
    visible: s.visible,
    modules: s.sequence
      .split(',')
      .map((id) => cmById.get(Number(id)))
      .flatMap((cm) => {
        const info = cm ? names.get(cm.modname)?.get(cm.instance) : undefined;
        return cm && info ? [{ id: cm.id, instance: cm.instance, modname: cm.modname, visible: cm.visible, groupmode: cm.groupmode, groupingid: cm.groupingid, ...info }] : [];
      }),
  }));
}
