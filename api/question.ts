import { z } from 'zod';
import { contract } from './contract';
import { wsBool, wsFloat, wsInt } from './types';

const COMPONENT = 'core_question';
export const QTYPES = ['multichoice', 'truefalse', 'shortanswer', 'numerical'] as const;

export const questionCategorySchema = z.object({ id: z.number(), name: z.string(), info: z.string(), questioncount: z.number() });

export const coreQuestionGetCategories = contract({
  name: 'core_question_get_categories',
  component: COMPONENT,
  description: "The categories of a course's question bank, with how many questions each holds.",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/question:viewall'],
  args: z.strictObject({ courseid: wsInt }),
  returns: z.object({ categories: z.array(questionCategorySchema) }),
});

export const coreQuestionAddCategory = contract({
  name: 'core_question_add_category',
  component: COMPONENT,
  description: "Add a category to a course's question bank.",
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/question:managecategory'],
  args: z.strictObject({ courseid: wsInt, name: z.string().trim().min(1).max(255), info: z.string().max(5000).default('') }),
  returns: z.object({ id: z.number() }),
});

export const coreQuestionDeleteCategory = contract({
  name: 'core_question_delete_category',
  component: COMPONENT,
  description: 'Delete an empty question category (a category that holds questions is refused with categorynotempty).',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/question:managecategory'],
  args: z.strictObject({ categoryid: wsInt }),
  returns: z.object({ status: z.boolean() }),
});

export const questionSummarySchema = z.object({
  id: z.number(),
  category: z.number(),
  qtype: z.enum(QTYPES),
  name: z.string(),
  /** The question text without markup, shortened, for lists. */
  preview: z.string(),
  defaultmark: z.number(),
  timemodified: z.number(),
  /** How many quizzes use the question (it cannot be deleted while any does). */
  usage: z.number(),
});
export type QuestionSummary = z.infer<typeof questionSummarySchema>;

export const coreQuestionGetQuestions = contract({
  name: 'core_question_get_questions',
  component: COMPONENT,
  description: "A page of a course's questions, optionally of one category and matching a search text, by name.",
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/question:viewall'],
  args: z.strictObject({
    courseid: wsInt,
    categoryid: wsInt.default(0),
    search: z.string().max(255).default(''),
    page: wsInt.pipe(z.number().min(0)).default(0),
    perpage: wsInt.pipe(z.number().min(1).max(100)).default(20),
  }),
  returns: z.object({ questions: z.array(questionSummarySchema), total: z.number() }),
});

const answerInput = z.strictObject({
  answer: z.string().max(5000),
  /** Grade fraction −1..1 (1 = 100 %). */
  fraction: wsFloat.pipe(z.number().min(-1).max(1)),
  feedback: z.string().max(10000).default(''),
  tolerance: wsFloat.pipe(z.number().min(0)).default(0),
});

export const questionAnswerSchema = z.object({ id: z.number(), answer: z.string(), fraction: z.number(), feedback: z.string(), tolerance: z.number() });

export const questionSchema = z.object({
  id: z.number(),
  category: z.number(),
  qtype: z.enum(QTYPES),
  name: z.string(),
  questiontext: z.string(),
  generalfeedback: z.string(),
  defaultmark: z.number(),
  single: z.boolean(),
  shuffleanswers: z.boolean(),
  usecase: z.boolean(),
  answers: z.array(questionAnswerSchema),
  timemodified: z.number(),
});
export type Question = z.infer<typeof questionSchema>;

export const coreQuestionGetQuestion = contract({
  name: 'core_question_get_question',
  component: COMPONENT,
  description: 'One question of a question bank with its answers, for editing.',
  type: 'read',
  loginRequired: true,
  capabilities: ['moodle/question:viewall'],
  args: z.strictObject({ questionid: wsInt }),
  returns: questionSchema,
});

export const questionInput = z.strictObject({
  courseid: wsInt,
  /** 0 = a new question. */
  id: wsInt.default(0),
  /** 0 = the course's default category (made when missing). */
  category: wsInt.default(0),
  qtype: z.enum(QTYPES),
  name: z.string().trim().min(1).max(255),
  questiontext: z.string().max(65535),
  generalfeedback: z.string().max(65535).default(''),
  defaultmark: wsFloat.pipe(z.number().min(0).max(1000)).default(1),
  single: wsBool.default(true),
  shuffleanswers: wsBool.default(true),
  usecase: wsBool.default(false),
  answers: z.array(answerInput).max(50),
});
export type QuestionInput = z.input<typeof questionInput>;

export const coreQuestionSaveQuestion = contract({
  name: 'core_question_save_question',
  component: COMPONENT,
  description:
    'Create (id 0) or change a question of the four types: multiple choice (one or several answers, per-answer grade fractions and feedback), true/false (answers "true" and "false"), short answer (* wildcards, case option) and numerical (tolerance). Invalid answers are refused field by field.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/question:add', 'moodle/question:editall'],
  args: questionInput,
  returns: z.object({ id: z.number() }),
});

export const coreQuestionDeleteQuestion = contract({
  name: 'core_question_delete_question',
  component: COMPONENT,
  description: 'Delete a question that no quiz uses (otherwise questioninuse).',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/question:editall'],
  args: z.strictObject({ questionid: wsInt }),
  returns: z.object({ status: z.boolean() }),
});

export const coreQuestionImportGift = contract({
  name: 'core_question_import_gift',
  component: COMPONENT,
  description:
    'Import questions written in GIFT format (multiple choice, true/false, short answer, numerical) into a category of the course\'s bank (0 = the default category); $CATEGORY: lines switch to (or make) the course\'s category of that name. Nothing is imported when any question cannot be read or is invalid; the error names it.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/question:add', 'moodle/question:managecategory'],
  args: z.strictObject({ courseid: wsInt, categoryid: wsInt.default(0), text: z.string().trim().min(1).max(500_000) }),
  returns: z.object({ questionids: z.array(z.number()) }),
});

export const coreQuestionImportXml = contract({
  name: 'core_question_import_xml',
  component: COMPONENT,
  description:
    "Import questions from a Moodle XML file's text (multiple choice, true/false, short answer, numerical) into a category of the course's bank (0 = the default category); category entries in the file switch to (or make) the course's category of that name. Nothing is imported when any question cannot be read or is invalid; the error names it.",
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/question:add', 'moodle/question:managecategory'],
  args: z.strictObject({ courseid: wsInt, categoryid: wsInt.default(0), text: z.string().trim().min(1).max(2_000_000) }),
  returns: z.object({ questionids: z.array(z.number()) }),
});
