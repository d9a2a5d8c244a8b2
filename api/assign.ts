import { z } from 'zod';
import { contract } from './contract';
import { moduleGroupSettings } from './courseformat';
import { identityFieldsSchema, identityValuesShape } from './identity';
import { warningSchema, wsBool, wsFloat, wsInt } from './types';

const COMPONENT = 'mod_assign';
const VIEW = 'mod/assign:view';
const SUBMIT = 'mod/assign:submit';
const GRADE = 'mod/assign:grade';
const VIEWGRADES = 'mod/assign:viewgrades';

/** Submission statuses (activities.md §1.3). */
export const SUBMISSION_STATUSES = ['new', 'draft', 'submitted', 'reopened'] as const;
export const submissionStatusSchema = z.enum(SUBMISSION_STATUSES);
export type SubmissionStatus = z.infer<typeof submissionStatusSchema>;

/** Grading status without marking workflow (activities.md §1.4). */
export const gradingStatusSchema = z.enum(['graded', 'notgraded']);

/** The grader's participant filters; a participant must meet every chosen one. */
export const GRADING_FILTERS = ['submitted', 'notsubmitted', 'requiregrading'] as const;
export const gradingFilterSchema = z.enum(GRADING_FILTERS);
export type GradingFilter = z.infer<typeof gradingFilterSchema>;

/** Largest file count and the allowed range of "maximum number of uploaded files". */
export const ASSIGN_MAX_FILES = 20;
/** The participant selector's page size (spec §9). */
export const PARTICIPANT_SELECTOR_LIMIT = 30;

const unixTime = wsInt.pipe(z.number().int().min(0));
const name = z.string().trim().min(1).max(255);

/**
 * The settings of an assignment as the add/update form sends them (activities.md §1.1, §1.7).
 * `grade`: >0 maximum points, <0 a scale given as −scaleid, 0 no grade.
 * `gradingmethod`: '' simple direct grading, 'guide' marking guide.
 * Date rules (due ≥ from, cut-off ≥ due and ≥ from, grading due ≥ due and ≥ from) and the plugin
 * limits are checked on the server: a breach is refused with errorcode `invalidsettings` whose
 * debuginfo is a JSON object {field: message}.
 */
export const assignSettingsShape = {
  name,
  intro: z.string().max(1_000_000).default(''),
  alwaysshowdescription: wsBool.default(true),
  allowsubmissionsfromdate: unixTime.default(0),
  duedate: unixTime.default(0),
  cutoffdate: unixTime.default(0),
  gradingduedate: unixTime.default(0),
  grade: wsInt.pipe(z.number().int().min(-1_000_000).max(100_000)).default(100),
  submissiondrafts: wsBool.default(false),
  requiresubmissionstatement: wsBool.default(false),
  onlinetext_enabled: wsBool.default(true),
  onlinetext_wordlimit: wsInt.pipe(z.number().int().min(0).max(1_000_000)).default(0),
  file_enabled: wsBool.default(false),
  file_maxfiles: wsInt.pipe(z.number().int().min(1).max(ASSIGN_MAX_FILES)).default(1),
  /** 0 = the site limit. */
  file_maxsizebytes: wsInt.pipe(z.number().int().min(0).max(2 ** 31 - 1)).default(0),
  sendnotifications: wsBool.default(false),
  sendlatenotifications: wsBool.default(false),
  sendstudentnotifications: wsBool.default(true),
  gradingmethod: z.enum(['', 'guide']).default(''),
  ...moduleGroupSettings,
};

export const modAssignAddInstance = contract({
  name: 'mod_assign_add_instance',
  component: COMPONENT,
  description:
    'Add an assignment to a section of a course (by section number) with its settings, grade item and grading method. Invalid settings are refused with errorcode invalidsettings and debuginfo {field: message}; nothing is created.',
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:manageactivities', 'mod/assign:addinstance'],
  args: z.strictObject({ courseid: wsInt, section: wsInt, ...assignSettingsShape }),
  returns: z.object({ cmid: z.number(), instance: z.number() }),
});

