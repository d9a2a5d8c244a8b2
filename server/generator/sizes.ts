/**
 * How much a generated site holds at each size, after Moodle's test-site sizes. Every count is a
 * target: generating a bigger size over a smaller one adds the difference.
 */
export interface SiteSize {
  categories: number;
  users: number;
  courses: number;
  /** Sections after section 0 in every generated course. */
  sections: number;
  /** Activities (pages and links, alternately) in every generated course. */
  activities: number;
  /** Students enrolled in every generated course besides the big ones; each course also gets a teacher. */
  studentsPerCourse: number;
  /** Students in the first generated course, "Large lecture": grading and participant lists at scale. */
  lectureStudents: number;
  /** Activities in the second generated course, "Long course": navigation and course pages at scale. */
  longCourseActivities: number;
  tags: number;
  /** Tag instances on the generated courses and activities. */
  tagInstances: number;
  logRows: number;
  /**
   * The generated competency framework's tree: domains, competencies per domain, indicators per
   * competency (10 × 100 × 9 makes the 10,010-competency framework of the large sizes).
   */
  competencyTree: readonly [domains: number, perDomain: number, perCompetency: number];
  /** Learners with a learning plan from the generated template (its competencies partly rated). */
  plans: number;
}

export const SIZE_NAMES = ['XS', 'S', 'M', 'L', 'XL'] as const;
export type SizeName = (typeof SIZE_NAMES)[number];

export const SIZES: Record<SizeName, SiteSize> = {
  // For tests: seconds on any database.
  XS: { categories: 2, users: 60, courses: 6, sections: 2, activities: 3, studentsPerCourse: 5, lectureStudents: 20, longCourseActivities: 12, tags: 40, tagInstances: 100, logRows: 500, competencyTree: [3, 2, 4], plans: 10 },
  S: { categories: 10, users: 1_000, courses: 100, sections: 5, activities: 10, studentsPerCourse: 25, lectureStudents: 500, longCourseActivities: 200, tags: 1_000, tagInstances: 10_000, logRows: 50_000, competencyTree: [10, 10, 9], plans: 200 },
  M: { categories: 20, users: 10_000, courses: 500, sections: 5, activities: 10, studentsPerCourse: 40, lectureStudents: 2_000, longCourseActivities: 200, tags: 10_000, tagInstances: 100_000, logRows: 200_000, competencyTree: [10, 50, 9], plans: 1_000 },
  L: { categories: 50, users: 25_000, courses: 1_000, sections: 8, activities: 10, studentsPerCourse: 60, lectureStudents: 5_000, longCourseActivities: 200, tags: 25_000, tagInstances: 250_000, logRows: 500_000, competencyTree: [10, 100, 9], plans: 2_000 },
  XL: { categories: 100, users: 50_000, courses: 2_000, sections: 10, activities: 10, studentsPerCourse: 80, lectureStudents: 5_000, longCourseActivities: 200, tags: 50_000, tagInstances: 500_000, logRows: 1_000_000, competencyTree: [10, 100, 9], plans: 5_000 },
};

/** How many competencies a tree of these widths holds. */
export function competencyCount([domains, perDomain, perCompetency]: SiteSize['competencyTree']): number {
  return domains + domains * perDomain + domains * perDomain * perCompetency;
}

export function isSizeName(value: string): value is SizeName {
  return (SIZE_NAMES as readonly string[]).includes(value);
}
