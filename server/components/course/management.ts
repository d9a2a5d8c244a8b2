import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { deleteContext, ensureCourseContext, getContext, moveContext } from '../../platform/access/contexts';
import { getRoleByShortname } from '../../platform/access/install';
import { CONTEXT_COURSE } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import { now } from '../../platform/platform';
import { getCourse, type CourseRow } from './access';
import { categoryContext, getCategory, recountCourses } from './categories';

/** Sections a new course gets after section 0 when the caller names no number. */
export const DEFAULT_NUMSECTIONS = 4;

export interface CourseFields {
  fullname?: string;
  shortname?: string;
  categoryid?: number;
  idnumber?: string;
  summary?: string;
  summaryformat?: number;
  format?: 'topics' | 'weeks';
  startdate?: number;
  enddate?: number;
  visible?: boolean;
  numsections?: number;
  groupmode?: number;
  groupmodeforce?: boolean;
  enablecompletion?: boolean;
}

/** Short names are unique; id numbers too when not empty; an end date comes after the start date. */
export async function validateCourse(db: Kysely<DB>, course: { shortname: string; idnumber: string; startdate: number; enddate: number }, exceptId = 0): Promise<void> {
  const shortname = await db.selectFrom('course').select('id').where('shortname', '=', course.shortname).where('id', '<>', exceptId).executeTakeFirst();
  if (shortname) throw new AppError('shortnametaken', { component: 'core_course', a: course.shortname });
  if (course.idnumber !== '') {
    const idnumber = await db.selectFrom('course').select('id').where('idnumber', '=', course.idnumber).where('id', '<>', exceptId).executeTakeFirst();
    if (idnumber) throw new AppError('courseidnumbertaken', { component: 'core_course', a: course.idnumber });
  }
  if (course.enddate !== 0 && course.enddate <= course.startdate) throw new AppError('enddatebeforestartdate', { component: 'core_course' });
}

async function nextCourseSortorder(db: Kysely<DB>, categoryid: number): Promise<number> {
  const row = await db.selectFrom('course').select((eb) => eb.fn.max('sortorder').as('top')).where('category', '=', categoryid).executeTakeFirst();
  return Number(row?.top ?? 0) + 1;
}

/** Adds the missing sections up to `numsections` and drops empty ones above it (sections with activities stay). */
async function setSectionCount(db: Kysely<DB>, courseid: number, numsections: number): Promise<void> {
  const existing = await db.selectFrom('course_sections').select(['section', 'sequence']).where('course', '=', courseid).execute();
  const have = new Set(existing.map((s) => s.section));
  const t = now();
  const missing = Array.from({ length: numsections + 1 }, (_, i) => i).filter((i) => !have.has(i));
  if (missing.length) await db.insertInto('course_sections').values(missing.map((section) => ({ course: courseid, section, timemodified: t }))).execute();
  await db.deleteFrom('course_sections').where('course', '=', courseid).where('section', '>', numsections).where('sequence', '=', '').execute();
}

