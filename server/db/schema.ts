import type { Generated, GeneratedAlways } from 'kysely';

/**
 * Row types of every table. Times are Unix seconds; flags are 0/1 integers so both dialects agree.
 * Components add their tables by extending `DB` here, next to the core ones.
 */
export interface ConfigTable {
  name: string;
  value: string;
}

export interface UserTable {
  id: Generated<number>;
  auth: Generated<string>;
  username: string;
  password: Generated<string>;
  firstname: Generated<string>;
  lastname: Generated<string>;
  email: Generated<string>;
  idnumber: Generated<string>;
  phone1: Generated<string>;
  phone2: Generated<string>;
  department: Generated<string>;
  institution: Generated<string>;
  city: Generated<string>;
  country: Generated<string>;
  lang: Generated<string>;
  timezone: Generated<string>;
  description: Generated<string>;
  suspended: Generated<number>;
  deleted: Generated<number>;
  picture: Generated<number>;
  lastlogin: Generated<number>;
  currentlogin: Generated<number>;
  lastaccess: Generated<number>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
}

export interface SessionTable {
  /** The random value in the session cookie. */
  sid: string;
  /** 0 while nobody is logged in on this session. */
  userid: Generated<number>;
  sesskey: string;
  /** JSON object for small per-session state (login token, quiz passwords accepted, …). */
  data: Generated<string>;
  firstip: Generated<string>;
  lastip: Generated<string>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
}

export interface UserPreferenceTable {
  id: Generated<number>;
  userid: number;
  name: string;
  value: Generated<string>;
}

export interface ContextTable {
  id: Generated<number>;
  contextlevel: number;
  instanceid: number;
  /** `/1/5/23`: ids from the system context down to this one. */
  path: Generated<string>;
  depth: Generated<number>;
  locked: Generated<number>;
}

export interface RoleTable {
  id: Generated<number>;
  name: Generated<string>;
  shortname: string;
  description: Generated<string>;
  sortorder: number;
  archetype: Generated<string>;
}

export interface RoleAssignmentTable {
  id: Generated<number>;
  roleid: number;
  contextid: number;
  userid: number;
  component: Generated<string>;
  itemid: Generated<number>;
  modifierid: Generated<number>;
  timemodified: Generated<number>;
}

export interface RoleCapabilityTable {
  id: Generated<number>;
  contextid: number;
  roleid: number;
  capability: string;
  /** 1 allow, -1 prevent, -1000 prohibit (inherit has no row). */
  permission: Generated<number>;
  modifierid: Generated<number>;
  timemodified: Generated<number>;
}

/** A context level where a role may be assigned. */
export interface RoleContextLevelTable {
  id: Generated<number>;
  roleid: number;
  contextlevel: number;
}

/** Holders of `roleid` may assign `allowassign`. */
export interface RoleAllowAssignTable {
  id: Generated<number>;
  roleid: number;
  allowassign: number;
}

/** Holders of `roleid` may override the permissions of `allowoverride`. */
export interface RoleAllowOverrideTable {
  id: Generated<number>;
  roleid: number;
  allowoverride: number;
}

export interface CapabilityTable {
  id: Generated<number>;
  name: string;
  /** `read` or `write` */
  captype: string;
  contextlevel: Generated<number>;
  component: Generated<string>;
  riskbitmask: Generated<number>;
}

export interface CourseCategoryTable {
  id: Generated<number>;
  name: string;
  idnumber: Generated<string>;
  description: Generated<string>;
  descriptionformat: Generated<number>;
  parent: Generated<number>;
  sortorder: Generated<number>;
  coursecount: Generated<number>;
  visible: Generated<number>;
  depth: Generated<number>;
  path: Generated<string>;
  timemodified: Generated<number>;
}

export interface CourseTable {
  id: Generated<number>;
  category: Generated<number>;
  sortorder: Generated<number>;
  fullname: string;
  shortname: string;
  idnumber: Generated<string>;
  summary: Generated<string>;
  summaryformat: Generated<number>;
  format: Generated<string>;
  showgrades: Generated<number>;
  newsitems: Generated<number>;
  startdate: Generated<number>;
  enddate: Generated<number>;
  maxbytes: Generated<number>;
  showreports: Generated<number>;
  visible: Generated<number>;
  groupmode: Generated<number>;
  groupmodeforce: Generated<number>;
  defaultgroupingid: Generated<number>;
  lang: Generated<string>;
  theme: Generated<string>;
  enablecompletion: Generated<number>;
  completionnotify: Generated<number>;
  hiddensections: Generated<number>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
}

export interface CourseSectionTable {
  id: Generated<number>;
  course: number;
  section: Generated<number>;
  name: Generated<string>;
  summary: Generated<string>;
  summaryformat: Generated<number>;
  /** Comma-separated course-module ids in display order. */
  sequence: Generated<string>;
  visible: Generated<number>;
  timemodified: Generated<number>;
}

