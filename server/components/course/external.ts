import type { z } from 'zod';
import {
  coreCourseGetContents,
  coreCourseGetCourses,
  coreCourseGetCoursesByField,
  coreCourseSearchCourses,
  coreEnrolGetUsersCourses,
  type courseSchema,
  type searchCourseSchema,
} from '../../../api/course';
import { getContext, getSystemContext } from '../../platform/access/contexts';
import { CONTEXT_USER, type Context } from '../../platform/access/types';
import { AppError } from '../../platform/errors';
import { formatString, formatText } from '../../platform/sanitize';
import { recordCourseAccess } from '../enrol/service';
import { effectiveGroupMode } from '../group/service';
import { defineMethod, type CallContext } from '../../ws/method';
import { courseContexts, enrolledCourseIds, hiddenModulesSeen, requireCourseAccess, SITEID, type CourseRow } from './access';
import {
  categoryNames,
  courseContacts,
  courseRowsWithModule,
  courseRowsWithTag,
  courseSections,
  enrolledUserCounts,
  enrolmentMethods,
  searchCourseRows,
  type SearchCourseRow,
} from './service';

type CourseOut = z.input<typeof courseSchema>;
type SearchCourseOut = z.input<typeof searchCourseSchema>;

function basicFields(course: CourseRow) {
  return {
    id: course.id,
    shortname: formatString(course.shortname),
    categoryid: course.category,
    fullname: formatString(course.fullname),
    displayname: formatString(course.fullname),
    summary: formatText(course.summary, course.summaryformat),
    summaryformat: 1,
    format: course.format,
    startdate: course.startdate,
    enddate: course.enddate,
  };
}

function editorFields(course: CourseRow, numsections: number) {
  return {
    categorysortorder: course.sortorder,
    idnumber: course.idnumber,
    showgrades: course.showgrades,
    newsitems: course.newsitems,
    numsections,
    maxbytes: course.maxbytes,
    showreports: course.showreports,
    visible: course.visible,
    hiddensections: course.hiddensections,
    groupmode: course.groupmode,
    groupmodeforce: course.groupmodeforce,
    defaultgroupingid: course.defaultgroupingid,
    timecreated: course.timecreated,
    timemodified: course.timemodified,
    enablecompletion: course.enablecompletion,
    completionnotify: course.completionnotify,
    lang: course.lang,
    forcetheme: course.theme,
    courseformatoptions: [
      { name: 'numsections', value: String(numsections) },
      { name: 'hiddensections', value: String(course.hiddensections) },
    ],
  };
}

async function sectionCounts(ctx: CallContext, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('course_sections')
    .select(['course', (eb) => eb.fn.countAll<number>().as('n')])
    .where('course', 'in', ids)
    .where('section', '>', 0)
    .groupBy('course')
    .execute();
  return new Map(rows.map((r) => [r.course, Number(r.n)]));
}

const getCourses = defineMethod(coreCourseGetCourses, async (ctx, { options }) => {
  let query = ctx.db.selectFrom('course').selectAll().orderBy('id');
  if (options.ids) query = query.where('id', 'in', options.ids.length ? options.ids : [0]);
  const courses = await query.execute();
  if (options.ids && options.ids.length === 0) return [];
  const counts = await sectionCounts(ctx, courses.map((c) => c.id));
  const out: CourseOut[] = [];
  for (const course of courses) {
    let context: Context;
    try {
      context = (await requireCourseAccess(ctx, course.id)).context;
    } catch (error) {
      const message = error instanceof AppError ? ctx.platform.strings.errorMessage(error.errorcode, error.component, error.a, ctx.lang) : '';
      throw new AppError('errorcoursecontextnotvalid', { a: { message, courseid: course.id } });
    }
    if (course.id !== SITEID) await ctx.access.requireCapability('moodle/course:view', context);
    const canUpdate = await ctx.access.hasCapability('moodle/course:update', context);
    if (!course.visible && !canUpdate && !(await ctx.access.hasCapability('moodle/course:viewhiddencourses', context))) continue;
    out.push({ ...basicFields(course), ...(canUpdate ? editorFields(course, counts.get(course.id) ?? 0) : {}) });
  }
  return out;
});

