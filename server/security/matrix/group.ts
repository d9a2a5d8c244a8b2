import { COURSE_EDITORS, COURSE_MEMBERS, SITE_MANAGERS, type MatrixFixture, type PermissionDeclarations } from './types';

interface Named {
  id: number;
}

/** A new group of MX101 (named uniquely), made by the admin; `members` are added to it. */
async function newGroup(fx: MatrixFixture, members: readonly number[] = []): Promise<number> {
  const [group] = await fx.admin<Named[]>('core_group_create_groups', { groups: [{ courseid: fx.courseid, name: `Matrix group ${fx.unique()}` }] });
  const groupid = group?.id ?? 0;
  if (members.length) await fx.admin('core_group_add_group_members', { members: members.map((userid) => ({ groupid, userid })) });
  return groupid;
}

/** A new grouping of MX101, holding `groups`. */
async function newGrouping(fx: MatrixFixture, groups: readonly number[] = []): Promise<number> {
  const [grouping] = await fx.admin<Named[]>('core_group_create_groupings', { groupings: [{ courseid: fx.courseid, name: `Matrix grouping ${fx.unique()}` }] });
  const groupingid = grouping?.id ?? 0;
  if (groups.length) await fx.admin('core_group_assign_grouping', { assignments: groups.map((groupid) => ({ groupingid, groupid })) });
  return groupingid;
}

/** The student's group in MX101 (with the student in it) and a group of another student's. */
function sharedGroups(fx: MatrixFixture): Promise<{ own: number; other: number }> {
  return fx.once('group:shared', async () => ({ own: await newGroup(fx, [fx.users.student]), other: await newGroup(fx, [await fx.newUser('student')]) }));
}

/** A grouping of MX101 holding the student's group. */
function sharedGrouping(fx: MatrixFixture): Promise<number> {
  return fx.once('group:grouping', async () => newGrouping(fx, [(await sharedGroups(fx)).own]));
}

/**
 * A second course of the category with one group, where none of the course roles is enrolled: copying
 * its groups into MX101 needs moodle/course:managegroups there too.
 */
function sourceCourse(fx: MatrixFixture): Promise<number> {
  return fx.once('group:source-course', async () => {
    const [course] = await fx.admin<Named[]>('core_course_create_courses', {
      courses: [{ fullname: 'Matrix groups source', shortname: `MXG${fx.unique()}`, categoryid: fx.categoryid }],
    });
    const courseid = course?.id ?? 0;
    await fx.admin('core_group_create_groups', { groups: [{ courseid, name: 'Copied team', idnumber: `MXCOPY${fx.unique()}` }] });
    return courseid;
  });
}

const ids = (data: unknown): number[] => (data as Named[]).map((g) => g.id);