export interface ModuleTable {
  id: Generated<number>;
  name: string;
  visible: Generated<number>;
}

export interface CourseModuleTable {
  id: Generated<number>;
  course: number;
  module: number;
  instance: number;
  section: number;
  idnumber: Generated<string>;
  added: Generated<number>;
  visible: Generated<number>;
  /** 0 no groups, 1 separate groups, 2 visible groups (the course's mode wins when it forces one). */
  groupmode: Generated<number>;
  /** The grouping whose groups the activity works with; 0 = every group of the course (core_group migration). */
  groupingid: Generated<number>;
}

export interface EnrolTable {
  id: Generated<number>;
  /** Enrolment method: manual, self, guest, … */
  enrol: string;
  status: Generated<number>;
  courseid: number;
  sortorder: Generated<number>;
  name: Generated<string>;
  roleid: Generated<number>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
  /** Self enrolment key ('' = none); added by core_enrol. */
  password: Generated<string>;
  /** Self enrolment is open from/until (0 = no limit); added by core_enrol. */
  enrolstartdate: Generated<number>;
  enrolenddate: Generated<number>;
}

/** A user's last visit to a course (core_enrol). */
export interface UserLastaccessTable {
  id: Generated<number>;
  userid: number;
  courseid: number;
  timeaccess: Generated<number>;
}

export interface UserEnrolmentTable {
  id: Generated<number>;
  /** 0 active, 1 suspended */
  status: Generated<number>;
  enrolid: number;
  userid: number;
  timestart: Generated<number>;
  /** 0 = no end */
  timeend: Generated<number>;
  modifierid: Generated<number>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
}

export interface GroupTable {
  id: Generated<number>;
  courseid: number;
  idnumber: Generated<string>;
  name: string;
  description: Generated<string>;
  descriptionformat: Generated<number>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
}

export interface GroupMemberTable {
  id: Generated<number>;
  groupid: number;
  userid: number;
  timeadded: Generated<number>;
}

/** core_group: a named set of a course's groups. */
export interface GroupingTable {
  id: Generated<number>;
  courseid: number;
  name: string;
  idnumber: Generated<string>;
  description: Generated<string>;
  descriptionformat: Generated<number>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
}

export interface GroupingGroupTable {
  id: Generated<number>;
  groupingid: number;
  groupid: number;
  timeadded: Generated<number>;
}

export interface LogTable {
  id: Generated<number>;
  eventname: Generated<string>;
  component: Generated<string>;
  action: Generated<string>;
  target: Generated<string>;
  objecttable: Generated<string>;
  objectid: Generated<number>;
  /** c, r, u or d */
  crud: Generated<string>;
  contextid: Generated<number>;
  contextlevel: Generated<number>;
  contextinstanceid: Generated<number>;
  userid: Generated<number>;
  courseid: Generated<number>;
  relateduserid: Generated<number>;
  /** JSON */
  other: Generated<string>;
  ip: Generated<string>;
  timecreated: Generated<number>;
  /** The real user when someone was "logged in as" `userid`, else 0 (core migration 0002). */
  realuserid: Generated<number>;
}

export interface SessionNotificationTable {
  id: Generated<number>;
  sid: string;
  message: Generated<string>;
  /** success, info, warning or error */
  type: Generated<string>;
  timecreated: Generated<number>;
}

export interface ExternalTokenTable {
  id: Generated<number>;
  token: string;
  userid: number;
  service: string;
  creatorid: Generated<number>;
  validuntil: Generated<number>;
  lastaccess: Generated<number>;
  timecreated: Generated<number>;
}

/** mod_page: a page of rich text. */
export interface PageTable {
  id: Generated<number>;
  course: number;
  name: string;
  intro: Generated<string>;
  introformat: Generated<number>;
  content: Generated<string>;
  contentformat: Generated<number>;
  timemodified: Generated<number>;
}

/** mod_url: a link to an external http(s) address. */
export interface UrlTable {
  id: Generated<number>;
  course: number;
  name: string;
  intro: Generated<string>;
  introformat: Generated<number>;
  externalurl: string;
  timemodified: Generated<number>;
}

export interface DB {
  files: FileTable;
  notifications: NotificationTable;
  cohort: CohortTable;
  cohort_members: CohortMemberTable;
  config: ConfigTable;
  user: UserTable;
  sessions: SessionTable;
  user_preferences: UserPreferenceTable;
  context: ContextTable;
  role: RoleTable;
  role_assignments: RoleAssignmentTable;
  role_capabilities: RoleCapabilityTable;
  role_context_levels: RoleContextLevelTable;
  role_allow_assign: RoleAllowAssignTable;
  role_allow_override: RoleAllowOverrideTable;
  capabilities: CapabilityTable;
  course_categories: CourseCategoryTable;
  course: CourseTable;
  course_sections: CourseSectionTable;
  modules: ModuleTable;
  course_modules: CourseModuleTable;
  enrol: EnrolTable;
  user_enrolments: UserEnrolmentTable;
  user_lastaccess: UserLastaccessTable;
  groups: GroupTable;
  groups_members: GroupMemberTable;
  groupings: GroupingTable;
  groupings_groups: GroupingGroupTable;
  logstore_standard_log: LogTable;
  session_notifications: SessionNotificationTable;
  external_tokens: ExternalTokenTable;
  page: PageTable;
  url: UrlTable;
  user_uploads: UserUploadTable;
  user_upload_failures: UserUploadFailureTable;
  tag: TagTable;
  tag_instance: TagInstanceTable;
  tag_coll: TagCollTable;
  tag_area: TagAreaTable;
}

