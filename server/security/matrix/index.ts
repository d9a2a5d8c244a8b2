import { assignDeclarations } from './assign';
import { cohortDeclarations } from './cohort';
import { coreDeclarations } from './core';
import { courseDeclarations } from './course';
import { enrolDeclarations } from './enrol';
import { gradesDeclarations } from './grades';
import { gradingDeclarations } from './grading';
import { groupDeclarations } from './group';
import { roleDeclarations } from './role';
import { tagDeclarations } from './tag';
import { userDeclarations } from './user';
import type { PermissionDeclarations } from './types';

/** Every method's permission declaration, from each area's file. */
export const declarations: PermissionDeclarations = {
  ...assignDeclarations,
  ...cohortDeclarations,
  ...coreDeclarations,
  ...courseDeclarations,
  ...enrolDeclarations,
  ...gradesDeclarations,
  ...gradingDeclarations,
  ...groupDeclarations,
  ...roleDeclarations,
  ...tagDeclarations,
  ...userDeclarations,
};
