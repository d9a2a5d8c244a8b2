import { z } from 'zod';
import { contract } from './contract';
import { moduleGroupSettings } from './courseformat';
import { warningSchema, wsBool, wsFloat, wsInt } from './types';

const COMPONENT = 'mod_quiz';
const MANAGE = 'moodle/course:manageactivities';
const nonneg = wsInt.pipe(z.number().int().min(0));
/** A review option: the DURING / IMMEDIATELY_AFTER / LATER_WHILE_OPEN / AFTER_CLOSE bits (activities.md §3.1). */
const reviewBits = wsInt.pipe(z.number().int().min(0).max(0x11110));

export const REVIEW_DURING = 0x10000;
export const REVIEW_IMMEDIATELY_AFTER = 0x01000;
export const REVIEW_LATER_WHILE_OPEN = 0x00100;
export const REVIEW_AFTER_CLOSE = 0x00010;
export const REVIEW_FIELDS = ['reviewattempt', 'reviewcorrectness', 'reviewmarks', 'reviewspecificfeedback', 'reviewgeneralfeedback', 'reviewrightanswer'] as const;
export const GRADE_METHODS = { highest: 1, average: 2, first: 3, last: 4 } as const;
/** When time runs out: submit the attempt, let it be submitted during the grace period, or never count it. */
export const OVERDUE_HANDLING = ['autosubmit', 'graceperiod', 'autoabandon'] as const;
/** The silent minimum margin after the end time (Moodle's graceperiodmin), in seconds. */
export const GRACE_PERIOD_MIN = 60;

/** The quiz's own settings, as the settings form sends them. */
export const quizSettings = {
  name: z.string().trim().min(1).max(255),
  intro: z.string().max(65535).default(''),
  timeopen: nonneg.default(0),
  timeclose: nonneg.default(0),
  /** Seconds; 0 = no limit. */
  timelimit: nonneg.default(0),
  /** 0 = unlimited. */
  attempts: nonneg.pipe(z.number().max(100)).default(0),
  grademethod: wsInt.pipe(z.number().int().min(1).max(4)).default(1),
  /** 0 = every question on one page. */
  questionsperpage: nonneg.pipe(z.number().max(50)).default(1),
  shufflequestions: wsBool.default(false),
  shuffleanswers: wsBool.default(true),
  password: z.string().max(255).default(''),
  browsersecurity: z.enum(['-', 'securewindow']).default('-'),
  overduehandling: z.enum(OVERDUE_HANDLING).default('autosubmit'),
  /** Seconds after the end time an overdue attempt may still be submitted (graceperiod handling only). */
  graceperiod: nonneg.pipe(z.number().max(365 * 86400)).default(86400),
  grade: wsFloat.pipe(z.number().min(0).max(10000)).default(10),
  decimalpoints: wsInt.pipe(z.number().int().min(0).max(5)).default(2),
  reviewattempt: reviewBits.default(0x11110),
  reviewcorrectness: reviewBits.default(0x01110),
  reviewmarks: reviewBits.default(0x01110),
  reviewspecificfeedback: reviewBits.default(0x01110),
  reviewgeneralfeedback: reviewBits.default(0x01110),
  reviewrightanswer: reviewBits.default(0x01110),
};

export const modQuizAddInstance = contract({
  name: 'mod_quiz_add_instance',
  component: COMPONENT,
  description: 'Add a quiz to a section of a course (by section number).',
  type: 'write',
  loginRequired: true,
  capabilities: [MANAGE, 'mod/quiz:addinstance'],
  args: z.strictObject({ courseid: wsInt, section: wsInt, ...quizSettings, ...moduleGroupSettings }),
  returns: z.object({ cmid: z.number(), instance: z.number() }),
});

export const modQuizUpdateInstance = contract({
  name: 'mod_quiz_update_instance',
  component: COMPONENT,
  description: "Change a quiz's settings; a new maximum grade rescales the stored grades.",
  type: 'write',
  loginRequired: true,
  capabilities: [MANAGE],
  args: z.strictObject({ cmid: wsInt, ...quizSettings, ...moduleGroupSettings }),
  returns: z.object({ cmid: z.number(), instance: z.number() }),
});

