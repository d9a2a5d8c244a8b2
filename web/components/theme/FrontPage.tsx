import { useState } from 'react';
import { Link } from 'react-router';
import { coreCourseSearchCourses } from '../../../api/course';
import { themeEssentialGetCarousel } from '../../../api/theme';
import { Loading, Page } from '../../app/Page';
import { config } from '../../platform/config';
import { Pager } from '../../platform/Pager';
import { useWsQuery } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { Carousel } from './Carousel';
import { THEME_SETTINGS_PATH } from './paths';
import { COMPONENT } from './strings';
import './frontpage.css';

const PER_PAGE = 10;

function SiteCourses() {
  const s = useStrings(COMPONENT, ['availablecourses', 'nocoursesyet']);
  const m = useStrings('moodle', ['totalcourses', 'onecourse']);
  const [page, setPage] = useState(0);
  const courses = useWsQuery(coreCourseSearchCourses, { criterianame: 'search', criteriavalue: '', page, perpage: PER_PAGE });
  const pages = courses.data ? Math.ceil(courses.data.total / PER_PAGE) : 0;
  return (
    <section className="card frontpage-courses" aria-labelledby="frontpage-courses-heading">
      <h2 id="frontpage-courses-heading">{s('availablecourses')}</h2>
      {courses.isPending ? (
        <Loading />
      ) : !courses.data || courses.data.total === 0 ? (
        <p className="empty-state">{s('nocoursesyet')}</p>
      ) : (
        <>
          <ul className="course-list" aria-label={s('availablecourses')}>
            {courses.data.courses.map((course) => (
              <li key={course.id} className="course-item">
                <Link className="course-name" to={relativeUrl('/course/view.php', { id: course.id })}>
                  {course.displayname || course.fullname}
                </Link>
                <span className="muted course-meta">
                  {course.shortname}
                  {course.categoryname ? ` · ${course.categoryname}` : ''}
                  {course.contacts.length > 0 ? ` · ${course.contacts.map((c) => c.fullname).join(', ')}` : ''}
                </span>
                {course.summary && <p className="course-summary">{htmlToText(course.summary)}</p>}
              </li>
            ))}
          </ul>
          <div className="list-footer">
            <span className="muted">{courses.data.total === 1 ? m('onecourse') : m('totalcourses', courses.data.total)}</span>
            <Pager page={page} pages={pages} onChange={setPage} />
          </div>
        </>
      )}
    </section>
  );
}

/** The site home (`/`, `/index.php`): the carousel and the site's courses. */
export function FrontPage() {
  const s = useStrings(COMPONENT, ['noslides', 'themesettings']);
  const carousel = useWsQuery(themeEssentialGetCarousel, {});
  const isadmin = config().user?.isadmin ?? false;
  return (
    <Page
      title={config().sitename}
      isHome
      actions={
        isadmin && (
          <Link className="btn btn-secondary" to={THEME_SETTINGS_PATH}>
            {s('themesettings')}
          </Link>
        )
      }
    >
      {carousel.isPending ? (
        <div className="carousel-loading" aria-hidden="true" />
      ) : carousel.data && carousel.data.slides.length > 0 ? (
        <Carousel carousel={carousel.data} />
      ) : (
        isadmin && (
          <p className="card muted">
            {s('noslides')} <Link to={THEME_SETTINGS_PATH}>{s('themesettings')}</Link>
          </p>
        )
      )}
      <SiteCourses />
    </Page>
  );
}
