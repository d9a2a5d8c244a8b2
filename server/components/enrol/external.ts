import { sql, type RawBuilder } from 'kysely';
import {
  coreEnrolEditUserEnrolment,
  coreEnrolListParticipants,
  coreEnrolSearchUsers,
  enrolManualEnrolUsers,
  enrolManualUnenrolUsers,
} from '../../../api/enrol';
import type { Context } from '../../platform/access/types';
import { AppError, invalidParameter, invalidRecord, noPermissions } from '../../platform/errors';
import { eventActor } from '../../platform/events';
import { now } from '../../platform/platform';
import { formatString } from '../../platform/sanitize';
import { sendNotification } from '../message/send';
import { identityColumns, identityRefs, identityValues, visibleIdentityFields } from '../user/identity';
import { defineMethod, type CallContext } from '../../ws/method';
import { effectiveGroupMode, visibleGroupIds } from '../group/service';
import { courseContext, getCourse, requireCourseAccess, type CourseRow } from '../course/access';
import { enrolmentsOfUsers, groupsOfUsers, likePattern, participantPage, rolesOfUsers } from './participants';
import { assignableRoles, COMPONENT, roleDisplayName } from './roles';
import { enrolUser, ensureInstance, findInstance, requireUser, unenrolUser } from './service';
import { selfEnrolMethods } from './self';

/** The course and its context, for methods whose capability check is the access rule. */
async function courseAndContext(ctx: CallContext, courseid: number) {
  const course = await getCourse(ctx.db, courseid);
  return { course, context: await courseContext(ctx.db, courseid) };
}

/**
 * The groups whose members the caller may see on the course's participants page (undefined: everyone),
 * by the group rules every course and activity list follows.
 */
async function participantGroups(ctx: CallContext, course: CourseRow, context: Context): Promise<number[] | undefined> {
  const canAccessAllGroups = await ctx.access.hasCapability('moodle/site:accessallgroups', context);
  return visibleGroupIds(ctx.db, course.id, ctx.access.userid, effectiveGroupMode(course), canAccessAllGroups);
}

const listParticipants = defineMethod(coreEnrolListParticipants, async (ctx, args) => {
  const { course, context } = await requireCourseAccess(ctx, args.courseid);
  await ctx.access.requireCapability('moodle/course:viewparticipants', context);
  const identity = await visibleIdentityFields(ctx.db, ctx.access, context);
  const direction = args.direction.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const visibleGroups = await participantGroups(ctx, course, context);
  if (visibleGroups && args.groupid > 0 && !visibleGroups.includes(args.groupid)) throw noPermissions('moodle/site:accessallgroups');
  const { total, rows } = await participantPage(ctx.db, { ...args, direction, identity, visibleGroups }, context);
  const ids = rows.map((r) => r.id);
  const [roles, groups, enrolments] = await Promise.all([rolesOfUsers(ctx.db, context.id, ids), groupsOfUsers(ctx.db, course.id, ids), enrolmentsOfUsers(ctx.db, course.id, ids)]);
  const name = (role: { id: number; shortname: string; name: string }) => ({ id: role.id, shortname: role.shortname, name: roleDisplayName(ctx.platform, role, ctx.lang) });
  const assignable = await assignableRoles(ctx, context);
  const can = (capability: string) => ctx.access.hasCapability(capability, context);
  return {
    total,
    participants: rows.map((r) => ({
      id: r.id,
      fullname: r.fullname,
      picture: r.picture,
      ...r.identity,
      roles: (roles.get(r.id) ?? []).map(name),
      groups: groups.get(r.id) ?? [],
      lastaccess: r.lastaccess,
      enrolments: enrolments.get(r.id) ?? [],
    })),
    identityfields: identity,
    roles: assignable.map(name),
    permissions: {
      canenrol: await can('enrol/manual:enrol'),
      canunenrol: await can('enrol/manual:unenrol'),
      canmanageenrolments: (await can('moodle/course:enrolreview')) && (await can('enrol/manual:manage')),
      canassignroles: assignable.length > 0,
      canconfigenrol: await can('moodle/course:enrolconfig'),
    },
    course: { id: course.id, fullname: formatString(course.fullname), contextid: context.id },
  };
});

const searchUsers = defineMethod(coreEnrolSearchUsers, async (ctx, args) => {
  const { course, context } = await courseAndContext(ctx, args.courseid);
  await ctx.access.requireCapability('moodle/course:enrolreview', context);
  const identity = await visibleIdentityFields(ctx.db, ctx.access, context);
  const pattern = likePattern(args.search.trim(), args.searchanywhere);
  const rows = await ctx.db
    .selectFrom('user as u')
    .select(['u.id', 'u.firstname', 'u.lastname', ...identityColumns('u')])
    .where('u.deleted', '=', 0)
    .where('u.username', '!=', 'guest')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('user_enrolments as ue').innerJoin('enrol as e', 'e.id', 'ue.enrolid').select('ue.id').whereRef('ue.userid', '=', 'u.id').where('e.courseid', '=', course.id),
        ),
      ),
    )
    .where((eb) => {
      const like = (column: RawBuilder<string>) => eb(eb.fn('lower', [column]), 'like', pattern);
      const full = eb(sql<string>`lower(u.firstname || ' ' || u.lastname)`, 'like', pattern);
      return eb.or([like(sql.ref('u.firstname')), like(sql.ref('u.lastname')), full, ...identityRefs(identity, 'u').map(like)]);
    })
    .orderBy('u.lastname')
    .orderBy('u.firstname')
    .orderBy('u.id')
    .limit(args.perpage)
    .offset(args.page * args.perpage)
    .execute();
  return rows.map((r) => ({ id: r.id, fullname: formatString(`${r.firstname} ${r.lastname}`.trim()), ...identityValues(r, identity) }));
});

