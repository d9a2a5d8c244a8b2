import { cohortDeclarations } from './cohort';
import { coreDeclarations } from './core';
import { courseDeclarations } from './course';
import { enrolDeclarations } from './enrol';
import { groupDeclarations } from './group';
import { roleDeclarations } from './role';
import { tagDeclarations } from './tag';
import { userDeclarations } from './user';
import type { PermissionDeclarations } from './types';

/** Every method's permission declaration, from each area's file. */
export const declarations: PermissionDeclarations = {
  ...cohortDeclarations,
  ...coreDeclarations,
  ...courseDeclarations,
  ...enrolDeclarations,
  ...groupDeclarations,
  ...roleDeclarations,
  ...tagDeclarations,
  ...userDeclarations,
};
