import type { TestSite } from '../../test/site';

/** The callers every method is tried as, from nobody to the site administrator. */
export const MATRIX_ROLES = ['anonymous', 'guest', 'student', 'teacher', 'editingteacher', 'manager', 'admin'] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];

/** Shorthands for the usual `allowed` lists. */
export const EVERYONE: readonly MatrixRole[] = MATRIX_ROLES;
export const LOGGED_IN: readonly MatrixRole[] = ['guest', 'student', 'teacher', 'editingteacher', 'manager', 'admin'];
export const REAL_USERS: readonly MatrixRole[] = ['student', 'teacher', 'editingteacher', 'manager', 'admin'];
export const COURSE_MEMBERS: readonly MatrixRole[] = ['student', 'teacher', 'editingteacher', 'manager', 'admin'];
export const COURSE_STAFF: readonly MatrixRole[] = ['teacher', 'editingteacher', 'manager', 'admin'];
export const COURSE_EDITORS: readonly MatrixRole[] = ['editingteacher', 'manager', 'admin'];
export const SITE_MANAGERS: readonly MatrixRole[] = ['manager', 'admin'];
export const ADMIN_ONLY: readonly MatrixRole[] = ['admin'];

/**
 * The shared world every declaration works in: a category "Matrix" with the course MX101, one user
 * per role (the manager holds the manager role at system level; the three course roles are enrolled
 * in MX101), and an unenrolled user to act on.
 */
export interface MatrixFixture {
  site: TestSite;
  categoryid: number;
  categoryContextId: number;
  courseid: number;
  courseContextId: number;
  /** The user each role calls as; 0 for anonymous. */
  users: Record<MatrixRole, number>;
  /** An active user with no role anywhere, for methods that act on another user. */
  otherUserId: number;
  /** Role ids by short name (student, teacher, editingteacher, manager, …). */
  roleIds: Record<string, number>;
  /** A fresh number for unique names and idnumbers. */
  unique(): number;
  /** Calls a method as the site administrator and returns its answer; throws on any exception. */
  admin<T = unknown>(methodname: string, args: unknown): Promise<T>;
  /** Caches what `make` builds under `key`, so several declarations can share one object. */
  once<T>(key: string, make: () => Promise<T>): Promise<T>;
  /** A new user with no roles; `enrolAs` also enrols them in MX101 with that role. */
  newUser(enrolAs?: string): Promise<number>;
}

/** One method's entry in the permission matrix. */
export interface MethodPermission {
  /** The callers whose call succeeds; every other caller must be refused. */
  allowed: readonly MatrixRole[];
  /**
   * Valid arguments for one call by `role`, in MX101 or its category. Called afresh before every
   * call, so a method that consumes its target (delete, combine) gets a new one each time.
   */
  args(fx: MatrixFixture, role: MatrixRole): unknown;
  /**
   * Error codes (besides the usual access codes) that count as this method refusing a caller, for
   * methods that hide what a caller may not see (for example `invalidrecord`).
   */
  refusals?: readonly string[];
  /**
   * For answers that differ by caller (lists filtered by visibility): returns a problem to report, or
   * null when the answer is right for the role.
   */
  check?(data: unknown, role: MatrixRole, fx: MatrixFixture): string | null | Promise<string | null>;
  /** Why the allowed list is what it is, when it is not obvious from the method's capabilities. */
  why?: string;
}

export type PermissionDeclarations = Record<string, MethodPermission>;
