import { z } from 'zod';
import { contract } from './contract';
import { moduleGroupSettings } from './courseformat';
import { warningSchema, wsBool, wsInt } from './types';

const C = 'mod_feedback';
const time = wsInt.pipe(z.number().int().min(0).max(4_102_444_800));

/** The item types a feedback offers (activities.md §5.2). */
export const FEEDBACK_ITEM_TYPES = ['label', 'info', 'textfield', 'textarea', 'multichoice', 'numeric', 'pagebreak'] as const;
export type FeedbackItemType = (typeof FEEDBACK_ITEM_TYPES)[number];
/** Multiple choice: r one answer (radio buttons), c several (check boxes), d one from a drop-down list. */
export const MULTICHOICE_SUBTYPES = ['r', 'c', 'd'] as const;
export type MultichoiceSubtype = (typeof MULTICHOICE_SUBTYPES)[number];

/**
 * The settings of a feedback as the add/update form sends them (activities.md §5.1). anonymous
 * 1 = anonymous, 2 = named. Open and close times are Unix seconds (0 = not set); close must follow open.
 */
const feedbackSettings = {
  name: z.string().trim().min(1).max(255),
  intro: z.string().max(1_000_000).default(''),
  anonymous: wsInt.pipe(z.union([z.literal(1), z.literal(2)])).default(1),
  multiple_submit: wsBool.default(true),
  autonumbering: wsBool.default(true),
  publish_stats: wsBool.default(false),
  page_after_submit: z.string().max(1_000_000).default(''),
  timeopen: time.default(0),
  timeclose: time.default(0),
  ...moduleGroupSettings,
};

export const modFeedbackAddInstance = contract({
  name: 'mod_feedback_add_instance',
  component: C,
  description: 'Add a feedback to a section of a course (by section number) with its settings. Invalid settings are refused with `invalidsettings`, field by field.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:manageactivities', 'mod/feedback:addinstance'],
  args: z.strictObject({ courseid: wsInt, section: wsInt, ...feedbackSettings }),
  returns: z.object({ cmid: z.number(), instance: z.number() }),
});

export const modFeedbackUpdateInstance = contract({
  name: 'mod_feedback_update_instance',
  component: C,
  description: "Change a feedback's settings and common module settings.",
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:manageactivities'],
  args: z.strictObject({ cmid: wsInt, ...feedbackSettings }),
  returns: z.object({ cmid: z.number(), instance: z.number() }),
});