/** Rows for core_course_get_courses_by_field; a malformed value matches nothing. */
async function coursesByField(ctx: CallContext, field: string, value: string): Promise<CourseRow[]> {
  let query = ctx.db.selectFrom('course').selectAll().orderBy('sortorder').orderBy('id');
  const ids = (text: string) => text.split(',').map((v) => Number(v.trim())).filter((n) => Number.isInteger(n) && n > 0);
  switch (field) {
    case 'id':
    case 'category': {
      const n = ids(value);
      if (n.length !== 1) throw new AppError('invalidparameter', { debuginfo: `${field} must be one id` });
      query = query.where(field === 'id' ? 'id' : 'category', '=', n[0] ?? 0);
      break;
    }
    case 'ids': {
      const n = ids(value);
      if (n.length === 0) return [];
      query = query.where('id', 'in', n.slice(0, 1000));
      break;
    }
    case 'shortname':
    case 'idnumber':
      query = query.where(field, '=', value);
      break;
    default:
      break;
  }
  return query.execute();
}

const getCoursesByField = defineMethod(coreCourseGetCoursesByField, async (ctx, { field, value }) => {
  const rows = await coursesByField(ctx, field, value);
  const counts = await sectionCounts(ctx, rows.map((c) => c.id));
  const categories = await categoryNames(ctx.db, [...new Set(rows.map((c) => c.category))]);
  const contexts = await courseContexts(ctx.db, rows.map((c) => c.id));
  const courses = [];
  for (const course of rows) {
    const context = contexts.get(course.id);
    if (!context) continue;
    const canUpdate = await ctx.access.hasCapability('moodle/course:update', context);
    if (!course.visible && !canUpdate && !(await ctx.access.hasCapability('moodle/course:viewhiddencourses', context))) continue;
    courses.push({
      ...basicFields(course),
      categoryname: categories.get(course.category) ?? '',
      ...(canUpdate ? editorFields(course, counts.get(course.id) ?? 0) : {}),
    });
  }
  return { courses, warnings: [] };
});

const searchCourses = defineMethod(coreCourseSearchCourses, async (ctx, args) => {
  const system = await getSystemContext(ctx.db);
  let rows: SearchCourseRow[];
  switch (args.criterianame) {
    case 'search':
      rows = await searchCourseRows(ctx.db, args.criteriavalue);
      break;
    case 'modulelist':
      await ctx.access.requireCapability('moodle/site:config', system);
      rows = await courseRowsWithModule(ctx.db, args.criteriavalue.replace(/[^a-z0-9_]/g, ''));
      break;
    case 'blocklist':
      await ctx.access.requireCapability('moodle/site:config', system);
      // Tessera keeps no per-course block instances, so no course matches a block name.
      rows = [];
      break;
    case 'tagid': {
      const tagid = Number(args.criteriavalue);
      rows = Number.isInteger(tagid) && tagid > 0 ? await courseRowsWithTag(ctx.db, tagid) : [];
      break;
    }
  }
  const visible: Array<{ course: SearchCourseRow; context: Context }> = [];
  const contexts = await courseContexts(ctx.db, rows.map((c) => c.id));
  for (const course of rows) {
    const context = contexts.get(course.id);
    if (!context) continue;
    if (!course.visible && !(await ctx.access.hasCapability('moodle/course:viewhiddencourses', context))) continue;
    let hasAll = true;
    for (const capability of args.requiredcapabilities) {
      if (!(await ctx.access.hasCapability(capability, context))) {
        hasAll = false;
        break;
      }
    }
    if (hasAll) visible.push({ course, context });
  }
  let total = visible.length;
  const page = args.perpage > 0 ? visible.slice(args.page * args.perpage, (args.page + 1) * args.perpage) : visible;
  let shown = page;
  if (args.limittoenrolled) {
    const enrolled = await enrolledCourseIds(ctx.db, ctx.user?.id ?? 0, page.map((p) => p.course.id));
    shown = page.filter((p) => enrolled.has(p.course.id));
    total -= page.length - shown.length;
  }
  const ids = shown.map((p) => p.course.id);
  const [categories, contacts, methods] = await Promise.all([
    categoryNames(ctx.db, [...new Set(shown.map((p) => p.course.category))]),
    courseContacts(ctx.db, ids),
    enrolmentMethods(ctx.db, ids),
  ]);
  const courses: SearchCourseOut[] = shown.map(({ course }) => ({
    id: course.id,
    fullname: formatString(course.fullname),
    displayname: formatString(course.fullname),
    shortname: formatString(course.shortname),
    categoryid: course.category,
    categoryname: categories.get(course.category) ?? '',
    summary: formatText(course.summary, course.summaryformat),
    summaryformat: 1,
    overviewfiles: [],
    contacts: contacts.get(course.id) ?? [],
    enrollmentmethods: methods.get(course.id) ?? [],
  }));
  return { total, courses, warnings: [] };
});

