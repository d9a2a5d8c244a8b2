import {
  coreCompetencyListGradableUsersInCourse,
  reportCompetencyDataForBreakdown,
  reportCompetencyDataForReport,
  toolLpDataForCourseCompetenciesPage,
} from '../../../api/coursecompetency';
import { CAP_COMPETENCY_MANAGE } from '../../../api/competency';
import {
  CAP_COMPETENCY_GRADE,
  CAP_COURSECOMPETENCY_CONFIGURE,
  CAP_UC_VIEW,
  COURSE_OUTCOME_COMPLETE,
  COURSE_OUTCOME_EVIDENCE,
  COURSE_OUTCOME_NONE,
  COURSE_OUTCOME_RECOMMEND,
} from '../../../api/competencyshapes';
import { noPermissions } from '../../platform/errors';
import { now } from '../../platform/platform';
import { defineMethod, type CallContext } from '../../ws/method';
import { COMPONENT, plainName } from './access';
import { courseCompetencyRows, courseSettings, exportCourseCompetency } from './course-export';
import { courseActivities, gradableUsers, requireGradable, requireUserInCourseRead, viewableCourse, type CourseAccess } from './coursecomps';
import { courseSummary } from './courses';
import { linkedCompetencies } from './linked';
import { requireUser, userSummaries, userSummary } from './people';
import type { UserCompetencyCourseRow } from './plan-tables';
import { exportUserCompetencyCourse } from './rating-export';
import { userRights } from './rights';
import { gradeName } from './scales';

const OUTCOME_STRINGS: Array<[number, string]> = [
  [COURSE_OUTCOME_NONE, 'coursecompetencyoutcome_none'],
  [COURSE_OUTCOME_EVIDENCE, 'coursecompetencyoutcome_evidence'],
  [COURSE_OUTCOME_RECOMMEND, 'coursecompetencyoutcome_recommend'],
  [COURSE_OUTCOME_COMPLETE, 'coursecompetencyoutcome_complete'],
];

/** Course ratings of one learner, made for every competency of the course that has none yet. */
async function ensureCourseRatings(ctx: CallContext, courseid: number, userid: number, competencyids: readonly number[]): Promise<Map<number, UserCompetencyCourseRow>> {
  if (competencyids.length === 0) return new Map();
  const read = async () =>
    new Map(
      (await ctx.db.selectFrom('competency_usercompcourse').selectAll().where('courseid', '=', courseid).where('userid', '=', userid).where('competencyid', 'in', competencyids).execute()).map((r) => [r.competencyid, r]),
    );
  const existing = await read();
  const missing = competencyids.filter((id) => !existing.has(id));
  if (missing.length === 0) return existing;
  const t = now();
  await ctx.db
    .insertInto('competency_usercompcourse')
    .values(missing.map((competencyid) => ({ userid, courseid, competencyid, grade: null, proficiency: null, timecreated: t, timemodified: t, usermodified: ctx.user?.id ?? 0 })))
    .execute();
  return read();
}

async function isGradable(ctx: CallContext, course: CourseAccess, userid: number): Promise<boolean> {
  return Boolean(await (await gradableUsers(ctx, course)).select('u.id').where('u.id', '=', userid).executeTakeFirst());
}

const courseCompetenciesPage = defineMethod(toolLpDataForCourseCompetenciesPage, async (ctx, { courseid, moduleid }) => {
  const course = await viewableCourse(ctx, courseid);
  let rows = await courseCompetencyRows(ctx, courseid);
  const moduleLinks = await ctx.db
    .selectFrom('competency_modulecomp as mc')
    .innerJoin('course_modules as cm', 'cm.id', 'mc.cmid')
    .select(['mc.cmid', 'mc.competencyid', 'mc.ruleoutcome'])
    .where('cm.course', '=', courseid)
    .orderBy('mc.sortorder')
    .execute();
  if (moduleid > 0) {
    const inModule = new Set(moduleLinks.filter((l) => l.cmid === moduleid).map((l) => l.competencyid));
    rows = rows.filter((r) => inModule.has(r.competency.id));
  }
  const { list, scales } = await linkedCompetencies(
    ctx,
    rows.map((r) => r.competency),
  );
  const activities = await courseActivities(ctx, courseid);
  const activityById = new Map(activities.map((a) => [a.id, a]));
  const me = ctx.access.userid;
  const gradable = me > 0 && (await isGradable(ctx, course, me));
  const ratings = gradable
    ? await ensureCourseRatings(
        ctx,
        courseid,
        me,
        rows.map((r) => r.competency.id),
      )
    : new Map<number, UserCompetencyCourseRow>();
  const proficient = [...ratings.values()].filter((r) => r.proficiency === 1).length;
  const s = (id: string) => ctx.platform.strings.get(id, COMPONENT, undefined, ctx.lang);
  return {
    courseid,
    course: courseSummary(ctx, course.course),
    pagecontextid: course.context.id,
    gradableuserid: gradable ? me : 0,
    canmanagecompetencyframeworks: await ctx.access.hasCapability(CAP_COMPETENCY_MANAGE, course.context),
    canmanagecoursecompetencies: course.canmanage,
    canconfigurecoursecompetencies: await ctx.access.hasCapability(CAP_COURSECOMPETENCY_CONFIGURE, course.context),
    cangradecompetencies: await ctx.access.hasCapability(CAP_COMPETENCY_GRADE, course.context),
    settings: await courseSettings(ctx, courseid),
    statistics: {
      competencycount: rows.length,
      proficientcompetencycount: proficient,
      proficientcompetencypercentage: rows.length ? Math.round((proficient / rows.length) * 100) : 0,
      canbegradedincourse: gradable,
      canmanagecoursecompetencies: course.canmanage,
    },
    competencies: rows.flatMap(({ link, competency }, i) => {
      const rating = ratings.get(competency.id);
      const linked = list[i];
      if (!linked) return [];
      return {
        ...linked,
        coursecompetency: exportCourseCompetency(link),
        coursemodules: moduleLinks
          .filter((m) => m.competencyid === competency.id)
          .flatMap((m) => {
            const activity = activityById.get(m.cmid);
            return activity ? [{ ...activity, ruleoutcome: m.ruleoutcome }] : [];
          }),
        ...(rating ? { usercompetencycourse: exportUserCompetencyCourse(ctx, rating, scales.get(competency.id)) } : {}),
        ruleoutcomeoptions: OUTCOME_STRINGS.map(([value, id]) => ({ value, text: s(id), selected: value === link.ruleoutcome })),
      };
    }),
    activities: activities.map(({ id, name, modname }) => ({ id, name, modname })),
    manageurl: `${ctx.platform.config.wwwroot}/admin/tool/lp/competencyframeworks.php?pagecontextid=1`,
    pluginbaseurl: `${ctx.platform.config.wwwroot}/admin/tool/lp`,
  };
});