/** core_cohort: site-wide or category-wide sets of users. */
export interface CohortTable {
  id: Generated<number>;
  contextid: number;
  name: string;
  idnumber: Generated<string>;
  description: Generated<string>;
  descriptionformat: Generated<number>;
  visible: Generated<number>;
  component: Generated<string>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
}

export interface CohortMemberTable {
  id: Generated<number>;
  cohortid: number;
  userid: number;
  timeadded: Generated<number>;
}

/** core_message: notifications to one user (graded, enrolled, …), shown in the header and optionally e-mailed. */
export interface NotificationTable {
  id: Generated<number>;
  useridfrom: Generated<number>;
  useridto: number;
  subject: Generated<string>;
  fullmessage: Generated<string>;
  fullmessageformat: Generated<number>;
  fullmessagehtml: Generated<string>;
  smallmessage: Generated<string>;
  component: Generated<string>;
  eventtype: Generated<string>;
  contexturl: Generated<string>;
  contexturlname: Generated<string>;
  timeread: Generated<number>;
  timecreated: Generated<number>;
  /** 0 no e-mail wanted, 1 waiting, 2 being sent, 3 sent, 4 failed */
  emailstatus: Generated<number>;
}

/** core_files: uploaded files (user pictures, submissions, drafts); contents on disk by hash (FILES_DIR). */
export interface FileTable {
  id: Generated<number>;
  contextid: number;
  component: string;
  filearea: string;
  itemid: Generated<number>;
  filename: Generated<string>;
  mimetype: Generated<string>;
  filesize: Generated<number>;
  contenthash: Generated<string>;
  /** Only rows written before contents moved to disk hold their bytes here; null otherwise. */
  content: Buffer | null;
  userid: Generated<number>;
  timecreated: Generated<number>;
}

/** core_user: a CSV upload of users, stored so any process can take its next batch. */
export interface UserUploadTable {
  id: Generated<number>;
  userid: number;
  mode: string;
  delimiter: string;
  /** The file's text; emptied when the upload has finished. */
  content: Generated<string>;
  totalrows: Generated<number>;
  processedrows: Generated<number>;
  created: Generated<number>;
  updated: Generated<number>;
  skipped: Generated<number>;
  failed: Generated<number>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
  timefinished: Generated<number>;
}

/** core_user: a row of an upload that was not written, with its errors (JSON list of {field, message}). */
export interface UserUploadFailureTable {
  id: Generated<number>;
  uploadid: number;
  line: number;
  username: Generated<string>;
  errors: Generated<string>;
}

/** core_tag: a tag of one collection; `name` is the lower-cased rawname, unique per collection. */
export interface TagTable {
  id: Generated<number>;
  tagcollid: number;
  name: string;
  rawname: string;
  userid: Generated<number>;
  isstandard: Generated<number>;
  description: Generated<string>;
  descriptionformat: Generated<number>;
  /** 0, or how many times the tag was flagged as inappropriate. */
  flag: Generated<number>;
  timemodified: Generated<number>;
}

/** One tag on one item (a course, a course module, a user's interests), in order. */
export interface TagInstanceTable {
  id: Generated<number>;
  tagid: number;
  component: string;
  itemtype: string;
  itemid: number;
  contextid: Generated<number>;
  tiuserid: Generated<number>;
  ordering: Generated<number>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
}

/** A tag collection; the default one (isdefault 1, empty name) always sorts first. */
export interface TagCollTable {
  id: Generated<number>;
  name: Generated<string>;
  isdefault: Generated<number>;
  component: Generated<string>;
  sortorder: Generated<number>;
  searchable: Generated<number>;
  customurl: Generated<string>;
}

/** What can be tagged, and in which collection its tags live. showstandard: 0 suggest, 1 only, 2 hide standard tags. */
export interface TagAreaTable {
  id: Generated<number>;
  component: string;
  itemtype: string;
  enabled: Generated<number>;
  tagcollid: number;
  showstandard: Generated<number>;
  multiplecontexts: Generated<number>;
}

// ---- core_grades and core_grading (gradebook, grading areas, marking guide) ----

