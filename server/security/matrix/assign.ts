import { COURSE_EDITORS, COURSE_MEMBERS, COURSE_STAFF, LOGGED_IN, type MatrixFixture, type MatrixRole, type PermissionDeclarations } from './types';

/** An assignment in MX101 (online text, points out of 10), made once by the admin. */
function assignment(fx: MatrixFixture): Promise<{ cmid: number; instance: number }> {
  return fx.once('assign:assignment', () =>
    fx.admin<{ cmid: number; instance: number }>('mod_assign_add_instance', {
      courseid: fx.courseid,
      section: 1,
      name: 'Matrix assignment',
      grade: 10,
      onlinetext_enabled: 1,
    }),
  );
}

const assignid = async (fx: MatrixFixture) => (await assignment(fx)).instance;

const settings = { name: 'Matrix assignment', intro: '', grade: 10, onlinetext_enabled: 1 };

/** A grader's form for the MX101 student, as the grading screen sends it. */
const gradingForm = JSON.stringify(new URLSearchParams({ grade: '5', 'assignfeedbackcomments_editor[text]': 'Matrix feedback', 'assignfeedbackcomments_editor[format]': '1' }).toString());

const graders = (role: MatrixRole) => COURSE_STAFF.includes(role);

type Listing = { courses: Array<{ assignments: Array<{ id: number }> }>; warnings: unknown[] };
type PerAssignment = { assignments: unknown[]; warnings: Array<{ warningcode: string }> };

export const assignDeclarations: PermissionDeclarations = {
  mod_assign_add_instance: {
    allowed: COURSE_EDITORS,
    args: (fx) => ({ courseid: fx.courseid, section: 1, ...settings }),
  },
  mod_assign_update_instance: {
    allowed: COURSE_EDITORS,
    args: async (fx) => ({ cmid: (await assignment(fx)).cmid, ...settings }),
  },
  mod_assign_get_assignments: {
    allowed: LOGGED_IN,
    why: 'As Moodle: courses the caller cannot enter become warnings rather than a refusal; the check holds the list to what each may see.',
    args: async (fx) => {
      await assignment(fx);
      return { courseids: [fx.courseid] };
    },
    check: (data, role) => {
      const { courses } = data as Listing;
      const sees = courses.some((c) => c.assignments.length > 0);
      const shouldSee = COURSE_MEMBERS.includes(role);
      return sees === shouldSee ? null : sees ? 'a caller outside the course sees its assignments' : 'a course member does not see the assignment';
    },
  },
  mod_assign_get_submission_status: {
    allowed: COURSE_MEMBERS,
    args: async (fx) => ({ assignid: await assignid(fx) }),
  },
  mod_assign_save_submission: {
    allowed: ['student', 'admin'],
    why: 'Needs mod/assign:submit (students); the site admin holds every capability, and is answered a couldnotsavesubmission warning because they are not enrolled.',
    args: async (fx) => ({ assignmentid: await assignid(fx), plugindata: { onlinetext_editor: { text: `<p>Matrix answer ${fx.unique()}</p>`, format: 1, itemid: 0 } } }),
    check: (data, role) => {
      const warnings = data as Array<{ warningcode: string }>;
      if (role === 'admin') return warnings.length > 0 ? null : 'the unenrolled admin could save a submission';
      return warnings.length === 0 ? null : `the student could not save: ${JSON.stringify(warnings)}`;
    },
  },
  mod_assign_submit_for_grading: {
    allowed: ['student', 'admin'],
    why: 'Needs mod/assign:submit; without a draft the answer is a warning, not a refusal.',
    args: async (fx) => ({ assignmentid: await assignid(fx), acceptsubmissionstatement: true }),
  },
  mod_assign_prepare_submission_files: {
    allowed: ['student', 'admin'],
    why: 'Needs mod/assign:submit: a draft area for the caller\u2019s own submission.',
    args: async (fx) => ({ assignmentid: await assignid(fx) }),
  },
  mod_assign_save_grade: {
    allowed: COURSE_STAFF,
    args: async (fx) => ({ assignmentid: await assignid(fx), userid: fx.users.student, grade: 6, plugindata: { assignfeedbackcomments_editor: { text: 'Matrix', format: 1 } } }),
  },
  mod_assign_get_grades: {
    allowed: LOGGED_IN,
    why: 'As Moodle: an assignment the caller may not grade becomes warning 1 instead of a refusal; the check holds non-graders to that.',
    args: async (fx) => ({ assignmentids: [await assignid(fx)] }),
    check: (data, role) => {
      const { warnings } = data as PerAssignment;
      const refused = warnings.some((w) => w.warningcode === '1');
      return refused === !graders(role) ? null : refused ? 'a grader was refused' : 'a non-grader got the grades';
    },
  },
  mod_assign_get_submissions: {
    allowed: LOGGED_IN,
    why: 'As mod_assign_get_grades: refusals are warnings 1.',
    args: async (fx) => ({ assignmentids: [await assignid(fx)] }),
    check: (data, role) => {
      const { warnings } = data as PerAssignment;
      const refused = warnings.some((w) => w.warningcode === '1');
      return refused === !graders(role) ? null : refused ? 'a grader was refused' : 'a non-grader got the submissions';
    },
  },
  mod_assign_view_grading_table: {
    allowed: COURSE_STAFF,
    args: async (fx) => ({ assignid: await assignid(fx) }),
  },
  mod_assign_view_submission_status: {
    allowed: COURSE_MEMBERS,
    args: async (fx) => ({ assignid: await assignid(fx) }),
  },
  mod_assign_list_participants: {
    allowed: COURSE_STAFF,
    args: async (fx) => ({ assignid: await assignid(fx), filter: '', limit: 30 }),
  },
  mod_assign_get_participant: {
    allowed: COURSE_STAFF,
    args: async (fx) => ({ assignid: await assignid(fx), userid: fx.users.student, embeduser: true }),
  },
  mod_assign_get_grading_table: {
    allowed: COURSE_STAFF,
    args: async (fx) => ({ assignid: await assignid(fx), filters: ['submitted'] }),
  },
  mod_assign_get_grading_panel: {
    allowed: COURSE_STAFF,
    args: async (fx) => ({ assignid: await assignid(fx), userid: fx.users.student }),
  },
  mod_assign_submit_grading_form: {
    allowed: COURSE_STAFF,
    args: async (fx) => ({ assignmentid: await assignid(fx), userid: fx.users.student, jsonformdata: gradingForm }),
    check: (data) => ((data as unknown[]).length === 0 ? null : `the grade was not saved: ${JSON.stringify(data)}`),
  },
};
