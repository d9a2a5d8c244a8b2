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
  auth: string;
  username: string;
  password: string;
  firstname: string;
  lastname: string;
  email: string;
  idnumber: string;
  phone1: string;
  phone2: string;
  department: string;
  institution: string;
  city: string;
  country: string;
  lang: string;
  timezone: string;
  description: string;
  suspended: number;
  deleted: number;
  picture: number;
  lastlogin: number;
  currentlogin: number;
  lastaccess: number;
  timecreated: number;
  timemodified: number;
}

export interface SessionTable {
  /** The random value in the session cookie. */
  sid: string;
  /** 0 while nobody is logged in on this session. */
  userid: number;
  sesskey: string;
  /** JSON object for small per-session state (login token, quiz passwords accepted, …). */
  data: string;
  firstip: string;
  lastip: string;
  timecreated: number;
  timemodified: number;
}

export interface UserPreferenceTable {
  id: Generated<number>;
  userid: number;
  name: string;
  value: string;
}

export interface ContextTable {
  id: Generated<number>;
  contextlevel: number;
  instanceid: number;
  /** `/1/5/23`: ids from the system context down to this one. */
  path: string;
  depth: number;
  locked: number;
}

export interface RoleTable {
  id: Generated<number>;
  name: string;
  shortname: string;
  description: string;
  sortorder: number;
  archetype: string;
}

export interface RoleAssignmentTable {
  id: Generated<number>;
  roleid: number;
  contextid: number;
  userid: number;
  component: string;
  itemid: number;
  modifierid: number;
  timemodified: number;
}

export interface RoleCapabilityTable {
  id: Generated<number>;
  contextid: number;
  roleid: number;
  capability: string;
  /** 1 allow, -1 prevent, -1000 prohibit (inherit has no row). */
  permission: number;
  modifierid: number;
  timemodified: number;
}

export interface CapabilityTable {
  id: Generated<number>;
  name: string;
  /** `read` or `write` */
  captype: string;
  contextlevel: number;
  component: string;
  riskbitmask: number;
}

export interface CourseCategoryTable {
  id: Generated<number>;
  name: string;
  idnumber: string;
  description: string;
  descriptionformat: number;
  parent: number;
  sortorder: number;
  coursecount: number;
  visible: number;
  depth: number;
  path: string;
  timemodified: number;
}

export interface CourseTable {
  id: Generated<number>;
  category: number;
  sortorder: number;
  fullname: string;
  shortname: string;
  idnumber: string;
  summary: string;
  summaryformat: number;
  format: string;
  showgrades: number;
  newsitems: number;
  startdate: number;
  enddate: number;
  maxbytes: number;
  showreports: number;
  visible: number;
  groupmode: number;
  groupmodeforce: number;
  defaultgroupingid: number;
  lang: string;
  theme: string;
  enablecompletion: number;
  completionnotify: number;
  hiddensections: number;
  timecreated: number;
  timemodified: number;
}

export interface CourseSectionTable {
  id: Generated<number>;
  course: number;
  section: number;
  name: string;
  summary: string;
  summaryformat: number;
  /** Comma-separated course-module ids in display order. */
  sequence: string;
  visible: number;
  timemodified: number;
}

export interface ModuleTable {
  id: Generated<number>;
  name: string;
  visible: number;
}

export interface CourseModuleTable {
  id: Generated<number>;
  course: number;
  module: number;
  instance: number;
  section: number;
  idnumber: string;
  added: number;
  visible: number;
  groupmode: number;
}

export interface EnrolTable {
  id: Generated<number>;
  /** Enrolment method: manual, self, guest, … */
  enrol: string;
  status: number;
  courseid: number;
  sortorder: number;
  name: string;
  roleid: number;
  timecreated: number;
  timemodified: number;
}

export interface UserEnrolmentTable {
  id: Generated<number>;
  /** 0 active, 1 suspended */
  status: number;
  enrolid: number;
  userid: number;
  timestart: number;
  /** 0 = no end */
  timeend: number;
  modifierid: number;
  timecreated: number;
  timemodified: number;
}

export interface GroupTable {
  id: Generated<number>;
  courseid: number;
  idnumber: string;
  name: string;
  description: string;
  descriptionformat: number;
  timecreated: number;
  timemodified: number;
}

export interface GroupMemberTable {
  id: Generated<number>;
  groupid: number;
  userid: number;
  timeadded: number;
}

export interface LogTable {
  id: Generated<number>;
  eventname: string;
  component: string;
  action: string;
  target: string;
  objecttable: string;
  objectid: number;
  /** c, r, u or d */
  crud: string;
  contextid: number;
  contextlevel: number;
  contextinstanceid: number;
  userid: number;
  courseid: number;
  relateduserid: number;
  /** JSON */
  other: string;
  ip: string;
  timecreated: number;
}

export interface SessionNotificationTable {
  id: Generated<number>;
  sid: string;
  message: string;
  /** success, info, warning or error */
  type: string;
  timecreated: number;
}

export interface ExternalTokenTable {
  id: Generated<number>;
  token: string;
  userid: number;
  service: string;
  creatorid: number;
  validuntil: number;
  lastaccess: number;
  timecreated: number;
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