/** core_grades: the tables of the gradebook and of advanced grading, merged into `DB`. */
export interface DB {
  scale: ScaleTable;
  grade_items: GradeItemTable;
  grade_grades: GradeGradeTable;
  grading_areas: GradingAreaTable;
  grading_definitions: GradingDefinitionTable;
  gradingform_guide_criteria: GuideCriterionTable;
  gradingform_guide_comments: GuideCommentTable;
  grading_instances: GradingInstanceTable;
  gradingform_guide_fillings: GuideFillingTable;
}

/** core_grades: a scale; courseid 0 = a standard (site) scale. `scale` is the comma-separated list of items, in order. */
export interface ScaleTable {
  id: Generated<number>;
  courseid: Generated<number>;
  userid: Generated<number>;
  name: string;
  scale: string;
  description: Generated<string>;
  descriptionformat: Generated<number>;
  timemodified: Generated<number>;
}

/** core_grades: one gradable thing of a course (an activity's grade); unique on (itemmodule, iteminstance, itemnumber). */
export interface GradeItemTable {
  id: Generated<number>;
  courseid: number;
  itemtype: Generated<string>;
  itemmodule: string;
  iteminstance: number;
  itemnumber: Generated<number>;
  cmid: number;
  itemname: string;
  /** 0 none, 1 value, 2 scale, 3 text */
  gradetype: number;
  grademax: number;
  grademin: number;
  scaleid: number | null;
  sortorder: Generated<number>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
}

/** core_grades: one user's grade for one item; unique on (itemid, userid). */
export interface GradeGradeTable {
  id: Generated<number>;
  itemid: number;
  userid: number;
  rawgrade: number | null;
  finalgrade: number | null;
  feedback: string | null;
  feedbackformat: Generated<number>;
  usermodified: Generated<number>;
  dategraded: number | null;
  datesubmitted: number | null;
  timemodified: Generated<number>;
}

/** core_grading: where advanced grading can happen (a module context's component and area) and its active method. */
export interface GradingAreaTable {
  id: Generated<number>;
  contextid: number;
  component: string;
  areaname: string;
  /** '' = simple direct grading, 'guide' = marking guide */
  activemethod: Generated<string>;
}

/** core_grading: a grading form of an area. status 0 none, 10 draft, 20 ready. */
export interface GradingDefinitionTable {
  id: Generated<number>;
  areaid: number;
  method: string;
  name: string;
  description: Generated<string>;
  descriptionformat: Generated<number>;
  status: Generated<number>;
  copiedfromid: number | null;
  options: Generated<string>;
  timecreated: Generated<number>;
  usercreated: Generated<number>;
  timemodified: Generated<number>;
  usermodified: Generated<number>;
  timecopied: Generated<number>;
}

/** gradingform_guide: a criterion of a marking guide. */
export interface GuideCriterionTable {
  id: Generated<number>;
  definitionid: number;
  sortorder: number;
  shortname: string;
  description: Generated<string>;
  descriptionformat: Generated<number>;
  descriptionmarkers: Generated<string>;
  descriptionmarkersformat: Generated<number>;
  maxscore: number;
}

/** gradingform_guide: a frequently used comment of a marking guide. */
export interface GuideCommentTable {
  id: Generated<number>;
  definitionid: number;
  sortorder: number;
  description: string;
  descriptionformat: Generated<number>;
}

/** core_grading: one rater's assessment of one graded item (itemid = the activity's grade row). status 0 incomplete, 1 active, 2 needs update, 3 archived. */
export interface GradingInstanceTable {
  id: Generated<number>;
  definitionid: number;
  raterid: number;
  itemid: number;
  rawgrade: number | null;
  status: Generated<number>;
  feedback: string | null;
  feedbackformat: Generated<number>;
  timemodified: Generated<number>;
}

/** gradingform_guide: the score and remark of one criterion in one instance; unique on (instanceid, criterionid). */
export interface GuideFillingTable {
  id: Generated<number>;
  instanceid: number;
  criterionid: number;
  score: number;
  remark: string | null;
  remarkformat: Generated<number>;
}
// ---- end core_grades and core_grading ----

// ---- mod_assign (assignment activity) ----

/** mod_assign: the tables of the assignment activity, merged into `DB`. */
export interface DB {
  assign: AssignTable;
  assign_submission: AssignSubmissionTable;
  assignsubmission_onlinetext: AssignOnlinetextTable;
  assign_grades: AssignGradeTable;
  assignfeedback_comments: AssignFeedbackCommentsTable;
  assign_user_flags: AssignUserFlagsTable;
}