const getUsersCourses = defineMethod(coreEnrolGetUsersCourses, async (ctx, { userid, returnusercount }) => {
  const self = ctx.user?.id === userid;
  if (!self) {
    const userContext = await getContext(ctx.db, CONTEXT_USER, userid);
    if (!userContext) throw new AppError('invalidrecord', { a: 'user', status: 404 });
  }
  const enrolled = await enrolledCourseIds(ctx.db, userid);
  if (enrolled.size === 0) return [];
  const courses = await ctx.db.selectFrom('course').selectAll().where('id', 'in', [...enrolled]).orderBy('sortorder').orderBy('id').execute();
  const allowed: CourseRow[] = [];
  const contexts = await courseContexts(ctx.db, courses.map((c) => c.id));
  for (const course of courses) {
    const context = contexts.get(course.id);
    if (!context) continue;
    if (!course.visible && !(await ctx.access.hasCapability('moodle/course:viewhiddencourses', context))) continue;
    if (!self && !(await ctx.access.hasCapability('moodle/course:viewparticipants', context))) continue;
    allowed.push(course);
  }
  const counts = returnusercount ? await enrolledUserCounts(ctx.db, allowed.map((c) => c.id)) : new Map<number, number>();
  return allowed.map((course) => ({
    id: course.id,
    shortname: formatString(course.shortname),
    fullname: formatString(course.fullname),
    displayname: formatString(course.fullname),
    enrolledusercount: counts.get(course.id) ?? 0,
    idnumber: course.idnumber,
    visible: course.visible,
    summary: formatText(course.summary, course.summaryformat),
    summaryformat: 1,
    format: course.format,
    category: course.category,
    startdate: course.startdate,
    enddate: course.enddate,
  }));
});

const getContents = defineMethod(coreCourseGetContents, async (ctx, { courseid }) => {
  const { course, context } = await requireCourseAccess(ctx, courseid);
  // Opening the course page counts as the user's last access to the course (the participants list shows it).
  if (ctx.user) await recordCourseAccess(ctx.db, ctx.user.id, courseid);
  const seeHiddenSections = await ctx.access.hasCapability('moodle/course:viewhiddensections', context);
  const sections = await courseSections(ctx.db, courseid, ctx.platform.components);
  const seenHidden = await hiddenModulesSeen(ctx, sections.flatMap((s) => s.modules.filter((m) => !m.visible).map((m) => m.id)));
  const wwwroot = ctx.platform.config.wwwroot;
  return sections
    .filter((s) => s.visible || seeHiddenSections)
    .map((s) => ({
      id: s.id,
      name: formatString(s.name) || ctx.platform.strings.get(s.section === 0 ? 'general' : 'topic', 'moodle', s.section, ctx.lang),
      section: s.section,
      visible: s.visible,
      summary: formatText(s.summary, s.summaryformat),
      summaryformat: 1,
      uservisible: true,
      modules: s.modules
        .filter((m) => m.visible || seenHidden.has(m.id))
        .map((m) => ({
          id: m.id,
          name: formatString(m.name),
          instance: m.instance,
          modname: m.modname,
          modplural: ctx.platform.strings.get('modulenameplural', `mod_${m.modname}`, undefined, ctx.lang),
          url: `${wwwroot}/mod/${m.modname}/view.php?id=${m.id}`,
          visible: m.visible,
          uservisible: true,
          description: formatText(m.intro, 1),
          groupmode: effectiveGroupMode(course, m),
          groupingid: m.groupingid,
        })),
    }));
});

export const courseMethods = [getCourses, getCoursesByField, searchCourses, getUsersCourses, getContents];