export const quizSchema = z.object({
  id: z.number(),
  coursemodule: z.number(),
  course: z.number(),
  name: z.string(),
  intro: z.string(),
  introformat: z.number(),
  timeopen: z.number(),
  timeclose: z.number(),
  timelimit: z.number(),
  attempts: z.number(),
  grademethod: z.number(),
  questionsperpage: z.number(),
  shufflequestions: z.number(),
  browsersecurity: z.string(),
  overduehandling: z.string(),
  graceperiod: z.number(),
  sumgrades: z.number(),
  grade: z.number(),
  decimalpoints: z.number(),
  hasquestions: z.number(),
  reviewattempt: z.number(),
  reviewcorrectness: z.number(),
  reviewmarks: z.number(),
  reviewspecificfeedback: z.number(),
  reviewgeneralfeedback: z.number(),
  reviewrightanswer: z.number(),
  /** Only for those who manage the course's activities. */
  password: z.string().optional(),
  shuffleanswers: z.number().optional(),
});
export type Quiz = z.infer<typeof quizSchema>;

export const modQuizGetQuizzesByCourses = contract({
  name: 'mod_quiz_get_quizzes_by_courses',
  component: COMPONENT,
  description: 'The quizzes the user can see in the given courses (all their courses when none are given); refused courses become warnings.',
  type: 'read',
  loginRequired: true,
  capabilities: ['mod/quiz:view'],
  args: z.strictObject({ courseids: z.array(wsInt).default([]) }),
  returns: z.object({ quizzes: z.array(quizSchema), warnings: z.array(warningSchema) }),
});

const quizid = z.strictObject({ quizid: wsInt });

export const modQuizViewQuiz = contract({
  name: 'mod_quiz_view_quiz',
  component: COMPONENT,
  description: 'Log that the user viewed the quiz.',
  type: 'write',
  loginRequired: true,
  capabilities: ['mod/quiz:view'],
  args: quizid,
  returns: z.object({ status: z.boolean(), warnings: z.array(warningSchema) }),
});

export const modQuizGetQuizAccessInformation = contract({
  name: 'mod_quiz_get_quiz_access_information',
  component: COMPONENT,
  description: 'What the user may do with the quiz, the access rules that apply (as texts and rule names), and the reasons access is prevented now.',
  type: 'read',
  loginRequired: true,
  capabilities: ['mod/quiz:view'],
  args: quizid,
  returns: z.object({
    canattempt: z.boolean(),
    canmanage: z.boolean(),
    canpreview: z.boolean(),
    canreviewmyattempts: z.boolean(),
    canviewreports: z.boolean(),
    accessrules: z.array(z.string()),
    activerulenames: z.array(z.string()),
    preventaccessreasons: z.array(z.string()),
    warnings: z.array(warningSchema),
  }),
});

export const modQuizGetAttemptAccessInformation = contract({
  name: 'mod_quiz_get_attempt_access_information',
  component: COMPONENT,
  description:
    'For the last (or given) attempt: its end time, whether it is finished, whether a pre-flight check is required before continuing or starting (with the fields it needs), and why a new attempt is refused.',
  type: 'read',
  loginRequired: true,
  capabilities: ['mod/quiz:view'],
  args: z.strictObject({ quizid: wsInt, attemptid: wsInt.default(0) }),
  returns: z.object({
    endtime: z.number().optional(),
    isfinished: z.boolean(),
    ispreflightcheckrequired: z.boolean().optional(),
    /** Tessera: which pre-flight parts apply (quizpassword, timelimit, securewindow). */
    preflightparts: z.array(z.string()),
    preventnewattemptreasons: z.array(z.string()),
    warnings: z.array(warningSchema),
  }),
});

