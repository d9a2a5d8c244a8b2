import { timingSafeEqual } from 'node:crypto';
import { coreEnrolGetCourseEnrolmentMethods, enrolSelfEnrolUser, enrolSelfGetInstanceInfo, enrolSelfGetSettings, enrolSelfUpdateSettings } from '../../../api/enrol';
import { getRoleByShortname } from '../../platform/access/install';
import { getConfig } from '../../platform/config-store';
import { AppError, invalidParameter, invalidRecord } from '../../platform/errors';
import { eventActor } from '../../platform/events';
import { now } from '../../platform/platform';
import { formatString } from '../../platform/sanitize';
import { defineMethod, type CallContext } from '../../ws/method';
import { courseContext, getCourse, type CourseRow } from '../course/access';
import { COMPONENT } from './roles';
import { enrolUser, ensureInstance, findInstance, type EnrolInstance } from './service';

/** Moodle's rule for enrolment pages: the course exists and is visible to this user. */
export async function requireVisibleCourse(ctx: CallContext, courseid: number): Promise<CourseRow> {
  const course = await getCourse(ctx.db, courseid);
  if (!course.visible && !(await ctx.access.hasCapability('moodle/course:viewhiddencourses', await courseContext(ctx.db, courseid)))) {
    throw new AppError('coursehidden', { component: 'core_course', status: 403 });
  }
  return course;
}

function instanceInfo(ctx: CallContext, instance: EnrolInstance) {
  const name = instance.name.trim() !== '' ? formatString(instance.name) : ctx.platform.strings.get(`pluginname_${instance.enrol}`, COMPONENT, undefined, ctx.lang);
  return {
    id: instance.id,
    courseid: instance.courseid,
    type: instance.enrol,
    name,
    status: instance.status,
    ...(instance.enrol === 'self' && instance.password !== '' ? { enrolpassword: ctx.platform.strings.get('passwordrequired', COMPONENT, undefined, ctx.lang) } : {}),
  };
}

/** Open for self enrolment now: enabled and within its enrolment window. */
function isOpen(instance: EnrolInstance): boolean {
  const t = now();
  return instance.status === 0 && (instance.enrolstartdate === 0 || instance.enrolstartdate <= t) && (instance.enrolenddate === 0 || instance.enrolenddate > t);
}

function sameKey(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

const getInstanceInfo = defineMethod(enrolSelfGetInstanceInfo, async (ctx, { instanceid }) => {
  const instance = await ctx.db.selectFrom('enrol').selectAll().where('id', '=', instanceid).where('enrol', '=', 'self').executeTakeFirst();
  if (!instance) throw invalidRecord('enrol', `self enrolment instance ${instanceid}`);
  await requireVisibleCourse(ctx, instance.courseid);
  return instanceInfo(ctx, instance);
});

const getCourseEnrolmentMethods = defineMethod(coreEnrolGetCourseEnrolmentMethods, async (ctx, { courseid }) => {
  await requireVisibleCourse(ctx, courseid);
  const instances = await ctx.db.selectFrom('enrol').selectAll().where('courseid', '=', courseid).where('status', '=', 0).orderBy('sortorder').orderBy('id').execute();
  return instances.map((i) => instanceInfo(ctx, i));
});

const selfEnrol = defineMethod(enrolSelfEnrolUser, async (ctx, { courseid, password, instanceid }) => {
  const course = await requireVisibleCourse(ctx, courseid);
  const userid = ctx.access.userid;
  // The guest account is shared by every visitor: it may look at courses but never enrol (Moodle's can_self_enrol).
  if (userid === Number((await getConfig(ctx.db, 'siteguest')) ?? 0)) throw new AppError('noguestaccess', { component: COMPONENT, status: 403 });
  let query = ctx.db.selectFrom('enrol').selectAll().where('courseid', '=', course.id).where('enrol', '=', 'self');
  if (instanceid > 0) query = query.where('id', '=', instanceid);
  const instance = await query.orderBy('id').executeTakeFirst();
  if (!instance || !isOpen(instance)) throw new AppError('canntenrol', { component: COMPONENT });
  const already = await ctx.db.selectFrom('user_enrolments').select('id').where('enrolid', '=', instance.id).where('userid', '=', userid).executeTakeFirst();
  if (already) throw new AppError('canntenrol', { component: COMPONENT, debuginfo: 'already enrolled' });
  if (instance.password !== '' && !sameKey(password, instance.password)) throw new AppError('passwordinvalid', { component: COMPONENT });
  const roleid = instance.roleid || ((await getRoleByShortname(ctx.db, 'student'))?.id ?? 0);
  await enrolUser(ctx.db, eventActor(ctx), instance, await courseContext(ctx.db, course.id), userid, { roleid, timestart: now(), timeend: 0, status: 0 });
  return { status: true, warnings: [] };
});

const getSettings = defineMethod(enrolSelfGetSettings, async (ctx, { courseid }) => {
  const course = await getCourse(ctx.db, courseid);
  await ctx.access.requireCapability('moodle/course:enrolconfig', await courseContext(ctx.db, course.id));
  const instance = await findInstance(ctx.db, course.id, 'self');
  if (!instance) return { enabled: false, password: '', roleid: (await getRoleByShortname(ctx.db, 'student'))?.id ?? 0, enrolstartdate: 0, enrolenddate: 0 };
  return { enabled: instance.status === 0, password: instance.password, roleid: instance.roleid, enrolstartdate: instance.enrolstartdate, enrolenddate: instance.enrolenddate };
});

const updateSettings = defineMethod(enrolSelfUpdateSettings, async (ctx, args) => {
  const course = await getCourse(ctx.db, args.courseid);
  await ctx.access.requireCapability('moodle/course:enrolconfig', await courseContext(ctx.db, course.id));
  if (args.enrolenddate > 0 && args.enrolenddate <= args.enrolstartdate) throw invalidParameter('enrolenddate must be after enrolstartdate');
  const instance = await ensureInstance(ctx.db, course.id, 'self');
  await ctx.db
    .updateTable('enrol')
    .set({ status: args.enabled ? 0 : 1, password: args.password, enrolstartdate: args.enrolstartdate, enrolenddate: args.enrolenddate, timemodified: now() })
    .where('id', '=', instance.id)
    .execute();
  return { instanceid: instance.id };
});

export const selfEnrolMethods = [getInstanceInfo, getCourseEnrolmentMethods, selfEnrol, getSettings, updateSettings];
