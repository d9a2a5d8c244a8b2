import type { MethodContract } from './contract';
import { coreFetchNotifications, coreGetFragment, coreGetString, coreGetStrings, coreOutputLoadTemplate } from './core';
import { coreCourseGetContents, coreCourseGetCourses, coreCourseSearchCourses, coreEnrolGetUsersCourses } from './course';
import { coreUserGetUserPreferences, coreUserUpdateUserPreferences } from './user';

/**
 * Every web-service contract, for the documentation page. A test checks that this list and the
 * server's method registry name the same methods, so a method cannot be served undocumented.
 */
export const allContracts: readonly MethodContract[] = [
  coreGetString,
  coreGetStrings,
  coreOutputLoadTemplate,
  coreFetchNotifications,
  coreGetFragment,
  coreCourseGetCourses,
  coreCourseSearchCourses,
  coreEnrolGetUsersCourses,
  coreCourseGetContents,
  coreUserGetUserPreferences,
  coreUserUpdateUserPreferences,
];
