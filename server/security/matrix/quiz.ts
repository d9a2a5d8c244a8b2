import { callAs } from '../../components/tag/fixtures';
import { COURSE_EDITORS, COURSE_MEMBERS, COURSE_STAFF, LOGGED_IN, type MatrixFixture, type PermissionDeclarations } from './types';

/** A short-answer question in MX101's bank, made by the admin. */
async function newQuestion(fx: MatrixFixture): Promise<number> {
  const { id } = await fx.admin<{ id: number }>('core_question_save_question', {
    courseid: fx.courseid,
    qtype: 'shortanswer',
    name: `Matrix question ${fx.unique()}`,
    questiontext: '<p>Name a colour.</p>',
    answers: [{ answer: 'red', fraction: 1 }],
  });
  return id;
}

const question = (fx: MatrixFixture) => fx.once('quiz:question', () => newQuestion(fx));

/** A new quiz in MX101 holding the shared question. */
async function newQuiz(fx: MatrixFixture): Promise<{ cmid: number; instance: number }> {
  const quiz = await fx.admin<{ cmid: number; instance: number }>('mod_quiz_add_instance', { courseid: fx.courseid, section: 1, name: `Matrix quiz ${fx.unique()}` });
  await fx.admin('mod_quiz_add_questions', { quizid: quiz.instance, questionids: [await question(fx)] });
  return quiz;
}

const quiz = (fx: MatrixFixture) => fx.once('quiz:quiz', () => newQuiz(fx));
const quizid = async (fx: MatrixFixture) => (await quiz(fx)).instance;

/** An attempt of the MX101 student at a new quiz; finished when asked. */
async function studentAttempt(fx: MatrixFixture, finish: boolean): Promise<number> {
  const { instance } = await newQuiz(fx);
  const session = await fx.site.sessionFor(fx.users.student);
  const started = await callAs<{ attempt: { id: number } }>(fx.site, session, 'mod_quiz_start_attempt', { quizid: instance });
  const id = started.data!.attempt.id;
  if (finish) await callAs(fx.site, session, 'mod_quiz_process_attempt', { attemptid: id, data: [{ name: `q${id}:1_answer`, value: 'red' }], finishattempt: true });
  return id;
}

const openAttempt = (fx: MatrixFixture) => fx.once('quiz:openattempt', () => studentAttempt(fx, false));
const finishedAttempt = (fx: MatrixFixture) => fx.once('quiz:finishedattempt', () => studentAttempt(fx, true));

const ownAttemptOnly = 'Only the attempt\u2019s owner (the MX101 student) may work on it; everyone else is refused, others with notyourattempt.';

type Listing = { quizzes: Array<{ id: number }> };

