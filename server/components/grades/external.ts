import { sql } from 'kysely';
import { coreGradesGetScales, gradereportGraderGetCourseGrades, gradereportUserGetGradeItems } from '../../../api/grades';
import { AppError } from '../../platform/errors';
import { formatString, formatText } from '../../platform/sanitize';
import { defineMethod, type CallContext } from '../../ws/method';
import { requireCourseAccess } from '../course/access';
import { likePattern } from '../enrol/participants';
import { enrolledUserIds } from '../group/service';
import { gradedUsers, pictureUrl, requireUserRecord } from './access';
import { formatGrade, getScales, GRADE_TYPE_NONE, scaleItems, type Scale } from './service';

const getScalesMethod = defineMethod(coreGradesGetScales, async (ctx, { courseid }) => {
  await requireCourseAccess(ctx, courseid);
  const rows = await ctx.db
    .selectFrom('scale')
    .select(['id', 'courseid', 'name', 'scale'])
    .where('courseid', 'in', [0, courseid])
    .orderBy('courseid')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, courseid: r.courseid, name: formatString(r.name), items: scaleItems(r.scale).map(formatString) }));
});

/** The course's grade items that take grades, in course order; hidden activities only for those who may see all grades. */
async function courseGradeItems(ctx: CallContext, courseid: number, includehidden: boolean) {
  let query = ctx.db
    .selectFrom('grade_items as gi')
    .leftJoin('course_modules as cm', 'cm.id', 'gi.cmid')
    .leftJoin('course_sections as s', 's.id', 'cm.section')
    .select(['gi.id', 'gi.itemname', 'gi.itemtype', 'gi.itemmodule', 'gi.iteminstance', 'gi.cmid', 'gi.gradetype', 'gi.grademin', 'gi.grademax', 'gi.scaleid'])
    .where('gi.courseid', '=', courseid)
    .where('gi.gradetype', '!=', GRADE_TYPE_NONE)
    .where('cm.id', 'is not', null);
  if (!includehidden) query = query.where('cm.visible', '=', 1).where('s.visible', '=', 1);
  const items = await query.orderBy('gi.sortorder').orderBy('gi.id').execute();
  const scales = await getScales(ctx.db, items.flatMap((i) => (i.scaleid ? [i.scaleid] : [])));
  return items.map((i) => ({ ...i, grademin: Number(i.grademin), grademax: Number(i.grademax), scale: i.scaleid ? scales.get(i.scaleid) : undefined }));
}

function displayItem(item: { gradetype: number; grademax: number; scale?: Scale }) {
  return { gradetype: item.gradetype, grademax: item.grademax, ...(item.scale ? { scale: item.scale } : {}) };
}

const getUserGradeItems = defineMethod(gradereportUserGetGradeItems, async (ctx, args) => {
  const { course, context } = await requireCourseAccess(ctx, args.courseid);
  const self = ctx.user?.id ?? 0;
  const userid = args.userid === 0 ? self : args.userid;
  const viewall = await ctx.access.hasCapability('moodle/grade:viewall', context);
  if (userid === self) {
    if (!viewall) await ctx.access.requireCapability('moodle/grade:view', context);
  } else {
    await ctx.access.requireCapability('moodle/grade:viewall', context);
  }
  const user = await requireUserRecord(ctx.db, userid);
  if (userid !== self && !(await enrolledUserIds(ctx.db, course.id, [userid])).has(userid)) {
    throw new AppError('usernotenrolled', { component: 'core_grades', status: 404 });
  }
  const items = await courseGradeItems(ctx, course.id, viewall);
  const grades = items.length
    ? await ctx.db
        .selectFrom('grade_grades')
        .select(['itemid', 'finalgrade', 'feedback', 'feedbackformat', 'dategraded', 'datesubmitted'])
        .where('userid', '=', userid)
        .where('itemid', 'in', items.map((i) => i.id))
        .execute()
    : [];
  const byItem = new Map(grades.map((g) => [g.itemid, g]));
  return {
    usergrades: [
      {
        courseid: course.id,
        courseidnumber: course.idnumber,
        userid: user.id,
        userfullname: `${user.firstname} ${user.lastname}`.trim(),
        useridnumber: user.idnumber,
        gradeitems: items.map((item) => {
          const g = byItem.get(item.id);
          const raw = g?.finalgrade === null || g?.finalgrade === undefined ? null : Number(g.finalgrade);
          return {
            id: item.id,
            itemname: formatString(item.itemname),
            itemtype: item.itemtype,
            itemmodule: item.itemmodule,
            iteminstance: item.iteminstance,
            cmid: item.cmid,
            gradetype: item.gradetype,
            graderaw: raw,
            gradeformatted: formatGrade(raw, displayItem(item), ctx.lang),
            grademin: item.grademin,
            grademax: item.grademax,
            feedback: g?.feedback ? formatText(g.feedback, g.feedbackformat) : '',
            feedbackformat: 1,
            gradedategraded: g?.dategraded ?? null,
            gradedatesubmitted: g?.datesubmitted ?? null,
          };
        }),
      },
    ],
    warnings: [],
  };
});

const getCourseGrades = defineMethod(gradereportGraderGetCourseGrades, async (ctx, args) => {
  const { course, context } = await requireCourseAccess(ctx, args.courseid);
  await ctx.access.requireCapability('moodle/grade:viewall', context);
  const items = await courseGradeItems(ctx, course.id, true);
  let users = gradedUsers(ctx.db, course.id);
  for (const word of args.search.split(/\s+/).filter((w) => w !== '')) {
    const pattern = likePattern(word);
    users = users.where((eb) => eb.or([eb(eb.fn('lower', [sql.ref<string>('u.firstname')]), 'like', pattern), eb(eb.fn('lower', [sql.ref<string>('u.lastname')]), 'like', pattern)]));
  }
  const total = Number((await users.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const page = await users
    .select(['u.id', 'u.firstname', 'u.lastname', 'u.picture'])
    .orderBy('u.lastname')
    .orderBy('u.firstname')
    .orderBy('u.id')
    .limit(args.perpage)
    .offset(args.page * args.perpage)
    .execute();
  const grades =
    page.length && items.length
      ? await ctx.db
          .selectFrom('grade_grades')
          .select(['itemid', 'userid', 'finalgrade'])
          .where('itemid', 'in', items.map((i) => i.id))
          .where('userid', 'in', page.map((u) => u.id))
          .execute()
      : [];
  const byKey = new Map(grades.map((g) => [`${g.userid}:${g.itemid}`, g.finalgrade === null ? null : Number(g.finalgrade)]));
  const wwwroot = ctx.platform.config.wwwroot;
  return {
    items: items.map((i) => ({ id: i.id, itemname: formatString(i.itemname), itemmodule: i.itemmodule, cmid: i.cmid, gradetype: i.gradetype, grademax: i.grademax })),
    users: page.map((u) => ({
      id: u.id,
      fullname: `${u.firstname} ${u.lastname}`.trim(),
      profileimageurlsmall: pictureUrl(wwwroot, u),
      grades: items.map((item) => {
        const raw = byKey.get(`${u.id}:${item.id}`) ?? null;
        return { itemid: item.id, graderaw: raw, gradeformatted: formatGrade(raw, displayItem(item), ctx.lang) };
      }),
    })),
    total,
  };
});

export const gradesMethods = [getScalesMethod, getUserGradeItems, getCourseGrades];