export const modAssignUpdateInstance = contract({
  name: 'mod_assign_update_instance',
  component: COMPONENT,
  description: "Change an assignment's settings (same rules as mod_assign_add_instance); the grade item follows the new name and grade.",
  type: 'write',
  loginRequired: true,
  capabilities: ['moodle/course:manageactivities'],
  args: z.strictObject({ cmid: wsInt, ...assignSettingsShape }),
  returns: z.object({ cmid: z.number(), instance: z.number() }),
});

/** One plugin setting as Moodle lists it in `configs`. */
export const assignConfigSchema = z.object({ plugin: z.string(), subtype: z.string(), name: z.string(), value: z.string() });

export const assignmentSchema = z.object({
  id: z.number(),
  cmid: z.number(),
  course: z.number(),
  name: z.string(),
  nosubmissions: z.number(),
  submissiondrafts: z.number(),
  sendnotifications: z.number(),
  sendlatenotifications: z.number(),
  sendstudentnotifications: z.number(),
  duedate: z.number(),
  allowsubmissionsfromdate: z.number(),
  grade: z.number(),
  timemodified: z.number(),
  completionsubmit: z.number(),
  cutoffdate: z.number(),
  gradingduedate: z.number(),
  teamsubmission: z.number(),
  requireallteammemberssubmit: z.number(),
  teamsubmissiongroupingid: z.number(),
  blindmarking: z.number(),
  hidegrader: z.number(),
  revealidentities: z.number(),
  attemptreopenmethod: z.string(),
  maxattempts: z.number(),
  markingworkflow: z.number(),
  markingallocation: z.number(),
  requiresubmissionstatement: z.number(),
  preventsubmissionnotingroup: z.number(),
  configs: z.array(assignConfigSchema),
  /** Sanitised HTML; absent when the description is hidden until submissions open. */
  intro: z.string().optional(),
  introformat: z.number().optional(),
  /** Tessera: '' simple or 'guide'. */
  gradingmethod: z.string(),
});
export type AssignmentInfo = z.infer<typeof assignmentSchema>;

export const modAssignGetAssignments = contract({
  name: 'mod_assign_get_assignments',
  component: COMPONENT,
  description:
    'The assignments the user can see in the given courses (their enrolled courses when none are given), grouped by course, with settings and plugin configs. Courses they cannot access become warnings (warningcode 1).',
  type: 'read',
  loginRequired: true,
  capabilities: [VIEW],
  args: z.strictObject({
    courseids: z.array(wsInt).max(1000).default([]),
    capabilities: z.array(z.string().max(100)).max(20).default([]),
    includenotenrolledcourses: wsBool.default(false),
  }),
  returns: z.object({
    courses: z.array(z.object({ id: z.number(), fullname: z.string(), shortname: z.string(), timemodified: z.number(), assignments: z.array(assignmentSchema) })),
    warnings: z.array(warningSchema),
  }),
});

/** A stored submission file; `fileurl` is the pluginfile.php link that serves it to those allowed. */
export const assignFileSchema = z.object({
  filename: z.string(),
  filepath: z.string(),
  filesize: z.number(),
  mimetype: z.string(),
  fileurl: z.string(),
  timemodified: z.number(),
});
export type AssignFile = z.infer<typeof assignFileSchema>;

/**
 * A submission or feedback plugin's data (Moodle's shape): the online text arrives as editorfields
 * [{name: 'onlinetext', text (sanitised HTML), format}], files as fileareas [{area: 'submission_files',
 * files}], feedback comments as editorfields [{name: 'comments', text, format}].
 */
export const assignPluginSchema = z.object({
  type: z.string(),
  name: z.string(),
  fileareas: z.array(z.object({ area: z.string(), files: z.array(assignFileSchema) })).optional(),
  editorfields: z.array(z.object({ name: z.string(), description: z.string(), text: z.string(), format: z.number() })).optional(),
});

