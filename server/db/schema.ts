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
  groupmode: Generated<number>;
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

export interface DB {
  config: ConfigTable;
  user: UserTable;
  sessions: SessionTable;
  user_preferences: UserPreferenceTable;
  context: ContextTable;
  role: RoleTable;
  role_assignments: RoleAssignmentTable;
  role_capabilities: RoleCapabilityTable;
  capabilities: CapabilityTable;
  course_categories: CourseCategoryTable;
  course: CourseTable;
  course_sections: CourseSectionTable;
  modules: ModuleTable;
  course_modules: CourseModuleTable;
  enrol: EnrolTable;
  user_enrolments: UserEnrolmentTable;
  groups: GroupTable;
  groups_members: GroupMemberTable;
  logstore_standard_log: LogTable;
  session_notifications: SessionNotificationTable;
  external_tokens: ExternalTokenTable;
}
