import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { coreCompetencyListCourseCompetencies, coreCompetencyListGradableUsersInCourse, toolLpDataForCourseCompetenciesPage } from '../../../api/coursecompetency';
import { ErrorPage } from '../../app/ErrorPage';
import { Loading, Page } from '../../app/Page';
import { useWsQuery } from '../../platform/query';
import { relativeUrl } from '../../platform/url';
import { useStrings } from '../../platform/useStrings';
import { PLAN_STRINGS } from './planStrings';
import { useTargetSummary } from './UserCompetencySummaryDialog';
import { UserCompetencySummaryView } from './UserCompetencySummaryView';
import './competency.css';
import './plans.css';

const pageUrl = (courseid: number, competencyid: number, userid: number) => relativeUrl('/admin/tool/lp/user_competency_in_course.php', { courseid, competencyid, userid });

/** The summary of the chosen learner and competency, once both are known. */
function CourseSummary({ courseid, userid, competencyid }: { courseid: number; userid: number; competencyid: number }) {
  const s = useStrings('core_competency', PLAN_STRINGS);
  const { summary, error } = useTargetSummary({ kind: 'course', courseid, userid, competencyid });
  if (error) return <p className="alert alert-error">{error.message}</p>;
  return <section className="card">{summary ? <UserCompetencySummaryView summary={summary} place={{ kind: 'course', courseid }} s={s} /> : <Loading />}</section>;
}

/**
 * `/admin/tool/lp/user_competency_in_course.php?courseid=…&competencyid=…&userid=…`: a learner's rating
 * of a course competency, to review and rate it. The learner and competency selectors reload the page
 * with the new choice; without a learner or competency the first of each is shown.
 */
export function UserCompetencyInCoursePage() {
  const s = useStrings('core_competency', PLAN_STRINGS);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const courseid = Number(params.get('courseid')) || 0;
  const competencyid = Number(params.get('competencyid')) || 0;
  const userid = Number(params.get('userid')) || 0;
  const users = useWsQuery(coreCompetencyListGradableUsersInCourse, { courseid }, { meta: { quiet: true } });
  const competencies = useWsQuery(coreCompetencyListCourseCompetencies, { id: courseid }, { meta: { quiet: true } });
  const course = useWsQuery(toolLpDataForCourseCompetenciesPage, { courseid }, { meta: { quiet: true } });
  const failure = users.error ?? competencies.error ?? course.error;
  if (failure) return <ErrorPage message={failure.message} />;
  if (!users.data || !competencies.data || !course.data) return <Loading />;
  const firstUser = users.data[0]?.id ?? 0;
  const firstCompetency = competencies.data[0]?.competency.id ?? 0;
  if ((!userid && firstUser) || (!competencyid && firstCompetency)) return <Navigate replace to={pageUrl(courseid, competencyid || firstCompetency, userid || firstUser)} />;

  return (
    <Page
      title={s('usercompetencyincourse')}
      breadcrumb={[
        { label: course.data.course.fullname, to: relativeUrl('/course/view.php', { id: courseid }) },
        { label: s('coursecompetencies'), to: relativeUrl('/admin/tool/lp/coursecompetencies.php', { courseid }) },
      ]}
    >
      <div className="selector-bar">
        <div className="field">
          <label htmlFor="course-user-selector">{s('learner')}</label>
          <select id="course-user-selector" value={userid} onChange={(e) => void navigate(pageUrl(courseid, competencyid, Number(e.target.value)))}>
            {users.data.length === 0 && <option value={0}>{s('nogradableusers')}</option>}
            {users.data.map((u) => (
              <option key={u.id} value={u.id}>
                {u.fullname}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="course-competency-selector">{s('competency')}</label>
          <select id="course-competency-selector" value={competencyid} onChange={(e) => void navigate(pageUrl(courseid, Number(e.target.value), userid))}>
            {competencies.data.length === 0 && <option value={0}>{s('nocoursecompetencies')}</option>}
            {competencies.data.map((c) => (
              <option key={c.competency.id} value={c.competency.id}>
                {c.competency.shortname}
              </option>
            ))}
          </select>
        </div>
      </div>
      {userid > 0 && competencyid > 0 ? <CourseSummary courseid={courseid} userid={userid} competencyid={competencyid} /> : <p className="card empty-state">{s('nothingtorate')}</p>}
    </Page>
  );
}
