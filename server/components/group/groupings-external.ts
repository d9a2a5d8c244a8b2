import {
  coreGroupAssignGrouping,
  coreGroupCreateGroupings,
  coreGroupDeleteGroupings,
  coreGroupGetCourseGroupings,
  coreGroupGetGroupings,
  coreGroupUnassignGrouping,
  coreGroupUpdateGroupings,
} from '../../../api/grouping';
import { AppError } from '../../platform/errors';
import { now } from '../../platform/platform';
import { formatString, formatText } from '../../platform/sanitize';
import { defineMethod, type CallContext } from '../../ws/method';
import { COMPONENT, logGroupEvent, requireManage, requireManageRows } from './access';
import { createGrouping, deleteGroupingRows, putGroupsInGrouping, requireUniqueGrouping } from './groupings';

interface Described {
  id: number;
  courseid: number;
  name: string;
  description: string;
  descriptionformat: number;
  idnumber: string;
}

/** A grouping or group as the methods answer it: names and descriptions cleaned for output. */
function present(row: Described) {
  return {
    id: row.id,
    courseid: row.courseid,
    name: formatString(row.name),
    description: formatText(row.description, row.descriptionformat),
    descriptionformat: 1,
    idnumber: row.idnumber,
  };
}

const getCourseGroupings = defineMethod(coreGroupGetCourseGroupings, async (ctx, { courseid }) => {
  await requireManage(ctx, courseid);
  const rows = await ctx.db.selectFrom('groupings').selectAll().where('courseid', '=', courseid).orderBy('name').orderBy('id').execute();
  return rows.map(present);
});

const getGroupings = defineMethod(coreGroupGetGroupings, async (ctx, { groupingids, returngroups }) => {
  const { rows } = await requireManageRows(ctx, 'groupings', groupingids);
  const groupings = [...rows.values()].sort((a, b) => a.id - b.id);
  if (!returngroups) return groupings.map(present);
  const members = await ctx.db
    .selectFrom('groupings_groups as gg')
    .innerJoin('groups as g', 'g.id', 'gg.groupid')
    .select(['gg.groupingid', 'g.id', 'g.courseid', 'g.name', 'g.description', 'g.descriptionformat', 'g.idnumber'])
    .where('gg.groupingid', 'in', groupings.map((g) => g.id))
    .orderBy('g.name')
    .orderBy('g.id')
    .execute();
  return groupings.map((grouping) => ({
    ...present(grouping),
    groups: members.filter((m) => m.groupingid === grouping.id).map((g) => ({ ...present(g), enrolmentkey: '' })),
  }));
});

const createGroupings = defineMethod(coreGroupCreateGroupings, async (ctx, { groupings }) => {
  const out = [];
  for (const grouping of groupings) {
    const context = await requireManage(ctx, grouping.courseid);
    const id = await createGrouping(ctx, context, grouping);
    out.push({ id, ...grouping });
  }
  return out;
});

const updateGroupings = defineMethod(coreGroupUpdateGroupings, async (ctx, { groupings }) => {
  const { rows, contexts } = await requireManageRows(ctx, 'groupings', groupings.map((g) => g.id));
  for (const change of groupings) {
    const row = rows.get(change.id);
    const context = row && contexts.get(row.courseid);
    if (!row || !context) continue;
    const idnumber = change.idnumber ?? row.idnumber;
    await requireUniqueGrouping(ctx.db, row.courseid, change.name, idnumber, row.id);
    await ctx.db
      .updateTable('groupings')
      .set({ name: change.name, description: change.description ?? row.description, descriptionformat: change.descriptionformat ?? row.descriptionformat, idnumber, timemodified: now() })
      .where('id', '=', row.id)
      .execute();
    await logGroupEvent(ctx, context, { eventname: '\\core\\event\\grouping_updated', action: 'updated', crud: 'u', objectid: row.id, objecttable: 'groupings', target: 'grouping' });
  }
  return null;
});

const deleteGroupings = defineMethod(coreGroupDeleteGroupings, async (ctx, { groupingids }) => {
  const { rows, contexts } = await requireManageRows(ctx, 'groupings', groupingids);
  await deleteGroupingRows(ctx.db, [...rows.keys()]);
  for (const grouping of rows.values()) {
    const context = contexts.get(grouping.courseid);
    if (context) await logGroupEvent(ctx, context, { eventname: '\\core\\event\\grouping_deleted', action: 'deleted', crud: 'd', objectid: grouping.id, objecttable: 'groupings', target: 'grouping' });
  }
  return null;
});

/**
 * The groupings and groups of (grouping, group) pairs, once the caller may manage their courses and
 * every pair lies within one course.
 */
async function requirePairs(ctx: CallContext, pairs: ReadonlyArray<{ groupingid: number; groupid: number }>) {
  const groupings = await requireManageRows(ctx, 'groupings', pairs.map((p) => p.groupingid));
  const groups = await requireManageRows(ctx, 'groups', pairs.map((p) => p.groupid));
  for (const pair of pairs) {
    const grouping = groupings.rows.get(pair.groupingid);
    const group = groups.rows.get(pair.groupid);
    if (grouping && group && grouping.courseid !== group.courseid) {
      throw new AppError('groupnotingroupingcourse', { component: COMPONENT, a: { group: group.name, grouping: grouping.name } });
    }
  }
  return { groupings: groupings.rows, contexts: groupings.contexts };
}

const assignGrouping = defineMethod(coreGroupAssignGrouping, async (ctx, { assignments }) => {
  const { groupings, contexts } = await requirePairs(ctx, assignments);
  for (const grouping of groupings.values()) {
    const context = contexts.get(grouping.courseid);
    const groupids = assignments.filter((a) => a.groupingid === grouping.id).map((a) => a.groupid);
    if (context) await putGroupsInGrouping(ctx, context, grouping.id, groupids);
  }
  return null;
});

const unassignGrouping = defineMethod(coreGroupUnassignGrouping, async (ctx, { unassignments }) => {
  const { groupings, contexts } = await requirePairs(ctx, unassignments);
  for (const grouping of groupings.values()) {
    const context = contexts.get(grouping.courseid);
    const groupids = unassignments.filter((a) => a.groupingid === grouping.id).map((a) => a.groupid);
    const linked = await ctx.db.selectFrom('groupings_groups').select('groupid').where('groupingid', '=', grouping.id).where('groupid', 'in', groupids).execute();
    if (linked.length === 0 || !context) continue;
    await ctx.db
      .deleteFrom('groupings_groups')
      .where('groupingid', '=', grouping.id)
      .where('groupid', 'in', linked.map((p) => p.groupid))
      .execute();
    for (const { groupid } of linked) {
      await logGroupEvent(ctx, context, {
        eventname: '\\core\\event\\grouping_group_unassigned',
        action: 'unassigned',
        crud: 'd',
        objectid: grouping.id,
        objecttable: 'groupings',
        target: 'grouping_group',
        other: { groupid },
      });
    }
  }
  return null;
});

export const groupingMethods = [createGroupings, updateGroupings, deleteGroupings, getCourseGroupings, getGroupings, assignGrouping, unassignGrouping];
