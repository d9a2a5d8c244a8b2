import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import {
  coreGroupAddGroupMembers,
  coreGroupAutoCreate,
  coreGroupCreateGroups,
  coreGroupDeleteGroupMembers,
  coreGroupDeleteGroups,
  coreGroupGetCourseGroups,
  coreGroupGetGroupMembers,
  coreGroupGetOverview,
  coreGroupListMembers,
  coreGroupUpdateGroups,
} from '../../../api/group';
import { AppError } from '../../platform/errors';
import { now } from '../../platform/platform';
import { formatString, formatText } from '../../platform/sanitize';
import { defineMethod, type CallContext } from '../../ws/method';
import { getCourse, requireCourseAccess } from '../course/access';
import { matchesSearch } from '../enrol/participants';
import { identityColumns, identityValues, visibleIdentityFields } from '../user/identity';
import { COMPONENT, logGroupEvent as event, MANAGE, requireManage, requireManageGroups } from './access';
import { createGrouping, putGroupsInGrouping, requireGroupingInCourse, requireUniqueGrouping } from './groupings';
import { activeEnrolmentUserIds, allocate, enrolledUserIds, schemeName, usersWithRole } from './service';

/** Refuses a name or id number another group of the course already has (case-insensitive names). */
async function requireUnique(ctx: CallContext, courseid: number, name: string, idnumber: string, exceptId = 0): Promise<void> {
  const sameName = await ctx.db
    .selectFrom('groups')
    .select('id')
    .where('courseid', '=', courseid)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  if (sameName) throw new AppError('groupnameexists', { component: COMPONENT, a: name });
  if (idnumber === '') return;
  const sameIdnumber = await ctx.db.selectFrom('groups').select('id').where('courseid', '=', courseid).where('idnumber', '=', idnumber).where('id', '<>', exceptId).executeTakeFirst();
  if (sameIdnumber) throw new AppError('groupidnumberexists', { component: COMPONENT, a: idnumber });
}