export const groupDeclarations: PermissionDeclarations = {
  core_group_get_overview: {
    allowed: COURSE_EDITORS,
    args: (fx) => ({ courseid: fx.courseid }),
  },
  core_group_get_course_groups: {
    allowed: COURSE_MEMBERS,
    why: "Anyone who may enter MX101 may list its groups; without managegroups or accessallgroups only the groups they belong to. The guest, who may not enter MX101, is refused (Moodle's validate_context).",
    args: async (fx) => {
      await sharedGroups(fx);
      return { courseid: fx.courseid };
    },
    check: async (data, role, fx) => {
      const { own, other } = await sharedGroups(fx);
      const listed = ids(data);
      if (!listed.includes(own)) return "the student's group is not listed";
      if (role === 'student' && listed.includes(other)) return 'a student sees a group they are not in';
      if (role !== 'student' && !listed.includes(other)) return 'a group the caller may see (accessallgroups) is missing';
      return null;
    },
  },
  core_group_create_groups: {
    allowed: COURSE_EDITORS,
    args: (fx) => ({ groups: [{ courseid: fx.courseid, name: `Created group ${fx.unique()}` }] }),
  },
  core_group_update_groups: {
    allowed: COURSE_EDITORS,
    args: async (fx) => ({ groups: [{ id: await fx.once('group:update', () => newGroup(fx)), name: `Renamed group ${fx.unique()}` }] }),
  },
  core_group_delete_groups: {
    allowed: COURSE_EDITORS,
    args: async (fx) => ({ groupids: [await newGroup(fx, [fx.users.student])] }),
  },
  core_group_get_group_members: {
    allowed: COURSE_EDITORS,
    why: 'Member lists of groups are for those who manage them (moodle/course:managegroups), as in Moodle.',
    args: async (fx) => ({ groupids: [(await sharedGroups(fx)).own] }),
    check: (data, _role, fx) => ((data as Array<{ userids: number[] }>)[0]?.userids.includes(fx.users.student) ? null : 'the student is not listed as a member'),
  },
  core_group_add_group_members: {
    allowed: COURSE_EDITORS,
    args: async (fx) => ({ members: [{ groupid: await newGroup(fx), userid: fx.users.student }] }),
  },
  core_group_delete_group_members: {
    allowed: COURSE_EDITORS,
    args: async (fx) => ({ members: [{ groupid: await newGroup(fx, [fx.users.student]), userid: fx.users.student }] }),
  },
  core_group_list_members: {
    allowed: COURSE_EDITORS,
    why: 'The member picker of the groups page needs moodle/course:managegroups; viewuseridentity only widens what it shows.',
    args: async (fx) => ({ groupid: (await sharedGroups(fx)).own, search: '' }),
    check: (data, _role, fx) => {
      const answer = data as { members: Array<{ id: number }>; potential: Array<{ id: number }> };
      if (!answer.members.some((m) => m.id === fx.users.student)) return 'the student is not listed as a member';
      if (!answer.potential.some((m) => m.id === fx.users.teacher)) return 'the enrolled teacher is not offered as a potential member';
      return null;
    },
  },
  core_group_auto_create_groups: {
    allowed: COURSE_EDITORS,
    args: (fx) => ({ courseid: fx.courseid, namingscheme: `Auto ${fx.unique()} #`, groupby: 'groups', number: 1, roleid: fx.roleIds.student ?? 0 }),
  },
  core_group_copy_groups: {
    allowed: SITE_MANAGERS,
    why: "Copying needs moodle/course:managegroups in the source course too; the editing teacher of MX101 has no role in the source, so only the system manager and admin may copy.",
    args: async (fx) => ({ courseid: fx.courseid, fromcourseid: await sourceCourse(fx) }),
  },
  core_group_create_groupings: {
    allowed: COURSE_EDITORS,
    args: (fx) => ({ groupings: [{ courseid: fx.courseid, name: `Created grouping ${fx.unique()}` }] }),
  },
  core_group_update_groupings: {
    allowed: COURSE_EDITORS,
    args: async (fx) => ({ groupings: [{ id: await fx.once('group:update-grouping', () => newGrouping(fx)), name: `Renamed grouping ${fx.unique()}` }] }),
  },
  core_group_delete_groupings: {
    allowed: COURSE_EDITORS,
    args: async (fx) => ({ groupingids: [await newGrouping(fx)] }),
  },
  core_group_get_course_groupings: {
    allowed: COURSE_EDITORS,
    why: 'Groupings are listed to those who manage groups (moodle/course:managegroups), as in Moodle.',
    args: async (fx) => {
      await sharedGrouping(fx);
      return { courseid: fx.courseid };
    },
    check: async (data, _role, fx) => (ids(data).includes(await sharedGrouping(fx)) ? null : 'the grouping is not listed'),
  },
  core_group_get_groupings: {
    allowed: COURSE_EDITORS,
    why: 'Groupings are shown to those who manage groups (moodle/course:managegroups), as in Moodle.',
    args: async (fx) => ({ groupingids: [await sharedGrouping(fx)], returngroups: true }),
    check: async (data, _role, fx) => {
      const own = (await sharedGroups(fx)).own;
      const groups = (data as Array<{ groups?: Named[] }>)[0]?.groups ?? [];
      return groups.some((g) => g.id === own) ? null : "the grouping's group is not listed";
    },
  },
  core_group_assign_grouping: {
    allowed: COURSE_EDITORS,
    args: async (fx) => ({ assignments: [{ groupingid: await newGrouping(fx), groupid: (await sharedGroups(fx)).own }] }),
  },
  core_group_unassign_grouping: {
    allowed: COURSE_EDITORS,
    args: async (fx) => {
      const groupid = (await sharedGroups(fx)).own;
      return { unassignments: [{ groupingid: await newGrouping(fx, [groupid]), groupid }] };
    },
  },
};