/** Whether the caller may see every learner's competencies in the course (else only their own). */
async function seesEveryone(ctx: CallContext, course: CourseAccess): Promise<boolean> {
  return ctx.access.hasCapability(CAP_UC_VIEW, course.context);
}

const gradableUsersMethod = defineMethod(coreCompetencyListGradableUsersInCourse, async (ctx, { courseid }) => {
  const course = await viewableCourse(ctx, courseid);
  let query = (await gradableUsers(ctx, course)).select('u.id').orderBy('u.lastname').orderBy('u.firstname').orderBy('u.id');
  if (!(await seesEveryone(ctx, course))) query = query.where('u.id', '=', ctx.access.userid);
  const ids = (await query.execute()).map((r) => r.id);
  const summaries = await userSummaries(ctx, ids, course.context);
  return ids.flatMap((id) => summaries.get(id) ?? []);
});

const report = defineMethod(reportCompetencyDataForReport, async (ctx, { courseid, userid }) => {
  const course = await viewableCourse(ctx, courseid);
  await requireUser(ctx, userid);
  const rights = await userRights(ctx, userid);
  await requireUserInCourseRead(ctx, course, rights);
  await requireGradable(ctx, course, userid);
  const rows = await courseCompetencyRows(ctx, courseid);
  const { list, scales } = await linkedCompetencies(
    ctx,
    rows.map((r) => r.competency),
  );
  const ratings = await ensureCourseRatings(
    ctx,
    courseid,
    userid,
    rows.map((r) => r.competency.id),
  );
  const settings = await courseSettings(ctx, courseid);
  const cangrade = (await ctx.access.hasCapability(CAP_COMPETENCY_GRADE, course.context)) || (await ctx.access.hasCapability(CAP_COMPETENCY_GRADE, rights.context));
  return {
    courseid,
    user: await userSummary(ctx, userid, course.context),
    course: courseSummary(ctx, course.course),
    usercompetencies: list.flatMap((linked) => {
      const rating = ratings.get(linked.competency.id);
      return rating ? [{ usercompetencycourse: exportUserCompetencyCourse(ctx, rating, scales.get(linked.competency.id)), competency: linked }] : [];
    }),
    pushratingstouserplans: settings.pushratingstouserplans,
    cangrade,
  };
});

const breakdown = defineMethod(reportCompetencyDataForBreakdown, async (ctx, { courseid, page, perpage }) => {
  const course = await viewableCourse(ctx, courseid);
  if (!(await seesEveryone(ctx, course))) throw noPermissions(CAP_UC_VIEW);
  const rows = await courseCompetencyRows(ctx, courseid);
  const scales = (await linkedCompetencies(
    ctx,
    rows.map((r) => r.competency),
  )).scales;
  const base = await gradableUsers(ctx, course);
  const total = await ctx.db
    .selectFrom(base.select('u.id').as('g'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const ids = (await base.select('u.id').orderBy('u.lastname').orderBy('u.firstname').orderBy('u.id').limit(perpage).offset(page * perpage).execute()).map((r) => r.id);
  const summaries = await userSummaries(ctx, ids, course.context);
  const ratings = ids.length
    ? await ctx.db.selectFrom('competency_usercompcourse').select(['userid', 'competencyid', 'grade', 'proficiency']).where('courseid', '=', courseid).where('userid', 'in', ids).execute()
    : [];
  const byKey = new Map(ratings.map((r) => [`${r.userid}:${r.competencyid}`, r]));
  return {
    competencies: rows.map((r) => ({ id: r.competency.id, shortname: plainName(r.competency.shortname), idnumber: plainName(r.competency.idnumber) })),
    users: ids.flatMap((id) => {
      const user = summaries.get(id);
      if (!user) return [];
      const cells = rows.map((r) => {
        const rating = byKey.get(`${id}:${r.competency.id}`);
        const grade = rating?.grade ?? null;
        return { competencyid: r.competency.id, grade, gradename: gradeName(scales.get(r.competency.id), grade), proficiency: rating?.proficiency == null ? null : rating.proficiency === 1 };
      });
      return [{ user, ratings: cells, proficientcount: cells.filter((c) => c.proficiency === true).length }];
    }),
    total: Number(total.n),
  };
});

export const coursePageMethods = [courseCompetenciesPage, gradableUsersMethod, report, breakdown];