/** mod_assign: one assignment's settings (activities.md §1.1), with its online text and file submission settings. */
export interface AssignTable {
  id: Generated<number>;
  course: number;
  name: string;
  intro: Generated<string>;
  introformat: Generated<number>;
  alwaysshowdescription: Generated<number>;
  nosubmissions: Generated<number>;
  submissiondrafts: Generated<number>;
  sendnotifications: Generated<number>;
  sendlatenotifications: Generated<number>;
  sendstudentnotifications: Generated<number>;
  duedate: Generated<number>;
  allowsubmissionsfromdate: Generated<number>;
  cutoffdate: Generated<number>;
  gradingduedate: Generated<number>;
  /** >0 maximum points, <0 −scaleid, 0 no grade */
  grade: Generated<number>;
  completionsubmit: Generated<number>;
  requiresubmissionstatement: Generated<number>;
  teamsubmission: Generated<number>;
  requireallteammemberssubmit: Generated<number>;
  teamsubmissiongroupingid: Generated<number>;
  preventsubmissionnotingroup: Generated<number>;
  blindmarking: Generated<number>;
  hidegrader: Generated<number>;
  revealidentities: Generated<number>;
  attemptreopenmethod: Generated<string>;
  maxattempts: Generated<number>;
  markingworkflow: Generated<number>;
  markingallocation: Generated<number>;
  onlinetext_enabled: Generated<number>;
  onlinetext_wordlimit: Generated<number>;
  file_enabled: Generated<number>;
  file_maxfiles: Generated<number>;
  file_maxsizebytes: Generated<number>;
  timemodified: Generated<number>;
}

/** mod_assign: one attempt of one user; unique on (assignment, userid, groupid, attemptnumber). status new, draft, submitted, reopened. */
export interface AssignSubmissionTable {
  id: Generated<number>;
  assignment: number;
  userid: Generated<number>;
  groupid: Generated<number>;
  attemptnumber: Generated<number>;
  latest: Generated<number>;
  status: Generated<string>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
}

/** assignsubmission_onlinetext: the online text of a submission; unique on submission. */
export interface AssignOnlinetextTable {
  id: Generated<number>;
  assignment: number;
  submission: number;
  onlinetext: Generated<string>;
  onlineformat: Generated<number>;
}

/** mod_assign: a user's grade for one attempt; unique on (assignment, userid, attemptnumber). grade −1 = not set. */
export interface AssignGradeTable {
  id: Generated<number>;
  assignment: number;
  userid: number;
  attemptnumber: Generated<number>;
  grade: Generated<number>;
  grader: Generated<number>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
}

/** assignfeedback_comments: the feedback comment of a grade; unique on grade. */
export interface AssignFeedbackCommentsTable {
  id: Generated<number>;
  assignment: number;
  grade: number;
  commenttext: Generated<string>;
  commentformat: Generated<number>;
}

/** mod_assign: per (assignment, user) flags: locked, mailed (0 to send, 1 sent, 2 not yet), extension, workflow. */
export interface AssignUserFlagsTable {
  id: Generated<number>;
  assignment: number;
  userid: number;
  locked: Generated<number>;
  mailed: Generated<number>;
  extensionduedate: Generated<number>;
  workflowstate: Generated<string>;
  allocatedmarker: Generated<number>;
}
// ---- end mod_assign ----

// ---- core_question and mod_quiz ----

/** core_question and mod_quiz: the question bank and the quiz activity, merged into `DB`. */
export interface DB {
  question_categories: QuestionCategoryTable;
  question: QuestionTable;
  question_answers: QuestionAnswerTable;
  quiz: QuizTable;
  quiz_slots: QuizSlotTable;
  quiz_attempts: QuizAttemptTable;
  quiz_attempt_slots: QuizAttemptSlotTable;
  quiz_grades: QuizGradeTable;
  quiz_password_passed: QuizPasswordPassedTable;
}

/** core_question: a category of a course's question bank. */
export interface QuestionCategoryTable {
  id: Generated<number>;
  courseid: number;
  contextid: number;
  name: string;
  info: Generated<string>;
  sortorder: Generated<number>;
  timecreated: Generated<number>;
}

/** core_question: one question; qtype multichoice, truefalse, shortanswer, numerical. */
export interface QuestionTable {
  id: Generated<number>;
  category: number;
  qtype: string;
  name: string;
  questiontext: Generated<string>;
  generalfeedback: Generated<string>;
  defaultmark: Generated<number>;
  /** multichoice: 1 = one answer, 0 = several. */
  single: Generated<number>;
  shuffleanswers: Generated<number>;
  /** shortanswer: 1 = case-sensitive. */
  usecase: Generated<number>;
  createdby: Generated<number>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
}

/** core_question: an answer of a question with its grade fraction (−1..1), feedback and, for numerical, tolerance. */
export interface QuestionAnswerTable {
  id: Generated<number>;
  question: number;
  answer: string;
  fraction: number;
  feedback: Generated<string>;
  tolerance: Generated<number>;
  sortorder: Generated<number>;
}

