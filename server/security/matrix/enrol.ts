import { COURSE_EDITORS, COURSE_MEMBERS, COURSE_STAFF, LOGGED_IN, REAL_USERS, type MatrixFixture, type MatrixRole, type PermissionDeclarations } from './types';

const SELF_KEY = 'matrix-self-key';
const MX101_SELF_KEY = 'mx101-self-key';

interface SelfCourse {
  courseid: number;
  instanceid: number;
}

/**
 * A second course in "Matrix" open for self enrolment with a key. Self-enrolling in MX101 itself would
 * give the course roles (and the manager) a student role there for every declaration that runs later.
 */
function selfCourse(fx: MatrixFixture): Promise<SelfCourse> {
  return fx.once('enrol:selfcourse', async () => {
    const [course] = await fx.admin<Array<{ id: number }>>('core_course_create_courses', {
      courses: [{ fullname: 'Matrix self enrolment', shortname: 'MXSELF', categoryid: fx.categoryid }],
    });
    const { instanceid } = await fx.admin<{ instanceid: number }>('enrol_self_update_settings', { courseid: course!.id, enabled: true, password: SELF_KEY });
    return { courseid: course!.id, instanceid };
  });
}

/** MX101's self enrolment instance: made with a key but left disabled, as MX101 enrols by hand. */
function mx101SelfInstance(fx: MatrixFixture): Promise<number> {
  return fx.once('enrol:mx101self', async () => {
    const { instanceid } = await fx.admin<{ instanceid: number }>('enrol_self_update_settings', { courseid: fx.courseid, enabled: false, password: MX101_SELF_KEY });
    return instanceid;
  });
}

/** A hidden course in "Matrix", for answers that must not show it to those who may not see hidden courses. */
function hiddenCourse(fx: MatrixFixture): Promise<number> {
  return fx.once('enrol:hiddencourse', async () => {
    const [course] = await fx.admin<Array<{ id: number }>>('core_course_create_courses', {
      courses: [{ fullname: 'Matrix hidden', shortname: 'MXHIDDEN', categoryid: fx.categoryid, visible: false }],
    });
    return course!.id;
  });
}

/** A student of MX101 who is also a student of the hidden course. */
function twoCourseStudent(fx: MatrixFixture): Promise<number> {
  return fx.once('enrol:twocoursestudent', async () => {
    const userid = await fx.newUser('student');
    await fx.site.enrol(userid, await hiddenCourse(fx), 'student');
    return userid;
  });
}

/** A fresh student of MX101 and their (manual) user enrolment id. */
async function freshEnrolment(fx: MatrixFixture): Promise<{ userid: number; ueid: number }> {
  const userid = await fx.newUser('student');
  const row = await fx.site.platform.db
    .selectFrom('user_enrolments as ue')
    .innerJoin('enrol as e', 'e.id', 'ue.enrolid')
    .select('ue.id')
    .where('ue.userid', '=', userid)
    .where('e.courseid', '=', fx.courseid)
    .executeTakeFirstOrThrow();
  return { userid, ueid: row.id };
}

async function otherUsersLastname(fx: MatrixFixture): Promise<string> {
  const row = await fx.site.platform.db.selectFrom('user').select('lastname').where('id', '=', fx.otherUserId).executeTakeFirstOrThrow();
  return row.lastname;
}

/** No answer may carry an enrolment key: only whether one is needed. */
function leaksKey(data: unknown): string | null {
  const text = JSON.stringify(data);
  return text.includes(SELF_KEY) || text.includes(MX101_SELF_KEY) ? 'the answer carries the enrolment key' : null;
}

const SEE_IDENTITY: readonly MatrixRole[] = COURSE_STAFF;

