import type { Generated, Selectable } from 'kysely';

/*
 * Row types of the completion tables (migrations.ts), merged into the database's `DB` type from here
 * so that everything about completion stays in this component's folder.
 */

/** A learner's completion of one activity; completionstate 0 incomplete, 1 complete, 2 complete-pass, 3 complete-fail. */
export interface CourseModuleCompletionTable {
  id: Generated<number>;
  coursemoduleid: number;
  userid: number;
  completionstate: Generated<number>;
  /** 1 once the learner has opened the activity. */
  viewed: Generated<number>;
  /** The teacher who set the state by hand, or null when the learner or the rules set it. */
  overrideby: number | null;
  timemodified: Generated<number>;
}

/** A learner's completion of a course: timecompleted is null until every tracked activity is complete. */
export interface CourseCompletionTable {
  id: Generated<number>;
  userid: number;
  course: number;
  timeenrolled: Generated<number>;
  timestarted: Generated<number>;
  timecompleted: number | null;
  reaggregate: Generated<number>;
}

declare module '../../db/schema' {
  interface DB {
    course_modules_completion: CourseModuleCompletionTable;
    course_completions: CourseCompletionTable;
  }
  /** Completion settings of an activity, added to core_course's table by this component's migration. */
  interface CourseModuleTable {
    /** 0 none, 1 manual (the learner ticks it), 2 automatic (the conditions decide). */
    completion: Generated<number>;
    /** 1: automatic completion requires the learner to view the activity. */
    completionview: Generated<number>;
  }
}

export type ModuleCompletionRow = Selectable<CourseModuleCompletionTable>;
