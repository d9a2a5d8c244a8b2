import { Link, useLocation, useSearchParams } from 'react-router';
import { coreCourseGetCoursesByField } from '../../../api/course';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { CourseItemSearch } from './CourseItemSearch';

/** The course the page shows (its course page); 0 elsewhere. */
function useCourseOfPage(): number {
  const location = useLocation();
  const [params] = useSearchParams();
  if (location.pathname !== '/course/view.php') return 0;
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/**
 * The navbar's course row on a course page: the course's short name and the course item search. It
 * reads the course the page itself loads (one shared query), and stays out of the way when the
 * course cannot be shown.
 */
export function CourseBar() {
  const courseid = useCourseOfPage();
  const course = useWsQuery(coreCourseGetCoursesByField, { field: 'id', value: courseid }, { enabled: courseid > 0, meta: { quiet: true } });
  const info = course.data?.courses[0];
  if (!courseid || !info) return null;
  return (
    <div className="navbar-course">
      <Link className="navbar-course-name" to={relativeUrl('/course/view.php', { id: courseid })}>
        {info.shortname}
      </Link>
      <CourseItemSearch key={courseid} courseid={courseid} />
    </div>
  );
}