export const assignSubmissionSchema = z.object({
  id: z.number(),
  userid: z.number(),
  attemptnumber: z.number(),
  timecreated: z.number(),
  timemodified: z.number(),
  status: z.string(),
  groupid: z.number(),
  assignment: z.number(),
  latest: z.number(),
  plugins: z.array(assignPluginSchema),
  gradingstatus: z.string().optional(),
});

export const assignGradeSchema = z.object({
  id: z.number(),
  assignment: z.number(),
  userid: z.number(),
  attemptnumber: z.number(),
  timecreated: z.number(),
  timemodified: z.number(),
  grader: z.number(),
  /** Moodle sends the grade as a string with 5 decimals; '' when not set. */
  grade: z.string(),
});

/** The learner's view of a marking-guide grade. */
export const guideFeedbackSchema = z.object({
  criteria: z.array(
    z.object({ id: z.number(), shortname: z.string(), description: z.string(), maxscore: z.number(), score: z.number().nullable(), remark: z.string() }),
  ),
  total: z.number(),
  maxtotal: z.number(),
});

export const modAssignGetSubmissionStatus = contract({
  name: 'mod_assign_get_submission_status',
  component: COMPONENT,
  description:
    "The status page of an assignment for a user (userid 0: the caller): grading summary for graders, the last attempt for users who submit, and the feedback once graded. Another user's status needs mod/assign:viewgrades. Tessera adds `assign` (the settings the page shows and what the caller may do) and, in the feedback, the grader's name, the comment as HTML and the marking-guide scores.",
  type: 'read',
  loginRequired: true,
  capabilities: [VIEW, VIEWGRADES, SUBMIT],
  args: z.strictObject({ assignid: wsInt, userid: wsInt.default(0), groupid: wsInt.default(0) }),
  returns: z.object({
    gradingsummary: z
      .object({
        participantcount: z.number(),
        submissiondraftscount: z.number(),
        submissionsenabled: z.boolean(),
        submissionssubmittedcount: z.number(),
        submissionsneedgradingcount: z.number(),
        warnofungroupedusers: z.union([z.boolean(), z.string()]),
      })
      .optional(),
    lastattempt: z
      .object({
        submission: assignSubmissionSchema.optional(),
        submissiongroupmemberswhoneedtosubmit: z.array(z.number()),
        submissionsenabled: z.boolean(),
        locked: z.boolean(),
        graded: z.boolean(),
        canedit: z.boolean(),
        caneditowner: z.boolean(),
        cansubmit: z.boolean(),
        extensionduedate: z.number().nullable(),
        blindmarking: z.boolean(),
        gradingstatus: z.string(),
        usergroups: z.array(z.number()),
        /** Tessera: the submission was (or, unsubmitted now, would be) after the due date. */
        late: z.boolean(),
        /** Tessera: seconds until the due date (negative: overdue); null without a due date. */
        timeremaining: z.number().nullable(),
        /** Tessera: submissions are accepted now (from-date and cut-off rules). */
        submissionsopen: z.boolean(),
      })
      .optional(),
    feedback: z
      .object({
        grade: assignGradeSchema.optional(),
        gradefordisplay: z.string(),
        gradeddate: z.number(),
        plugins: z.array(assignPluginSchema).optional(),
        /** Tessera: the grader's full name ('' when hidden). */
        gradername: z.string(),
        /** Tessera: the feedback comment as sanitised HTML ('' when none). */
        comment: z.string(),
        /** Tessera: the marking-guide scores, when the grade was given with a guide. */
        guide: guideFeedbackSchema.optional(),
      })
      .optional(),
    previousattempts: z.array(z.object({ attemptnumber: z.number(), submission: assignSubmissionSchema.optional(), grade: assignGradeSchema.optional() })).optional(),
    /** Tessera: the assignment as the status page shows it, and what the caller may do. */
    assign: z.object({
      id: z.number(),
      cmid: z.number(),
      contextid: z.number(),
      course: z.number(),
      name: z.string(),
      /** Sanitised HTML; '' while hidden before the from-date. */
      intro: z.string(),
      allowsubmissionsfromdate: z.number(),
      duedate: z.number(),
      cutoffdate: z.number(),
      gradingduedate: z.number(),
      grade: z.number(),
      submissiondrafts: z.boolean(),
      requiresubmissionstatement: z.boolean(),
      /** The site's submission statement (sanitised HTML); shown when required. */
      submissionstatement: z.string(),
      onlinetext_enabled: z.boolean(),
      onlinetext_wordlimit: z.number(),
      file_enabled: z.boolean(),
      file_maxfiles: z.number(),
      file_maxsizebytes: z.number(),
      gradingmethod: z.string(),
      cansubmit: z.boolean(),
      cangrade: z.boolean(),
      canviewgrades: z.boolean(),
      canmanage: z.boolean(),
    }),
    /** The user whose status this is. */
    userid: z.number(),
    warnings: z.array(warningSchema),
  }),
});