/** mod_quiz: one quiz's settings (activities.md §3.1). */
export interface QuizTable {
  id: Generated<number>;
  course: number;
  name: string;
  intro: Generated<string>;
  introformat: Generated<number>;
  timeopen: Generated<number>;
  timeclose: Generated<number>;
  timelimit: Generated<number>;
  attempts: Generated<number>;
  grademethod: Generated<number>;
  questionsperpage: Generated<number>;
  shufflequestions: Generated<number>;
  shuffleanswers: Generated<number>;
  password: Generated<string>;
  browsersecurity: Generated<string>;
  /** autosubmit, graceperiod or autoabandon: what expiry does to an unfinished attempt. */
  overduehandling: Generated<string>;
  /** Seconds an overdue attempt may still be submitted (graceperiod handling). */
  graceperiod: Generated<number>;
  reviewattempt: Generated<number>;
  reviewcorrectness: Generated<number>;
  reviewmarks: Generated<number>;
  reviewspecificfeedback: Generated<number>;
  reviewgeneralfeedback: Generated<number>;
  reviewrightanswer: Generated<number>;
  sumgrades: Generated<number>;
  grade: Generated<number>;
  decimalpoints: Generated<number>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
}

/** mod_quiz: a question placed in a quiz; unique on (quizid, slot). */
export interface QuizSlotTable {
  id: Generated<number>;
  quizid: number;
  slot: number;
  page: number;
  questionid: number;
  maxmark: number;
}

/** mod_quiz: one attempt; state inprogress, overdue, finished, abandoned; layout = slots with 0 as page break. */
export interface QuizAttemptTable {
  id: Generated<number>;
  quiz: number;
  userid: number;
  attempt: number;
  layout: Generated<string>;
  currentpage: Generated<number>;
  preview: Generated<number>;
  state: Generated<string>;
  timestart: Generated<number>;
  timefinish: Generated<number>;
  timemodified: Generated<number>;
  timecheckstate: number | null;
  sumgrades: number | null;
}

/** mod_quiz: one question of an attempt: its order of choices, the response (JSON), its grade and flag. */
export interface QuizAttemptSlotTable {
  id: Generated<number>;
  attemptid: number;
  slot: number;
  questionid: number;
  maxmark: number;
  /** Answer ids in the order shown (JSON array). */
  choiceorder: Generated<string>;
  /** The last saved response as JSON {answer?, choices?}. */
  response: Generated<string>;
  sequencecheck: Generated<number>;
  flagged: Generated<number>;
  /** null until graded. */
  fraction: number | null;
}

/** mod_quiz: a user's best grade (rescaled to quiz.grade); unique on (quiz, userid). */
export interface QuizGradeTable {
  id: Generated<number>;
  quiz: number;
  userid: number;
  grade: number;
  timemodified: number;
}

/** mod_quiz: the quiz password was accepted in this session (cleared when an attempt finishes). */
export interface QuizPasswordPassedTable {
  id: Generated<number>;
  sid: string;
  quiz: number;
}
// ---- end core_question and mod_quiz ----

// ---- mod_feedback (feedback activity) ----

/** mod_feedback: the tables of the feedback activity, merged into `DB`. */
export interface DB {
  feedback: FeedbackTable;
  feedback_item: FeedbackItemTable;
  feedback_template: FeedbackTemplateTable;
  feedback_completed: FeedbackCompletedTable;
  feedback_value: FeedbackValueTable;
  feedback_completedtmp: FeedbackCompletedTmpTable;
  feedback_valuetmp: FeedbackValueTmpTable;
}

/** mod_feedback: one feedback's settings (activities.md §5.1). anonymous 1 = anonymous, 2 = named. */
export interface FeedbackTable {
  id: Generated<number>;
  course: number;
  name: string;
  intro: Generated<string>;
  introformat: Generated<number>;
  anonymous: Generated<number>;
  multiple_submit: Generated<number>;
  autonumbering: Generated<number>;
  page_after_submit: Generated<string>;
  page_after_submitformat: Generated<number>;
  publish_stats: Generated<number>;
  timeopen: Generated<number>;
  timeclose: Generated<number>;
  timemodified: Generated<number>;
}

/** mod_feedback: a question of a feedback (feedback > 0) or of a template (template > 0, feedback 0). */
export interface FeedbackItemTable {
  id: Generated<number>;
  feedback: Generated<number>;
  template: Generated<number>;
  name: Generated<string>;
  label: Generated<string>;
  presentation: Generated<string>;
  typ: string;
  hasvalue: Generated<number>;
  position: Generated<number>;
  required: Generated<number>;
  dependitem: Generated<number>;
  dependvalue: Generated<string>;
  options: Generated<string>;
}

/** mod_feedback: a saved set of items; public ones have course 0 and ispublic 1. */
export interface FeedbackTemplateTable {
  id: Generated<number>;
  course: number;
  ispublic: Generated<number>;
  name: string;
  timecreated: Generated<number>;
}

/** mod_feedback: one submitted response; submissionkey makes a repeated final submit harmless. */
export interface FeedbackCompletedTable {
  id: Generated<number>;
  feedback: number;
  userid: number;
  timemodified: Generated<number>;
  random_response: Generated<number>;
  anonymous_response: Generated<number>;
  courseid: Generated<number>;
  submissionkey: Generated<string>;
}

