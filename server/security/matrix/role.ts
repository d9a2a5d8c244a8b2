import { COURSE_EDITORS, COURSE_MEMBERS, COURSE_STAFF, SITE_MANAGERS, type MatrixFixture, type PermissionDeclarations } from './types';

type UserList = Array<{ id: number }>;

/** A custom role of its own for one call, so that changing or deleting it leaves the fixture's roles alone. */
async function freshRole(fx: MatrixFixture, archetype: '' | 'student' = ''): Promise<number> {
  const n = fx.unique();
  const { id } = await fx.admin<{ id: number }>('core_role_create_role', {
    shortname: `matrixrole${n}`,
    name: `Matrix role ${n}`,
    archetype,
    contextlevels: [50],
    // A permission the archetype does not give, so that a reset has something to undo.
    permissions: [{ capability: 'moodle/course:viewhiddencourses', permission: 1 }],
  });
  return id;
}

/** Two users named "Rolecheck": one enrolled in MX101 as a student, one with no role or enrolment anywhere. */
function rolecheckUsers(fx: MatrixFixture): Promise<{ insider: number; outsider: number }> {
  return fx.once('role:rolecheck', async () => {
    const insider = await fx.site.createUser('rolecheckinsider', { firstname: 'Rolecheck', lastname: 'Insider' });
    await fx.site.enrol(insider, fx.courseid, 'student');
    const outsider = await fx.site.createUser('rolecheckoutsider', { firstname: 'Rolecheck', lastname: 'Outsider' });
    return { insider, outsider };
  });
}

/** A user holding the non-editing teacher role in MX101 by a manual assignment, for one unassign call. */
async function assignedTeacher(fx: MatrixFixture): Promise<number> {
  const userid = await fx.newUser();
  await fx.admin('core_role_assign_roles', { assignments: [{ roleid: fx.roleIds.teacher, userid, contextid: fx.courseContextId }] });
  return userid;
}

function ids(data: unknown): number[] {
  return (data as UserList).map((u) => u.id);
}

/** Which of the roles an answer lists by id, as short names. */
function shortnames(fx: MatrixFixture, roleids: readonly number[]): string[] {
  const byId = new Map(Object.entries(fx.roleIds).map(([shortname, id]) => [id, shortname]));
  return roleids.map((id) => byId.get(id) ?? String(id));
}