export const modAssignSaveSubmission = contract({
  name: 'mod_assign_save_submission',
  component: COMPONENT,
  description:
    "Save the caller's submission: online text (word limit enforced: warning wordlimitexceeded) and the files of a draft area (count and size limits enforced). With drafts on it stays a draft; otherwise it is submitted. Closed submissions (before the from-date, after the cut-off) answer warning couldnotsavesubmission; empty → submissionempty. Warnings mean nothing was saved.",
  type: 'write',
  loginRequired: true,
  capabilities: [SUBMIT],
  args: z.strictObject({
    assignmentid: wsInt,
    plugindata: z.strictObject({
      onlinetext_editor: z.strictObject({ text: z.string().max(1_000_000), format: wsInt.default(1), itemid: wsInt.default(0) }).optional(),
      /** A draft item id from the upload route (POST /repository/draftfiles.php). */
      files_filemanager: wsInt.optional(),
    }),
  }),
  returns: z.array(warningSchema),
});

export const modAssignSubmitForGrading = contract({
  name: 'mod_assign_submit_for_grading',
  component: COMPONENT,
  description:
    "Submit the caller's draft for grading. When the assignment requires the submission statement, acceptsubmissionstatement must be true (else warning submissionstatementrequired). Already submitted, closed or empty → warning couldnotsubmitforgrading.",
  type: 'write',
  loginRequired: true,
  capabilities: [SUBMIT],
  args: z.strictObject({ assignmentid: wsInt, acceptsubmissionstatement: wsBool.default(false) }),
  returns: z.array(warningSchema),
});

/** A draft area of the caller (files being prepared for a submission). */
export const draftAreaSchema = z.object({
  itemid: z.number(),
  files: z.array(z.object({ filename: z.string(), filesize: z.number(), mimetype: z.string(), timecreated: z.number() })),
});
export type DraftArea = z.infer<typeof draftAreaSchema>;

export const modAssignPrepareSubmissionFiles = contract({
  name: 'mod_assign_prepare_submission_files',
  component: COMPONENT,
  description:
    "Tessera: a new draft area of the caller holding a copy of their current submission's files, for the edit-submission form. Add files with POST /repository/draftfiles.php (multipart: sesskey, itemid, action=upload and the file) and remove one with action=delete and filename; both answer the draft area. Then save with mod_assign_save_submission {plugindata: {files_filemanager: itemid}}. Also answers the limits.",
  type: 'write',
  loginRequired: true,
  capabilities: [SUBMIT],
  args: z.strictObject({ assignmentid: wsInt }),
  returns: draftAreaSchema.extend({ maxfiles: z.number(), maxbytes: z.number() }),
});

export const guideGradingDataSchema = z.strictObject({
  guide: z.strictObject({
    criteria: z
      .array(
        z.strictObject({
          criterionid: wsInt,
          fillings: z.array(z.strictObject({ criterionid: wsInt, score: wsFloat, remark: z.string().max(65535).default(''), remarkformat: wsInt.default(1) })).max(1),
        }),
      )
      .max(200),
  }),
});

