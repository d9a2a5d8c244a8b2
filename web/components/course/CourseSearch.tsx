import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { coreCourseSearchCourses } from '../../../api/course';
import { Loading, Page } from '../../app/Page';
import { Pager } from '../../platform/Pager';
import { useWsQuery } from '../../platform/query';
import { htmlToText } from '../../platform/text';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';

const PER_PAGE = 20;

/** Course search by name, paged by the server. */
export function CourseSearch() {
  const s = useStrings('moodle', ['searchcourses', 'search', 'coursesearchresults', 'nocoursesfound', 'totalcourses', 'onecourse', 'searchcourseshint']);
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const page = Math.max(0, Number(params.get('page')) || 0);
  const [text, setText] = useState(search);
  const results = useWsQuery(coreCourseSearchCourses, { criterianame: 'search', criteriavalue: search, page, perpage: PER_PAGE }, { enabled: search !== '' });

  function submit(event: FormEvent) {
    event.preventDefault();
    setParams(text.trim() ? { search: text.trim() } : {});
  }

  const pages = results.data ? Math.ceil(results.data.total / PER_PAGE) : 0;
  return (
    <Page title={search ? s('coursesearchresults', search) : s('searchcourses')}>
      <form role="search" className="search-form" onSubmit={submit}>
        <label htmlFor="coursesearch-input">{s('searchcourses')}</label>
        <div className="input-row">
          <input id="coursesearch-input" type="search" value={text} onChange={(e) => setText(e.target.value)} />
          <button type="submit" className="btn btn-primary">
            {s('search')}
          </button>
        </div>
      </form>
      {search === '' ? (
        <p className="muted">{s('searchcourseshint')}</p>
      ) : results.isPending ? (
        <Loading />
      ) : results.data && results.data.total === 0 ? (
        <p className="empty-state">{s('nocoursesfound', search)}</p>
      ) : (
        results.data && (
          <section className="card" aria-label={s('coursesearchresults', search)}>
            <p className="muted">{results.data.total === 1 ? s('onecourse') : s('totalcourses', results.data.total)}</p>
            <ul className="course-list">
              {results.data.courses.map((course) => (
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
            <Pager page={page} pages={pages} onChange={(next) => setParams({ search, page: String(next) })} />
          </section>
        )
      )}
    </Page>
  );
}