export const attemptSchema = z.object({
  id: z.number(),
  quiz: z.number(),
  userid: z.number(),
  attempt: z.number(),
  uniqueid: z.number(),
  layout: z.string(),
  currentpage: z.number(),
  preview: z.number(),
  state: z.enum(['inprogress', 'overdue', 'finished', 'abandoned']),
  timestart: z.number(),
  timefinish: z.number(),
  timemodified: z.number(),
  timecheckstate: z.number().nullable(),
  sumgrades: z.number().nullable(),
});
export type Attempt = z.infer<typeof attemptSchema>;

export const modQuizGetUserAttempts = contract({
  name: 'mod_quiz_get_user_attempts',
  component: COMPONENT,
  description: "A user's attempts at the quiz (the caller's own by default; another user's need mod/quiz:viewreports).",
  type: 'read',
  loginRequired: true,
  capabilities: ['mod/quiz:view', 'mod/quiz:viewreports'],
  args: z.strictObject({ quizid: wsInt, userid: wsInt.default(0), status: z.enum(['all', 'finished', 'unfinished']).default('finished'), includepreviews: wsBool.default(false) }),
  returns: z.object({ attempts: z.array(attemptSchema), warnings: z.array(warningSchema) }),
});

export const modQuizGetUserBestGrade = contract({
  name: 'mod_quiz_get_user_best_grade',
  component: COMPONENT,
  description: "A user's final grade in the quiz by its grading method, rounded to its decimal points.",
  type: 'read',
  loginRequired: true,
  capabilities: ['mod/quiz:view', 'mod/quiz:viewreports'],
  args: z.strictObject({ quizid: wsInt, userid: wsInt.default(0) }),
  returns: z.object({ hasgrade: z.boolean(), grade: z.number().optional(), warnings: z.array(warningSchema) }),
});

const nameValue = z.strictObject({ name: z.string().max(255), value: z.string().max(65535) });
const preflightdata = z.array(nameValue).max(20).default([]);

export const modQuizStartAttempt = contract({
  name: 'mod_quiz_start_attempt',
  component: COMPONENT,
  description:
    'Start a new attempt after checking every access rule again (window, attempts left, password in preflightdata as quizpassword). Refusals come back as warnings with no attempt; a wrong password is the exception passworderror.',
  type: 'write',
  loginRequired: true,
  capabilities: ['mod/quiz:attempt', 'mod/quiz:preview'],
  args: z.strictObject({ quizid: wsInt, preflightdata, forcenew: wsBool.default(false) }),
  returns: z.object({ attempt: attemptSchema.optional(), warnings: z.array(warningSchema) }),
});

export const attemptQuestionSchema = z.object({
  slot: z.number(),
  type: z.string(),
  page: z.number(),
  number: z.number(),
  name: z.string(),
  /** The question text (sanitised HTML). */
  questiontext: z.string(),
  /** Choices in the order this attempt shows them; value is the posted value. */
  choices: z.array(z.object({ value: z.string(), label: z.string(), feedback: z.string().optional(), correct: z.boolean().optional() })),
  /** multichoice with several answers: each choice posts `choice<i>`. */
  multiple: z.boolean(),
  /** Field prefix of this question's posted data: `q<uniqueid>:<slot>_`. */
  prefix: z.string(),
  /** The saved response, by sub-field (answer, choice0, …). */
  response: z.record(z.string(), z.string()),
  sequencecheck: z.number(),
  flagged: z.boolean(),
  /** answered, notyetanswered; after finishing gradedright, gradedpartial, gradedwrong, gaveup. */
  state: z.string(),
  status: z.string(),
  mark: z.number().optional(),
  maxmark: z.number().optional(),
  specificfeedback: z.string().optional(),
  generalfeedback: z.string().optional(),
  rightanswer: z.string().optional(),
});
export type AttemptQuestion = z.infer<typeof attemptQuestionSchema>;

const attemptPage = z.strictObject({ attemptid: wsInt, page: wsInt.pipe(z.number().min(0)), preflightdata });

