import { assignDeclarations } from './assign';
import { cohortDeclarations } from './cohort';
import { competencyDeclarations } from './competency';
import { completionDeclarations } from './completion';
import { coreDeclarations } from './core';
import { courseDeclarations } from './course';
import { enrolDeclarations } from './enrol';
import { feedbackDeclarations } from './feedback';
import { gradesDeclarations } from './grades';
import { gradingDeclarations } from './grading';
import { groupDeclarations } from './group';
import { langDeclarations } from './lang';
import { ltiDeclarations } from './lti';
import { planDeclarations } from './plans';
import { roleDeclarations } from './role';
import { tagDeclarations } from './tag';
import { userDeclarations } from './user';
import { quizDeclarations } from './quiz';
import { reportDeclarations } from './report';
import { navigationDeclarations } from './navigation';
import { templatelibraryDeclarations } from './templatelibrary';
import { themeDeclarations } from './theme';
import type { PermissionDeclarations } from './types';

/** Every method's permission declaration, from each area's file. */
export const declarations: PermissionDeclarations = {
  ...assignDeclarations,
  ...cohortDeclarations,
  ...competencyDeclarations,
  ...coreDeclarations,
  ...courseDeclarations,
  ...enrolDeclarations,
  ...feedbackDeclarations,
  ...gradesDeclarations,
  ...gradingDeclarations,
  ...groupDeclarations,
  ...langDeclarations,
  ...ltiDeclarations,
  ...planDeclarations,
  ...roleDeclarations,
  ...tagDeclarations,
  ...userDeclarations,
  ...quizDeclarations,
  ...reportDeclarations,
  ...navigationDeclarations,
  ...templatelibraryDeclarations,
  ...themeDeclarations,
  ...completionDeclarations,
};