/** mod_feedback: one answer of a submitted response; unique on (completed, item). */
export interface FeedbackValueTable {
  id: Generated<number>;
  completed: number;
  item: number;
  course_id: Generated<number>;
  value: Generated<string>;
}

/** mod_feedback: a response being answered page by page; one per (feedback, user). */
export interface FeedbackCompletedTmpTable {
  id: Generated<number>;
  feedback: number;
  userid: number;
  timemodified: Generated<number>;
  anonymous_response: Generated<number>;
  courseid: Generated<number>;
}

/** mod_feedback: an answer of a response in progress; unique on (completed, item). */
export interface FeedbackValueTmpTable {
  id: Generated<number>;
  completed: number;
  item: number;
  course_id: Generated<number>;
  value: Generated<string>;
}
// ---- end mod_feedback ----

// ---- mod_lti (external tools) ----

/** mod_lti: tool types, tool proxies, the activity, 1.3 launch hints and the platform keys, merged into `DB`. */
export interface DB {
  lti_types: LtiTypeTable;
  lti_tool_proxies: LtiToolProxyTable;
  lti: LtiTable;
  lti_launch_hints: LtiLaunchHintTable;
  lti_keys: LtiKeyTable;
  lti_oauth_nonces: LtiOauthNonceTable;
  lti_deeplinks: LtiDeeplinkTable;
  lti_access_tokens: LtiAccessTokenTable;
  lti_ags_scores: LtiAgsScoreTable;
}

/** mod_lti: a tool type. state 1 configured, 2 pending, 3 rejected; privacy settings 0 never, 1 always, 2 delegate; launchcontainer 1 default, 2 embed, 3 embed without blocks, 4 new window, 5 existing window. */
export interface LtiTypeTable {
  id: Generated<number>;
  name: string;
  baseurl: Generated<string>;
  tooldomain: Generated<string>;
  state: Generated<number>;
  course: Generated<number>;
  coursevisible: Generated<number>;
  /** LTI-1p0, 1.3.0 or LTI-2p0 */
  ltiversion: Generated<string>;
  clientid: Generated<string>;
  toolproxyid: Generated<number>;
  enabledcapability: Generated<string>;
  parameter: Generated<string>;
  icon: Generated<string>;
  secureicon: Generated<string>;
  description: Generated<string>;
  resourcekey: Generated<string>;
  password: Generated<string>;
  publickeyseturl: Generated<string>;
  initiatelogin: Generated<string>;
  redirectionuris: Generated<string>;
  sendname: Generated<number>;
  sendemailaddr: Generated<number>;
  acceptgrades: Generated<number>;
  launchcontainer: Generated<number>;
  servicesalt: Generated<string>;
  /** 1: the tool takes deep-linking requests (LTI 1.3), at contentitemurl or else its launch URL. */
  contentitem: Generated<number>;
  contentitemurl: Generated<string>;
  createdby: Generated<number>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
}

/** mod_lti: an LTI 2 tool proxy; state 1 configured, 2 pending, 3 accepted, 4 rejected. */
export interface LtiToolProxyTable {
  id: Generated<number>;
  name: Generated<string>;
  regurl: string;
  state: Generated<number>;
  guid: string;
  secret: string;
  vendorcode: Generated<string>;
  capabilityoffered: Generated<string>;
  serviceoffered: Generated<string>;
  toolproxy: Generated<string>;
  createdby: Generated<number>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
}

/** mod_lti: one external tool activity; typeid 0 = a manually configured tool URL. */
export interface LtiTable {
  id: Generated<number>;
  course: number;
  name: string;
  intro: Generated<string>;
  introformat: Generated<number>;
  typeid: Generated<number>;
  toolurl: Generated<string>;
  resourcekey: Generated<string>;
  password: Generated<string>;
  instructorcustomparameters: Generated<string>;
  launchcontainer: Generated<number>;
  instructorchoicesendname: Generated<number>;
  instructorchoicesendemailaddr: Generated<number>;
  instructorchoiceacceptgrades: Generated<number>;
  /** Maximum points of the grade item when the tool sends grades. */
  grade: Generated<number>;
  /** Salt of the unforgeable result sourcedids of this activity. */
  servicesalt: Generated<string>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
}

/** mod_lti: an OAuth 1.0 nonce already used by a consumer key (outcome requests). */
export interface LtiOauthNonceTable {
  id: Generated<number>;
  consumerkey: string;
  nonce: string;
  timecreated: number;
}

/** mod_lti: an LTI 1.3 login initiation waiting for the tool's authentication request (single use). */
export interface LtiLaunchHintTable {
  id: Generated<number>;
  hint: string;
  userid: number;
  /** The activity launched; 0 for a deep-linking request, which names courseid and section instead. */
  cmid: number;
  typeid: number;
  expires: number;
  courseid: Generated<number>;
  section: Generated<number>;
}

