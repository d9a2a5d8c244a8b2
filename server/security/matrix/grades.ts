import { createPageActivity } from '../../components/tag/fixtures';
import { gradeItemUpdate, gradeUpdate, GRADE_TYPE_VALUE } from '../../components/grades/service';
import { COURSE_MEMBERS, COURSE_STAFF, type MatrixFixture, type PermissionDeclarations } from './types';

/** A graded page activity in MX101 and a second student with a grade in it (the learner others may not see). */
function gradedStudent(fx: MatrixFixture): Promise<number> {
  return fx.once('grades:gradedstudent', async () => {
    const db = fx.site.platform.db;
    const cmid = await createPageActivity(fx.site, fx.courseid, 'Matrix graded page');
    const cm = await db.selectFrom('course_modules').select('instance').where('id', '=', cmid).executeTakeFirstOrThrow();
    const userid = await fx.newUser('student');
    const itemid = await gradeItemUpdate(db, { courseid: fx.courseid, itemmodule: 'page', iteminstance: cm.instance, cmid, itemname: 'Matrix graded page', gradetype: GRADE_TYPE_VALUE, grademax: 100, grademin: 0, scaleid: null });
    await gradeUpdate(db, itemid, [{ userid, rawgrade: 42, feedback: 'Matrix feedback', feedbackformat: 1, usermodified: fx.users.admin, dategraded: 1, datesubmitted: null }]);
    return userid;
  });
}

export const gradesDeclarations: PermissionDeclarations = {
  core_grades_get_scales: {
    allowed: COURSE_MEMBERS,
    why: 'Scales are listed to anyone who may enter the course (activity settings, grade display).',
    args: (fx) => ({ courseid: fx.courseid }),
  },
  gradereport_user_get_grade_items: {
    allowed: COURSE_STAFF,
    why: "Asked for another learner's grades: only moodle/grade:viewall (teachers, managers) may; a learner sees only their own (tested in server/components/grades).",
    args: async (fx) => ({ courseid: fx.courseid, userid: await gradedStudent(fx) }),
    check: (data) => {
      const { usergrades } = data as { usergrades: Array<{ gradeitems: Array<{ graderaw: number | null }> }> };
      return usergrades[0]?.gradeitems.some((i) => i.graderaw === 42) ? null : "the learner's grade is missing";
    },
  },
  gradereport_grader_get_course_grades: {
    allowed: COURSE_STAFF,
    args: async (fx) => {
      await gradedStudent(fx);
      return { courseid: fx.courseid };
    },
  },
};
