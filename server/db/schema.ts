import type { Generated } from 'kysely';

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

/** core_files: uploaded files (user pictures, …), content stored in the database. */
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
  content: Buffer;
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