export const feedbackSchema = z.object({
  id: z.number(),
  coursemodule: z.number(),
  course: z.number(),
  name: z.string(),
  intro: z.string(),
  introformat: z.number(),
  anonymous: z.number(),
  multiple_submit: z.boolean(),
  autonumbering: z.boolean(),
  publish_stats: z.boolean(),
  timeopen: z.number(),
  timeclose: z.number(),
  timemodified: z.number(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const modFeedbackGetFeedback = contract({
  name: 'mod_feedback_get_feedback',
  component: C,
  description: "One feedback's settings by course module id, for its pages. Needs mod/feedback:view.",
  type: 'read',
  loginRequired: true,
  capabilities: ['mod/feedback:view'],
  args: z.strictObject({ cmid: wsInt }),
  returns: z.object({ feedback: feedbackSchema }),
});

const accessSchema = z.object({
  canviewanalysis: z.boolean(),
  cancomplete: z.boolean(),
  cansubmit: z.boolean(),
  candeletesubmissions: z.boolean(),
  canviewreports: z.boolean(),
  canedititems: z.boolean(),
  isempty: z.boolean(),
  isopen: z.boolean(),
  isalreadysubmitted: z.boolean(),
  isanonymous: z.boolean(),
  warnings: z.array(warningSchema),
});
export type FeedbackAccessInfo = z.infer<typeof accessSchema>;

export const modFeedbackGetFeedbackAccessInformation = contract({
  name: 'mod_feedback_get_feedback_access_information',
  component: C,
  description: 'What the caller may do with a feedback, and its state (open, empty, already submitted by the caller, anonymous).',
  type: 'read',
  loginRequired: true,
  capabilities: ['mod/feedback:view'],
  args: z.strictObject({ feedbackid: wsInt }),
  returns: accessSchema,
});

export const feedbackItemSchema = z.object({
  id: z.number(),
  feedback: z.number(),
  template: z.number(),
  name: z.string(),
  label: z.string(),
  presentation: z.string(),
  typ: z.string(),
  hasvalue: z.number(),
  position: z.number(),
  required: z.boolean(),
  dependitem: z.number(),
  dependvalue: z.string(),
  options: z.string(),
  /** The item's number when autonumbering is on and it collects a value. */
  itemnumber: z.number().nullable(),
  itemfiles: z.array(z.object({ filename: z.string(), fileurl: z.string() })),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

export const modFeedbackGetItems = contract({
  name: 'mod_feedback_get_items',
  component: C,
  description: "A feedback's items in order, to those who may complete it or hold mod/feedback:edititems or mod/feedback:viewreports.",
  type: 'read',
  loginRequired: true,
  capabilities: ['mod/feedback:view', 'mod/feedback:complete', 'mod/feedback:edititems', 'mod/feedback:viewreports'],
  args: z.strictObject({ feedbackid: wsInt }),
  returns: z.object({ items: z.array(feedbackItemSchema), warnings: z.array(warningSchema) }),
});

/**
 * An item as the edit page saves it. The server builds Moodle's `presentation` from the fields of the
 * item's type: text (label), infotype (info), size and maxlength (short text), width and height (long
 * text), subtype, choices and horizontal (multiple choice), minimum and maximum (numeric, '' = no bound).
 */
export const modFeedbackSaveItem = contract({
  name: 'mod_feedback_save_item',
  component: C,
  description: 'Add an item at the end of a feedback (itemid 0) or change one of its items. Needs mod/feedback:edititems. Invalid fields are refused with `invaliditem`, field by field.',
  type: 'write',
  loginRequired: true,
  capabilities: ['mod/feedback:edititems'],
  args: z.strictObject({
    feedbackid: wsInt,
    itemid: wsInt.default(0),
    typ: z.enum(FEEDBACK_ITEM_TYPES),
    name: z.string().trim().max(10_000).default(''),
    label: z.string().trim().max(255).default(''),
    required: wsBool.default(false),
    text: z.string().max(100_000).default(''),
    infotype: wsInt.pipe(z.number().int().min(1).max(3)).default(1),
    size: wsInt.pipe(z.number().int().min(1).max(255)).default(30),
    maxlength: wsInt.pipe(z.number().int().min(1).max(1024)).default(255),
    width: wsInt.pipe(z.number().int().min(5).max(80)).default(40),
    height: wsInt.pipe(z.number().int().min(2).max(40)).default(5),
    subtype: z.enum(MULTICHOICE_SUBTYPES).default('r'),
    choices: z.array(z.string().trim().max(1000)).max(100).default([]),
    horizontal: wsBool.default(false),
    minimum: z.string().trim().max(30).default(''),
    maximum: z.string().trim().max(30).default(''),
  }),
  returns: z.object({ item: feedbackItemSchema }),
});

export const modFeedbackDeleteItem = contract({
  name: 'mod_feedback_delete_item',
  component: C,
  description: 'Delete an item of a feedback with its answers; items depending on it lose the dependency and positions are renumbered 1..n. Needs mod/feedback:edititems.',
  type: 'write',
  loginRequired: true,
  capabilities: ['mod/feedback:edititems'],
  args: z.strictObject({ feedbackid: wsInt, itemid: wsInt }),
  returns: z.object({ items: z.array(feedbackItemSchema) }),
});

export const modFeedbackMoveItem = contract({
  name: 'mod_feedback_move_item',
  component: C,
  description: 'Move an item of a feedback to a position (1..n); the others are renumbered. Needs mod/feedback:edititems.',
  type: 'write',
  loginRequired: true,
  capabilities: ['mod/feedback:edititems'],
  args: z.strictObject({ feedbackid: wsInt, itemid: wsInt, position: wsInt.pipe(z.number().int().min(1)) }),
  returns: z.object({ items: z.array(feedbackItemSchema) }),
});

export const feedbackTemplateSchema = z.object({ id: z.number(), name: z.string(), ispublic: z.boolean(), course: z.number(), itemcount: z.number(), candelete: z.boolean() });
export type FeedbackTemplate = z.infer<typeof feedbackTemplateSchema>;

export const modFeedbackGetTemplates = contract({
  name: 'mod_feedback_get_templates',
  component: C,
  description: "The templates a feedback's editors may use: those of its course and the public ones. Needs mod/feedback:edititems.",
  type: 'read',
  loginRequired: true,
  capabilities: ['mod/feedback:edititems'],
  args: z.strictObject({ feedbackid: wsInt }),
  returns: z.object({ templates: z.array(feedbackTemplateSchema) }),
});

export const modFeedbackSaveTemplate = contract({
  name: 'mod_feedback_save_template',
  component: C,
  description: "Save a copy of a feedback's items as a template of its course (mod/feedback:createprivatetemplate) or a public one for every course (mod/feedback:createpublictemplate in the system context).",
  type: 'write',
  loginRequired: true,
  capabilities: ['mod/feedback:createprivatetemplate', 'mod/feedback:createpublictemplate'],
  args: z.strictObject({ feedbackid: wsInt, name: z.string().trim().min(1).max(255), ispublic: wsBool.default(false) }),
  returns: z.object({ template: feedbackTemplateSchema }),
});

export const modFeedbackUseTemplate = contract({
  name: 'mod_feedback_use_template',
  component: C,
  description: "Copy a template's items into a feedback, after its items (append) or instead of them (replace: also deletes every response). Needs mod/feedback:edititems.",
  type: 'write',
  loginRequired: true,
  capabilities: ['mod/feedback:edititems'],
  args: z.strictObject({ feedbackid: wsInt, templateid: wsInt, mode: z.enum(['append', 'replace']).default('append') }),
  returns: z.object({ items: z.array(feedbackItemSchema) }),
});

export const modFeedbackDeleteTemplate = contract({
  name: 'mod_feedback_delete_template',
  component: C,
  description: 'Delete a template. Needs mod/feedback:deletetemplate; a public one also needs mod/feedback:createpublictemplate and mod/feedback:deletetemplate in the system context.',
  type: 'write',
  loginRequired: true,
  capabilities: ['mod/feedback:deletetemplate', 'mod/feedback:createpublictemplate'],
  args: z.strictObject({ feedbackid: wsInt, templateid: wsInt }),
  returns: z.object({ templates: z.array(feedbackTemplateSchema) }),
});

export const modFeedbackLaunchFeedback = contract({
  name: 'mod_feedback_launch_feedback',
  component: C,
  description: 'Where the caller resumes answering (0 = the first page). Refused when the caller may not complete it, it is closed or empty, or it was already submitted and allows one answer.',
  type: 'read',
  loginRequired: true,
  capabilities: ['mod/feedback:complete'],
  args: z.strictObject({ feedbackid: wsInt }),
  returns: z.object({ gopage: z.number(), warnings: z.array(warningSchema) }),
});

export const modFeedbackGetPageItems = contract({
  name: 'mod_feedback_get_page_items',
  component: C,
  description: 'The items of one page (pages are separated by page breaks, from 0), and whether pages come before and after it.',
  type: 'read',
  loginRequired: true,
  capabilities: ['mod/feedback:complete', 'mod/feedback:edititems'],
  args: z.strictObject({ feedbackid: wsInt, page: wsInt.pipe(z.number().int().min(0)) }),
  returns: z.object({ items: z.array(feedbackItemSchema), hasprevpage: z.boolean(), hasnextpage: z.boolean(), pagecount: z.number(), warnings: z.array(warningSchema) }),
});

const valueSchema = z.object({ id: z.number(), course_id: z.number(), item: z.number(), completed: z.number(), value: z.string() });

export const modFeedbackGetUnfinishedResponses = contract({
  name: 'mod_feedback_get_unfinished_responses',
  component: C,
  description: "The caller's answers saved on earlier pages and not yet submitted.",
  type: 'read',
  loginRequired: true,
  capabilities: ['mod/feedback:complete'],
  args: z.strictObject({ feedbackid: wsInt }),
  returns: z.object({ responses: z.array(valueSchema), warnings: z.array(warningSchema) }),
});

/**
 * Answers one page. Names are `<typ>_<itemid>` (check boxes `multichoice_<itemid>[n]`, one per ticked
 * option). Going forward from the last page submits. `submissionkey` (chosen by the client when it
 * starts answering) makes a repeated final submit answer "completed" without storing a second response.
 */
export const modFeedbackProcessPage = contract({
  name: 'mod_feedback_process_page',
  component: C,
  description:
    'Save the answers of one page and move to the next (or previous) page; from the last page the response is submitted. Wrong answers are refused with `invalidresponses`, item by item, and nothing is stored.',
  type: 'write',
  loginRequired: true,
  capabilities: ['mod/feedback:complete'],
  args: z.strictObject({
    feedbackid: wsInt,
    page: wsInt.pipe(z.number().int().min(0)),
    responses: z.array(z.object({ name: z.string().max(100), value: z.union([z.string().max(100_000), z.number()]).transform(String) })).max(1000).default([]),
    goprevious: wsBool.default(false),
    submissionkey: z.string().regex(/^[A-Za-z0-9-]{0,64}$/).default(''),
  }),
  returns: z.object({ jumpto: z.number(), completed: z.boolean(), completionpagecontents: z.string(), siteaftersubmit: z.string(), warnings: z.array(warningSchema) }),
});

/** One choice of a multiple choice item in the analysis. */
export const choiceStatSchema = z.object({ answertext: z.string(), answercount: z.number(), quotient: z.number() });

export const modFeedbackGetAnalysis = contract({
  name: 'mod_feedback_get_analysis',
  component: C,
  description:
    'Per-item results: choice counts and shares (data: JSON strings as Moodle sends them, and `choices`), numeric answers with their average, text answers. Needs mod/feedback:viewreports, or mod/feedback:viewanalysepage on a feedback that publishes its analysis once the caller answered.',
  type: 'read',
  loginRequired: true,
  capabilities: ['mod/feedback:viewreports', 'mod/feedback:viewanalysepage'],
  args: z.strictObject({ feedbackid: wsInt, groupid: wsInt.default(0) }),
  returns: z.object({
    completedcount: z.number(),
    itemscount: z.number(),
    itemsdata: z.array(
      z.object({
        item: feedbackItemSchema,
        data: z.array(z.string()),
        choices: z.array(choiceStatSchema).optional(),
        average: z.number().nullable().optional(),
        answercount: z.number(),
      }),
    ),
    warnings: z.array(warningSchema),
  }),
});

const responseSchema = z.object({ id: z.number(), name: z.string(), printval: z.string(), rawval: z.string() });

export const modFeedbackGetResponsesAnalysis = contract({
  name: 'mod_feedback_get_responses_analysis',
  component: C,
  description: 'The responses, newest first and paged (perpage 0 = all): named ones with who answered, anonymous ones numbered. Needs mod/feedback:viewreports.',
  type: 'read',
  loginRequired: true,
  capabilities: ['mod/feedback:viewreports'],
  args: z.strictObject({ feedbackid: wsInt, groupid: wsInt.default(0), page: wsInt.pipe(z.number().int().min(0)).default(0), perpage: wsInt.pipe(z.number().int().min(0).max(1000)).default(0) }),
  returns: z.object({
    attempts: z.array(z.object({ id: z.number(), courseid: z.number(), userid: z.number(), timemodified: z.number(), fullname: z.string(), responses: z.array(responseSchema) })),
    totalattempts: z.number(),
    anonattempts: z.array(z.object({ id: z.number(), courseid: z.number(), number: z.number(), responses: z.array(responseSchema) })),
    totalanonattempts: z.number(),
    warnings: z.array(warningSchema),
  }),
});

/** Parsed `presentation` of a multiple choice item: `r>>>>>Yes|No<<<<<1`. */
export function parseMultichoice(presentation: string): { subtype: MultichoiceSubtype; choices: string[]; horizontal: boolean } {
  const [head = '', rest = ''] = presentation.split('>>>>>');
  const subtype: MultichoiceSubtype = head === 'c' || head === 'd' ? head : 'r';
  const [list = '', flag = ''] = rest.split('<<<<<');
  return { subtype, choices: list === '' ? [] : list.split('|'), horizontal: flag === '1' };
}

/** Parsed `presentation` of a numeric item: `min|max`, either side empty = no bound. */
export function parseNumericRange(presentation: string): { min: number | null; max: number | null } {
  const [a = '', b = ''] = presentation.split('|');
  const bound = (v: string) => (v.trim() === '' || !Number.isFinite(Number(v)) ? null : Number(v));
  return { min: bound(a), max: bound(b) };
}

/** Parsed `presentation` of a text item: `size|maxlength` (short) or `width|height` (long). */
export function parsePair(presentation: string, fallback: [number, number]): [number, number] {
  const [a, b] = presentation.split('|').map(Number);
  return [a && a > 0 ? a : fallback[0], b && b > 0 ? b : fallback[1]];
}

export const modFeedbackDeleteResponse = contract({
  name: 'mod_feedback_delete_response',
  component: C,
  description: 'Delete one submitted response of the feedback with its answers (mod/feedback:deletesubmissions); a response of another feedback is not found.',
  type: 'write',
  loginRequired: true,
  capabilities: ['mod/feedback:deletesubmissions'],
  args: z.strictObject({ feedbackid: wsInt, completedid: wsInt }),
  returns: z.object({ status: z.boolean(), warnings: z.array(warningSchema) }),
});