export const enrolDeclarations: PermissionDeclarations = {
  core_enrol_list_participants: {
    allowed: COURSE_MEMBERS,
    why: 'moodle/course:viewparticipants in MX101 (students too) with access to the course: the manager by moodle/course:view, the guest has neither.',
    args: (fx) => ({ courseid: fx.courseid, perpage: 5000 }),
    check: (data, role, fx) => {
      const answer = data as {
        participants: Array<{ id: number; email?: string }>;
        identityfields: string[];
        permissions: { canenrol: boolean; canunenrol: boolean; canmanageenrolments: boolean; canconfigenrol: boolean };
      };
      const student = answer.participants.find((p) => p.id === fx.users.student);
      if (!student) return 'the student of MX101 is not listed';
      if (answer.participants.some((p) => p.id === fx.otherUserId)) return 'an unenrolled user is listed';
      const seesEmail = SEE_IDENTITY.includes(role);
      if ((student.email !== undefined) !== seesEmail || answer.identityfields.includes('email') !== seesEmail) return `email is ${seesEmail ? 'not ' : ''}shown`;
      const mayEnrol = COURSE_EDITORS.includes(role);
      const { canenrol, canunenrol, canmanageenrolments, canconfigenrol } = answer.permissions;
      if ([canenrol, canunenrol, canmanageenrolments, canconfigenrol].some((can) => can !== mayEnrol)) return `permissions ${JSON.stringify(answer.permissions)} are wrong for ${role}`;
      return null;
    },
  },
  core_enrol_search_users: {
    allowed: COURSE_EDITORS,
    why: 'Finding users to enrol needs moodle/course:enrolreview in MX101 (editing teachers, managers).',
    args: async (fx) => ({ courseid: fx.courseid, search: await otherUsersLastname(fx), perpage: 100 }),
    check: (data, _role, fx) => {
      const found = (data as Array<{ id: number; email?: string }>).find((u) => u.id === fx.otherUserId);
      if (!found) return 'the unenrolled user is not found';
      return found.email === undefined ? 'the email ("Show user identity") is not shown' : null;
    },
  },
  enrol_manual_enrol_users: {
    allowed: COURSE_EDITORS,
    why: 'enrol/manual:enrol in MX101 and the student role assignable there (editing teachers may assign students); a non-editing teacher may not enrol.',
    args: async (fx) => ({ enrolments: [{ roleid: fx.roleIds.student, userid: await fx.newUser(), courseid: fx.courseid }] }),
  },
  enrol_manual_unenrol_users: {
    allowed: COURSE_EDITORS,
    args: async (fx) => ({ enrolments: [{ userid: (await freshEnrolment(fx)).userid, courseid: fx.courseid }] }),
  },
  core_enrol_edit_user_enrolment: {
    allowed: COURSE_EDITORS,
    why: 'Suspending a manual enrolment needs moodle/course:enrolreview and enrol/manual:manage in MX101; a non-editing teacher has neither.',
    args: async (fx) => ({ courseid: fx.courseid, ueid: (await freshEnrolment(fx)).ueid, status: 1 }),
  },
  enrol_self_get_instance_info: {
    allowed: LOGGED_IN,
    why: 'What anyone who may see the (visible) course needs to decide to enrol themself, the guest included; it says a key is needed, never the key.',
    args: async (fx) => ({ instanceid: (await selfCourse(fx)).instanceid }),
    check: (data) => leaksKey(data) ?? ((data as { enrolpassword?: string }).enrolpassword === undefined ? 'the answer does not say a key is needed' : null),
  },
  core_enrol_get_course_enrolment_methods: {
    allowed: LOGGED_IN,
    why: "A visible course's enabled enrolment methods are public to anyone logged in (Moodle's course info page); keys never.",
    args: async (fx) => ({ courseid: (await selfCourse(fx)).courseid }),
    check: (data) => leaksKey(data) ?? ((data as Array<{ type: string }>).some((m) => m.type === 'self') ? null : 'the self enrolment is not listed'),
  },
  enrol_self_enrol_user: {
    allowed: REAL_USERS,
    why: 'Every real user may enrol themself in a visible course open for self enrolment with its key (the manager and admin too); the guest account may not (Moodle: noguestaccess).',
    refusals: ['noguestaccess'],
    args: async (fx) => ({ courseid: (await selfCourse(fx)).courseid, password: SELF_KEY }),
  },
  enrol_self_get_settings: {
    allowed: COURSE_EDITORS,
    why: "The settings include the key: moodle/course:enrolconfig in MX101.",
    args: async (fx) => {
      await mx101SelfInstance(fx);
      return { courseid: fx.courseid };
    },
    check: (data) => ((data as { password: string }).password === MX101_SELF_KEY ? null : 'the key is not answered to those who configure it'),
  },
  enrol_self_update_settings: {
    allowed: COURSE_EDITORS,
    why: 'moodle/course:enrolconfig (and enrol/self:config) in MX101. Saves what MX101 already has (disabled, same key), so later declarations see the same course.',
    args: async (fx) => {
      await mx101SelfInstance(fx);
      return { courseid: fx.courseid, enabled: false, password: MX101_SELF_KEY };
    },
  },
  core_enrol_get_users_courses: {
    allowed: LOGGED_IN,
    why:
      "Answers every logged-in caller but lists another user's course only where the caller may see its participants (moodle/course:viewparticipants) and the course (hidden ones need moodle/course:viewhiddencourses): MX101 for its members and managers, the hidden course for managers only, nothing for the guest.",
    args: async (fx) => ({ userid: await twoCourseStudent(fx) }),
    check: async (data, role, fx) => {
      const ids = new Set((data as Array<{ id: number }>).map((c) => c.id));
      const hidden = await hiddenCourse(fx);
      const seesMx101 = COURSE_MEMBERS.includes(role);
      const seesHidden = role === 'manager' || role === 'admin';
      if (ids.has(fx.courseid) !== seesMx101) return `MX101 is ${seesMx101 ? 'not ' : ''}listed`;
      if (ids.has(hidden) !== seesHidden) return `the hidden course is ${seesHidden ? 'not ' : ''}listed`;
      return null;
    },
  },
};
