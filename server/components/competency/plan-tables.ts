import type { Generated, Selectable } from 'kysely';

/*
 * Row types of the learning-plan tables (migrations-plans.ts), merged into the database's `DB` type
 * from here so that everything about learning plans stays in this component's folder.
 */

interface Base {
  id: Generated<number>;
  timecreated: Generated<number>;
  timemodified: Generated<number>;
  usermodified: Generated<number>;
}

/** A learning-plan template in a system or category context (never moved). */
export interface CompetencyTemplateTable extends Base {
  shortname: string;
  description: Generated<string>;
  descriptionformat: Generated<number>;
  duedate: Generated<number>;
  visible: Generated<number>;
  contextid: number;
}

export interface CompetencyTemplateCompTable extends Base {
  templateid: number;
  competencyid: number;
  sortorder: Generated<number>;
}

/** A cohort whose members get a plan from the template. */
export interface CompetencyTemplateCohortTable extends Base {
  templateid: number;
  cohortid: number;
}

/** A user's learning plan; status 0 draft, 1 active, 2 complete, 3 waiting for review, 4 in review. */
export interface CompetencyPlanTable extends Base {
  name: string;
  description: Generated<string>;
  descriptionformat: Generated<number>;
  userid: number;
  templateid: number | null;
  /** The template a plan was unlinked from. */
  origtemplateid: number | null;
  status: Generated<number>;
  duedate: Generated<number>;
  reviewerid: number | null;
}

/** A competency of a plan that is not based on a template. */
export interface CompetencyPlanCompTable extends Base {
  planid: number;
  competencyid: number;
  sortorder: Generated<number>;
}

/** A user's live rating of a competency; status 0 idle, 1 waiting for review, 2 in review. grade and proficiency are null together. */
export interface CompetencyUserCompTable extends Base {
  userid: number;
  competencyid: number;
  status: Generated<number>;
  reviewerid: number | null;
  proficiency: number | null;
  grade: number | null;
}

/** A rating frozen when its plan was completed. */
export interface CompetencyUserCompPlanTable extends Base {
  userid: number;
  competencyid: number;
  proficiency: number | null;
  grade: number | null;
  planid: number;
  sortorder: Generated<number>;
}

/** A rating local to a course. */
export interface CompetencyUserCompCourseTable extends Base {
  userid: number;
  courseid: number;
  competencyid: number;
  proficiency: number | null;
  grade: number | null;
}

/** One piece of evidence about a user competency; action 0 log, 2 complete, 3 override. */
export interface CompetencyEvidenceTable extends Base {
  usercompetencyid: number;
  contextid: number;
  action: number;
  actionuserid: number | null;
  /** The description: a string id of `desccomponent`, with `desca` (JSON) as its argument. */
  descidentifier: string;
  desccomponent: string;
  desca: string | null;
  url: string | null;
  grade: number | null;
  note: string | null;
}

/** Evidence of prior learning a user keeps. */
export interface CompetencyUserEvidenceTable extends Base {
  userid: number;
  name: string;
  description: Generated<string>;
  descriptionformat: Generated<number>;
  url: Generated<string>;
}

export interface CompetencyUserEvidenceCompTable extends Base {
  userevidenceid: number;
  competencyid: number;
}

/** A competency linked to a course; ruleoutcome 0 none, 1 evidence, 2 recommend, 3 complete (numbered unlike competency rules). */
export interface CompetencyCourseCompTable extends Base {
  courseid: number;
  competencyid: number;
  sortorder: Generated<number>;
  ruleoutcome: Generated<number>;
}

export interface CompetencyCourseCompSettingTable extends Base {
  courseid: number;
  pushratingstouserplans: Generated<number>;
}

/** A competency linked to an activity (it must be linked to the activity's course). */
export interface CompetencyModuleCompTable extends Base {
  cmid: number;
  competencyid: number;
  sortorder: Generated<number>;
  ruleoutcome: Generated<number>;
  overridegrade: Generated<number>;
}

declare module '../../db/schema' {
  interface DB {
    competency_template: CompetencyTemplateTable;
    competency_templatecomp: CompetencyTemplateCompTable;
    competency_templatecohort: CompetencyTemplateCohortTable;
    competency_plan: CompetencyPlanTable;
    competency_plancomp: CompetencyPlanCompTable;
    competency_usercomp: CompetencyUserCompTable;
    competency_usercompplan: CompetencyUserCompPlanTable;
    competency_usercompcourse: CompetencyUserCompCourseTable;
    competency_evidence: CompetencyEvidenceTable;
    competency_userevidence: CompetencyUserEvidenceTable;
    competency_userevidencecomp: CompetencyUserEvidenceCompTable;
    competency_coursecomp: CompetencyCourseCompTable;
    competency_coursecompsetting: CompetencyCourseCompSettingTable;
    competency_modulecomp: CompetencyModuleCompTable;
  }
}

export type TemplateRow = Selectable<CompetencyTemplateTable>;
export type PlanRow = Selectable<CompetencyPlanTable>;
export type UserCompetencyRow = Selectable<CompetencyUserCompTable>;
export type UserCompetencyPlanRow = Selectable<CompetencyUserCompPlanTable>;
export type UserCompetencyCourseRow = Selectable<CompetencyUserCompCourseTable>;
export type EvidenceRow = Selectable<CompetencyEvidenceTable>;
export type UserEvidenceRow = Selectable<CompetencyUserEvidenceTable>;
export type CourseCompetencyRow = Selectable<CompetencyCourseCompTable>;
