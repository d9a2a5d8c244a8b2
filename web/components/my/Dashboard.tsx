import { useState } from 'react';
import { Link } from 'react-router';
import { coreEnrolGetUsersCourses } from '../../../api/course';
import { coreUserGetUserPreferences } from '../../../api/user';
import { Loading, Page } from '../../app/Page';
import { config } from '../../platform/config';
import { Pager } from '../../platform/Pager';
import { useWsQuery } from '../../platform/query';
import { formatDate } from '../../platform/intl';
import { htmlToText } from '../../platform/text';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';

export const VIEW_PREFERENCE = 'block_myoverview_user_view_preference';
const PER_PAGE = 12;

/** The dashboard: the courses I am enrolled in, as cards or a list (my preference), paged. */
export function Dashboard() {
  const s = useStrings('moodle', ['dashboard', 'mycourses', 'nocourses', 'emptycoursesdashboard', 'participants', 'startdate', 'filtercourses', 'nocoursesfound', 'searchcourses', 'totalcourses', 'onecourse']);
  const userid = config().userid;
  const courses = useWsQuery(coreEnrolGetUsersCourses, { userid, returnusercount: true });
  const view = useWsQuery(coreUserGetUserPreferences, { name: VIEW_PREFERENCE, userid: 0 });
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  const layout = view.data?.preferences[0]?.value === 'list' ? 'list' : 'card';
  const needle = filter.trim().toLowerCase();
  const matching = (courses.data ?? []).filter((c) => !needle || c.fullname.toLowerCase().includes(needle) || c.shortname.toLowerCase().includes(needle));
  const pages = Math.max(1, Math.ceil(matching.length / PER_PAGE));
  const current = Math.min(page, pages - 1);
  const shown = matching.slice(current * PER_PAGE, (current + 1) * PER_PAGE);

  return (
    <Page title={s('dashboard')} isHome>
      <section className="card" aria-labelledby="mycourses-heading">
        <div className="card-header">
          <h2 id="mycourses-heading">{s('mycourses')}</h2>
          {courses.data && courses.data.length > PER_PAGE / 2 && (
            <input
              type="search"
              className="filter-input"
              aria-label={s('filtercourses')}
              placeholder={s('filtercourses')}
              value={filter}
              onChange={(e) => {
                setFilter(e.target.value);
                setPage(0);
              }}
            />
          )}
        </div>
        {courses.isPending ? (
          <Loading />
        ) : courses.data?.length === 0 ? (
          <div className="empty-state">
            <p>
              <strong>{s('nocourses')}</strong>
            </p>
            <p>{s('emptycoursesdashboard')}</p>
            <Link className="btn btn-primary" to="/course/search.php">
              {s('searchcourses')}
            </Link>
          </div>
        ) : shown.length === 0 ? (
          <p className="empty-state">{s('nocoursesfound', filter)}</p>
        ) : (
          <>
            <ul className={layout === 'list' ? 'course-list' : 'course-cards'} aria-label={s('mycourses')}>
              {shown.map((course) => (
                <li key={course.id} className="course-item">
                  <Link className="course-name" to={relativeUrl('/course/view.php', { id: course.id })}>
                    {course.displayname || course.fullname}
                  </Link>
                  <span className="muted course-meta">
                    {course.shortname}
                    {course.startdate ? ` · ${s('startdate')}: ${formatDate(course.startdate)}` : ''}
                    {` · ${s('participants', course.enrolledusercount)}`}
                  </span>
                  {course.summary && <p className="course-summary">{htmlToText(course.summary)}</p>}
                </li>
              ))}
            </ul>
            <div className="list-footer">
              <span className="muted">{matching.length === 1 ? s('onecourse') : s('totalcourses', matching.length)}</span>
              <Pager page={current} pages={pages} onChange={setPage} />
            </div>
          </>
        )}
      </section>
    </Page>
  );
}
