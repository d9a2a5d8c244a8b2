import { Link, useSearchParams } from 'react-router';
import { coreCourseGetCoursesByField } from '../../../api/course';
import { gradereportUserGetGradeItems, type UserGradeItem } from '../../../api/grades';
import { ErrorPage } from '../../app/ErrorPage';
import { NotFound } from '../../app/NotFound';
import { Loading, Page } from '../../app/Page';
import { useWsQuery } from '../../platform/query';
import { formatDateTime, formatNumber } from '../../platform/intl';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { GRADES_STRINGS } from './strings';
import { GRADE_TYPE_SCALE, GRADE_TYPE_VALUE } from './format';
import './grades.css';

/** `/grade/report/user/index.php?id=<courseid>[&userid=<id>]`: one learner's grades and feedback in a course. */
export function UserGrades() {
  const [params] = useSearchParams();
  const courseid = Number(params.get('id'));
  const userid = Number(params.get('userid') ?? 0);
  if (!Number.isInteger(courseid) || courseid <= 0 || !Number.isInteger(userid) || userid < 0) return <NotFound />;
  return <UserGradesPage courseid={courseid} userid={userid} />;
}

function UserGradesPage({ courseid, userid }: { courseid: number; userid: number }) {
  const s = useStrings('core_grades', GRADES_STRINGS);
  const m = useStrings('moodle', ['mycourses']);
  const course = useWsQuery(coreCourseGetCoursesByField, { field: 'id', value: courseid }, { meta: { quiet: true } });
  const report = useWsQuery(gradereportUserGetGradeItems, { courseid, userid }, { meta: { quiet: true } });
  const failure = course.error ?? report.error;
  if (failure) return <ErrorPage message={failure.message} />;
  if (!course.data || !report.data) return <Loading />;
  const info = course.data.courses[0];
  const user = report.data.usergrades[0];
  if (!info || !user) return <NotFound />;
  const courseUrl = relativeUrl('/course/view.php', { id: courseid });
  const items = user.gradeitems.filter((item) => item.itemtype === 'mod');
  return (
    <Page title={userid ? s('usergradesof', user.userfullname) : s('userreport')} breadcrumb={[{ label: m('mycourses'), to: '/my/' }, { label: info.fullname, to: courseUrl }]}>
      <section className="card">
        {items.length === 0 ? (
          <p className="empty-state">{s('nogradeitems')}</p>
        ) : (
          <div className="table-scroll">
            <table className="table grades-table user-grades-table">
              <caption className="visually-hidden">{s('userreport')}</caption>
              <thead>
                <tr>
                  <th scope="col">{s('gradeitem')}</th>
                  <th scope="col">{s('grade')}</th>
                  <th scope="col">{s('range')}</th>
                  <th scope="col">{s('percentage')}</th>
                  <th scope="col">{s('feedback')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <UserGradeRow key={item.id} item={item} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Page>
  );
}

/** The share of the range a grade reaches, for points and scales; '-' when not graded. */
function percentage(item: UserGradeItem): string {
  if (item.graderaw === null || (item.gradetype !== GRADE_TYPE_VALUE && item.gradetype !== GRADE_TYPE_SCALE)) return '-';
  const span = item.grademax - item.grademin;
  if (span <= 0) return '-';
  return `${formatNumber(((item.graderaw - item.grademin) / span) * 100, 2)} %`;
}

function range(item: UserGradeItem): string {
  if (item.gradetype !== GRADE_TYPE_VALUE && item.gradetype !== GRADE_TYPE_SCALE) return '-';
  const decimals = item.gradetype === GRADE_TYPE_VALUE ? 2 : 0;
  return `${formatNumber(item.grademin, decimals)}–${formatNumber(item.grademax, decimals)}`;
}

function UserGradeRow({ item }: { item: UserGradeItem }) {
  const s = useStrings('core_grades', GRADES_STRINGS);
  const graded = item.gradedategraded ? s('gradedon', formatDateTime(item.gradedategraded)) : '';
  return (
    <tr>
      <th scope="row" className="grade-item-name">
        {item.cmid > 0 ? <Link to={relativeUrl(`/mod/${item.itemmodule}/view.php`, { id: item.cmid })}>{item.itemname}</Link> : item.itemname}
      </th>
      <td className="grade-value">
        {item.gradeformatted || '-'}
        {graded && <span className="grade-date muted">{graded}</span>}
      </td>
      <td className="grade-number">{range(item)}</td>
      <td className="grade-number">{percentage(item)}</td>
      <td className="grade-feedback">
        {/* Cleaned by the server before it is sent. */}
        {item.feedback ? <div className="rich-text" dangerouslySetInnerHTML={{ __html: item.feedback }} /> : <span className="muted">-</span>}
      </td>
    </tr>
  );
}