/** A course with its context, sections 0..numsections and a manual enrolment instance. */
export async function createCourse(db: Kysely<DB>, input: CourseFields & { fullname: string; shortname: string; categoryid: number }): Promise<CourseRow> {
  await getCategory(db, input.categoryid);
  const t = now();
  const values = {
    category: input.categoryid,
    fullname: input.fullname,
    shortname: input.shortname,
    idnumber: input.idnumber ?? '',
    summary: input.summary ?? '',
    summaryformat: input.summaryformat ?? 1,
    format: input.format ?? 'topics',
    startdate: input.startdate ?? t,
    enddate: input.enddate ?? 0,
    visible: input.visible === false ? 0 : 1,
    groupmode: input.groupmode ?? 0,
    groupmodeforce: input.groupmodeforce ? 1 : 0,
    enablecompletion: input.enablecompletion === false ? 0 : 1,
  };
  await validateCourse(db, values);
  const { id } = await db
    .insertInto('course')
    .values({ ...values, sortorder: await nextCourseSortorder(db, input.categoryid), timecreated: t, timemodified: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ensureCourseContext(db, id, input.categoryid);
  await setSectionCount(db, id, input.numsections ?? DEFAULT_NUMSECTIONS);
  const student = await getRoleByShortname(db, 'student');
  await db.insertInto('enrol').values({ enrol: 'manual', courseid: id, roleid: student?.id ?? 0, timecreated: t, timemodified: t }).execute();
  await recountCourses(db, [input.categoryid]);
  return getCourse(db, id);
}

/** Applies the given fields; moving to another category moves the course's context too. */
export async function updateCourse(db: Kysely<DB>, course: CourseRow, input: CourseFields): Promise<void> {
  const merged = {
    fullname: input.fullname ?? course.fullname,
    shortname: input.shortname ?? course.shortname,
    idnumber: input.idnumber ?? course.idnumber,
    summary: input.summary ?? course.summary,
    summaryformat: input.summaryformat ?? course.summaryformat,
    format: input.format ?? course.format,
    startdate: input.startdate ?? course.startdate,
    enddate: input.enddate ?? course.enddate,
    visible: input.visible === undefined ? course.visible : input.visible ? 1 : 0,
    groupmode: input.groupmode ?? course.groupmode,
    groupmodeforce: input.groupmodeforce === undefined ? course.groupmodeforce : input.groupmodeforce ? 1 : 0,
    enablecompletion: input.enablecompletion === undefined ? course.enablecompletion : input.enablecompletion ? 1 : 0,
  };
  await validateCourse(db, merged, course.id);
  await db
    .updateTable('course')
    .set({ ...merged, timemodified: now() })
    .where('id', '=', course.id)
    .execute();
  if (input.categoryid !== undefined) await moveCourse(db, course, input.categoryid);
  if (input.numsections !== undefined) await setSectionCount(db, course.id, input.numsections);
}

/** Puts a course at the end of another category, moving its context (and its modules') along. */
export async function moveCourse(db: Kysely<DB>, course: CourseRow, categoryid: number): Promise<void> {
  if (categoryid === course.category) return;
  await getCategory(db, categoryid);
  await db
    .updateTable('course')
    .set({ category: categoryid, sortorder: await nextCourseSortorder(db, categoryid), timemodified: now() })
    .where('id', '=', course.id)
    .execute();
  const context = await getContext(db, CONTEXT_COURSE, course.id);
  if (context) await moveContext(db, context, await categoryContext(db, categoryid));
  await recountCourses(db, [course.category, categoryid]);
}

/** Removes a course and everything in it: sections, activities, enrolments, groups and contexts. */
export async function deleteCourse(db: Kysely<DB>, course: CourseRow): Promise<void> {
  const enrolids = db.selectFrom('enrol').select('id').where('courseid', '=', course.id);
  await db.deleteFrom('user_enrolments').where('enrolid', 'in', enrolids).execute();
  await db.deleteFrom('enrol').where('courseid', '=', course.id).execute();
  const groupids = db.selectFrom('groups').select('id').where('courseid', '=', course.id);
  await db.deleteFrom('groups_members').where('groupid', 'in', groupids).execute();
  await db.deleteFrom('groups').where('courseid', '=', course.id).execute();
  const groupingids = db.selectFrom('groupings').select('id').where('courseid', '=', course.id);
  await db.deleteFrom('groupings_groups').where('groupingid', 'in', groupingids).execute();
  await db.deleteFrom('groupings').where('courseid', '=', course.id).execute();
  await db.deleteFrom('course_modules').where('course', '=', course.id).execute();
  await db.deleteFrom('course_sections').where('course', '=', course.id).execute();
  const context = await getContext(db, CONTEXT_COURSE, course.id);
  if (context) await deleteContext(db, context);
  await db.deleteFrom('course').where('id', '=', course.id).execute();
  await recountCourses(db, [course.category]);
}

export interface CourseListQuery {
  categoryid: number;
  search: string;
  sort: 'fullname' | 'shortname' | 'idnumber' | 'timecreated';
  direction: 'asc' | 'desc';
  page: number;
  perpage: number;
}

/** One page of a category's courses (never the front page) and the total, in two queries. */
export async function listCoursesInCategory(db: Kysely<DB>, q: CourseListQuery) {
  let base = db.selectFrom('course as c').where('c.category', '=', q.categoryid).where('c.id', '<>', 1);
  const words = q.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  for (const word of words) {
    const pattern = `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    base = base.where((eb) =>
      eb.or((['c.fullname', 'c.shortname', 'c.idnumber'] as const).map((column) => eb(sql`lower(${sql.ref(column)})`, 'like', sql`${pattern} escape '\\'`))),
    );
  }
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const t = now();
  const courses = await base
    .select(['c.id', 'c.fullname', 'c.shortname', 'c.idnumber', 'c.visible', 'c.timecreated'])
    .select((eb) =>
      eb
        .selectFrom('user_enrolments as ue')
        .innerJoin('enrol as e', 'e.id', 'ue.enrolid')
        .select((s) => s.fn.count<number>('ue.userid').distinct().as('n'))
        .whereRef('e.courseid', '=', 'c.id')
        .where('e.status', '=', 0)
        .where('ue.status', '=', 0)
        .where('ue.timestart', '<=', t)
        .where((w) => w.or([w('ue.timeend', '=', 0), w('ue.timeend', '>', t)]))
        .as('enrolledusercount'),
    )
    .orderBy(`c.${q.sort}`, q.direction)
    .orderBy('c.id', q.direction)
    .limit(q.perpage)
    .offset(q.page * q.perpage)
    .execute();
  return {
    total: Number(count?.n ?? 0),
    courses: courses.map((c) => ({ ...c, enrolledusercount: Number(c.enrolledusercount ?? 0) })),
  };
}
