import { sql } from 'kysely';
import { coreRoleAssignRoles, coreRoleGetContextRoles, coreRoleListRoleUsers, coreRoleSearchAssignableUsers, coreRoleUnassignRoles } from '../../../api/role';
import { assignableRoles } from '../../platform/access/allow';
import { assignRole } from '../../platform/access/install';
import { CONTEXT_COURSE, CONTEXT_MODULE } from '../../platform/access/types';
import { invalidRecord } from '../../platform/errors';
import { formatString } from '../../platform/sanitize';
import { defineMethod, type CallContext } from '../../ws/method';
import { matchesSearch } from '../enrol/participants';
import { roleDisplayName } from '../enrol/roles';
import { identityColumns, identityValues, visibleIdentityFields } from '../user/identity';
import { contextSummary, findContext, holderCounts, logAssignment, requireAssignableRole, requireAssignContext, type ContextRefArgs } from './assign';

const getContextRoles = defineMethod(coreRoleGetContextRoles, async (ctx, { contextid }) => {
  const context = await findContext(ctx, { contextid });
  const courseid = await requireAssignContext(ctx, context);
  const roles = await assignableRoles(ctx.db, ctx.access, context);
  const counts = await holderCounts(ctx, context.id, roles.map((r) => r.id));
  return {
    context: await contextSummary(ctx, context, courseid),
    roles: roles.map((r) => ({ id: r.id, shortname: r.shortname, name: roleDisplayName(ctx.platform, r, ctx.lang), description: formatString(r.description), count: counts.get(r.id) ?? 0 })),
  };
});

const listRoleUsers = defineMethod(coreRoleListRoleUsers, async (ctx, { contextid, roleid, page, perpage }) => {
  const context = await findContext(ctx, { contextid });
  await requireAssignContext(ctx, context);
  await requireAssignableRole(ctx, context, roleid);
  const identity = await visibleIdentityFields(ctx.db, ctx.access, context);
  const holders = ctx.db
    .selectFrom('role_assignments as ra')
    .innerJoin('user as u', 'u.id', 'ra.userid')
    .where('ra.contextid', '=', context.id)
    .where('ra.roleid', '=', roleid)
    .where('u.deleted', '=', 0);
  const { total } = await holders.select(sql<number>`count(distinct u.id)`.as('total')).executeTakeFirstOrThrow();
  const rows = await holders
    .select(['u.id', 'u.firstname', 'u.lastname', ...identityColumns('u'), sql<number>`min(case when ra.component = '' then 1 else 0 end)`.as('manual')])
    .groupBy(['u.id', 'u.firstname', 'u.lastname', ...identityColumns('u')])
    .orderBy('u.lastname')
    .orderBy('u.firstname')
    .orderBy('u.id')
    .limit(perpage)
    .offset(page * perpage)
    .execute();
  return {
    total: Number(total),
    // Assignments a plugin made (an enrolment method) are removed by that plugin, not here.
    users: rows.map((r) => ({ id: r.id, fullname: formatString(`${r.firstname} ${r.lastname}`.trim()), ...identityValues(r, identity), removable: Number(r.manual) === 1 })),
  };
});

const searchUsers = defineMethod(coreRoleSearchAssignableUsers, async (ctx, { contextid, roleid, search, page, perpage }) => {
  const context = await findContext(ctx, { contextid });
  const courseid = await requireAssignContext(ctx, context);
  await requireAssignableRole(ctx, context, roleid);
  const identity = await visibleIdentityFields(ctx.db, ctx.access, context);
  let query = ctx.db
    .selectFrom('user as u')
    .select(['u.id', 'u.firstname', 'u.lastname', ...identityColumns('u')])
    .where('u.deleted', '=', 0)
    .where('u.username', '!=', 'guest')
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('role_assignments as ra').select('ra.id').whereRef('ra.userid', '=', 'u.id').where('ra.contextid', '=', context.id).where('ra.roleid', '=', roleid))),
    );
  // In a course or an activity only the course's enrolled users can be given a role, as in Moodle.
  if (context.contextlevel === CONTEXT_COURSE || context.contextlevel === CONTEXT_MODULE) {
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('user_enrolments as ue').innerJoin('enrol as e', 'e.id', 'ue.enrolid').select('ue.id').whereRef('ue.userid', '=', 'u.id').where('e.courseid', '=', courseid)),
    );
  }
  if (search.trim()) query = query.where((eb) => matchesSearch(eb, search.trim(), identity));
  const rows = await query
    .orderBy('u.lastname')
    .orderBy('u.firstname')
    .orderBy('u.id')
    .limit(perpage + 1)
    .offset(page * perpage)
    .execute();
  return {
    users: rows.slice(0, perpage).map((r) => ({ id: r.id, fullname: formatString(`${r.firstname} ${r.lastname}`.trim()), ...identityValues(r, identity) })),
    more: rows.length > perpage,
  };
});

type Assignment = ContextRefArgs & { roleid: number; userid: number };

async function checkAssignment(ctx: CallContext, a: Assignment) {
  const context = await findContext(ctx, a);
  const courseid = await requireAssignContext(ctx, context);
  await requireAssignableRole(ctx, context, a.roleid);
  const user = await ctx.db.selectFrom('user').select('id').where('id', '=', a.userid).where('deleted', '=', 0).executeTakeFirst();
  if (!user) throw invalidRecord('user', `user ${a.userid}`);
  return { context, courseid };
}

const assignRoles = defineMethod(coreRoleAssignRoles, async (ctx, { assignments }) => {
  for (const a of assignments) {
    const { context, courseid } = await checkAssignment(ctx, a);
    const existed = await ctx.db
      .selectFrom('role_assignments')
      .select('id')
      .where('roleid', '=', a.roleid)
      .where('userid', '=', a.userid)
      .where('contextid', '=', context.id)
      .where('component', '=', '')
      .executeTakeFirst();
    if (existed) continue;
    const id = await assignRole(ctx.db, a.roleid, a.userid, context.id, ctx.access.userid);
    await logAssignment(ctx, context, courseid, 'assigned', { roleid: a.roleid, userid: a.userid, id });
  }
  return null;
});

const unassignRoles = defineMethod(coreRoleUnassignRoles, async (ctx, { unassignments }) => {
  for (const a of unassignments) {
    const { context, courseid } = await checkAssignment(ctx, a);
    const removed = await ctx.db
      .deleteFrom('role_assignments')
      .where('roleid', '=', a.roleid)
      .where('userid', '=', a.userid)
      .where('contextid', '=', context.id)
      .where('component', '=', '')
      .returning('id')
      .execute();
    for (const row of removed) await logAssignment(ctx, context, courseid, 'unassigned', { roleid: a.roleid, userid: a.userid, id: row.id });
  }
  return null;
});

export const assignMethods = [getContextRoles, listRoleUsers, searchUsers, assignRoles, unassignRoles];