export const roleDeclarations: PermissionDeclarations = {
  // Role definitions and the allow matrices: moodle/role:manage at the system context.
  core_role_list_roles: {
    allowed: SITE_MANAGERS,
    args: () => ({}),
  },
  core_role_get_role_definition: {
    allowed: SITE_MANAGERS,
    args: (fx) => ({ roleid: fx.roleIds.manager }),
    check: (data, role) => {
      const { cangrant } = data as { cangrant: 'all' | string[] };
      if (role === 'admin') return cangrant === 'all' ? null : 'an admin may grant every capability';
      if (cangrant === 'all') return 'a manager who is not an admin was offered every capability to grant';
      return cangrant.includes('moodle/site:config') ? 'a manager was offered moodle/site:config, which they lack, to grant' : null;
    },
  },
  core_role_create_role: {
    allowed: SITE_MANAGERS,
    why: 'moodle/role:manage; the new role allows moodle/role:review, which a manager holds (nobody may allow a capability they lack).',
    args: (fx) => {
      const n = fx.unique();
      return { shortname: `matrixnew${n}`, name: `Matrix new ${n}`, archetype: '', contextlevels: [50], permissions: [{ capability: 'moodle/role:review', permission: 1 }] };
    },
  },
  core_role_update_role: {
    allowed: SITE_MANAGERS,
    args: async (fx) => {
      const roleid = await freshRole(fx);
      const n = fx.unique();
      return { roleid, shortname: `matrixchanged${n}`, name: `Matrix changed ${n}`, archetype: '', contextlevels: [50, 70], permissions: [{ capability: 'moodle/course:viewhiddencourses', permission: 0 }] };
    },
  },
  core_role_reset_role: {
    allowed: SITE_MANAGERS,
    why: "A fresh student-archetype role with an extra permission goes back to the student defaults; moodle/role:manage.",
    args: async (fx) => ({ roleid: await freshRole(fx, 'student') }),
  },
  core_role_delete_role: {
    allowed: SITE_MANAGERS,
    args: async (fx) => ({ roleid: await freshRole(fx) }),
  },
  core_role_move_role: {
    allowed: SITE_MANAGERS,
    why: 'A fresh role (last in the order) moves up past another custom role; moodle/role:manage.',
    args: async (fx) => {
      await freshRole(fx);
      return { roleid: await freshRole(fx), direction: 'up' };
    },
  },
  core_role_get_allow_matrix: {
    allowed: SITE_MANAGERS,
    args: () => ({ mode: 'override' }),
  },
  core_role_set_allow_matrix: {
    allowed: SITE_MANAGERS,
    why: 'The whole matrix is replaced by the current one plus a fresh custom role that may assign students; moodle/role:manage.',
    args: async (fx) => {
      const current = await fx.site.platform.db.selectFrom('role_allow_assign').select(['roleid', 'allowassign as targetid']).execute();
      return { mode: 'assign', allowed: [...current, { roleid: await freshRole(fx), targetid: fx.roleIds.student }] };
    },
  },

  // Role assignment in MX101: moodle/role:assign there, and only the roles the allow-assign matrix gives.
  core_role_get_context_roles: {
    allowed: COURSE_EDITORS,
    why: 'moodle/role:assign in MX101: editing teachers (course role), managers (system role) and admins.',
    args: (fx) => ({ contextid: fx.courseContextId }),
    check: (data, role, fx) => {
      const listed = shortnames(fx, (data as { roles: Array<{ id: number }> }).roles.map((r) => r.id));
      if (role === 'editingteacher') return listed.length === 2 && listed.includes('teacher') && listed.includes('student') ? null : `an editing teacher may assign ${listed.join(', ')}`;
      // Managers and admins may also assign managers in a course (admins also the custom roles other calls made).
      const expected = ['manager', 'editingteacher', 'teacher', 'student'];
      return expected.every((r) => listed.includes(r)) ? null : `assignable roles ${listed.join(', ')}, expected ${expected.join(', ')}`;
    },
  },
  core_role_list_role_users: {
    allowed: COURSE_EDITORS,
    why: "The students of MX101: moodle/role:assign there and Student among the caller's assignable roles.",
    args: (fx) => ({ contextid: fx.courseContextId, roleid: fx.roleIds.student, perpage: 100 }),
    check: (data, _role, fx) => {
      const listed = (data as { users: UserList }).users.map((u) => u.id);
      if (!listed.includes(fx.users.student)) return 'the student of MX101 is not listed';
      return listed.includes(fx.users.teacher) ? 'the non-editing teacher is listed as a student' : null;
    },
  },
  core_role_search_assignable_users: {
    allowed: COURSE_EDITORS,
    why: 'Candidates for the non-editing teacher role in MX101: moodle/role:assign there and the role assignable by the caller.',
    args: async (fx) => {
      await rolecheckUsers(fx);
      return { contextid: fx.courseContextId, roleid: fx.roleIds.teacher, search: 'Rolecheck' };
    },
    check: async (data, _role, fx) => {
      const { insider, outsider } = await rolecheckUsers(fx);
      const listed = ids((data as { users: UserList }).users);
      if (!listed.includes(insider)) return 'the enrolled user is not offered';
      return listed.includes(outsider) ? 'a user who is not enrolled in MX101 is offered' : null;
    },
  },
  core_role_assign_roles: {
    allowed: COURSE_EDITORS,
    why: "Making a new student of MX101 a non-editing teacher too: moodle/role:assign, and the editing teacher's allow-assign row names Teacher (not Manager: that refusal is in role/assign.test.ts).",
    args: async (fx) => ({ assignments: [{ roleid: fx.roleIds.teacher, userid: await fx.newUser('student'), contextid: fx.courseContextId }] }),
  },
  core_role_unassign_roles: {
    allowed: COURSE_EDITORS,
    why: 'Removing a manual non-editing teacher assignment in MX101: moodle/role:assign and Teacher assignable by the caller.',
    args: async (fx) => ({ unassignments: [{ roleid: fx.roleIds.teacher, userid: await assignedTeacher(fx), contextlevel: 'course', instanceid: fx.courseid }] }),
  },

  // The permission pages of MX101: moodle/role:review there.
  core_role_get_permission_overrides: {
    allowed: COURSE_STAFF,
    why: 'moodle/role:review in MX101 (every course staff role and managers); what each may change is checked in the answer.',
    args: (fx) => ({ contextid: fx.courseContextId }),
    check: (data, role, fx) => {
      const page = data as { canoverride: boolean; cansafeoverride: boolean; roles: Array<{ id: number; overridable: boolean }> };
      const overridable = shortnames(fx, page.roles.filter((r) => r.overridable).map((r) => r.id));
      const expected: Record<string, { override: boolean; safe: boolean; roles: string[] }> = {
        teacher: { override: false, safe: false, roles: [] },
        editingteacher: { override: false, safe: true, roles: ['teacher', 'student', 'guest'] },
        manager: { override: true, safe: false, roles: ['manager', 'coursecreator', 'editingteacher', 'teacher', 'student', 'guest', 'user', 'frontpage'] },
      };
      const want = expected[role];
      if (!want) return page.canoverride ? null : 'an admin may override every capability';
      if (page.canoverride !== want.override || page.cansafeoverride !== want.safe) return `canoverride ${page.canoverride}, cansafeoverride ${page.cansafeoverride}`;
      return want.roles.every((r) => overridable.includes(r)) && overridable.every((r) => want.roles.includes(r)) ? null : `overridable roles ${overridable.join(', ')}`;
    },
  },
  core_role_get_review_access: {
    allowed: COURSE_MEMBERS,
    why: 'A menu helper: it answers anyone who may enter MX101 whether they may review and assign there (the pages check again); the guest may not enter MX101.',
    args: (fx) => ({ contextlevel: 'course', instanceid: fx.courseid }),
    check: (data, role, fx) => {
      const answer = data as { contextid: number; canreview: boolean; canassign: boolean };
      const review = role !== 'student';
      const assign = role !== 'student' && role !== 'teacher';
      if (answer.contextid !== fx.courseContextId) return 'not the context of MX101';
      return answer.canreview === review && answer.canassign === assign ? null : `canreview ${answer.canreview}, canassign ${answer.canassign}`;
    },
  },
  core_role_check_user_permissions: {
    allowed: SITE_MANAGERS,
    why: "Checking a user who has nothing to do with MX101: as in Moodle's check-permissions user selector, teachers (moodle/role:review) may check only the course's users, people with moodle/role:manage anyone; others are told the user is unknown.",
    refusals: ['invalidrecord'],
    args: (fx) => ({ contextid: fx.courseContextId, userid: fx.otherUserId }),
    check: (data, _role, fx) => ((data as { user: { id: number } | null }).user?.id === fx.otherUserId ? null : 'the checked user is not answered'),
  },
  core_role_search_context_users: {
    allowed: COURSE_STAFF,
    why: 'moodle/role:review in MX101; only the users of the course are found.',
    args: async (fx) => {
      await rolecheckUsers(fx);
      return { contextid: fx.courseContextId, search: 'rolecheck' };
    },
    check: async (data, _role, fx) => {
      const { insider, outsider } = await rolecheckUsers(fx);
      const listed = ids(data);
      if (!listed.includes(insider)) return 'the enrolled user is not found';
      return listed.includes(outsider) ? 'a user outside MX101 is found' : null;
    },
  },
};