export const quizDeclarations: PermissionDeclarations = {
  core_question_get_categories: { allowed: COURSE_EDITORS, args: (fx) => ({ courseid: fx.courseid }) },
  core_question_add_category: { allowed: COURSE_EDITORS, args: (fx) => ({ courseid: fx.courseid, name: `Matrix category ${fx.unique()}` }) },
  core_question_delete_category: {
    allowed: COURSE_EDITORS,
    args: async (fx) => ({ categoryid: (await fx.admin<{ id: number }>('core_question_add_category', { courseid: fx.courseid, name: `Spare ${fx.unique()}` })).id }),
  },
  core_question_get_questions: { allowed: COURSE_EDITORS, args: (fx) => ({ courseid: fx.courseid }) },
  core_question_get_question: { allowed: COURSE_EDITORS, args: async (fx) => ({ questionid: await question(fx) }) },
  core_question_save_question: {
    allowed: COURSE_EDITORS,
    args: (fx) => ({ courseid: fx.courseid, qtype: 'truefalse', name: `Matrix TF ${fx.unique()}`, questiontext: 'Grass is green.', answers: [{ answer: 'true', fraction: 1 }, { answer: 'false', fraction: 0 }] }),
  },
  core_question_delete_question: { allowed: COURSE_EDITORS, args: async (fx) => ({ questionid: await newQuestion(fx) }) },
  core_question_import_gift: { allowed: COURSE_EDITORS, args: (fx) => ({ courseid: fx.courseid, text: `::Matrix ${fx.unique()}::Grass is green. {T}` }) },
  core_question_import_xml: {
    allowed: COURSE_EDITORS,
    args: (fx) => ({ courseid: fx.courseid, text: `<quiz><question type="truefalse"><name><text>Matrix ${fx.unique()}</text></name><questiontext><text>Grass is green.</text></questiontext><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question></quiz>` }),
  },

  mod_quiz_add_instance: { allowed: COURSE_EDITORS, args: (fx) => ({ courseid: fx.courseid, section: 1, name: 'Matrix quiz' }) },
  mod_quiz_update_instance: { allowed: COURSE_EDITORS, args: async (fx) => ({ cmid: (await quiz(fx)).cmid, name: 'Matrix quiz' }) },
  mod_quiz_get_quizzes_by_courses: {
    allowed: LOGGED_IN,
    why: 'As Moodle: courses the caller cannot enter become warnings; the check holds the list to what each may see.',
    args: async (fx) => {
      await quiz(fx);
      return { courseids: [fx.courseid] };
    },
    check: (data, role) => {
      const sees = (data as Listing).quizzes.length > 0;
      const shouldSee = COURSE_MEMBERS.includes(role);
      return sees === shouldSee ? null : sees ? 'a caller outside the course sees its quizzes' : 'a course member does not see the quiz';
    },
  },
  mod_quiz_view_quiz: { allowed: COURSE_MEMBERS, args: async (fx) => ({ quizid: await quizid(fx) }) },
  mod_quiz_get_quiz_access_information: { allowed: COURSE_MEMBERS, args: async (fx) => ({ quizid: await quizid(fx) }) },
  mod_quiz_get_attempt_access_information: { allowed: COURSE_MEMBERS, args: async (fx) => ({ quizid: await quizid(fx) }) },
  mod_quiz_get_user_attempts: { allowed: COURSE_MEMBERS, args: async (fx) => ({ quizid: await quizid(fx) }) },
  mod_quiz_get_user_best_grade: { allowed: COURSE_MEMBERS, args: async (fx) => ({ quizid: await quizid(fx) }) },
  mod_quiz_start_attempt: {
    allowed: COURSE_MEMBERS,
    why: 'Students attempt (mod/quiz:attempt); teachers and managers preview (mod/quiz:preview); the admin holds both.',
    args: async (fx) => ({ quizid: (await newQuiz(fx)).instance }),
  },
  mod_quiz_get_attempt_data: { allowed: ['student'], why: ownAttemptOnly, refusals: ['notyourattempt'], args: async (fx) => ({ attemptid: await openAttempt(fx), page: 0 }) },
  mod_quiz_get_attempt_summary: { allowed: ['student'], why: ownAttemptOnly, refusals: ['notyourattempt'], args: async (fx) => ({ attemptid: await openAttempt(fx) }) },
  mod_quiz_save_attempt: {
    allowed: ['student'],
    why: ownAttemptOnly,
    refusals: ['notyourattempt'],
    args: async (fx) => {
      const attemptid = await openAttempt(fx);
      return { attemptid, data: [{ name: `q${attemptid}:1_answer`, value: 'blue' }] };
    },
  },
  mod_quiz_process_attempt: {
    allowed: ['student'],
    why: ownAttemptOnly,
    refusals: ['notyourattempt'],
    args: async (fx) => ({ attemptid: await studentAttempt(fx, false), finishattempt: true }),
  },
  mod_quiz_get_attempt_review: {
    allowed: COURSE_MEMBERS,
    why: 'The owner reviews their finished attempt per the review options; staff with mod/quiz:viewreports review anyone\u2019s.',
    args: async (fx) => ({ attemptid: await finishedAttempt(fx) }),
  },
  mod_quiz_get_structure: { allowed: COURSE_EDITORS, args: async (fx) => ({ quizid: await quizid(fx) }) },
  mod_quiz_add_questions: { allowed: COURSE_EDITORS, args: async (fx) => ({ quizid: (await newQuiz(fx)).instance, questionids: [await question(fx)] }) },
  mod_quiz_remove_slot: { allowed: COURSE_EDITORS, args: async (fx) => ({ quizid: (await newQuiz(fx)).instance, slot: 1 }) },
  mod_quiz_set_maxmark: { allowed: COURSE_EDITORS, args: async (fx) => ({ quizid: await quizid(fx), slot: 1, maxmark: 2 }) },
  mod_quiz_get_attempts_report: { allowed: COURSE_STAFF, args: async (fx) => ({ quizid: await quizid(fx) }) },
  mod_quiz_regrade_attempts: { allowed: COURSE_STAFF, args: async (fx) => ({ quizid: await quizid(fx) }) },
};