export const modQuizGetAttemptData = contract({
  name: 'mod_quiz_get_attempt_data',
  component: COMPONENT,
  description: "One page of the caller's unfinished attempt with its questions and saved responses; nextpage is −1 on the last page.",
  type: 'read',
  loginRequired: true,
  capabilities: ['mod/quiz:attempt'],
  args: attemptPage,
  returns: z.object({
    attempt: attemptSchema,
    messages: z.array(z.string()),
    nextpage: z.number(),
    /** Tessera: number of pages, the end time (0 = none) and every slot's page, number and state for the navigation panel. */
    numpages: z.number(),
    endtime: z.number(),
    navigation: z.array(z.object({ slot: z.number(), page: z.number(), number: z.number(), state: z.string(), flagged: z.boolean() })),
    questions: z.array(attemptQuestionSchema),
    warnings: z.array(warningSchema),
  }),
});

export const modQuizGetAttemptSummary = contract({
  name: 'mod_quiz_get_attempt_summary',
  component: COMPONENT,
  description: "The questions of the caller's unfinished attempt with their state, for the summary page before submitting (also while the attempt is overdue).",
  type: 'read',
  loginRequired: true,
  capabilities: ['mod/quiz:attempt'],
  args: z.strictObject({ attemptid: wsInt, preflightdata }),
  returns: z.object({
    questions: z.array(attemptQuestionSchema),
    endtime: z.number(),
    /** Tessera: overdue = time is up and the attempt may only be submitted, until duedate (0 otherwise). */
    state: z.enum(['inprogress', 'overdue']),
    duedate: z.number(),
    warnings: z.array(warningSchema),
  }),
});

const attemptData = z.array(nameValue).max(2000).default([]);

export const modQuizSaveAttempt = contract({
  name: 'mod_quiz_save_attempt',
  component: COMPONENT,
  description: 'Autosave responses of an unfinished attempt without grading; refused once the time limit and grace period have passed.',
  type: 'write',
  loginRequired: true,
  capabilities: ['mod/quiz:attempt'],
  args: z.strictObject({ attemptid: wsInt, data: attemptData, preflightdata }),
  returns: z.object({ status: z.boolean(), warnings: z.array(warningSchema) }),
});

export const modQuizProcessAttempt = contract({
  name: 'mod_quiz_process_attempt',
  component: COMPONENT,
  description:
    'Save responses and, with finishattempt or when time is up, finish and grade the attempt. Answers posted more than a minute after the end time are discarded. Time up with the graceperiod handling makes the attempt overdue (abandoned past the grace period). Answers the new state.',
  type: 'write',
  loginRequired: true,
  capabilities: ['mod/quiz:attempt'],
  args: z.strictObject({ attemptid: wsInt, data: attemptData, finishattempt: wsBool.default(false), timeup: wsBool.default(false), preflightdata }),
  returns: z.object({ state: z.enum(['inprogress', 'overdue', 'finished', 'abandoned']), warnings: z.array(warningSchema) }),
});

export const modQuizGetAttemptReview = contract({
  name: 'mod_quiz_get_attempt_review',
  component: COMPONENT,
  description: "A finished attempt as the review options allow (the owner's), or in full for those who view reports.",
  type: 'read',
  loginRequired: true,
  capabilities: ['mod/quiz:reviewmyattempts', 'mod/quiz:viewreports'],
  args: z.strictObject({ attemptid: wsInt, page: wsInt.default(-1) }),
  returns: z.object({
    grade: z.string(),
    attempt: attemptSchema,
    additionaldata: z.array(z.object({ id: z.string(), title: z.string(), content: z.string() })),
    questions: z.array(attemptQuestionSchema),
    /** Tessera: what the review options show now. */
    options: z.object({ marks: z.boolean(), correctness: z.boolean(), feedback: z.boolean(), generalfeedback: z.boolean(), rightanswer: z.boolean() }),
    warnings: z.array(warningSchema),
  }),
});

export const slotSchema = z.object({ slot: z.number(), page: z.number(), questionid: z.number(), name: z.string(), qtype: z.string(), maxmark: z.number() });

export const modQuizGetStructure = contract({
  name: 'mod_quiz_get_structure',
  component: COMPONENT,
  description: "The quiz's questions (slots) with their marks, for editing; canedit is false once attempts exist.",
  type: 'read',
  loginRequired: true,
  capabilities: ['mod/quiz:manage'],
  args: quizid,
  returns: z.object({ slots: z.array(slotSchema), sumgrades: z.number(), grade: z.number(), canedit: z.boolean(), courseid: z.number() }),
});