export const modAssignSaveGrade = contract({
  name: 'mod_assign_save_grade',
  component: COMPONENT,
  description:
    "Save one user's grade for the latest attempt (attemptnumber −1) with the feedback comment and, when the assignment grades with a marking guide, the guide's scores (advancedgradingdata.guide). Points must be within 0..max, a scale value a valid index (−1: no grade). Invalid data is refused with an exception and nothing is saved. The gradebook is updated.",
  type: 'write',
  loginRequired: true,
  capabilities: [GRADE],
  args: z.strictObject({
    assignmentid: wsInt,
    userid: wsInt,
    grade: wsFloat,
    attemptnumber: wsInt.default(-1),
    addattempt: wsBool.default(false),
    workflowstate: z.string().max(20).default(''),
    applytoall: wsBool.default(false),
    plugindata: z
      .strictObject({
        assignfeedbackcomments_editor: z.strictObject({ text: z.string().max(1_000_000), format: wsInt.default(1) }).optional(),
        files_filemanager: wsInt.optional(),
      })
      .default({}),
    advancedgradingdata: z.union([guideGradingDataSchema, z.strictObject({})]).default({}),
  }),
  returns: z.null(),
});

export const modAssignGetGrades = contract({
  name: 'mod_assign_get_grades',
  component: COMPONENT,
  description: 'The latest-attempt grades of the given assignments modified since a time. Needs mod/assign:grade; refused or empty assignments become warnings (1 no permission, 3 no grades).',
  type: 'read',
  loginRequired: true,
  capabilities: [GRADE],
  args: z.strictObject({ assignmentids: z.array(wsInt).min(1).max(200), since: unixTime.default(0) }),
  returns: z.object({
    assignments: z.array(z.object({ assignmentid: z.number(), grades: z.array(assignGradeSchema.omit({ assignment: true })) })),
    warnings: z.array(warningSchema),
  }),
});

export const modAssignGetSubmissions = contract({
  name: 'mod_assign_get_submissions',
  component: COMPONENT,
  description: "The latest submissions of the given assignments (optionally of one status) modified in [since, before]. Needs mod/assign:grade; refused or empty assignments become warnings (1, 3).",
  type: 'read',
  loginRequired: true,
  capabilities: [GRADE],
  args: z.strictObject({
    assignmentids: z.array(wsInt).min(1).max(200),
    status: z.string().max(20).default(''),
    since: unixTime.default(0),
    before: unixTime.default(0),
  }),
  returns: z.object({
    assignments: z.array(z.object({ assignmentid: z.number(), submissions: z.array(assignSubmissionSchema) })),
    warnings: z.array(warningSchema),
  }),
});

const viewResult = z.object({ status: z.boolean(), warnings: z.array(warningSchema) });

export const modAssignViewGradingTable = contract({
  name: 'mod_assign_view_grading_table',
  component: COMPONENT,
  description: 'Logs that the grading table was viewed. Needs mod/assign:view and mod/assign:viewgrades.',
  type: 'write',
  loginRequired: true,
  capabilities: [VIEW, VIEWGRADES],
  args: z.strictObject({ assignid: wsInt }),
  returns: viewResult,
});

export const modAssignViewSubmissionStatus = contract({
  name: 'mod_assign_view_submission_status',
  component: COMPONENT,
  description: 'Logs that the submission status page was viewed. Needs mod/assign:view.',
  type: 'write',
  loginRequired: true,
  capabilities: [VIEW],
  args: z.strictObject({ assignid: wsInt }),
  returns: viewResult,
});

export const modAssignViewAssign = contract({
  name: 'mod_assign_view_assign',
  component: COMPONENT,
  description: 'Logs that the assignment was viewed (which counts for completion that requires viewing). Needs mod/assign:view.',
  type: 'write',
  loginRequired: true,
  capabilities: [VIEW],
  args: z.strictObject({ assignid: wsInt }),
  returns: viewResult,
});