/** The role must be one the caller may assign in the context. */
async function requireAssignable(ctx: CallContext, roleid: number, context: Context): Promise<boolean> {
  const role = await ctx.db.selectFrom('role').select('id').where('id', '=', roleid).executeTakeFirst();
  if (!role) throw invalidRecord('role', `role ${roleid}`);
  return (await assignableRoles(ctx, context)).some((r) => r.id === roleid);
}

const manualEnrolUsers = defineMethod(enrolManualEnrolUsers, async (ctx, { enrolments }) => {
  for (const e of enrolments) {
    const { course, context } = await courseAndContext(ctx, e.courseid);
    await ctx.access.requireCapability('enrol/manual:enrol', context);
    if (!(await requireAssignable(ctx, e.roleid, context))) {
      throw new AppError('wsusercannotassign', { component: COMPONENT, a: { roleid: e.roleid, userid: e.userid, courseid: e.courseid }, status: 403 });
    }
    await requireUser(ctx.db, e.userid);
    const timestart = e.timestart ?? 0;
    const timeend = e.timeend ?? 0;
    if (timeend > 0 && timeend <= timestart) throw invalidParameter('timeend must be after timestart');
    const instance = await ensureInstance(ctx.db, course.id, 'manual');
    if (instance.status !== 0) throw new AppError('wsnoinstance', { component: COMPONENT, a: course.id });
    await enrolUser(ctx.db, eventActor(ctx), instance, context, e.userid, { roleid: e.roleid, timestart, timeend, status: e.suspend ? 1 : 0 });
    if (!e.suspend && e.userid !== ctx.access.userid) {
      const courseName = formatString(course.fullname);
      const url = `/course/view.php?id=${course.id}`;
      await sendNotification(ctx.platform, ctx.db, {
        useridto: e.userid,
        useridfrom: ctx.access.userid,
        component: 'core_enrol',
        eventtype: 'enrolled',
        subject: ctx.platform.strings.get('enrolledsubject', 'core_message', courseName),
        fullmessage: ctx.platform.strings.get('enrolledbody', 'core_message', { course: courseName, url: `${ctx.platform.config.wwwroot}${url}` }),
        contexturl: url,
        contexturlname: courseName,
      });
    }
  }
  return null;
});

const manualUnenrolUsers = defineMethod(enrolManualUnenrolUsers, async (ctx, { enrolments }) => {
  for (const e of enrolments) {
    const { course, context } = await courseAndContext(ctx, e.courseid);
    await ctx.access.requireCapability('enrol/manual:unenrol', context);
    await requireUser(ctx.db, e.userid);
    if (e.roleid !== undefined) {
      const role = await ctx.db.selectFrom('role').select('id').where('id', '=', e.roleid).executeTakeFirst();
      if (!role) throw invalidRecord('role', `role ${e.roleid}`);
    }
    const instance = await findInstance(ctx.db, course.id, 'manual');
    if (!instance) throw new AppError('wsnoinstance', { component: COMPONENT, a: course.id });
    await unenrolUser(ctx.db, eventActor(ctx), instance, context, e.userid);
  }
  return null;
});

const editUserEnrolment = defineMethod(coreEnrolEditUserEnrolment, async (ctx, args) => {
  const { course, context } = await courseAndContext(ctx, args.courseid);
  await ctx.access.requireCapability('moodle/course:enrolreview', context);
  const ue = await ctx.db
    .selectFrom('user_enrolments as ue')
    .innerJoin('enrol as e', 'e.id', 'ue.enrolid')
    .select(['ue.id', 'e.enrol'])
    .where('ue.id', '=', args.ueid)
    .where('e.courseid', '=', course.id)
    .executeTakeFirst();
  if (!ue) throw invalidRecord('user_enrolments', `user enrolment ${args.ueid} in course ${course.id}`);
  await ctx.access.requireCapability(`enrol/${ue.enrol}:manage`, context);
  if (args.timeend > 0 && args.timeend <= args.timestart) throw new AppError('enroltimeendinvalid', { component: COMPONENT });
  await ctx.db
    .updateTable('user_enrolments')
    .set({ status: args.status, timestart: args.timestart, timeend: args.timeend, modifierid: ctx.access.userid, timemodified: now() })
    .where('id', '=', ue.id)
    .execute();
  return { result: true };
});

export const enrolMethods = [
  listParticipants,
  searchUsers,
  manualEnrolUsers,
  manualUnenrolUsers,
  editUserEnrolment,
  ...selfEnrolMethods,
];