export const modQuizAddQuestions = contract({
  name: 'mod_quiz_add_questions',
  component: COMPONENT,
  description: "Add questions of the course's bank to the end of the quiz (each with its default mark unless maxmark is given).",
  type: 'write',
  loginRequired: true,
  capabilities: ['mod/quiz:manage'],
  args: z.strictObject({ quizid: wsInt, questionids: z.array(wsInt).min(1).max(100), maxmark: wsFloat.pipe(z.number().min(0).max(1000)).optional() }),
  returns: z.object({ status: z.boolean() }),
});

export const modQuizRemoveSlot = contract({
  name: 'mod_quiz_remove_slot',
  component: COMPONENT,
  description: 'Remove a question from the quiz (refused once attempts exist).',
  type: 'write',
  loginRequired: true,
  capabilities: ['mod/quiz:manage'],
  args: z.strictObject({ quizid: wsInt, slot: wsInt }),
  returns: z.object({ status: z.boolean() }),
});

export const modQuizSetMaxmark = contract({
  name: 'mod_quiz_set_maxmark',
  component: COMPONENT,
  description: "Change a slot's maximum mark; the total and every attempt's marks and grades are recomputed.",
  type: 'write',
  loginRequired: true,
  capabilities: ['mod/quiz:manage'],
  args: z.strictObject({ quizid: wsInt, slot: wsInt, maxmark: wsFloat.pipe(z.number().min(0).max(1000)) }),
  returns: z.object({ sumgrades: z.number() }),
});

/** What the attempts report sorts by: its columns; `mark` is one question's mark (with its slot). */
export const attemptSortColumns = ['firstname', 'lastname', 'attempt', 'state', 'timestart', 'timefinish', 'grade', 'mark'] as const;

export const reportRowSchema = z.object({
  attemptid: z.number(),
  userid: z.number(),
  fullname: z.string(),
  attempt: z.number(),
  state: z.string(),
  timestart: z.number(),
  timefinish: z.number(),
  sumgrades: z.number().nullable(),
  /** Rescaled to the quiz grade, rounded; null when not graded. */
  grade: z.number().nullable(),
  marks: z.array(z.object({ slot: z.number(), mark: z.number().nullable() })),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const modQuizGetAttemptsReport = contract({
  name: 'mod_quiz_get_attempts_report',
  component: COMPONENT,
  description:
    "The attempts table for teachers: one row per attempt with its grade and the mark of each question, a page at a time; searchable by the learner's name and sortable by any column (a question's mark with column mark and its slot).",
  type: 'read',
  loginRequired: true,
  capabilities: ['mod/quiz:viewreports'],
  args: z.strictObject({
    quizid: wsInt,
    page: wsInt.pipe(z.number().min(0)).default(0),
    perpage: wsInt.pipe(z.number().min(1).max(100)).default(30),
    /** Words that must each appear in the learner's first or last name. */
    search: z.string().max(255).default(''),
    /** Columns to sort by, in order (default: by last name, first name, then attempt). */
    sorts: z
      .array(z.strictObject({ column: z.enum(attemptSortColumns), direction: z.enum(['asc', 'desc']), slot: wsInt.optional() }))
      .max(10)
      .default([]),
  }),
  returns: z.object({ rows: z.array(reportRowSchema), total: z.number(), slots: z.array(slotSchema), grade: z.number(), sumgrades: z.number(), decimalpoints: z.number() }),
});

export const modQuizRegradeAttempts = contract({
  name: 'mod_quiz_regrade_attempts',
  component: COMPONENT,
  description: "Regrade every finished attempt on the questions' current definitions and update best grades and the gradebook; dryrun only counts the changes.",
  type: 'write',
  loginRequired: true,
  capabilities: ['mod/quiz:regrade'],
  args: z.strictObject({ quizid: wsInt, dryrun: wsBool.default(false) }),
  returns: z.object({ regraded: z.number(), changed: z.number() }),
});