/** A participant in the grader's lists. Details are left out with onlyids. */
export const participantSchema = z.object({
  id: z.number(),
  fullname: z.string(),
  submitted: z.boolean(),
  requiregrading: z.boolean(),
  grantedextension: z.boolean(),
  /** new, draft, submitted, reopened; '' when no submission row exists. */
  submissionstatus: z.string(),
  ...identityValuesShape,
  profileimageurl: z.string().optional(),
  profileimageurlsmall: z.string().optional(),
  groupid: z.number().optional(),
  groupname: z.string().optional(),
});
export type Participant = z.infer<typeof participantSchema>;

export const modAssignListParticipants = contract({
  name: 'mod_assign_list_participants',
  component: COMPONENT,
  description:
    'The participants of an assignment (enrolled users who may submit; group-filtered), filtered by a case-insensitive part of the full name, then skip/limit (limit 0: all). onlyids answers only id, fullname, submitted, requiregrading and status, fast for thousands. Needs mod/assign:view and mod/assign:viewgrades or mod/assign:grade.',
  type: 'read',
  loginRequired: true,
  capabilities: [VIEW, VIEWGRADES, GRADE],
  args: z.strictObject({
    assignid: wsInt,
    groupid: wsInt.default(0),
    filter: z.string().max(255).default(''),
    skip: wsInt.pipe(z.number().int().min(0)).default(0),
    limit: wsInt.pipe(z.number().int().min(0)).default(0),
    onlyids: wsBool.default(false),
    includeenrolments: wsBool.default(true),
    tablesort: wsBool.default(false),
  }),
  returns: z.array(participantSchema),
});

export const participantUserSchema = z.object({
  id: z.number(),
  fullname: z.string(),
  ...identityValuesShape,
  profileimageurl: z.string(),
  profileimageurlsmall: z.string(),
});

export const modAssignGetParticipant = contract({
  name: 'mod_assign_get_participant',
  component: COMPONENT,
  description: 'One participant of an assignment (not a participant → usernotincourse), with the user when embeduser. Access as mod_assign_list_participants.',
  type: 'read',
  loginRequired: true,
  capabilities: [VIEW, VIEWGRADES, GRADE],
  args: z.strictObject({ assignid: wsInt, userid: wsInt, embeduser: wsBool.default(false) }),
  returns: z.object({
    id: z.number(),
    fullname: z.string(),
    submitted: z.boolean(),
    requiregrading: z.boolean(),
    grantedextension: z.boolean(),
    submissionstatus: z.string(),
    blindmarking: z.boolean(),
    allowsubmissionsfromdate: z.number(),
    duedate: z.number(),
    cutoffdate: z.number(),
    duedatestr: z.string(),
    groupid: z.number().optional(),
    groupname: z.string().optional(),
    user: participantUserSchema.optional(),
  }),
});

export const gradingTableRowSchema = z.object({
  userid: z.number(),
  fullname: z.string(),
  ...identityValuesShape,
  profileimageurlsmall: z.string(),
  /** The submission status; 'new' when nothing was submitted. */
  status: z.string(),
  gradingstatus: z.string(),
  late: z.boolean(),
  timesubmitted: z.number(),
  grade: z.number().nullable(),
  gradefordisplay: z.string(),
  timegraded: z.number(),
});
export type GradingTableRow = z.infer<typeof gradingTableRowSchema>;

export const modAssignGetGradingTable = contract({
  name: 'mod_assign_get_grading_table',
  component: COMPONENT,
  description:
    'Tessera: one page of the grading table: every participant with submission status, grade and last change; filters combined (all must hold), search on name and identity fields, sort and paging. gradesummary counts the whole assignment. Needs mod/assign:viewgrades or mod/assign:grade.',
  type: 'read',
  loginRequired: true,
  capabilities: [VIEW, VIEWGRADES, GRADE],
  args: z.strictObject({
    assignid: wsInt,
    filters: z.array(gradingFilterSchema).max(3).default([]),
    search: z.string().max(255).default(''),
    sort: z.enum(['fullname', 'status', 'grade', 'timemodified']).default('fullname'),
    direction: z.enum(['asc', 'desc']).default('asc'),
    page: wsInt.pipe(z.number().int().min(0)).default(0),
    perpage: wsInt.pipe(z.number().int().min(1).max(500)).default(20),
  }),
  returns: z.object({
    total: z.number(),
    rows: z.array(gradingTableRowSchema),
    identityfields: identityFieldsSchema,
    gradesummary: z.object({ participants: z.number(), submitted: z.number(), drafts: z.number(), needsgrading: z.number(), graded: z.number() }),
    cangrade: z.boolean(),
  }),
});