async function memberCounts(ctx: CallContext, groupids: readonly number[]): Promise<Map<number, number>> {
  if (groupids.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('groups_members')
    .select(['groupid', (eb) => eb.fn.countAll<number>().as('n')])
    .where('groupid', 'in', groupids)
    .groupBy('groupid')
    .execute();
  return new Map(rows.map((r) => [r.groupid, Number(r.n)]));
}

const getCourseGroups = defineMethod(coreGroupGetCourseGroups, async (ctx, { courseid }) => {
  // Only people who may enter the course see its groups (Moodle's validate_context), even their own.
  const { context } = await requireCourseAccess(ctx, courseid);
  let query = ctx.db.selectFrom('groups').selectAll().where('courseid', '=', courseid);
  const seeAll = (await ctx.access.hasCapability(MANAGE, context)) || (await ctx.access.hasCapability('moodle/site:accessallgroups', context));
  if (!seeAll) {
    // Others see only the groups they belong to.
    const self = ctx.user?.id ?? 0;
    query = query.where('id', 'in', (eb) => eb.selectFrom('groups_members').select('groupid').where('userid', '=', self));
  }
  const rows = await query.orderBy('name').orderBy('id').execute();
  const counts = await memberCounts(ctx, rows.map((r) => r.id));
  return rows.map((g) => ({
    id: g.id,
    courseid: g.courseid,
    name: formatString(g.name),
    description: formatText(g.description, g.descriptionformat),
    descriptionformat: 1,
    idnumber: g.idnumber,
    membercount: counts.get(g.id) ?? 0,
  }));
});

const createGroups = defineMethod(coreGroupCreateGroups, async (ctx, { groups }) => {
  const out = [];
  const t = now();
  for (const group of groups) {
    const context = await requireManage(ctx, group.courseid);
    await requireUnique(ctx, group.courseid, group.name, group.idnumber);
    const row = await ctx.db
      .insertInto('groups')
      .values({ courseid: group.courseid, name: group.name, description: group.description, descriptionformat: group.descriptionformat, idnumber: group.idnumber, timecreated: t, timemodified: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    await event(ctx, context, { eventname: '\\core\\event\\group_created', action: 'created', crud: 'c', objectid: row.id });
    out.push({ id: row.id, courseid: group.courseid, name: group.name, description: group.description, descriptionformat: group.descriptionformat, idnumber: group.idnumber });
  }
  return out;
});

const updateGroups = defineMethod(coreGroupUpdateGroups, async (ctx, { groups }) => {
  const { groups: rows, contexts } = await requireManageGroups(ctx, groups.map((g) => g.id));
  for (const change of groups) {
    const row = rows.get(change.id);
    if (!row) continue;
    const idnumber = change.idnumber ?? row.idnumber;
    await requireUnique(ctx, row.courseid, change.name, idnumber, row.id);
    await ctx.db
      .updateTable('groups')
      .set({ name: change.name, description: change.description ?? row.description, descriptionformat: change.descriptionformat ?? row.descriptionformat, idnumber, timemodified: now() })
      .where('id', '=', row.id)
      .execute();
    const context = contexts.get(row.courseid);
    if (context) await event(ctx, context, { eventname: '\\core\\event\\group_updated', action: 'updated', crud: 'u', objectid: row.id });
  }
  return null;
});

const deleteGroups = defineMethod(coreGroupDeleteGroups, async (ctx, { groupids }) => {
  const { groups, contexts } = await requireManageGroups(ctx, groupids);
  const ids = [...groups.keys()];
  await ctx.db.deleteFrom('groups_members').where('groupid', 'in', ids).execute();
  await ctx.db.deleteFrom('groupings_groups').where('groupid', 'in', ids).execute();
  await ctx.db.deleteFrom('groups').where('id', 'in', ids).execute();
  for (const group of groups.values()) {
    const context = contexts.get(group.courseid);
    if (context) await event(ctx, context, { eventname: '\\core\\event\\group_deleted', action: 'deleted', crud: 'd', objectid: group.id });
  }
  return null;
});

const getGroupMembers = defineMethod(coreGroupGetGroupMembers, async (ctx, { groupids }) => {
  const { groups } = await requireManageGroups(ctx, groupids);
  const rows = await ctx.db
    .selectFrom('groups_members as gm')
    .innerJoin('user as u', 'u.id', 'gm.userid')
    .select(['gm.groupid', 'gm.userid'])
    .where('gm.groupid', 'in', [...groups.keys()])
    .where(sql<number>`+u.deleted`, '=', 0)
    .orderBy('gm.userid')
    .execute();
  return [...groups.keys()].map((groupid) => ({ groupid, userids: rows.filter((r) => r.groupid === groupid).map((r) => r.userid) }));
});

const addGroupMembers = defineMethod(coreGroupAddGroupMembers, async (ctx, { members }) => {
  const { groups, contexts } = await requireManageGroups(ctx, members.map((m) => m.groupid));
  for (const [groupid, group] of groups) {
    const wanted = members.filter((m) => m.groupid === groupid).map((m) => m.userid);
    const enrolled = await enrolledUserIds(ctx.db, group.courseid, wanted);
    const stranger = wanted.find((u) => !enrolled.has(u));
    if (stranger !== undefined) throw new AppError('notenrolled', { component: COMPONENT, a: stranger });
    const existing = new Set(
      (await ctx.db.selectFrom('groups_members').select('userid').where('groupid', '=', groupid).where('userid', 'in', wanted).execute()).map((r) => r.userid),
    );
    const fresh = [...new Set(wanted)].filter((u) => !existing.has(u));
    if (fresh.length === 0) continue;
    const t = now();
    await ctx.db
      .insertInto('groups_members')
      .values(fresh.map((userid) => ({ groupid, userid, timeadded: t })))
      .execute();
    const context = contexts.get(group.courseid);
    if (context) {
      for (const userid of fresh) await event(ctx, context, { eventname: '\\core\\event\\group_member_added', action: 'added', crud: 'c', objectid: groupid, relateduserid: userid, target: 'group_member' });
    }
  }
  return null;
});

const deleteGroupMembers = defineMethod(coreGroupDeleteGroupMembers, async (ctx, { members }) => {
  const { groups, contexts } = await requireManageGroups(ctx, members.map((m) => m.groupid));
  for (const [groupid, group] of groups) {
    const leaving = members.filter((m) => m.groupid === groupid).map((m) => m.userid);
    await ctx.db.deleteFrom('groups_members').where('groupid', '=', groupid).where('userid', 'in', leaving).execute();
    const context = contexts.get(group.courseid);
    if (context) {
      for (const userid of leaving) await event(ctx, context, { eventname: '\\core\\event\\group_member_removed', action: 'removed', crud: 'd', objectid: groupid, relateduserid: userid, target: 'group_member' });
    }
  }
  return null;
});

const POTENTIAL_LIMIT = 100;

/**
 * A group's members and the enrolled users who could join it, each with the identity fields the
 * caller may see in the course (the one rule every user list follows), searched by those fields only.
 */
const listMembers = defineMethod(coreGroupListMembers, async (ctx, { groupid, search }) => {
  const { groups, contexts } = await requireManageGroups(ctx, [groupid]);
  const group = groups.get(groupid);
  const context = group && contexts.get(group.courseid);
  if (!group || !context) throw new AppError('invalidrecord', { a: 'groups', status: 404 });
  const identity = await visibleIdentityFields(ctx.db, ctx.access, context);
  const memberRows = await ctx.db
    .selectFrom('groups_members as gm')
    .innerJoin('user as u', 'u.id', 'gm.userid')
    .select(['u.id', 'u.firstname', 'u.lastname', 'u.picture', ...identityColumns('u')])
    .where('gm.groupid', '=', groupid)
    .where(sql<number>`+u.deleted`, '=', 0)
    .orderBy('u.lastname')
    .orderBy('u.firstname')
    .orderBy('u.id')
    .execute();
  // Enrolled users not yet in the group; read from the course's enrolments, not from every user.
  let potentialQuery = ctx.db
    .selectFrom('user as u')
    .where(sql<number>`+u.deleted`, '=', 0)
    .where('u.id', 'in', activeEnrolmentUserIds(ctx.db, group.courseid))
    .where('u.id', 'not in', (eb) => eb.selectFrom('groups_members').select('userid').where('groupid', '=', groupid));
  if (search.trim() !== '') potentialQuery = potentialQuery.where((eb) => matchesSearch(eb, search, identity));
  const [potential, counted] = await Promise.all([
    potentialQuery
      .select(['u.id', 'u.firstname', 'u.lastname', 'u.picture', ...identityColumns('u')])
      .orderBy('u.lastname')
      .orderBy('u.firstname')
      .orderBy('u.id')
      .limit(POTENTIAL_LIMIT)
      .execute(),
    potentialQuery.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const person = (u: (typeof memberRows)[number]) => ({ id: u.id, fullname: formatString(`${u.firstname} ${u.lastname}`.trim()), picture: u.picture, ...identityValues(u, identity) });
  return { members: memberRows.map(person), potential: potential.map(person), potentialtotal: Number(counted.n), identityfields: identity };
});

const autoCreate = defineMethod(coreGroupAutoCreate, async (ctx, args) => {
  const context = await requireManage(ctx, args.courseid);
  const enrolled = [...(await enrolledUserIds(ctx.db, args.courseid))];
  const withRole = await usersWithRole(ctx.db, args.courseid, args.roleid, enrolled);
  const people = enrolled.length
    ? await ctx.db
        .selectFrom('user')
        .select(['id', 'firstname', 'lastname'])
        .where('id', 'in', enrolled.filter((id) => withRole.has(id)).concat([0]))
        .orderBy(args.allocation === 'firstname' ? 'firstname' : 'lastname')
        .orderBy(args.allocation === 'firstname' ? 'lastname' : 'firstname')
        .orderBy('id')
        .execute()
    : [];
  if (people.length === 0) throw new AppError('nothingtocreate', { component: COMPONENT });
  if (args.allocation === 'random') {
    for (let i = people.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [people[i], people[j]] = [people[j] as (typeof people)[number], people[i] as (typeof people)[number]];
    }
  }
  const plan = allocate(people, args.groupby, args.number).map((members, i) => ({ name: schemeName(args.namingscheme, i), members }));
  // The grouping is checked before the preview too, so a clash shows before anything is created.
  if (args.groupingid && args.groupingname) throw new AppError('invalidparameter', { debuginfo: 'give either groupingid or groupingname, not both' });
  if (args.groupingid) await requireGroupingInCourse(ctx.db, args.groupingid, args.courseid);
  if (args.groupingname) await requireUniqueGrouping(ctx.db, args.courseid, args.groupingname, '');
  if (args.preview) return plan.map((g) => ({ id: 0, name: g.name, members: g.members.map((m) => ({ id: m.id, fullname: `${m.firstname} ${m.lastname}`.trim() })) }));
  const out = [];
  const t = now();
  for (const planned of plan) {
    await requireUnique(ctx, args.courseid, planned.name, '');
    const row = await ctx.db
      .insertInto('groups')
      .values({ courseid: args.courseid, name: planned.name, description: '', descriptionformat: 1, idnumber: '', timecreated: t, timemodified: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (planned.members.length) {
      await ctx.db
        .insertInto('groups_members')
        .values(planned.members.map((m) => ({ groupid: row.id, userid: m.id, timeadded: t })))
        .execute();
    }
    await event(ctx, context, { eventname: '\\core\\event\\group_created', action: 'created', crud: 'c', objectid: row.id });
    out.push({ id: row.id, name: planned.name, members: planned.members.map((m) => ({ id: m.id, fullname: `${m.firstname} ${m.lastname}`.trim() })) });
  }
  const groupingid = args.groupingname
    ? await createGrouping(ctx, context, { courseid: args.courseid, name: args.groupingname, description: '', descriptionformat: 1, idnumber: '' })
    : args.groupingid;
  if (groupingid) await putGroupsInGrouping(ctx, context, groupingid, out.map((g) => g.id));
  return out;
});

const getOverview = defineMethod(coreGroupGetOverview, async (ctx, { courseid }) => {
  await requireManage(ctx, courseid);
  const course = await getCourse(ctx.db, courseid);
  const student = await ctx.db.selectFrom('role').select('id').where('shortname', '=', 'student').executeTakeFirst();
  return { course: { id: course.id, fullname: formatString(course.fullname), shortname: formatString(course.shortname) }, studentroleid: student?.id ?? 0 };
});

export const groupMethods = [getOverview, getCourseGroups, createGroups, updateGroups, deleteGroups, getGroupMembers, addGroupMembers, deleteGroupMembers, listMembers, autoCreate];
