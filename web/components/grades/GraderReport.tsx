import { Link, useSearchParams } from 'react-router';
import { coreCourseGetCoursesByField } from '../../../api/course';
import { gradereportGraderGetCourseGrades } from '../../../api/grades';
import { ErrorPage } from '../../app/ErrorPage';
import { NotFound } from '../../app/NotFound';
import { Loading, Page } from '../../app/Page';
import { PageSizeSelect, Pager } from '../../platform/Pager';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useSearchText } from '../../platform/useSearchText';
import { useStrings } from '../../platform/useStrings';
import { GRADES_STRINGS } from './strings';
import { NameWithPicture } from './UserPicture';
import './grades.css';

const PAGE_SIZES = [20, 50, 100] as const;

/** `/grade/report/grader/index.php?id=<courseid>`: the course's grades, a column per graded activity and a row per learner. */
export function GraderReport() {
  const [params] = useSearchParams();
  const courseid = Number(params.get('id'));
  if (!Number.isInteger(courseid) || courseid <= 0) return <NotFound />;
  return <GraderReportPage courseid={courseid} />;
}

/** Search, page and page size live in the address, so the back button and bookmarks keep them. */
function useReportParams() {
  const [params, setParams] = useSearchParams();
  const state = {
    search: params.get('search') ?? '',
    page: Math.max(0, Number(params.get('page')) || 0),
    perpage: PAGE_SIZES.find((n) => String(n) === params.get('perpage')) ?? 50,
  };
  const update = (changes: Partial<typeof state>) => {
    const next = { ...state, page: 0, ...changes };
    const out: Record<string, string> = { id: params.get('id') ?? '' };
    if (next.search) out.search = next.search;
    if (next.page > 0) out.page = String(next.page);
    if (next.perpage !== 50) out.perpage = String(next.perpage);
    setParams(out, { replace: changes.search !== undefined });
  };
  return [state, update] as const;
}

function GraderReportPage({ courseid }: { courseid: number }) {
  const s = useStrings('core_grades', GRADES_STRINGS);
  const m = useStrings('moodle', ['mycourses']);
  const [state, update] = useReportParams();
  const [text, setText] = useSearchText(state.search, (search) => update({ search }));
  const course = useWsQuery(coreCourseGetCoursesByField, { field: 'id', value: courseid }, { meta: { quiet: true } });
  const report = useWsQuery(gradereportGraderGetCourseGrades, { courseid, ...state }, { meta: { quiet: true }, placeholderData: (previous) => previous });
  const failure = course.error ?? report.error;
  if (failure) return <ErrorPage message={failure.message} />;
  if (!course.data || !report.data) return <Loading />;
  const info = course.data.courses[0];
  if (!info) return <NotFound />;
  const { items, users, total } = report.data;
  const pages = Math.ceil(total / state.perpage);
  const courseUrl = relativeUrl('/course/view.php', { id: courseid });
  return (
    <Page title={s('graderreport')} breadcrumb={[{ label: m('mycourses'), to: '/my/' }, { label: info.fullname, to: courseUrl }]}>
      <section className="card">
        <div className="toolbar" role="search">
          <div className="grades-search">
            <label className="field-label" htmlFor="grader-search">
              {s('searchusers')}
            </label>
            <input id="grader-search" type="search" value={text} placeholder={s('searchbyname')} onChange={(e) => setText(e.target.value)} />
          </div>
        </div>
        <p className="muted" aria-live="polite">
          {total === 1 ? s('usercount_one') : s('usercount', total)}
        </p>
        {items.length === 0 ? (
          <p className="empty-state">{s('nogradeitems')}</p>
        ) : users.length === 0 ? (
          <p className="empty-state">{state.search ? s('nousersmatch', state.search) : s('nostudents')}</p>
        ) : (
          <div className="table-scroll" tabIndex={0} role="region" aria-label={s('graderreport')}>
            <table className="table grades-table grader-table">
              <caption className="visually-hidden">{s('graderreport')}</caption>
              <thead>
                <tr>
                  <th scope="col" className="grader-user">
                    {s('user')}
                  </th>
                  {items.map((item) => (
                    <th key={item.id} scope="col" className="grader-item">
                      {item.cmid > 0 ? <Link to={relativeUrl(`/mod/${item.itemmodule}/view.php`, { id: item.cmid })}>{item.itemname}</Link> : item.itemname}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {users.map((user) => {
                  const byItem = new Map(user.grades.map((g) => [g.itemid, g]));
                  return (
                    <tr key={user.id}>
                      <th scope="row" className="grader-user">
                        <NameWithPicture url={user.profileimageurlsmall} fullname={user.fullname}>
                          <Link to={relativeUrl('/grade/report/user/index.php', { id: courseid, userid: user.id })}>{user.fullname}</Link>
                        </NameWithPicture>
                      </th>
                      {items.map((item) => {
                        const grade = byItem.get(item.id);
                        return (
                          <td key={item.id} className={`grade-number${grade?.graderaw === null || !grade ? ' muted' : ''}`}>
                            {grade?.gradeformatted || '-'}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <div className="list-footer">
          <Pager page={state.page} pages={pages} onChange={(page) => update({ page })} />
          <PageSizeSelect id="grader-perpage" className="grades-perpage" label={s('perpage')} value={state.perpage} sizes={PAGE_SIZES} onChange={(perpage) => update({ perpage })} />
        </div>
      </section>
    </Page>
  );
}