/** The marking guide with this user's current scores, for the grade panel. */
export const gradingPanelGuideSchema = z.object({
  definitionid: z.number(),
  name: z.string(),
  description: z.string(),
  criteria: z.array(z.object({ id: z.number(), sortorder: z.number(), shortname: z.string(), description: z.string(), descriptionmarkers: z.string(), maxscore: z.number() })),
  comments: z.array(z.object({ id: z.number(), sortorder: z.number(), description: z.string() })),
  fillings: z.array(z.object({ criterionid: z.number(), score: z.number(), remark: z.string() })),
});
export type GradingPanelGuide = z.infer<typeof gradingPanelGuideSchema>;

export const gradingPanelSchema = z.object({
  assign: z.object({ id: z.number(), cmid: z.number(), contextid: z.number(), name: z.string(), duedate: z.number(), cutoffdate: z.number() }),
  user: z.object({ id: z.number(), fullname: z.string(), profileimageurl: z.string(), ...identityValuesShape }),
  submission: z
    .object({
      status: z.string(),
      timemodified: z.number(),
      late: z.boolean(),
      /** Sanitised HTML; '' when the online text is off or empty. */
      onlinetext: z.string(),
      files: z.array(assignFileSchema),
    })
    .nullable(),
  grade: z.object({
    grade: z.number().nullable(),
    /** Send this back as `gradetimemodified`: 0 when never graded. */
    timemodified: z.number(),
    gradername: z.string(),
    /** The feedback comment as stored (the editor's value). */
    feedbackcomment: z.string(),
    feedbackformat: z.number(),
  }),
  gradeitem: z.object({ type: z.enum(['points', 'scale', 'none']), grademax: z.number(), scaleitems: z.array(z.string()) }),
  guide: gradingPanelGuideSchema.nullable(),
  sendstudentnotifications: z.boolean(),
  gradingstatus: z.string(),
});
export type GradingPanel = z.infer<typeof gradingPanelSchema>;

export const modAssignGetGradingPanel = contract({
  name: 'mod_assign_get_grading_panel',
  component: COMPONENT,
  description:
    "Tessera: what the grader's grade and review panels show for one participant: the submission (online text, files), the current grade and feedback comment with its timemodified (for the concurrency check), the grade item (points, scale items) and the marking guide with this user's scores. Needs mod/assign:grade.",
  type: 'read',
  loginRequired: true,
  capabilities: [GRADE],
  args: z.strictObject({ assignid: wsInt, userid: wsInt }),
  returns: gradingPanelSchema,
});

export const modAssignSubmitGradingForm = contract({
  name: 'mod_assign_submit_grading_form',
  component: COMPONENT,
  description:
    "Save the grader's form for one user. jsonformdata is a JSON string holding a URL-encoded form: grade, assignfeedbackcomments_editor[text], assignfeedbackcomments_editor[format], sendstudentnotifications, attemptnumber, advancedgrading[criteria][<criterionid>][score|remark] for a guide, and gradetimemodified (the grade's timemodified when the panel was loaded). Answers warnings: empty = saved; otherwise nothing was saved and each warning names the field in `item` (warningcodes invalidfloatforgrade, gradeabovemaximum, gradebelowzero, invalidgradeforscale, err_scoreinvalid, err_scorenegative, err_missing, gradechanged, couldnotsavegrade).",
  type: 'write',
  loginRequired: true,
  capabilities: [GRADE],
  args: z.strictObject({ assignmentid: wsInt, userid: wsInt, jsonformdata: z.string().max(2_000_000) }),
  returns: z.array(warningSchema),
});
