import { useCallback } from 'react';
import { coreCourseGetCourses, coreCourseSearchCourses } from '../../api/course';
import { call } from './ajax';
import { Autocomplete, type AutocompleteOption } from './Autocomplete';

/** The site's front page course: search never returns it, so the selector adds it itself when asked to. */
export const FRONT_PAGE_ID = 1;
/** Moodle's course selector asks for the first page of 100. */
export const COURSE_SEARCH_PAGE_SIZE = 100;

interface CourseLike {
  id: number;
  fullname: string;
  shortname: string;
  displayname?: string;
}

/**
 * The options for what was typed: the found courses without the excluded ids, and the front page
 * first when it is wanted, not excluded, and its full or short name contains the text.
 */
export function courseSelectorOptions(found: readonly CourseLike[], frontPage: CourseLike | null, query: string, exclude: readonly number[]): AutocompleteOption[] {
  const text = query.trim().toLocaleLowerCase();
  const courses = found.filter((c) => !exclude.includes(c.id) && c.id !== FRONT_PAGE_ID);
  const matchesFront =
    frontPage !== null && !exclude.includes(FRONT_PAGE_ID) && (frontPage.fullname.toLocaleLowerCase().includes(text) || frontPage.shortname.toLocaleLowerCase().includes(text));
  return [...(matchesFront ? [frontPage] : []), ...courses].map((c) => ({ value: String(c.id), label: c.displayname || c.fullname }));
}

export interface CourseSelectorProps {
  label: string;
  value: readonly AutocompleteOption[];
  onChange: (value: AutocompleteOption[]) => void;
  multiple?: boolean;
  /** Only courses where the user has all these capabilities. */
  requiredCapabilities?: readonly string[];
  /** Only courses the user is enrolled in. */
  limitToEnrolled?: boolean;
  /** Course ids never offered (the current course, say). */
  exclude?: readonly number[];
  /** Offer the site's front page course when its name matches. */
  includeFrontPage?: boolean;
  placeholder?: string;
  description?: string;
  name?: string;
}

/** An autocomplete over core_course_search_courses (page 0, 100 a page). */
export function CourseSelector({ requiredCapabilities = [], limitToEnrolled = false, exclude = [], includeFrontPage = false, ...rest }: CourseSelectorProps) {
  const capabilityKey = requiredCapabilities.join(',');
  const excludeKey = exclude.join(',');
  const source = useCallback(
    async (query: string): Promise<AutocompleteOption[]> => {
      const [search, front] = await Promise.all([
        call(coreCourseSearchCourses, {
          criterianame: 'search',
          criteriavalue: query,
          page: 0,
          perpage: COURSE_SEARCH_PAGE_SIZE,
          requiredcapabilities: capabilityKey ? capabilityKey.split(',') : [],
          limittoenrolled: limitToEnrolled,
        }),
        includeFrontPage ? call(coreCourseGetCourses, { options: { ids: [FRONT_PAGE_ID] } }).then((c) => c[0] ?? null) : Promise.resolve(null),
      ]);
      return courseSelectorOptions(search.courses, front, query, excludeKey ? excludeKey.split(',').map(Number) : []);
    },
    [capabilityKey, limitToEnrolled, excludeKey, includeFrontPage],
  );
  return <Autocomplete {...rest} source={source} />;
}