/** mod_lti: a deep-linking request waiting for the tool's response; `data` is echoed by the tool. */
export interface LtiDeeplinkTable {
  id: Generated<number>;
  data: string;
  userid: number;
  typeid: number;
  courseid: number;
  section: number;
  expires: number;
}

/** mod_lti: an LTI Advantage service token (SHA-256 of the bearer value), bound to a tool and its scopes. */
export interface LtiAccessTokenTable {
  id: Generated<number>;
  typeid: number;
  token: string;
  /** Space-separated granted scopes. */
  scope: string;
  validuntil: number;
  timecreated: Generated<number>;
}

/** mod_lti: the last AGS score a tool posted for a user on a line item (a grade item). */
export interface LtiAgsScoreTable {
  id: Generated<number>;
  itemid: number;
  userid: number;
  /** The score's own timestamp in milliseconds; a later score must be newer. */
  timestampms: number;
  activityprogress: Generated<string>;
  gradingprogress: Generated<string>;
  comment: Generated<string>;
}

/** mod_lti: the platform's RS256 key pairs as JWKs. */
export interface LtiKeyTable {
  id: Generated<number>;
  kid: string;
  privatejwk: string;
  publicjwk: string;
  timecreated: Generated<number>;
}
// ---- end mod_lti ----

// ---- core_competency (competency frameworks and competencies) ----

/** core_competency: the tables of frameworks and competencies, merged into `DB`. */
export interface DB {
  competency_framework: CompetencyFrameworkTable;
  competency: CompetencyTable;
  competency_relatedcomp: CompetencyRelatedTable;
}

/** A competency framework; idnumber unique on the site; contextid a system or category context, never changed. */
export interface CompetencyFrameworkTable {
  id: Generated<number>;
  shortname: string;
  idnumber: string;
  description: Generated<string>;
  descriptionformat: Generated<number>;
  visible: Generated<number>;
  scaleid: number;
  /** JSON list: [{scaleid}, {id, scaledefault, proficient}, …]. */
  scaleconfiguration: string;
  contextid: number;
  /** Comma list of taxonomy terms, one per level. */
  taxonomies: Generated<string>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
  usermodified: Generated<number>;
}

/** A competency: path '/0/' at the top, else the parent's path + parentid + '/'; sortorder 0..n−1 among siblings. */
export interface CompetencyTable {
  id: Generated<number>;
  shortname: string;
  idnumber: string;
  description: Generated<string>;
  descriptionformat: Generated<number>;
  sortorder: Generated<number>;
  parentid: Generated<number>;
  path: Generated<string>;
  ruleoutcome: Generated<number>;
  ruletype: string | null;
  ruleconfig: string | null;
  scaleid: number | null;
  scaleconfiguration: string | null;
  competencyframeworkid: number;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
  usermodified: Generated<number>;
  /** Short name, id number and description lower-cased, newline-separated: what searches look in (the database fills it: a generated column on PostgreSQL, triggers on SQLite). */
  searchtext: GeneratedAlways<string>;
}

/** One relation between two competencies of a framework, stored once with the smaller id first. */
export interface CompetencyRelatedTable {
  id: Generated<number>;
  competencyid: number;
  relatedcompetencyid: number;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
  usermodified: Generated<number>;
}
// ---- end core_competency ----
// ---- block_configurable_reports ----

/** block_configurable_reports: a saved SQL report, shown to holders of its capability in its context. */
export interface ConfigurableReportTable {
  id: Generated<number>;
  name: string;
  summary: Generated<string>;
  querysql: string;
  /** The optional query run on the second database connection (config `block_configurable_reports_remotedb`). */
  remotequerysql: Generated<string>;
  /** Where the report is listed and checked: a system, category or course context. */
  contextid: number;
  /** Who may run it: this capability in `contextid`. */
  capability: string;
  usermodified: Generated<number>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
  /** Scheduled runs: none, daily or weekly. */
  schedule: Generated<string>;
  /** When the runner next runs it (unix time). */
  nextrun: Generated<number>;
  /** 1: the author is notified (and e-mailed when the site sends e-mail) after each scheduled run. */
  emailresult: Generated<number>;
}

/** One scheduled run of a report: its outcome, and its CSV stored in the report's file area (item = run id). */
export interface ConfigurableReportRunTable {
  id: Generated<number>;
  reportid: number;
  timecreated: number;
  /** ok or failed. */
  status: string;
  rowcount: Generated<number>;
  truncated: Generated<number>;
  /** Why a failed run failed. */
  message: Generated<string>;
}

/** block_configurable_reports, merged into `DB`. */
export interface DB {
  block_configurable_reports: ConfigurableReportTable;
  block_configurable_reports_runs: ConfigurableReportRunTable;
}
// ---- end block_configurable_reports ----
